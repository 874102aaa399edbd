import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { BundleImportBodySchema, BundleImportResultSchema, ProductBundleSchema } from './bundle.schema.ts';

/**
 * `POST /products/import-bundles` (spec 3 §7 Import; §3 transformed bundle, §5 row rules): for each bundle the parent
 * product (created from its EAN and name when the organisation does not have it) gets exactly the given parts; a
 * part must be a product of the organisation that is not a bundle itself, and a bundle is not a part of another.
 * All accepted bundles in one transaction; each refused bundle reported with its reason. Answers 201 `{ success,
 * created, errors: [{row, ean, reason}] }`.
 */
export const bundleImportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products/import-bundles',
  summary: 'Import product bundles (parent EAN, parts with quantities)',
  body: BundleImportBodySchema,
  response: BundleImportResultSchema,
  status: 201,
  scope: 'org',
  problems: ['provider_org'],
  tags: ['products'],
});

/**
 * `GET /product/bundle/{product_id}` (ours; the product card's bundle parts, spec 3 §2 'linked child products'): the
 * parts of a bundle with their stock and the bundle's derived stock, and the bundles the product is part of. 404 for
 * a product of another organisation.
 */
export const productBundleEndpoint = defineEndpoint({
  method: 'GET',
  path: '/product/bundle/:product_id',
  summary: "A bundle's parts and derived stock, and the bundles a product is part of",
  params: z.object({ product_id: IdSchema }),
  response: ProductBundleSchema,
  tags: ['products'],
});

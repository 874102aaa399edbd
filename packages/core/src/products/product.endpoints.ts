import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { boundedText } from '../common/text.ts';
import { defineEndpoint, IMPORT_BODY_LIMIT } from '../http/endpoint.ts';
import {
  ProductEanSearchSchema,
  ProductHistoryQuerySchema,
  ProductHistoryResponseSchema,
  ProductImportBodySchema,
  ProductImportResultSchema,
  ReturnInstructionBodySchema,
} from './product.schema.ts';

/** Shortest and longest EAN/SKU search of `GET /products/ean/:text` (spec 3 §7): the apps use the same bounds. */
export const PRODUCT_SEARCH_MIN = 3;
export const PRODUCT_SEARCH_MAX = 20;

/**
 * `GET /products/ean/:text` (spec 3 §7, scanner route; spec 1 §6 checks this path for the inbound
 * tile): products of the user's organisations whose EAN or SKU starts with `text` (3 to 20
 * characters), exact matches first, at most 20.
 */
export const productEanSearchEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/ean/:text',
  summary: 'Find products by (the start of) their EAN or SKU',
  params: z.object({
    text: z
      .string()
      .trim()
      .min(PRODUCT_SEARCH_MIN, `Search needs ${PRODUCT_SEARCH_MIN} or more characters`)
      .max(PRODUCT_SEARCH_MAX)
      .pipe(boundedText('Search', PRODUCT_SEARCH_MAX)),
  }),
  response: ProductEanSearchSchema,
  tags: ['products'],
});

/**
 * `POST /products/import` (spec 3 §7 Import; also used by the new-product form): creates or updates
 * products of the current organisation by EAN (unique per organisation) and reports rejected rows.
 * Answers 201 `{ products: { created, updated, errors: [{ row, ean, reason }] } }`; 400 when no
 * current organisation is chosen; 409 `provider_org` when it is the warehouse's own (it sells nothing; ADR 0142).
 */
export const productImportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products/import',
  bodyLimit: IMPORT_BODY_LIMIT,
  rawJsonBody: true,
  summary: 'Import products from mapped spreadsheet rows (create or update by EAN)',
  body: ProductImportBodySchema,
  response: ProductImportResultSchema,
  status: 201,
  scope: 'org',
  problems: ['provider_org'],
  tags: ['products'],
});

/**
 * `GET /product/history_locations/:product_id?limit&before&before_id` (spec 3 §7 Relations and history,
 * spec 2 §6 'Location history'): the stock ledger of one product, newest first, paged (limit 1–1000,
 * default 200; `before`/`before_id` from the previous answer's `next`), with its current stock per
 * location. 404 when the product is not one of the user's organisations'.
 */
export const productHistoryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/product/history_locations/:product_id',
  summary: "A product's stock ledger (location history) with its current stock per location",
  params: z.object({ product_id: IdSchema }),
  query: ProductHistoryQuerySchema,
  response: ProductHistoryResponseSchema,
  tags: ['products'],
});

/**
 * `POST /product/return_instruction {product_id, return_instruction}` (spec 3 §7 product settings; issue 12): sets
 * what the returns desk does with a returned piece of the product; the desk shows it on every return item of it
 * (spec 2 §2). 404 for a product of another organisation.
 */
export const returnInstructionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/product/return_instruction',
  summary: "Set a product's return instruction",
  body: ReturnInstructionBodySchema,
  response: z.object({ product_id: IdSchema, return_instruction: z.string().nullable() }),
  tags: ['products'],
});

import {
  bundleImportEndpoint,
  productBundleEndpoint,
  productEanSearchEndpoint,
  productHistoryEndpoint,
  productImportEndpoint,
  returnInstructionEndpoint,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { withIdempotency } from '../../lib/idempotency.ts';
import { countImport } from '../../lib/rate-limit.ts';
import { route } from '../../lib/route.ts';
import { getProductBundle, importBundles } from './bundles.service.ts';
import { registerProductCardRoutes } from './product-card.routes.ts';
import { importProducts } from './product-import.service.ts';
import { registerProductListRoutes } from './product-list.routes.ts';
import { getProductHistory, searchProductsByEan, setReturnInstruction } from './products.service.ts';
import { refuseProviderOrg } from './provider-org.ts';

/**
 * Registers the product calls of issue 3 §1 (spec 3 §7 Products, Import, Relations and history): EAN search,
 * import and the stock ledger of one product; the product table's calls (issue 15, product-list.routes.ts); bundles
 * (issue 15: import, parts and derived stock).
 */
export function registerProductRoutes(app: FastifyInstance): void {
  registerProductListRoutes(app);

  route(app, productEanSearchEndpoint, async (input, ctx) => ({
    products: await searchProductsByEan(ctx, input),
  }));

  // rawJsonBody: the rows arrive as bytes and are parsed and checked on a worker thread (product-import.worker.ts).
  route(app, productImportEndpoint, async (_input, ctx, req) => {
    await refuseProviderOrg(ctx, productImportEndpoint);
    await countImport(ctx.db, 'products', { userId: ctx.user.id, orgId: ctx.currOrgId, ip: req.ip });
    return importProducts(ctx, { body: req.body as Buffer });
  });

  route(app, bundleImportEndpoint, async ({ body }, ctx, req) => {
    await refuseProviderOrg(ctx, bundleImportEndpoint);
    await countImport(ctx.db, 'bundles', { userId: ctx.user.id, orgId: ctx.currOrgId, ip: req.ip });
    return importBundles({ db: ctx.db, orgId: ctx.currOrgId }, body);
  });

  route(app, productBundleEndpoint, async ({ params }, ctx) => getProductBundle(ctx, params.product_id));

  route(app, productHistoryEndpoint, async (input, ctx) => getProductHistory(ctx, input));

  route(app, returnInstructionEndpoint, async ({ body }, ctx, req) => {
    const run = (tx: typeof ctx.db) => setReturnInstruction({ db: tx, orgIds: ctx.orgIds }, body);
    return ctx.idempotencyKey ? withIdempotency(ctx, req, run) : ctx.db.transaction(run);
  });

  registerProductCardRoutes(app);
}

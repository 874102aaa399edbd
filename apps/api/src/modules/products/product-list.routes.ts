import {
  bulkActiveEndpoint,
  bulkDeleteEndpoint,
  bulkFulfilmentEndpoint,
  bulkTrackTraceEndpoint,
  mostSoldProductEndpoint,
  productCountEndpoint,
  productListEndpoint,
  productsAllEndpoint,
  productsOfOrgEndpoint,
} from '@hoppa/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { withIdempotency } from '../../lib/idempotency.ts';
import { type RequestContext, route } from '../../lib/route.ts';
import { deleteProducts, trackTraceChange, updateProducts } from './product-bulk.service.ts';
import { countProducts, listProductTable, orgProductScope } from './product-list.service.ts';
import { mostSoldProducts } from './product-sales.service.ts';

/** A bulk change in one transaction (or under the request's Idempotency-Key, replayed once). */
function inTransaction<T>(ctx: RequestContext, req: FastifyRequest, fn: (scope: TenantScope) => Promise<T>) {
  const run = (tx: Db) => fn({ db: tx, orgIds: ctx.orgIds });
  return ctx.idempotencyKey ? withIdempotency(ctx, req, run) : ctx.db.transaction(run);
}

/**
 * Registers the product table's calls (issue 15; spec 3 §2 Product management, §7 Products): the page, count and
 * best sellers of the current organisation, the provider's all-client views, and the bulk actions of a selection.
 */
export function registerProductListRoutes(app: FastifyInstance): void {
  route(app, productListEndpoint, async ({ query }, ctx) =>
    listProductTable({ db: ctx.db, orgIds: [ctx.currOrgId] }, query),
  );
  route(app, productsAllEndpoint, async ({ query }, ctx) => listProductTable(ctx, query));
  route(app, productsOfOrgEndpoint, async ({ params, query }, ctx) =>
    listProductTable(await orgProductScope(ctx, params.id), query),
  );
  route(app, productCountEndpoint, async (_input, ctx) =>
    countProducts({ db: ctx.db, orgIds: [ctx.currOrgId] }),
  );
  route(app, mostSoldProductEndpoint, async ({ query }, ctx) =>
    mostSoldProducts({ db: ctx.db, orgIds: [ctx.currOrgId] }, query),
  );

  route(app, bulkActiveEndpoint, async ({ body }, ctx, req) =>
    inTransaction(ctx, req, (scope) => updateProducts(scope, body.ids, { active: body.active })),
  );
  route(app, bulkFulfilmentEndpoint, async ({ body }, ctx, req) =>
    inTransaction(ctx, req, (scope) =>
      updateProducts(scope, body.ids, { fulfilled_by_sf: body.fullfilled_bysf }),
    ),
  );
  route(app, bulkTrackTraceEndpoint, async ({ body }, ctx, req) =>
    inTransaction(ctx, req, (scope) => updateProducts(scope, body.ids, trackTraceChange(body))),
  );
  route(app, bulkDeleteEndpoint, async ({ body }, ctx, req) =>
    inTransaction(ctx, req, (scope) => deleteProducts(scope, body.ids)),
  );
}

import {
  productEanSearchEndpoint,
  productHistoryEndpoint,
  productImportEndpoint,
  productListEndpoint,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { getProductHistory, importProducts, listProducts, searchProductsByEan } from './products.service.ts';

/**
 * Registers the product calls of issue 3 §1 (spec 3 §7 Products, Import, Relations and history): list,
 * EAN search, import and the stock ledger of one product.
 */
export function registerProductRoutes(app: FastifyInstance): void {
  route(app, productListEndpoint, async ({ query }, ctx) =>
    listProducts(ctx.db, ctx.currOrgId, {
      skip: query.skip,
      limit: query.limit,
      inStock: query.in_stock,
    }),
  );

  route(app, productEanSearchEndpoint, async ({ params }, ctx) => ({
    products: await searchProductsByEan(ctx.db, ctx.orgIds, params.text),
  }));

  route(app, productImportEndpoint, async ({ body }, ctx) => importProducts(ctx.db, ctx.currOrgId, body));

  route(app, productHistoryEndpoint, async ({ params, query }, ctx) =>
    getProductHistory(ctx.db, ctx.orgIds, params.product_id, {
      limit: query.limit,
      before: query.before,
      beforeId: query.before_id,
    }),
  );
}

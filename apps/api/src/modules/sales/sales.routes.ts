import { saleListEndpoint, saleUpdateEndpoint } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { listSales, updateSale } from './sales.service.ts';

/**
 * Registers the sales dashboard (beta; spec 3 §7 Sales and routes: `GET /sales?query`, `PUT /sales`): the provider's
 * sales leads, `scope: 'provider'` (provider staff with the grant: the provider administrator).
 */
export function registerSalesRoutes(app: FastifyInstance): void {
  route(app, saleListEndpoint, ({ query }, ctx) => listSales(ctx.db, query));
  route(app, saleUpdateEndpoint, ({ body }, ctx) => updateSale(ctx.db, body));
}

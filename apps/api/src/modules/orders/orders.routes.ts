import {
  openOrdersEndpoint,
  orderGetEndpoint,
  orderImportEndpoint,
  orderLabelQuantityEndpoint,
  orderShipmentMethodEndpoint,
  orderShipmentPackageEndpoint,
  shipmentBoxesEndpoint,
  shipmentMethodsEndpoint,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { countImport } from '../../lib/rate-limit.ts';
import { route } from '../../lib/route.ts';
import { importOrders } from './order-import.service.ts';
import {
  getOrder,
  listOpenOrders,
  listShipmentBoxes,
  listShipmentMethods,
  selectShipmentBox,
  selectShipmentMethod,
  setLabelQuantity,
} from './orders.service.ts';

/**
 * Registers the order calls of issue 3 §1 (spec 1 §7): the open orders list, one order, label
 * quantity, shipment method and box selection, the method and box lists, and the order import.
 */
export function registerOrderRoutes(app: FastifyInstance): void {
  route(app, openOrdersEndpoint, async (input, ctx) => listOpenOrders(ctx, input));

  route(app, orderGetEndpoint, async (input, ctx) => getOrder(ctx, input));

  route(app, orderLabelQuantityEndpoint, async (input, ctx) => {
    await setLabelQuantity(ctx, input);
    return { ok: true as const };
  });

  route(app, orderShipmentMethodEndpoint, async (input, ctx) => {
    await selectShipmentMethod(ctx, input);
    return { ok: true as const };
  });

  route(app, orderShipmentPackageEndpoint, async (input, ctx) => {
    await selectShipmentBox(ctx, input);
    return { ok: true as const };
  });

  route(app, shipmentMethodsEndpoint, async (_input, ctx) => listShipmentMethods(ctx));

  route(app, shipmentBoxesEndpoint, async (_input, ctx) => listShipmentBoxes(ctx));

  // rawJsonBody: the rows arrive as bytes and are parsed and checked on a worker thread (order-import.worker.ts).
  route(app, orderImportEndpoint, async (_input, ctx, req) => {
    await countImport(ctx.db, 'orders', { userId: ctx.user.id, orgId: ctx.currOrgId, ip: req.ip });
    return importOrders(ctx, { body: req.body as Buffer });
  });
}

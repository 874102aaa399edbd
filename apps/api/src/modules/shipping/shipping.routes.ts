import {
  packingSlipEndpoint,
  SHIPMENT_ID_HEADER,
  shipOrderEndpoint,
  TRACKING_NUMBER_HEADER,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { inlinePdf } from '../../lib/pdf/pdf-reply.ts';
import { route } from '../../lib/route.ts';
import { packingSlipForOrder, shipOrder } from './shipping.service.ts';

/** Registers shipping (spec 1 §7 POST /orders/ship, POST /orders/packing_slip); both answer a PDF. */
export function registerShippingRoutes(app: FastifyInstance): void {
  route(app, shipOrderEndpoint, async ({ body }, ctx, _req, reply) => {
    const shipped = await shipOrder(ctx.db, { userId: ctx.user.id, orgIds: ctx.orgIds }, body);
    inlinePdf(reply, `label-${shipped.trackingNumber}.pdf`)
      .header(TRACKING_NUMBER_HEADER, shipped.trackingNumber)
      .header(SHIPMENT_ID_HEADER, shipped.shipmentId)
      .header('cache-control', 'no-store');
    return shipped.labelPdf;
  });

  route(app, packingSlipEndpoint, async ({ body }, ctx, _req, reply) => {
    const pdf = await packingSlipForOrder(ctx.db, { userId: ctx.user.id, orgIds: ctx.orgIds }, body.order_id);
    inlinePdf(reply, `packing-slip-${body.order_id}.pdf`).header('cache-control', 'no-store');
    return pdf;
  });
}

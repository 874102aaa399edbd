import {
  BATCH_SUMMARY_HEADER,
  type BatchShipSummary,
  batchShipSingleEndpoint,
  packingSlipEndpoint,
  SHIPMENT_ID_HEADER,
  SHIPPED_COUNT_HEADER,
  shipOrderEndpoint,
  TRACKING_NUMBER_HEADER,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { HttpProblem } from '../../lib/errors.ts';
import { inlinePdf } from '../../lib/pdf/pdf-reply.ts';
import { route } from '../../lib/route.ts';
import { packingSlipForOrder, shipOrder, shipSingleLineOrders } from './shipping.service.ts';

/**
 * Registers shipping (spec 1 §7 POST /orders/ship, POST /orders/ship/batch/single, POST
 * /orders/packing_slip); each answers a PDF.
 */
export function registerShippingRoutes(app: FastifyInstance): void {
  route(app, shipOrderEndpoint, async ({ body }, ctx, _req, reply) => {
    const shipped = await shipOrder(ctx.db, { userId: ctx.user.id, orgIds: ctx.orgIds }, body);
    inlinePdf(reply, `label-${shipped.trackingNumber}.pdf`)
      .header(TRACKING_NUMBER_HEADER, shipped.trackingNumber)
      .header(SHIPMENT_ID_HEADER, shipped.shipmentId)
      .header('cache-control', 'no-store');
    return shipped.labelPdf;
  });

  route(app, batchShipSingleEndpoint, async ({ body }, ctx, req, reply) => {
    const batch = await shipSingleLineOrders(ctx.db, { userId: ctx.user.id, orgIds: ctx.orgIds }, body);
    for (const f of batch.failures) req.log.error({ err: f.error, orderId: f.orderId }, 'batch ship failed');
    if (!batch.labelsPdf) {
      throw new HttpProblem(
        409,
        'nothing_shipped',
        `None of the ${batch.skipped.length} orders could be shipped`,
        batch.skipped.map((s) => ({ path: s.order_id, message: s.reason })),
      );
    }
    const summary: BatchShipSummary = { shipped: batch.shipped, skipped: batch.skipped };
    inlinePdf(reply, `labels-${batch.shipped.length}-orders.pdf`)
      .header(SHIPPED_COUNT_HEADER, String(batch.shipped.length))
      .header(BATCH_SUMMARY_HEADER, JSON.stringify(summary))
      .header('cache-control', 'no-store');
    return batch.labelsPdf;
  });

  route(app, packingSlipEndpoint, async ({ body }, ctx, _req, reply) => {
    const pdf = await packingSlipForOrder(ctx.db, { userId: ctx.user.id, orgIds: ctx.orgIds }, body.order_id);
    inlinePdf(reply, `packing-slip-${body.order_id}.pdf`).header('cache-control', 'no-store');
    return pdf;
  });
}

import {
  BATCH_SUMMARY_HEADER,
  batchShipSingleEndpoint,
  packingSlipEndpoint,
  SHIPMENT_ID_HEADER,
  SHIPPED_COUNT_HEADER,
  shipmentDetailEndpoint,
  shipmentLabelEndpoint,
  shipmentListEndpoint,
  shipmentPackingSlipEndpoint,
  shipOrderEndpoint,
  TRACKING_NUMBER_HEADER,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { problem } from '../../lib/errors.ts';
import { inlinePdf } from '../../lib/pdf/pdf-reply.ts';
import { route } from '../../lib/route.ts';
import { shipSingleLineOrders } from './batch-ship.service.ts';
import { registerDhlRoutes } from './dhl.routes.ts';
import { packingSlipForOrder } from './order-documents.service.ts';
import { shipOrder } from './ship-order.service.ts';
import { getShipment, shipmentDocument } from './shipment-detail.service.ts';
import { listShipments } from './shipment-list.service.ts';

/**
 * Registers shipping and shipments (spec 1 §7 POST /orders/ship, POST /orders/ship/batch/single,
 * POST /orders/packing_slip; spec 1 §2 Shipments and Order detail: list, detail and the stored PDFs). The PDF
 * answers carry no-store: they hold customer addresses.
 */
export function registerShippingRoutes(app: FastifyInstance): void {
  route(app, shipOrderEndpoint, async ({ body }, ctx, _req, reply) => {
    const shipped = await shipOrder(ctx, body);
    inlinePdf(reply, `label-${shipped.trackingNumber}.pdf`)
      .header(TRACKING_NUMBER_HEADER, shipped.trackingNumber)
      .header(SHIPMENT_ID_HEADER, shipped.shipmentId)
      .header('cache-control', 'no-store');
    return shipped.labelPdf;
  });

  route(app, batchShipSingleEndpoint, async ({ body }, ctx, req, reply) => {
    const batch = await shipSingleLineOrders(ctx, body);
    for (const f of batch.failures) req.log.error({ err: f.error, orderId: f.orderId }, 'batch ship failed');
    if (!batch.labelsPdf) {
      throw problem(
        batchShipSingleEndpoint,
        'nothing_shipped',
        `None of the ${batch.skipped.length} orders could be shipped`,
        batch.skipped.map((s) => ({ path: s.order_id, message: s.reason })),
      );
    }
    inlinePdf(reply, `labels-${batch.shipped.length}-orders.pdf`)
      .header(SHIPPED_COUNT_HEADER, String(batch.shipped.length))
      .header(BATCH_SUMMARY_HEADER, JSON.stringify({ shipped: batch.shipped, skipped: batch.skipped }))
      .header('cache-control', 'no-store');
    return batch.labelsPdf;
  });

  route(app, packingSlipEndpoint, async ({ body }, ctx, _req, reply) => {
    const pdf = await packingSlipForOrder(ctx, body);
    inlinePdf(reply, `packing-slip-${body.order_id}.pdf`).header('cache-control', 'no-store');
    return pdf;
  });

  route(app, shipmentListEndpoint, (input, ctx) => listShipments(ctx, input));

  route(app, shipmentDetailEndpoint, (input, ctx) => getShipment(ctx, input));

  route(app, shipmentLabelEndpoint, async (input, ctx, _req, reply) => {
    const doc = await shipmentDocument(ctx, input, 'label');
    inlinePdf(reply, `label-${doc.trackingNumber}.pdf`);
    return doc.pdf;
  });

  route(app, shipmentPackingSlipEndpoint, async (input, ctx, _req, reply) => {
    const doc = await shipmentDocument(ctx, input, 'packing_slip');
    inlinePdf(reply, `packing-slip-${doc.trackingNumber}.pdf`);
    return doc.pdf;
  });

  registerDhlRoutes(app);
}

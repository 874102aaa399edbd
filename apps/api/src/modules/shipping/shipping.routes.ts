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
  shipPostnlEndpoint,
  shipStampEndpoint,
  TRACKING_NUMBER_HEADER,
} from '@hoppa/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { configureCarriers } from '../../lib/carriers/index.ts';
import { problem } from '../../lib/errors.ts';
import { inlinePdf } from '../../lib/pdf/pdf-reply.ts';
import { route } from '../../lib/route.ts';
import { loadSecretsKey, secretBox } from '../../lib/secrets.ts';
import { shipSingleLineOrders } from './batch-ship.service.ts';
import { registerDhlRoutes } from './dhl.routes.ts';
import { packingSlipForOrder } from './order-documents.service.ts';
import { type ShipResult, shipOrder } from './ship-order.service.ts';
import { shipWithPostnl, shipWithStamps } from './ship-variants.service.ts';
import { getShipment, shipmentDocument } from './shipment-detail.service.ts';
import { listShipments } from './shipment-list.service.ts';

/**
 * Answers a shipped order: its label PDF, or for an own shipment (no label) its packing slip, with the tracking number
 * and shipment id headers.
 */
function shippedPdf(reply: FastifyReply, shipped: ShipResult): Buffer {
  const kind = shipped.labelPdf ? 'label' : 'packing-slip';
  inlinePdf(reply, `${kind}-${shipped.trackingNumber}.pdf`)
    .header(TRACKING_NUMBER_HEADER, shipped.trackingNumber)
    .header(SHIPMENT_ID_HEADER, shipped.shipmentId)
    .header('cache-control', 'no-store');
  return shipped.labelPdf ?? shipped.packingSlipPdf;
}

/**
 * Registers shipping and shipments (spec 1 §7 POST /orders/ship, /orders/ship/postnl, /orders/ship/smf,
 * POST /orders/ship/batch/single, POST /orders/packing_slip; spec 1 §2 Shipments and Order detail: list, detail and
 * the stored PDFs) and configures the carriers (secret box, POSTNL_API_URL; ADR 0044). The PDF answers carry no-store:
 * they hold customer addresses.
 */
export function registerShippingRoutes(app: FastifyInstance): void {
  const { config } = app.hoppa;
  configureCarriers({
    box: secretBox(loadSecretsKey(config.secretsKey, config.dataDir)),
    postnlApiUrl: config.postnlApiUrl,
    dhlApiUrl: config.dhlApiUrl,
    retry: config.carrierRetry,
  });

  route(app, shipOrderEndpoint, async ({ body }, ctx, _req, reply) =>
    shippedPdf(reply, await shipOrder(ctx, body)),
  );

  route(app, shipPostnlEndpoint, async ({ body }, ctx, _req, reply) =>
    shippedPdf(reply, await shipWithPostnl(ctx, body)),
  );

  route(app, shipStampEndpoint, async ({ body }, ctx, _req, reply) =>
    shippedPdf(reply, await shipWithStamps(ctx, body)),
  );

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

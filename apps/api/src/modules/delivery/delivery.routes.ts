import {
  batchLabelsEndpoint,
  deliveryPerformanceEndpoint,
  orderEditEndpoint,
  orderEditProductsEndpoint,
  orderListDocumentEndpoint,
  orderNotesEndpoint,
  orderPackingListEndpoint,
  orderSearchEndpoint,
  orderShippedEndpoint,
  shipmentRangeEndpoint,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { inlinePdf } from '../../lib/pdf/pdf-reply.ts';
import { route } from '../../lib/route.ts';
import { markOrderShipped } from '../orders/index.ts';
import { packingSlipForOrder } from '../shipping/index.ts';
import { batchLabelsPdf, orderListPdf } from './order-documents.service.ts';
import { editOrder, searchEditProducts } from './order-edit.service.ts';
import { setOrderNotes } from './order-notes.service.ts';
import { deliveryPerformance, listShipmentRange, searchShippedOrders } from './performance.service.ts';

/**
 * Registers issue 13's order detail calls (spec 1 §7; ADR 0041): edit order and its product search, notes, the
 * date-range shipments list, the shipped-order search, delivery performance, marking a parcel handed over or
 * delivered, the batch labels and the order's packing list (P) and order list (O) PDFs. PDFs carry no-store: they
 * hold customer addresses.
 */
export function registerDeliveryRoutes(app: FastifyInstance): void {
  route(app, orderEditEndpoint, (input, ctx) => editOrder(ctx, input));
  route(app, orderEditProductsEndpoint, (input, ctx) => searchEditProducts(ctx, input));
  route(app, orderNotesEndpoint, ({ body }, ctx) => setOrderNotes(ctx, app.hoppa.mail, body));
  route(app, shipmentRangeEndpoint, (input, ctx) => listShipmentRange(ctx, input));
  route(app, orderSearchEndpoint, (input, ctx) => searchShippedOrders(ctx, input));
  route(app, deliveryPerformanceEndpoint, (input, ctx) => deliveryPerformance(ctx, input));
  route(app, orderShippedEndpoint, (input, ctx) => markOrderShipped(ctx, ctx.user.id, input));

  route(app, batchLabelsEndpoint, async ({ params }, ctx, _req, reply) => {
    const pdf = await batchLabelsPdf(ctx, params.batch_id);
    inlinePdf(reply, `batch-${params.batch_id}.pdf`).header('cache-control', 'no-store');
    return pdf;
  });
  route(app, orderPackingListEndpoint, async ({ params }, ctx, _req, reply) => {
    const pdf = await packingSlipForOrder(ctx, { order_id: params.id });
    inlinePdf(reply, `packing-list-${params.id}.pdf`).header('cache-control', 'no-store');
    return pdf;
  });
  route(app, orderListDocumentEndpoint, async ({ params }, ctx, _req, reply) => {
    const doc = await orderListPdf(ctx, params.id);
    inlinePdf(reply, `order-list-${doc.shopOrderId.replace(/[^\w.-]/g, '_')}.pdf`).header(
      'cache-control',
      'no-store',
    );
    return doc.pdf;
  });
}

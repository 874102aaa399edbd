import {
  shipmentDetailEndpoint,
  shipmentLabelEndpoint,
  shipmentListEndpoint,
  shipmentPackingSlipEndpoint,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { inlinePdf } from '../../lib/pdf/pdf-reply.ts';
import { route } from '../../lib/route.ts';
import { getShipment, listShipments, shipmentDocument } from './shipments.service.ts';

/** Registers the shipments calls (spec 1 §2 Shipments and Order detail): list, detail and the stored PDFs. */
export function registerShipmentsRoutes(app: FastifyInstance): void {
  route(app, shipmentListEndpoint, async ({ query }, ctx) => listShipments(ctx.db, ctx.orgIds, query));

  route(app, shipmentDetailEndpoint, async ({ params }, ctx) => getShipment(ctx.db, ctx.orgIds, params.id));

  route(app, shipmentLabelEndpoint, async ({ params }, ctx, _req, reply) => {
    const doc = await shipmentDocument(ctx.db, ctx.orgIds, params.id, 'label');
    inlinePdf(reply, `label-${doc.trackingNumber}.pdf`);
    return doc.pdf;
  });

  route(app, shipmentPackingSlipEndpoint, async ({ params }, ctx, _req, reply) => {
    const doc = await shipmentDocument(ctx.db, ctx.orgIds, params.id, 'packing_slip');
    inlinePdf(reply, `packing-slip-${doc.trackingNumber}.pdf`);
    return doc.pdf;
  });
}

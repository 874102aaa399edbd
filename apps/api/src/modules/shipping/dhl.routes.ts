import { dhlShipEndpoint, SHIPMENT_ID_HEADER, TRACKING_NUMBER_HEADER } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { inlinePdf } from '../../lib/pdf/pdf-reply.ts';
import { route } from '../../lib/route.ts';
import { loadSecretsKey, secretBox } from '../../lib/secrets.ts';
import { shipWithDhl } from './dhl-ship.service.ts';

/**
 * Registers `POST /dhl/ship` (spec 1 §7; ADR 0046): the DHL label PDF with the tracking number and shipment id headers,
 * no-store (it holds a customer address).
 */
export function registerDhlRoutes(app: FastifyInstance): void {
  const { config } = app.hoppa;
  const deps = {
    box: secretBox(loadSecretsKey(config.secretsKey, config.dataDir)),
    dhlApiUrl: config.dhlApiUrl,
  };
  route(app, dhlShipEndpoint, async ({ body }, ctx, _req, reply) => {
    const shipped = await shipWithDhl(ctx, deps, body);
    inlinePdf(reply, `label-${shipped.trackingNumber}.pdf`)
      .header(TRACKING_NUMBER_HEADER, shipped.trackingNumber)
      .header(SHIPMENT_ID_HEADER, shipped.shipmentId)
      .header('cache-control', 'no-store');
    return shipped.labelPdf ?? shipped.packingSlipPdf;
  });
}

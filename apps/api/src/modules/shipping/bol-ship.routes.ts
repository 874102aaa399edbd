import {
  bolShipmentListEndpoint,
  bolShipOptionsEndpoint,
  MARKETPLACE_CONFIRMATION_HEADER,
  SHIPMENT_ID_HEADER,
  shipBolOrderEndpoint,
  TRACKING_NUMBER_HEADER,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { bolClient } from '../../lib/outside/bol.ts';
import { inlinePdf } from '../../lib/pdf/pdf-reply.ts';
import { route } from '../../lib/route.ts';
import { loadSecretsKey, secretBox } from '../../lib/secrets.ts';
import { bolShipOptions, shipWithBolLabel } from './bol-ship.service.ts';
import { bolShipmentList } from './bol-shipment-list.service.ts';
import { type ConfirmationDeps, startConfirmationWorker } from './marketplace-confirmations.service.ts';

/** Longest wait between two rounds of the confirmation queue, milliseconds. */
const CONFIRMATION_ROUND_MAX_MS = 60_000;

/**
 * Registers shipping bol orders (spec 1 §4 Shipping a card, marketplace label; §7 `POST /orders/bol/shipmentlist`;
 * ADR 0045): the label options of a bol order, shipping with a bol label, the bol shipment list of a day; and starts
 * the confirmation queue's worker when the app is ready, every CONNECTIONS_SYNC_MS but at least once a minute (off
 * when the pull is off, as in tests).
 */
export function registerBolShipRoutes(app: FastifyInstance): void {
  const { config, db } = app.hoppa;
  const box = secretBox(loadSecretsKey(config.secretsKey, config.dataDir));
  const deps: ConfirmationDeps = {
    db,
    bolFor: (conn) =>
      bolClient({
        apiUrl: config.bolApiUrl,
        loginUrl: config.bolLoginUrl,
        clientId: conn.api_key,
        clientSecret: box.open(conn.encrypted_secret),
      }),
  };

  route(app, bolShipOptionsEndpoint, ({ params }, ctx) => bolShipOptions(ctx, deps, params.id));

  route(app, shipBolOrderEndpoint, async ({ body }, ctx, _req, reply) => {
    const shipped = await shipWithBolLabel(ctx, deps, body);
    inlinePdf(reply, `label-${shipped.trackingNumber}.pdf`)
      .header(TRACKING_NUMBER_HEADER, shipped.trackingNumber)
      .header(SHIPMENT_ID_HEADER, shipped.shipmentId)
      .header(MARKETPLACE_CONFIRMATION_HEADER, shipped.confirmation)
      .header('cache-control', 'no-store');
    return shipped.labelPdf;
  });

  route(app, bolShipmentListEndpoint, ({ body }, ctx) => bolShipmentList(ctx, body));

  let stop: () => Promise<void> = async () => {};
  app.addHook('onReady', async () => {
    const every =
      config.connectionsSyncMs > 0 ? Math.min(config.connectionsSyncMs, CONFIRMATION_ROUND_MAX_MS) : 0;
    stop = startConfirmationWorker(deps, every, (msg) => app.log.warn(msg));
  });
  app.addHook('onClose', async () => stop());
}

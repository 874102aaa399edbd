import type { FastifyInstance } from 'fastify';
import { carrierByCode } from '../../lib/carriers/index.ts';
import { loadSecretsKey, secretBox } from '../../lib/secrets.ts';
import { dhlCarrierOf } from '../shipping/index.ts';
import { startTrackingJob, type TrackingDeps } from './tracking.service.ts';

/**
 * Carrier tracking (issue 14; ADR 0046): the scheduled job that asks the carriers about open parcels and stores their
 * events. Other code reaches the module only through this file.
 */
export { storeCarrierEvents, type TrackingDeps, trackingRound } from './tracking.service.ts';

/**
 * The adapter that tracks a parcel of `carrier` for organisation `orgId`: DHL through the organisation's DHL
 * connection (tracking needs no account), every other carrier through `carrierByCode`.
 */
export function trackingCarriers(app: FastifyInstance): TrackingDeps['carrierFor'] {
  const { config, db } = app.hoppa;
  const box = secretBox(loadSecretsKey(config.secretsKey, config.dataDir));
  return async (orgId, carrier) =>
    carrier === 'dhl'
      ? dhlCarrierOf({ db, box, dhlApiUrl: config.dhlApiUrl }, orgId, true)
      : carrierByCode(carrier);
}

/** Starts the tracking job (TRACKING_POLL_MS) when the app is ready and stops it when it closes. */
export function registerTracking(app: FastifyInstance): void {
  const { config, db } = app.hoppa;
  let stop: () => Promise<void> = async () => {};
  app.addHook('onReady', async () => {
    stop = startTrackingJob(
      { db, carrierFor: trackingCarriers(app), maxAgeDays: config.trackingMaxAgeDays },
      config.trackingPollMs,
      (msg) => app.log.warn(msg),
    );
  });
  app.addHook('onClose', async () => stop());
}

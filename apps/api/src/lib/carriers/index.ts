import { bolCarrier } from './bol.carrier.ts';
import type { CarrierAdapter } from './carrier.ts';
import { localCarrier } from './local.carrier.ts';

/**
 * Adapters with a configured account, by the `carrier` of a shipment method (e.g. 'postnl'). None exists
 * yet, so every method ships with the local carrier; the carriers issue (PostNL, bol) fills this map from
 * the API connections' account settings.
 */
const configured = new Map<string, CarrierAdapter>();

/** The adapter that ships a method of `carrier`: the configured one, else the local carrier. */
export function carrierFor(carrier: string): CarrierAdapter {
  return configured.get(carrier) ?? localCarrier;
}

/** The adapter that made a stored shipment (`shipments.carrier`), for labels and tracking. */
export function carrierByCode(code: string): CarrierAdapter {
  if (code === localCarrier.code) return localCarrier;
  if (code === bolCarrier.code) return bolCarrier;
  for (const a of configured.values()) if (a.code === code) return a;
  return localCarrier;
}

export { BOL_CARRIER_CODE, BOL_METHOD_PREFIX, bolCarrier } from './bol.carrier.ts';
export type * from './carrier.ts';

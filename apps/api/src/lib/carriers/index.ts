import { isOwnShipment, isStampCode } from '@hoppa/core';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import type { SecretBox } from '../secrets.ts';
import { BOL_CARRIER_CODE, bolCarrier } from './bol.carrier.ts';
import type { CarrierAdapter, CarrierCallContext, ShipmentMethodInfo } from './carrier.ts';
import { activeCarrierAccount, type CarrierAccount } from './carrier-account.ts';
import { createDhlCarrier, DHL_CARRIER_CODE } from './dhl.carrier.ts';
import { LOCAL_CARRIER_CODE, localCarrier } from './local.carrier.ts';
import { OWN_CARRIER_CODE, ownCarrier } from './own.carrier.ts';
import { createPostnlCarrier, POSTNL_CARRIER_CODE } from './postnl.carrier.ts';
import { STAMP_CARRIER_CODE, stampCarrier } from './stamp.carrier.ts';

/**
 * What the carrier resolution needs from the app's configuration (docs/decisions/0044-postal-carriers.md): the secret
 * box that opens the connections' stored API keys and each carrier's API origin (`POSTNL_API_URL`), plus retry tuning
 * for the tests. Set once per process by {@link configureCarriers} (buildApp, through the shipping module).
 */
export interface CarrierEnv {
  box: SecretBox;
  postnlApiUrl: string;
  /** DHL Parcel NL's gateway origin (`DHL_API_URL`, ADR 0046); absent: DHL methods ship with the local carrier. */
  dhlApiUrl?: string;
  retry?: { retries?: number; backoffMs?: number; maxRetryAfterMs?: number; timeoutMs?: number };
}

/** An organisation's active carrier connection as the factories read it: settings and the opened secret. */
export interface CarrierConnection {
  id: string;
  orgId: string;
  platform: string;
  /** The connection's `api_key` field (PostNL: the customer name; DHL: the user id). */
  apiKey: string;
  /** The opened secret (PostNL: the API key; DHL: the key). */
  secret: string;
  settings: {
    customer_code?: string;
    customer_number?: string;
    collection_location?: string;
    account_id?: string;
  };
}

/** Makes the adapter of a carrier account from an organisation's connection. */
export type ConnectedCarrierFactory = (conn: CarrierConnection, env: CarrierEnv) => CarrierAdapter;

/**
 * Carriers that ship through an organisation's API connection, by connection platform = `shipment_methods.carrier`.
 * A new carrier (DHL: `createDhlCarrier(config)` in dhl.carrier.ts) adds one entry here.
 */
const CONNECTED_CARRIERS: Record<string, ConnectedCarrierFactory> = {
  [POSTNL_CARRIER_CODE]: (conn, env) =>
    createPostnlCarrier({
      apiUrl: env.postnlApiUrl,
      apiKey: conn.secret,
      customerCode: conn.settings.customer_code ?? '',
      customerNumber: conn.settings.customer_number ?? '',
      collectionLocation: conn.settings.collection_location ?? '',
      retry: env.retry,
    }),
  // DHL Parcel NL (ADR 0046): the connection's api_key is the user id, its secret the key.
  [DHL_CARRIER_CODE]: (conn, env) =>
    createDhlCarrier({
      baseUrl: env.dhlApiUrl ?? '',
      userId: conn.apiKey,
      key: conn.secret,
      accountId: conn.settings.account_id ?? '',
      ...(env.retry ?? {}),
    }),
};

/** Carriers of our own, by code: they need no account. */
const OWN_CARRIERS: Record<string, CarrierAdapter> = {
  [LOCAL_CARRIER_CODE]: localCarrier,
  [STAMP_CARRIER_CODE]: stampCarrier,
  [OWN_CARRIER_CODE]: ownCarrier,
  // Labels bought from bol.com (ADR 0045): stored shipments only; bol ships through POST /orders/ship/bol.
  [BOL_CARRIER_CODE]: bolCarrier,
};

let env: CarrierEnv | null = null;

/**
 * Sets the process's carrier configuration (secret box, API origins). Called when the app is built; the last call
 * wins (one configuration per process, as the environment it comes from).
 */
export function configureCarriers(next: CarrierEnv): void {
  env = next;
}

/**
 * The active connection of `platform` for organisation `orgId` with its secret opened (the newest when there are
 * several: `activeCarrierAccount`), or null: none, none active, no configuration, or a secret that no longer opens
 * (another SECRETS_KEY).
 */
async function activeConnection(db: Db, orgId: string, platform: string): Promise<CarrierConnection | null> {
  if (!env) return null;
  let account: CarrierAccount | null;
  try {
    account = await activeCarrierAccount({ db, orgIds: [orgId] }, env.box, platform as 'dhl' | 'postnl');
  } catch {
    return null;
  }
  if (!account) return null;
  return {
    id: account.connectionId,
    orgId: account.orgId,
    platform,
    apiKey: account.apiKey,
    secret: account.secret,
    settings: account.settings,
  };
}

/**
 * The adapter that ships `method` for organisation `orgId` (issue 14 item 1; ADR 0044): OWN-SHIPMENT → the own
 * shipment (no label); a STAMP code → the stamp label; a method of a connected carrier (PostNL) → that carrier with the
 * organisation's active connection of that platform; everything else, and a connected carrier's method while the
 * organisation has no active connection, → the built-in local carrier (the demo and the warehouse keep working).
 */
export async function carrierFor(db: Db, orgId: string, method: ShipmentMethodInfo): Promise<CarrierAdapter> {
  if (isOwnShipment(method.code) || method.carrier === OWN_CARRIER_CODE) return ownCarrier;
  if (isStampCode(method.code) || method.carrier === STAMP_CARRIER_CODE) return stampCarrier;
  const factory = CONNECTED_CARRIERS[method.carrier];
  if (factory && env && (method.carrier !== DHL_CARRIER_CODE || env.dhlApiUrl)) {
    const conn = await activeConnection(db, orgId, method.carrier);
    if (conn) return factory(conn, env);
  }
  return localCarrier;
}

/**
 * The adapter that made a stored shipment (`shipments.carrier`), for labels, tracking, milestones and tracking links.
 * Our own carriers answer themselves. A connected carrier (PostNL) answers an adapter that finds its account when a
 * call needs one: `track` looks the shipment up by tracking number and uses its organisation's active connection (no
 * connection: no events); `trackingUrl`, `getLabel` and `recordMilestone` need no account. An unknown code answers
 * the local carrier.
 */
export function carrierByCode(code: string): CarrierAdapter {
  const own = OWN_CARRIERS[code];
  if (own) return own;
  const factory = CONNECTED_CARRIERS[code];
  if (!factory) return localCarrier;
  const offline = factory(
    { id: '', orgId: '', platform: code, apiKey: '', secret: '', settings: {} },
    env ?? { box: { seal: (v) => v, open: (v) => v }, postnlApiUrl: 'http://127.0.0.1:9' },
  );
  return {
    ...offline,
    async track(ctx: CarrierCallContext, trackingNumber, shippedAt) {
      const adapter = await carrierForShipment(ctx.db, code, trackingNumber);
      return adapter ? adapter.track(ctx, trackingNumber, shippedAt) : [];
    },
  };
}

/** The account-bound adapter of the stored shipment with this tracking number and carrier; null without a connection. */
async function carrierForShipment(
  db: Db,
  code: string,
  trackingNumber: string,
): Promise<CarrierAdapter | null> {
  const factory = CONNECTED_CARRIERS[code];
  if (!factory || !env) return null;
  const s = await systemSql(db)
    .selectFrom('shipments')
    .select('org_id')
    .where('tracking_number', '=', trackingNumber)
    .where('carrier', '=', code)
    .executeTakeFirst();
  if (!s) return null;
  const conn = await activeConnection(db, s.org_id, code);
  return conn ? factory(conn, env) : null;
}

export { BOL_CARRIER_CODE, BOL_METHOD_PREFIX, bolCarrier } from './bol.carrier.ts';
export type * from './carrier.ts';

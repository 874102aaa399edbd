import { dhlShipEndpoint, type ShipOrderBody } from '@hoppa/core';
import { orgScope, tenantSql } from '../../db/tenant.ts';
import { addressFromShipmentDetails } from '../../lib/carriers/address.ts';
import { activeCarrierAccount } from '../../lib/carriers/carrier-account.ts';
import { createDhlCarrier, DHL_CARRIER_CODE } from '../../lib/carriers/dhl.carrier.ts';
import type { CarrierAdapter } from '../../lib/carriers/index.ts';
import { notFound, problem } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { type ShippingContext, type ShipResult, shipOrder } from './ship-order.service.ts';
import { carrierMethod } from './shipment-methods.service.ts';

/** What DHL shipping needs of the app: the secret box (connection secrets) and the gateway's origin (DHL_API_URL). */
export interface DhlDeps {
  box: SecretBox;
  dhlApiUrl: string;
  /** Retry tuning of the DHL client (tests make it quick). */
  retry?: { retries?: number; backoffMs?: number; maxRetryAfterMs?: number; timeoutMs?: number };
}

/**
 * The DHL adapter of organisation `orgId`'s active DHL connection (user id, key, `settings.account_id`), or null when
 * it has none. Tracking needs no account (DHL's track-trace is public), so `forTracking` answers an adapter without
 * credentials then.
 */
export async function dhlCarrierOf(
  deps: DhlDeps & { db: ShippingContext['db'] },
  orgId: string,
  forTracking = false,
): Promise<CarrierAdapter | null> {
  const account = await activeCarrierAccount({ db: deps.db, orgIds: [orgId] }, deps.box, 'dhl');
  if (!account && !forTracking) return null;
  return createDhlCarrier({
    baseUrl: deps.dhlApiUrl,
    userId: account?.apiKey ?? '',
    key: account?.secret ?? '',
    accountId: account?.settings.account_id ?? '',
    ...(deps.retry ?? {}),
  });
}

/**
 * Ships an open order with DHL Parcel NL (spec 1 §7 `POST /dhl/ship`; ADR 0046): the order's organisation must have an
 * active DHL connection with an account id (else 409 `carrier_not_connected`, naming /settings/apis); the method is a
 * DHL one (`carrierMethod`: the asked code, the order's DHL selection, else DHL's method for the country); then exactly
 * as `POST /orders/ship` (`shipOrder`, one transaction) with the DHL adapter making the label. When DHL refuses, times
 * out or answers something unreadable nothing is written: the order stays open, no shipment row, and the answer is 502
 * `outside_service` naming DHL and its reason. 404 for an order the user may not see.
 */
export async function shipWithDhl(
  ctx: ShippingContext,
  deps: DhlDeps,
  body: ShipOrderBody,
): Promise<ShipResult> {
  const order = await tenantSql(ctx)
    .selectFrom('orders as o')
    .innerJoin('organisations as g', 'g.id', 'o.org_id')
    .select([
      'o.org_id',
      'o.order_id',
      'o.shipment_details',
      'o.selected_ship_method_id',
      'g.name as org_name',
    ])
    .where('o.id', '=', body.order_id)
    .where(orgScope(ctx, 'o'))
    .executeTakeFirst();
  if (!order) throw notFound('Order not found');
  const account = await activeCarrierAccount({ db: ctx.db, orgIds: [order.org_id] }, deps.box, 'dhl');
  if (!account?.settings.account_id) {
    throw problem(
      dhlShipEndpoint,
      'carrier_not_connected',
      account
        ? `The DHL connection '${account.apiName}' of ${order.org_name} has no account id: add it in /settings/apis`
        : `${order.org_name} has no active DHL account: add the DHL account in /settings/apis to ship with DHL`,
    );
  }
  const country = addressFromShipmentDetails(
    order.shipment_details as Record<string, unknown> | null,
  ).countryCode;
  const method = await carrierMethod(
    ctx.db,
    DHL_CARRIER_CODE,
    body.method_code,
    order.selected_ship_method_id,
    country,
  );
  const carrier = createDhlCarrier({
    baseUrl: deps.dhlApiUrl,
    userId: account.apiKey,
    key: account.secret,
    accountId: account.settings.account_id,
    ...(deps.retry ?? {}),
  });
  // A DHL refusal becomes shipOrder's 502 `outside_service` naming DHL, with the order left open (ADR 0044).
  return shipOrder(ctx, { ...body, method_code: method.code }, { carrier });
}

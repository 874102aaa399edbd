import type { ShipmentListItem, TrackingEvent } from '@hoppa/core';
import { orgScope, tenantSql } from '../../db/tenant.ts';
import { addressFromShipmentDetails } from '../../lib/carriers/address.ts';
import { carrierByCode } from '../../lib/carriers/index.ts';
import type { RequestContext } from '../../lib/route.ts';

/**
 * The shipments of the request's organisations with their order, merchant and method (spec 1 §2 Shipments, Order
 * detail): the one query both the list and the detail start from. Select more with `.select(...)`.
 */
export function shipmentQuery(ctx: Pick<RequestContext, 'db' | 'orgIds'>) {
  return tenantSql(ctx)
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .innerJoin('organisations as org', 'org.id', 's.org_id')
    .leftJoin('shipment_methods as m', 'm.code', 's.method_code')
    .where(orgScope(ctx, 's'))
    .where(orgScope(ctx, 'o'))
    .select((eb) => [
      's.id',
      's.order_id as order__id',
      'o.order_id',
      's.org_id',
      'org.name as org_name',
      'o.platform',
      'o.order_type',
      'o.shipment_details',
      's.carrier',
      's.method_code',
      eb.fn.coalesce('m.name', 'o.used_shipment_method', 's.method_code').as('method_name'),
      's.tracking_number',
      's.label_quantity',
      'o.placed_at',
      's.created_at as shipped_at',
    ]);
}

type ShipmentRow = Awaited<ReturnType<ReturnType<typeof shipmentQuery>['executeTakeFirstOrThrow']>>;

/** The carrier's tracking events of a shipment, oldest first. */
export async function trackingEvents(
  ctx: Pick<RequestContext, 'db'>,
  row: ShipmentRow,
): Promise<TrackingEvent[]> {
  const events = await carrierByCode(row.carrier).track(
    { db: ctx.db, now: new Date() },
    row.tracking_number,
    row.shipped_at,
  );
  return events.map((e) => ({ code: e.code, description: e.description, at: e.at.toISOString() }));
}

/** A shipment row as the list shows it, with the recipient from the order's address and the latest status. */
export function toShipmentItem(
  row: ShipmentRow,
  events: TrackingEvent[],
): Omit<ShipmentListItem, 'products'> {
  const address = addressFromShipmentDetails(row.shipment_details as Record<string, unknown> | null);
  const { shipment_details: _details, placed_at, shipped_at, ...same } = row;
  return {
    ...same,
    recipient: address.name,
    zip_code: address.zipCode,
    city: address.city,
    country_code: address.countryCode,
    tracking_url: carrierByCode(row.carrier).trackingUrl(row.tracking_number, address),
    placed_at: placed_at.toISOString(),
    shipped_at: shipped_at.toISOString(),
    latest_status: events.at(-1) ?? null,
  };
}

import {
  carrierTrackingUrl,
  type DeliveryGroup,
  type ShipmentListItem,
  type TrackingEvent,
  trackingStatusOf,
} from '@hoppa/core';
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
      's.batch_id',
      's.handed_over_at',
      's.delivered_at',
      's.speed_group',
      'm.carrier as method_carrier',
    ]);
}

type ShipmentRow = Awaited<ReturnType<ReturnType<typeof shipmentQuery>['executeTakeFirstOrThrow']>>;

/**
 * The carrier status events of the given shipments (`order_events`, migration 0200: every carrier's events land
 * there, the local carrier's own and, from the carriers issue, the real carriers'), per shipment id, oldest first,
 * each with its status for the apps to translate (core `trackingStatusOf` of the shipment's carrier and the code).
 * One query for a whole page.
 */
export async function eventsOfShipments(
  ctx: Pick<RequestContext, 'db' | 'orgIds'>,
  shipmentIds: string[],
): Promise<Map<string, TrackingEvent[]>> {
  const byShipment = new Map<string, TrackingEvent[]>();
  if (shipmentIds.length === 0) return byShipment;
  const rows = await tenantSql(ctx)
    .selectFrom('order_events as e')
    .innerJoin('shipments as s', (j) => j.onRef('s.id', '=', 'e.shipment_id').on(orgScope(ctx, 's')))
    .select(['e.shipment_id', 'e.code', 'e.description', 'e.at', 's.carrier'])
    .where('e.shipment_id', 'in', shipmentIds)
    .where(orgScope(ctx, 'e'))
    .orderBy('e.at')
    .orderBy('e.id')
    .execute();
  for (const r of rows) {
    const list = byShipment.get(r.shipment_id as string) ?? [];
    list.push({
      code: r.code,
      status: trackingStatusOf(r.carrier, r.code),
      description: r.description,
      at: r.at.toISOString(),
    });
    byShipment.set(r.shipment_id as string, list);
  }
  return byShipment;
}

/** The carrier's tracking events of one shipment, oldest first. */
export async function trackingEvents(
  ctx: Pick<RequestContext, 'db' | 'orgIds'>,
  row: { id: string },
): Promise<TrackingEvent[]> {
  return (await eventsOfShipments(ctx, [row.id])).get(row.id) ?? [];
}

/**
 * A shipment row as the list shows it, with the recipient from the order's address and the latest status; with
 * `products` the whole list item (ShipmentListItemSchema). Written as one object literal in the schema's key order:
 * a copy by rest and spread of the row cost ≈ 25 µs an item (V8 then keeps the object as a dictionary), ≈ 5 ms of a
 * 200-shipment page (issue 8, ADR 0132).
 */
export function toShipmentItem(row: ShipmentRow, events: TrackingEvent[]): Omit<ShipmentListItem, 'products'>;
export function toShipmentItem(
  row: ShipmentRow,
  events: TrackingEvent[],
  products: ShipmentListItem['products'],
): ShipmentListItem;
export function toShipmentItem(
  row: ShipmentRow,
  events: TrackingEvent[],
  products?: ShipmentListItem['products'],
): Omit<ShipmentListItem, 'products'> | ShipmentListItem {
  const address = addressFromShipmentDetails(row.shipment_details as Record<string, unknown> | null);
  const item: Omit<ShipmentListItem, 'products'> & { products?: ShipmentListItem['products'] } = {
    id: row.id,
    order__id: row.order__id,
    order_id: row.order_id,
    org_id: row.org_id,
    org_name: row.org_name,
    platform: row.platform,
    order_type: row.order_type,
    recipient: address.name,
    zip_code: address.zipCode,
    city: address.city,
    country_code: address.countryCode,
    carrier: row.carrier,
    method_code: row.method_code,
    method_name: row.method_name,
    tracking_number: row.tracking_number,
    // The carrier's own page when it has one, else the public page of the carrier the method hands the parcel to
    // (core carrierTrackingUrl, spec 1 §7 external tracking link; ADR 0041).
    tracking_url:
      carrierByCode(row.carrier).trackingUrl(row.tracking_number, address, row.method_code) ??
      carrierTrackingUrl(
        row.method_carrier ?? row.carrier,
        row.tracking_number,
        address.countryCode,
        address.zipCode,
      ),
    label_quantity: row.label_quantity,
    placed_at: row.placed_at.toISOString(),
    shipped_at: row.shipped_at.toISOString(),
    latest_status: events.at(-1) ?? null,
    batch_id: row.batch_id,
    // Kept on the shipment (migration 0405, the same rule as core deliveryGroup), so the row's group is the group
    // list it is found in, to the microsecond.
    delivery_group: row.speed_group as DeliveryGroup,
    delivered_at: row.delivered_at?.toISOString() ?? null,
  };
  if (products) item.products = products;
  return item;
}

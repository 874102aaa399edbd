import type {
  ShipmentDetail,
  ShipmentListItem,
  ShipmentListQuery,
  ShipmentListResponse,
  TrackingEvent,
} from '@hoppa/core';
import { type Db, escapeLike } from '../../db/client.ts';
import { addressFromShipmentDetails } from '../../lib/carriers/address.ts';
import type { CarrierEvent } from '../../lib/carriers/carrier.ts';
import { carrierByCode } from '../../lib/carriers/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { orderLinesWithLocation } from '../shipping/shipping.service.ts';

/** Default window of the shipments list: the last week (spec 1 §9). */
export const SHIPMENTS_DEFAULT_DAYS = 7;
/** Shortest search term (spec 1 §5 Shipments search). */
export const SHIPMENTS_SEARCH_MIN = 3;

type ShipmentRow = {
  id: string;
  order__id: string;
  order_id: string;
  org_id: string;
  org_name: string;
  platform: string;
  order_type: string;
  shipment_details: Record<string, unknown> | null;
  carrier: string;
  method_code: string;
  method_name: string;
  tracking_number: string;
  label_quantity: number;
  placed_at: Date;
  shipped_at: Date;
  total: number;
};

const SELECT_SHIPMENT = `
  SELECT s.id, s.order_id AS order__id, o.order_id, s.org_id, org.name AS org_name, o.platform, o.order_type,
         o.shipment_details, s.carrier, s.method_code,
         COALESCE(m.name, o.used_shipment_method, s.method_code) AS method_name,
         s.tracking_number, s.label_quantity, o.placed_at, s.created_at AS shipped_at`;
const FROM_SHIPMENT = `
    FROM shipments s
    JOIN orders o ON o.id = s.order_id
    JOIN organisations org ON org.id = s.org_id
    LEFT JOIN shipment_methods m ON m.code = s.method_code`;

function toEvent(e: CarrierEvent): TrackingEvent {
  return { code: e.code, description: e.description, at: e.at.toISOString() };
}

async function eventsOf(db: Db, row: ShipmentRow): Promise<TrackingEvent[]> {
  const events = await carrierByCode(row.carrier).track(
    { db, now: new Date() },
    row.tracking_number,
    row.shipped_at,
  );
  return events.map(toEvent);
}

function baseItem(row: ShipmentRow, events: TrackingEvent[]): Omit<ShipmentListItem, 'products'> {
  const address = addressFromShipmentDetails(row.shipment_details);
  return {
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
    tracking_url: carrierByCode(row.carrier).trackingUrl(row.tracking_number, address),
    label_quantity: row.label_quantity,
    placed_at: row.placed_at.toISOString(),
    shipped_at: row.shipped_at.toISOString(),
    latest_status: events.at(-1) ?? null,
  };
}

/**
 * Shipped orders of `orgIds` (spec 1 §2 Shipments, §9): shipped between `start` and `end` (default the
 * last 7 days up to now), newest first, with recipient, method, tracking number and products. `search`
 * of 3 or more characters matches the shop order number, tracking number, recipient name or company,
 * postcode (spaces ignored), city and e-mail; `null` or empty means no search. Errors: 400 for a
 * shorter search, dates that do not parse or start after end.
 */
export async function listShipments(
  db: Db,
  orgIds: string[],
  query: ShipmentListQuery,
  now = new Date(),
): Promise<ShipmentListResponse> {
  const end = query.end ? new Date(query.end) : now;
  const start = query.start
    ? new Date(query.start)
    : new Date(end.getTime() - SHIPMENTS_DEFAULT_DAYS * 86_400_000);
  if (start > end) throw badRequest('start must not be after end');
  const range = { start: start.toISOString(), end: end.toISOString() };
  if (orgIds.length === 0) return { items: [], total: 0, ...range };

  const args: unknown[] = [orgIds, start, end];
  let searchSql = '';
  const term = query.search?.trim() ?? '';
  if (term && term !== 'null') {
    if (term.length < SHIPMENTS_SEARCH_MIN)
      throw badRequest(`Search needs at least ${SHIPMENTS_SEARCH_MIN} characters`);
    const like = `%${escapeLike(term)}%`;
    args.push(like, `%${escapeLike(term.replace(/\s+/g, ''))}%`);
    searchSql = `AND (o.order_id ILIKE $4 OR s.tracking_number ILIKE $4
       OR concat_ws(' ', o.shipment_details->>'firstName', o.shipment_details->>'surname') ILIKE $4
       OR o.shipment_details->>'company' ILIKE $4 OR o.shipment_details->>'city' ILIKE $4
       OR o.shipment_details->>'email' ILIKE $4
       OR replace(o.shipment_details->>'zipCode', ' ', '') ILIKE $5)`;
  }
  args.push(query.limit, query.skip);
  const rows = (
    await db.query<ShipmentRow & { products: ShipmentListItem['products'] | null }>(
      `${SELECT_SHIPMENT},
         (SELECT json_agg(json_build_object('product_id', ol.product_id, 'ean', ol.ean, 'title', ol.title,
                                            'quantity', ol.quantity, 'img_url', p.img_url) ORDER BY ol.position, ol.id)
            FROM order_lines ol JOIN products p ON p.id = ol.product_id WHERE ol.order_id = o.id) AS products,
         count(*) OVER () AS total
       ${FROM_SHIPMENT}
       WHERE s.org_id = ANY($1::char(24)[]) AND s.created_at BETWEEN $2 AND $3 ${searchSql}
       ORDER BY s.created_at DESC, s.id DESC
       LIMIT $${args.length - 1} OFFSET $${args.length}`,
      args,
    )
  ).rows;
  const items = await Promise.all(
    rows.map(async (r) => ({ ...baseItem(r, await eventsOf(db, r)), products: r.products ?? [] })),
  );
  return { items, total: rows[0]?.total ?? 0, ...range };
}

async function findShipment(db: Db, orgIds: string[], id: string): Promise<ShipmentRow> {
  const row = (
    await db.query<ShipmentRow>(
      `${SELECT_SHIPMENT}, 1 AS total ${FROM_SHIPMENT} WHERE s.id = $1 AND s.org_id = ANY($2::char(24)[])`,
      [id, orgIds],
    )
  ).rows[0];
  if (!row) throw notFound(`Shipment ${id} not found`);
  return row;
}

/**
 * One shipment with its order (spec 1 §2 Order detail): dates, address, tracking events, and the lines
 * with EAN, quantity and storage location. Errors: 404 when missing or of another organisation.
 */
export async function getShipment(db: Db, orgIds: string[], id: string): Promise<ShipmentDetail> {
  const row = await findShipment(db, orgIds, id);
  const extra = (
    await db.query<{
      delivery_at: Date | null;
      notes_text: string | null;
      shipped_by: string | null;
      fulfilled_by_sf: boolean | null;
    }>(
      `SELECT o.delivery_at, o.notes_text,
              NULLIF(concat_ws(' ', u.first_name, u.family_name), '') AS shipped_by,
              (SELECT bool_and(p.fulfilled_by_sf) FROM order_lines ol JOIN products p ON p.id = ol.product_id
                WHERE ol.order_id = o.id) AS fulfilled_by_sf
         FROM shipments s JOIN orders o ON o.id = s.order_id LEFT JOIN users u ON u.id = s.shipped_by
        WHERE s.id = $1`,
      [id],
    )
  ).rows[0];
  const lines = await orderLinesWithLocation<ShipmentDetail['lines'][number]>(
    db,
    row.order__id,
    'ol.id, ol.product_id, ol.ean, ol.title, ol.quantity, ol.picked_quantity, p.img_url',
  );
  const events = await eventsOf(db, row);
  const sd = row.shipment_details ?? {};
  const a = addressFromShipmentDetails(sd);
  const raw = (k: string, ...alt: string[]) => {
    for (const key of [k, ...alt]) if (typeof sd[key] === 'string' && sd[key]) return sd[key] as string;
    return null;
  };
  return {
    ...baseItem(row, events),
    delivery_at: extra?.delivery_at?.toISOString() ?? null,
    delivered_at: events.find((e) => e.code === '01B')?.at ?? null,
    shipped_by: extra?.shipped_by ?? null,
    address: {
      company: a.company || null,
      firstName: raw('firstName', 'first_name', 'name'),
      surname: raw('surname', 'surName', 'surename'),
      streetName: a.street || null,
      houseNumber: a.houseNumber || null,
      houseNumberExtension: a.addition || null,
      zipCode: a.zipCode || null,
      city: a.city || null,
      countryCode: a.countryCode,
      email: a.email || null,
      phone: a.phone || null,
    },
    notes_text: extra?.notes_text ?? null,
    is_fulfilled_by_sf: extra?.fulfilled_by_sf ?? true,
    lines,
    events,
  };
}

/** The stored label or packing slip PDF of a shipment. Errors: 404 when missing or of another organisation. */
export async function shipmentDocument(
  db: Db,
  orgIds: string[],
  id: string,
  kind: 'label' | 'packing_slip',
): Promise<{ pdf: Buffer; trackingNumber: string }> {
  const column = kind === 'label' ? 'label_pdf' : 'packing_slip_pdf';
  const r = await db.query<{ pdf: Buffer; tracking_number: string }>(
    `SELECT ${column} AS pdf, tracking_number FROM shipments WHERE id = $1 AND org_id = ANY($2::char(24)[])`,
    [id, orgIds],
  );
  const row = r.rows[0];
  if (!row) throw notFound(`Shipment ${id} not found`);
  return { pdf: row.pdf, trackingNumber: row.tracking_number };
}

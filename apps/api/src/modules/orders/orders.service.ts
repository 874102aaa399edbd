import type {
  LocationRef,
  OpenOrders,
  OpenOrdersQuery,
  Order,
  OrderLine,
  ShipmentBox,
  ShipmentDetails,
  ShipmentMethod,
} from '@hoppa/core';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

interface OrderRow {
  id: string;
  org_id: string;
  org_name: string;
  order_id: string;
  platform: string;
  order_type: string;
  status: Order['status'];
  reason: string | null;
  placed_at: Date;
  delivery_at: Date | null;
  shipped_at: Date | null;
  shipment_details: ShipmentDetails;
  notes_text: string | null;
  notes_color: Order['notes_color'];
  notes_notify: boolean;
  ship_code: string | null;
  selected_box_id: string | null;
  label_quantity: number;
  has_label: boolean;
  track_trace: string | null;
  used_shipment_method: string | null;
}

interface LineRow {
  id: string;
  order_id: string;
  product_id: string;
  ean: string;
  title: string;
  quantity: number;
  picked_quantity: number;
  pick_location_id: string | null;
  location_name: string | null;
  location_sequence: number | null;
  img_url: string | null;
  pack_note: string | null;
  pick_note: string | null;
  fulfilled_by_sf: boolean;
  cancellation_request: boolean;
  position: number;
}

const ORDER_COLUMNS = `
  o.id, o.org_id, org.name AS org_name, o.order_id, o.platform, o.order_type, o.status, o.reason,
  o.placed_at, o.delivery_at, o.shipped_at, o.shipment_details, o.notes_text, o.notes_color, o.notes_notify,
  sm.code AS ship_code, o.selected_box_id, o.label_quantity, o.track_trace, o.used_shipment_method,
  EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id) AS has_label`;
const ORDER_FROM = `
    FROM orders o
    JOIN organisations org ON org.id = o.org_id
    LEFT JOIN shipment_methods sm ON sm.id = o.selected_ship_method_id`;
const ORDER_SELECT = `SELECT ${ORDER_COLUMNS} ${ORDER_FROM}`;

async function loadLines(db: Db, orderIds: string[]): Promise<Map<string, LineRow[]>> {
  const byOrder = new Map<string, LineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const r = await db.query<LineRow>(
    `SELECT l.id, l.order_id, l.product_id, l.ean, l.title, l.quantity, l.picked_quantity, l.pick_location_id,
            loc.name AS location_name, loc.sequence AS location_sequence, p.img_url, p.pack_note, p.pick_note,
            p.fulfilled_by_sf, l.cancellation_request, l.position
       FROM order_lines l
       JOIN products p ON p.id = l.product_id
       LEFT JOIN locations loc ON loc.id = l.pick_location_id
      WHERE l.order_id = ANY($1::text[])
      ORDER BY l.order_id, l.position, l.id`,
    [orderIds],
  );
  for (const line of r.rows) {
    const list = byOrder.get(line.order_id);
    if (list) list.push(line);
    else byOrder.set(line.order_id, [line]);
  }
  return byOrder;
}

function toLine(l: LineRow): OrderLine {
  return {
    id: l.id,
    product_id: l.product_id,
    ean: l.ean,
    title: l.title,
    quantity: l.quantity,
    picked_quantity: l.picked_quantity,
    picked: l.picked_quantity >= l.quantity,
    pick_location: l.pick_location_id ? { id: l.pick_location_id, name: l.location_name ?? '' } : null,
    img_url: l.img_url,
    pack_note: l.pack_note,
    pick_note: l.pick_note,
    cancellationRequest: l.cancellation_request,
    position: l.position,
  };
}

function toOrder(o: OrderRow, lines: LineRow[]): Order {
  const details = o.shipment_details ?? {};
  return {
    id: o.id,
    orderId: o.order_id,
    org: o.org_id,
    org_name: o.org_name,
    platform: o.platform,
    order_type: o.order_type,
    status: o.status,
    reason: o.reason,
    orderPlacedDateTime: o.placed_at.toISOString(),
    deliveryDateTime: o.delivery_at?.toISOString() ?? null,
    fulfilledDateTime: o.shipped_at?.toISOString() ?? null,
    shipmentDetails: { ...details, deliveryPhoneNumber: details.deliveryPhoneNumber ?? details.phone },
    notes_text: o.notes_text,
    notes_color: o.notes_color,
    notes_notify: o.notes_notify,
    selected_ship_option: o.ship_code,
    selected_packaging_option: o.selected_box_id,
    label_quantity: o.label_quantity,
    label: o.has_label,
    shipped: o.status === 'shipped',
    track_trace: o.track_trace,
    used_shipment_method: o.used_shipment_method,
    isFulfilledBySF: lines.length > 0 && lines.every((l) => l.fulfilled_by_sf),
    products: lines.map(toLine),
  };
}

/** One order of the given organisations with its lines (spec 1 §7 `GET /order/get/:id`); 404 otherwise. */
export async function getOrder(db: Db, orgIds: string[], id: string): Promise<Order> {
  const r = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1 AND o.org_id = ANY($2::text[])`, [
    id,
    orgIds,
  ]);
  const row = r.rows[0];
  if (!row) throw notFound('Order not found');
  const lines = await loadLines(db, [row.id]);
  return toOrder(row, lines.get(row.id) ?? []);
}

/** Default cap of the open list when the screen sends no limit. */
export const OPEN_ORDERS_DEFAULT_LIMIT = 500;

const isOn = (v: boolean | 'true' | 'false' | undefined) => v === true || v === 'true';
const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The open orders list (spec 1 §2 Open orders list, §7 `GET /orders/open/:start/:end/:pack_size`):
 * open orders of `orgIds` placed from `start` to `end` (inclusive), oldest first, at most `limit`
 * (default {@link OPEN_ORDERS_DEFAULT_LIMIT}). `packSize` '1' keeps single-line orders, '2' multi-line
 * ones, '0'/'all' both. Filters are described on `OpenOrdersQuerySchema`. The orders are grouped per
 * pick location: an order belongs to the location of its first line (by position) that has one;
 * groups follow the walking order (location sequence, then name), the group without location last.
 */
export async function listOpenOrders(
  db: Db,
  orgIds: string[],
  range: { start: string; end: string; packSize: '0' | '1' | '2' | 'all' },
  query: OpenOrdersQuery,
): Promise<OpenOrders> {
  const start = new Date(range.start);
  const end = new Date(range.end);
  if (start > end) throw badRequest('The start of the date range lies after its end');
  const params: unknown[] = [orgIds, start, end];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = [`o.org_id = ANY($1::text[])`, `o.status = 'open'`, `o.placed_at BETWEEN $2 AND $3`];
  const lineCount = '(SELECT count(*) FROM order_lines cl WHERE cl.order_id = o.id)';
  if (range.packSize === '1') where.push(`${lineCount} = 1`);
  if (range.packSize === '2') where.push(`${lineCount} > 1`);
  if (query.ean?.trim()) {
    where.push(
      `EXISTS (SELECT 1 FROM order_lines el WHERE el.order_id = o.id AND el.ean = ${p(query.ean.trim())})`,
    );
  }
  if (query.picked_location?.trim()) {
    where.push(
      `EXISTS (SELECT 1 FROM order_lines pl WHERE pl.order_id = o.id AND pl.pick_location_id = ${p(query.picked_location.trim())})`,
    );
  }
  const locations = list(query.location);
  if (locations.length) {
    const ref = p(locations);
    where.push(`EXISTS (SELECT 1 FROM order_lines ll JOIN locations lc ON lc.id = ll.pick_location_id
                         WHERE ll.order_id = o.id AND (ll.pick_location_id = ANY(${ref}::text[]) OR lc.name = ANY(${ref}::text[])))`);
  }
  const methods = list(query.shipment_method);
  if (methods.length) where.push(`sm.code = ANY(${p(methods)}::text[])`);
  if (isOn(query.red_orders)) where.push(`o.notes_color = 'red'`);
  if (isOn(query.b2b_orders)) where.push(`o.order_type = 'b2b_order'`);
  if (query.org_id) where.push(`o.org_id = ${p(query.org_id)}`);
  const limit = p(query.limit ?? OPEN_ORDERS_DEFAULT_LIMIT);

  // `matching` counts every order the filters select, not just this answer: the home tile asks with limit 1.
  const r = await db.query<OrderRow & { full_total: number }>(
    `SELECT ${ORDER_COLUMNS}, count(*) OVER () AS full_total ${ORDER_FROM}
      WHERE ${where.join(' AND ')} ORDER BY o.placed_at, o.id LIMIT ${limit}`,
    params,
  );
  const lines = await loadLines(
    db,
    r.rows.map((o) => o.id),
  );

  interface Group {
    location: LocationRef | null;
    sequence: number;
    orders: Order[];
  }
  const groups = new Map<string, Group>();
  for (const row of r.rows) {
    const orderLines = lines.get(row.id) ?? [];
    const first = orderLines.find((l) => l.pick_location_id);
    const key = first?.pick_location_id ?? '';
    let group = groups.get(key);
    if (!group) {
      group = {
        location: first?.pick_location_id
          ? { id: first.pick_location_id, name: first.location_name ?? '' }
          : null,
        sequence: first?.location_sequence ?? 0,
        orders: [],
      };
      groups.set(key, group);
    }
    group.orders.push(toOrder(row, orderLines));
  }
  const sorted = [...groups.values()].sort((a, b) => {
    if (!a.location || !b.location) return a.location ? -1 : b.location ? 1 : 0;
    return a.sequence - b.sequence || a.location.name.localeCompare(b.location.name, 'nl', { numeric: true });
  });
  return {
    groups: sorted.map((g) => ({ location: g.location, count: g.orders.length, orders: g.orders })),
    total: r.rows.length,
    matching: r.rows[0]?.full_total ?? 0,
  };
}

/** Sets how many shipping labels an order gets (spec 1 §7 `POST /order/labels/quantity`); 404 when not visible. */
export async function setLabelQuantity(
  db: Db,
  orgIds: string[],
  orderId: string,
  quantity: number,
): Promise<void> {
  const r = await db.query(
    'UPDATE orders SET label_quantity = $1 WHERE id = $2 AND org_id = ANY($3::text[])',
    [quantity, orderId, orgIds],
  );
  if (r.rowCount === 0) throw notFound('Order not found');
}

/**
 * Selects an order's shipment method by code (spec 1 §7 `POST /order/shipment_method/:orderId`).
 * 404 for an order outside `orgIds`; 400 for an unknown or inactive method code.
 */
export async function selectShipmentMethod(
  db: Db,
  orgIds: string[],
  orderId: string,
  code: string,
): Promise<void> {
  const order = await db.query('SELECT 1 FROM orders WHERE id = $1 AND org_id = ANY($2::text[])', [
    orderId,
    orgIds,
  ]);
  if (order.rows.length === 0) throw notFound('Order not found');
  const m = await db.query<{ id: string }>('SELECT id FROM shipment_methods WHERE code = $1 AND active', [
    code,
  ]);
  const method = m.rows[0];
  if (!method) throw badRequest(`Unknown shipment method: ${code}`);
  await db.query('UPDATE orders SET selected_ship_method_id = $1 WHERE id = $2', [method.id, orderId]);
}

/**
 * Selects an order's shipment box (spec 1 §7 `POST /order/shipment_package/:orderId`).
 * 404 for an order outside `orgIds`; 400 for an unknown box.
 */
export async function selectShipmentBox(
  db: Db,
  orgIds: string[],
  orderId: string,
  boxId: string,
): Promise<void> {
  const order = await db.query('SELECT 1 FROM orders WHERE id = $1 AND org_id = ANY($2::text[])', [
    orderId,
    orgIds,
  ]);
  if (order.rows.length === 0) throw notFound('Order not found');
  const box = await db.query('SELECT 1 FROM shipment_boxes WHERE id = $1', [boxId]);
  if (box.rows.length === 0) throw badRequest('Unknown shipment box');
  await db.query('UPDATE orders SET selected_box_id = $1 WHERE id = $2', [boxId, orderId]);
}

/** The active shipment methods by name (spec 1 §7 list of shipment methods). */
export async function listShipmentMethods(db: Db): Promise<ShipmentMethod[]> {
  const r = await db.query<Omit<ShipmentMethod, 'price'>>(
    `SELECT id, code, name, carrier, price_cents, country_code, product_code, active
       FROM shipment_methods WHERE active ORDER BY name, code`,
  );
  return r.rows.map((m) => ({ ...m, price: m.price_cents / 100 }));
}

/** The shipment boxes by name (spec 1 §7 list of boxes). */
export async function listShipmentBoxes(db: Db): Promise<ShipmentBox[]> {
  const r = await db.query<Omit<ShipmentBox, 'price' | 'package_cost'>>(
    'SELECT id, name, label, price_cents, package_cost_cents FROM shipment_boxes ORDER BY name, id',
  );
  return r.rows.map((b) => ({ ...b, price: b.price_cents / 100, package_cost: b.package_cost_cents / 100 }));
}

import {
  type LocationRef,
  OPEN_ORDERS_COUNT_CAP,
  type OpenOrder,
  type OpenOrderLine,
  type OpenOrders,
  type OpenOrdersQuery,
  type Order,
  type OrderLine,
  type ShipmentBox,
  type ShipmentDetails,
  type ShipmentMethod,
} from '@hoppa/core';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { systemSql } from '../../db/kysely.ts';
import type { DB, Orders, ShipmentMethods } from '../../db/schema.generated.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, rangeReversed, refusal } from '../../lib/errors.ts';
import { returnableByLine } from '../returns/index.ts';
import { eventsOfOrder } from './order-events.service.ts';

/**
 * The orders of the request's organisations with their merchant and chosen method, with the columns the open list
 * writes (core `OpenOrderSchema`); {@link orderQuery} adds the order card's other columns (tenant-scoped,
 * docs/architecture.md). The list reads no column it does not send (issue 8 §3: the driver parses every column).
 */
function openOrderQuery(ctx: TenantScope) {
  return (
    tenantSql(ctx)
      .selectFrom('orders as o')
      .innerJoin('organisations as org', 'org.id', 'o.org_id')
      .leftJoin('shipment_methods as sm', 'sm.id', 'o.selected_ship_method_id')
      // A LATERAL lookup per order on shipments_order_idx: as an EXISTS, PostgreSQL hashes every shipment of the
      // organisations first when it expects many orders, even for a page of 100 (issue 8, docs/benchmarks.md).
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('shipments as s')
            .select('s.id')
            .whereRef('s.order_id', '=', 'o.id')
            .where(orgScope(ctx, 's'))
            .limit(1)
            .as('lbl'),
        (join) => join.onTrue(),
      )
      .where(orgScope(ctx, 'o'))
      .select([
        'o.id',
        'o.org_id',
        'org.name as org_name',
        'o.order_id',
        'o.platform',
        'o.status',
        'o.placed_at',
        'o.delivery_at',
        'o.shipment_details',
        'o.notes_text',
        'o.notes_color',
        'o.notes_notify',
        'sm.code as ship_code',
        'o.selected_box_id',
        'o.label_quantity',
        sql<boolean>`lbl.id IS NOT NULL`.as('has_label'),
      ])
  );
}

/** One order as the order card reads it (`GET /order/get/{id}`): the open list's columns and the card's own. */
function orderQuery(ctx: TenantScope) {
  return openOrderQuery(ctx).select([
    'o.order_type',
    'o.reason',
    'o.shipped_at',
    'o.track_trace',
    'o.used_shipment_method',
  ]);
}

type OpenOrderRow = Awaited<ReturnType<ReturnType<typeof openOrderQuery>['executeTakeFirstOrThrow']>>;
type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>;

/** A query of order ids (column `id`), for {@link loadOpenLines}. */
type OrderIdQuery = SelectQueryBuilder<DB & { o: Orders; sm: ShipmentMethods }, 'o' | 'sm', { id: string }>;

/**
 * The lines of the given orders (ids, or a query of them: the open list asks for its page's lines in the same round
 * trip as the page) with product and pick location, in position order, with the columns the open list writes (core
 * `OpenOrderLineSchema`); {@link loadLines} adds the order card's other columns.
 */
function openLineQuery(ctx: TenantScope, orderIds: string[] | OrderIdQuery) {
  return tenantSql(ctx)
    .selectFrom('order_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('locations as loc', 'loc.id', 'l.pick_location_id')
    .leftJoin('locations as gl', 'gl.id', 'l.group_location_id')
    .where(orgScope(ctx, 'l'))
    .where(orgScope(ctx, 'p'))
    .where('l.order_id', 'in', orderIds)
    .select([
      'l.id',
      'l.order_id',
      'l.ean',
      'l.title',
      'l.quantity',
      'l.picked_quantity',
      'l.pick_location_id',
      'loc.name as location_name',
      'loc.sequence as location_sequence',
      'l.group_location_id',
      'gl.name as group_location_name',
      'p.pack_note',
      'p.fulfilled_by_sf',
      'l.cancellation_request',
      'l.cancelled_at',
      'l.bundle_product_id',
      'l.bundle_ean',
      'l.bundle_title',
      'l.bundle_quantity',
      'l.automation_id',
    ])
    .orderBy('l.order_id')
    .orderBy('l.position')
    .orderBy('l.id');
}

/** Rows per order id, in the rows' order. */
function byOrderId<T extends { order_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const byOrder = new Map<string, T[]>();
  for (const row of rows) {
    const list = byOrder.get(row.order_id);
    if (list) list.push(row);
    else byOrder.set(row.order_id, [row]);
  }
  return byOrder;
}

/** The open list's lines of the given orders per order id, in position order ({@link openLineQuery}). */
async function loadOpenLines(ctx: TenantScope, orderIds: string[] | OrderIdQuery) {
  if (Array.isArray(orderIds) && orderIds.length === 0) return new Map<string, OpenLineRow[]>();
  return byOrderId(await openLineQuery(ctx, orderIds).execute());
}

/** The order card's lines of the given orders per order id, in position order: the list's columns and the card's. */
async function loadLines(ctx: TenantScope, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, LineRow[]>();
  return byOrderId(
    await openLineQuery(ctx, orderIds)
      .select(['l.product_id', 'p.img_url', 'p.pick_note', 'l.position'])
      .execute(),
  );
}

type OpenLineRow = Awaited<ReturnType<ReturnType<typeof openLineQuery>['execute']>>[number];
type LineRow = OpenLineRow & {
  product_id: string;
  img_url: string | null;
  pick_note: string | null;
  position: number;
};

/** A line of the order card: the open list's line ({@link toOpenLine}) and the card's own fields. */
function toLine(l: LineRow): OrderLine {
  return {
    ...toOpenLine(l),
    product_id: l.product_id,
    picked: l.picked_quantity >= l.quantity,
    img_url: l.img_url,
    pick_note: l.pick_note,
    position: l.position,
  };
}

/** The order card (`GET /order/get/{id}`): the open list's order ({@link toOpenOrder}) and the card's own fields. */
function toOrder(o: OrderRow, lines: LineRow[]): Order {
  const details = (o.shipment_details ?? {}) as ShipmentDetails;
  return {
    ...toOpenOrder(o, lines),
    order_type: o.order_type,
    reason: o.reason,
    fulfilledDateTime: o.shipped_at?.toISOString() ?? null,
    shipmentDetails: { ...details, deliveryPhoneNumber: details.deliveryPhoneNumber ?? details.phone },
    track_trace: o.track_trace,
    used_shipment_method: o.used_shipment_method,
    products: lines.map(toLine),
  };
}

/**
 * An order of the open list (core `OpenOrderSchema`, issue 8 §3): the card's fields only, each as {@link toOrder}
 * writes it. The address is the stored object: the answer's serializer writes only `OpenOrderAddressSchema`'s keys.
 */
function toOpenOrder(o: OpenOrderRow, lines: OpenLineRow[]): OpenOrder {
  return {
    id: o.id,
    orderId: o.order_id,
    org: o.org_id,
    org_name: o.org_name,
    platform: o.platform,
    status: o.status as Order['status'],
    orderPlacedDateTime: o.placed_at.toISOString(),
    deliveryDateTime: o.delivery_at?.toISOString() ?? null,
    shipmentDetails: (o.shipment_details ?? {}) as ShipmentDetails,
    notes_text: o.notes_text,
    notes_color: o.notes_color as Order['notes_color'],
    notes_notify: o.notes_notify,
    selected_ship_option: o.ship_code,
    selected_packaging_option: o.selected_box_id,
    label_quantity: o.label_quantity,
    label: Boolean(o.has_label),
    shipped: o.status === 'shipped',
    isFulfilledBySF: lines.length > 0 && lines.every((l) => l.fulfilled_by_sf),
    products: lines.map(toOpenLine),
  };
}

/** A line of the open list (core `OpenOrderLineSchema`), each value as {@link toLine} writes it. */
function toOpenLine(l: OpenLineRow): OpenOrderLine {
  return {
    id: l.id,
    ean: l.ean,
    title: l.title,
    quantity: l.quantity,
    picked_quantity: l.picked_quantity,
    pick_location: l.pick_location_id ? { id: l.pick_location_id, name: l.location_name ?? '' } : null,
    group_location: l.group_location_id
      ? { id: l.group_location_id, name: l.group_location_name ?? '' }
      : null,
    pack_note: l.pack_note,
    cancellationRequest: l.cancellation_request,
    // Only on a cancelled line (ADR 0128): the open list stays as small as before for every other line.
    ...(l.cancelled_at ? { cancelled: true } : {}),
    bundle: l.bundle_product_id
      ? {
          product_id: l.bundle_product_id,
          ean: l.bundle_ean ?? '',
          title: l.bundle_title ?? '',
          quantity: l.bundle_quantity ?? 1,
        }
      : null,
    added_by_rule: l.automation_id !== null,
  };
}

/**
 * One order of the request's organisations with its lines and its parcels' carrier events, oldest first (spec 1 §7
 * `GET /order/get/:id`, §3 shipment_status); 404 otherwise. A shipped order's lines carry `returnable`, the pieces
 * that may still come back (the returns module's rule; ADR 0142).
 */
export async function getOrder(ctx: TenantScope, { params }: { params: { id: string } }): Promise<Order> {
  const row = await orderQuery(ctx).where('o.id', '=', params.id).executeTakeFirst();
  if (!row) throw notFound('Order not found');
  const [lines, events, automations, returnable] = await Promise.all([
    loadLines(ctx, [row.id]),
    eventsOfOrder(ctx, row.id),
    tenantSql(ctx)
      .selectFrom('order_automations as oa')
      .select(['oa.automation_id', 'oa.description', 'oa.applied_at'])
      .where(orgScope(ctx, 'oa'))
      .where('oa.order_id', '=', row.id)
      .orderBy('oa.applied_at')
      .orderBy('oa.id')
      .limit(100)
      .execute(),
    row.status === 'shipped' ? returnableByLine(ctx, row.id) : null,
  ]);
  const order = toOrder(row, lines.get(row.id) ?? []);
  return {
    ...order,
    products: returnable
      ? order.products.map((l) => ({ ...l, returnable: returnable.get(l.id) ?? 0 }))
      : order.products,
    events,
    automations: automations.map((a) => ({
      automation_id: a.automation_id,
      description: a.description,
      at: a.applied_at.toISOString(),
    })),
  };
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
  ctx: TenantScope,
  {
    params,
    query,
  }: { params: { start: string; end: string; pack_size: '0' | '1' | '2' | 'all' }; query: OpenOrdersQuery },
): Promise<OpenOrders> {
  const start = new Date(params.start);
  const end = new Date(params.end);
  if (start > end) throw rangeReversed('The start of the date range lies after its end', 'params');
  const locations = list(query.location);
  const methods = list(query.shipment_method);
  const ean = query.ean?.trim();
  const picked = query.picked_location?.trim();
  type OpenEb = ExpressionBuilder<DB & { o: Orders; sm: ShipmentMethods }, 'o' | 'sm'>;
  /** The order's lines as a subquery (tenant-scoped), for EXISTS filters. */
  const linesOf = (eb: OpenEb) =>
    eb.selectFrom('order_lines as ol').whereRef('ol.order_id', '=', 'o.id').where(orgScope(ctx, 'ol'));
  /**
   * The filters on `orders as o` left-joined with `shipment_methods as sm`: one definition for the page and the
   * count. Single- versus multi-line reads the maintained `o.line_count` (migration 0080), so no order's lines are
   * counted per request.
   */
  const matches = (eb: OpenEb) => {
    const all = [eb('o.status', '=', 'open'), eb('o.placed_at', '>=', start), eb('o.placed_at', '<=', end)];
    if (params.pack_size === '1') all.push(eb('o.line_count', '=', 1));
    if (params.pack_size === '2') all.push(eb('o.line_count', '>', 1));
    if (ean) all.push(eb.exists(linesOf(eb).select('ol.id').where('ol.ean', '=', ean)));
    if (picked) all.push(eb.exists(linesOf(eb).select('ol.id').where('ol.pick_location_id', '=', picked)));
    if (locations.length > 0) {
      all.push(
        eb.exists(
          linesOf(eb)
            .leftJoin('locations as lc', 'lc.id', 'ol.pick_location_id')
            .select('ol.id')
            .where((w) => w.or([w('ol.pick_location_id', 'in', locations), w('lc.name', 'in', locations)])),
        ),
      );
    }
    if (methods.length > 0) all.push(eb('sm.code', 'in', methods));
    if (isOn(query.red_orders)) all.push(eb('o.notes_color', '=', 'red'));
    if (isOn(query.b2b_orders)) all.push(eb('o.order_type', '=', 'b2b_order'));
    if (query.org_id) all.push(eb('o.org_id', '=', query.org_id));
    return eb.and(all);
  };
  // The page walks the (placed_at, id) index of open orders and stops at `limit`; `matching` (the home tile asks with
  // limit 1) counts the filtered orders up to OPEN_ORDERS_COUNT_CAP + 1, so neither grows with the backlog. The page's
  // lines are read at the same time, for the same page of ids (issue 8: three statements at once, not two then one).
  const limit = query.limit ?? OPEN_ORDERS_DEFAULT_LIMIT;
  const pageIds: OrderIdQuery = tenantSql(ctx)
    .selectFrom('orders as o')
    .leftJoin('shipment_methods as sm', 'sm.id', 'o.selected_ship_method_id')
    .where(orgScope(ctx, 'o'))
    .where(matches)
    .select('o.id')
    .orderBy('o.placed_at')
    .orderBy('o.id')
    .limit(limit);
  // The count reads nothing but what `orders_org_open_idx (org_id, placed_at) WHERE status = 'open'` holds, so
  // without further filters it is an index-only range (ADR 0067). It joins the methods only when it filters on them:
  // PostgreSQL removes an unused left join only after it has chosen how to read the orders, and the join's column
  // rules the index-only scan out; PostgreSQL then took a sequential scan of the orders table, which with
  // synchronised scans may start anywhere in the table (issue 8 §3: 13,746 pages read instead of 435 in the tail).
  const withMethods = tenantSql(ctx)
    .selectFrom('orders as o')
    .leftJoin('shipment_methods as sm', 'sm.id', 'o.selected_ship_method_id');
  const countFrom =
    methods.length > 0
      ? withMethods
      : (tenantSql(ctx).selectFrom('orders as o') as unknown as typeof withMethods);
  const [rows, counted, lines] = await Promise.all([
    openOrderQuery(ctx).where(matches).orderBy('o.placed_at').orderBy('o.id').limit(limit).execute(),
    tenantSql(ctx)
      .selectFrom(
        countFrom
          .where(orgScope(ctx, 'o'))
          .where(matches)
          .select(sql<number>`1`.as('one'))
          .limit(OPEN_ORDERS_COUNT_CAP + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    loadOpenLines(ctx, pageIds),
  ]);
  // The statements read separate snapshots: an order that entered the page between them (an import of older
  // orders) gets its lines now, so no order is listed without them.
  const missing = rows.filter((o) => !lines.has(o.id)).map((o) => o.id);
  if (missing.length > 0) for (const [id, l] of await loadOpenLines(ctx, missing)) lines.set(id, l);

  interface Group {
    location: LocationRef | null;
    sequence: number;
    orders: OpenOrder[];
  }
  const groups = new Map<string, Group>();
  for (const row of rows) {
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
    group.orders.push(toOpenOrder(row, orderLines));
  }
  const sorted = [...groups.values()].sort((a, b) => {
    if (!a.location || !b.location) return a.location ? -1 : b.location ? 1 : 0;
    return a.sequence - b.sequence || a.location.name.localeCompare(b.location.name, 'nl', { numeric: true });
  });
  return {
    groups: sorted.map((g) => ({ location: g.location, count: g.orders.length, orders: g.orders })),
    total: rows.length,
    matching: Math.min(Number(counted.n), OPEN_ORDERS_COUNT_CAP),
    matching_capped: Number(counted.n) > OPEN_ORDERS_COUNT_CAP,
  };
}

/** Sets how many shipping labels an order gets (spec 1 §7 `POST /order/labels/quantity`); 404 when not visible. */
export async function setLabelQuantity(
  ctx: TenantScope,
  { body }: { body: { order_id: string; quantity: number } },
): Promise<void> {
  const r = await tenantSql(ctx)
    .updateTable('orders as o')
    .set({ label_quantity: body.quantity })
    .where('o.id', '=', body.order_id)
    .where(orgScope(ctx, 'o'))
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound('Order not found');
}

/** 404 unless the order is one of the request's organisations'. */
async function assertVisibleOrder(ctx: TenantScope, orderId: string): Promise<void> {
  const order = await tenantSql(ctx)
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.id', '=', orderId)
    .where(orgScope(ctx, 'o'))
    .executeTakeFirst();
  if (!order) throw notFound('Order not found');
}

/**
 * Selects an order's shipment method by code (spec 1 §7 `POST /order/shipment_method/:orderId`).
 * 404 for an order outside the request's organisations; 400 for an unknown or inactive method code.
 */
export async function selectShipmentMethod(
  ctx: TenantScope,
  { params, body }: { params: { orderId: string }; body: { code: string } },
): Promise<void> {
  await assertVisibleOrder(ctx, params.orderId);
  const method = await tenantSql(ctx)
    .selectFrom('shipment_methods')
    .select('id')
    .where('code', '=', body.code)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!method)
    throw refusal(`Unknown shipment method: ${body.code}`, 'unknown_value', {
      field: 'shipment_method',
      value: body.code,
    });
  await tenantSql(ctx)
    .updateTable('orders as o')
    .set({ selected_ship_method_id: method.id })
    .where('o.id', '=', params.orderId)
    .where(orgScope(ctx, 'o'))
    .execute();
}

/**
 * Selects an order's shipment box (spec 1 §7 `POST /order/shipment_package/:orderId`).
 * 404 for an order outside the request's organisations; 400 for an unknown box.
 */
export async function selectShipmentBox(
  ctx: TenantScope,
  { params, body }: { params: { orderId: string }; body: { id: string } },
): Promise<void> {
  await assertVisibleOrder(ctx, params.orderId);
  const box = await tenantSql(ctx)
    .selectFrom('shipment_boxes')
    .select('id')
    .where('id', '=', body.id)
    .executeTakeFirst();
  if (!box) throw refusal('Unknown shipment box', 'unknown_value', { field: 'box_id', value: body.id });
  await tenantSql(ctx)
    .updateTable('orders as o')
    .set({ selected_box_id: body.id })
    .where('o.id', '=', params.orderId)
    .where(orgScope(ctx, 'o'))
    .execute();
}

/** The active shipment methods by name (spec 1 §7 list of shipment methods). */
export async function listShipmentMethods(ctx: Pick<TenantScope, 'db'>): Promise<ShipmentMethod[]> {
  const rows = await systemSql(ctx.db)
    .selectFrom('shipment_methods')
    .select(['id', 'code', 'name', 'carrier', 'price_cents', 'country_code', 'product_code', 'active'])
    .where('active', '=', true)
    .orderBy('name')
    .orderBy('code')
    .execute();
  return rows.map((m) => ({ ...m, price: m.price_cents / 100 }));
}

/** The shipment boxes by name (spec 1 §7 list of boxes). */
export async function listShipmentBoxes(ctx: Pick<TenantScope, 'db'>): Promise<ShipmentBox[]> {
  const rows = await systemSql(ctx.db)
    .selectFrom('shipment_boxes')
    .select(['id', 'name', 'label', 'price_cents', 'package_cost_cents'])
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((b) => ({ ...b, price: b.price_cents / 100, package_cost: b.package_cost_cents / 100 }));
}

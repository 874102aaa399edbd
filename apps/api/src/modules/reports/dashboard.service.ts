import {
  type AttentionOrder,
  amsterdamDay,
  amsterdamDayOf,
  FULFILLED_WINDOW_DAYS,
  type FulfilledOrder,
  type OrdersPerDay,
  type Page,
} from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { shipmentsOfRange } from './pick-pack-report.service.ts';

const DAY_MS = 86_400_000;

/** 'yyyy-MM-dd' of an Amsterdam timestamp column (the day rows are keyed by). */
export const dayOf = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM-DD')`;

/**
 * The `count` Amsterdam calendar days ending with the day of `now` ('yyyy-MM-dd', oldest first) and the instants
 * they span. Calendar arithmetic on the day string, so DST days count as one day each. Pure.
 */
export function lastDays(
  count: number,
  now: Date,
  endOffset = 0,
): { days: string[]; start: Date; end: Date } {
  const [y, m, d] = amsterdamDay(now).split('-').map(Number) as [number, number, number];
  const days: string[] = [];
  for (let i = count - 1 + endOffset; i >= endOffset; i--) {
    days.push(new Date(Date.UTC(y, m - 1, d - i)).toISOString().slice(0, 10));
  }
  const first = days[0] as string;
  const last = days.at(-1) as string;
  return { days, start: new Date(amsterdamDayOf(first).start), end: new Date(amsterdamDayOf(last).end) };
}

/**
 * Orders placed and shipments made per Amsterdam day of `span` ({@link lastDays}), as maps by 'yyyy-MM-dd' (days
 * without any are absent). Read from counts the triggers of migration 0415 keep (ADR 0098), not from the orders and
 * shipments themselves: orders placed from `order_place_days` (one row per organisation and day), shipments made from
 * `shipment_hours` (per organisation, UTC hour, packer and order type; an Amsterdam day is a whole number of UTC
 * hours), both by their primary-key range, so the cost follows the days and organisations, not the orders.
 */
export async function placedAndShippedPerDay(
  ctx: TenantScope,
  span: { days: string[]; start: Date; end: Date },
): Promise<{ placed: Map<string, number>; shipped: Map<string, number> }> {
  const first = span.days[0] as string;
  const last = span.days.at(-1) as string;
  const q = tenantSql(ctx);
  const [placed, shipped] = await Promise.all([
    q
      .selectFrom('order_place_days as d')
      .where(orgScope(ctx, 'd'))
      .where('d.day', '>=', sql<Date>`${first}::date`)
      .where('d.day', '<=', sql<Date>`${last}::date`)
      .select([sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as('day'), sql<number>`sum(d.orders)::int`.as('n')])
      .groupBy('d.day')
      .execute(),
    q
      .selectFrom('shipment_hours as h')
      .where(orgScope(ctx, 'h'))
      .where('h.hour', '>=', span.start)
      .where('h.hour', '<=', span.end)
      .select([dayOf('h.hour').as('day'), sql<number>`sum(h.shipments)::int`.as('n')])
      .groupBy(sql`1`)
      .execute(),
  ]);
  return {
    placed: new Map(placed.map((r) => [r.day, r.n])),
    shipped: new Map(shipped.map((r) => [r.day, r.n])),
  };
}

/**
 * Orders placed and shipped per Amsterdam day over the last `days` days, today included (spec 1 §2 Home dashboard
 * 30-day column chart), from the kept counts ({@link placedAndShippedPerDay}). Every day is listed, empty ones as 0.
 */
export async function ordersPerDay(ctx: TenantScope, days: number, now = new Date()): Promise<OrdersPerDay> {
  const span = lastDays(days, now);
  const { placed, shipped } = await placedAndShippedPerDay(ctx, span);
  return {
    days: span.days.map((day) => ({ day, orders: placed.get(day) ?? 0, shipped: shipped.get(day) ?? 0 })),
  };
}

/** Products listed per order in the attention box; a longer order says so by its count. */
const ATTENTION_MAX_PRODUCTS = 20;

/**
 * Open orders with a red note, newest first, one page (spec 1 §2 Home dashboard 'Orders needing attention': the
 * note's colour and text and the products with ean and title). Reads the partial index of red-noted open orders
 * (migration 0210), then the page's lines.
 */
export async function attentionOrders(
  ctx: TenantScope,
  page: { skip: number; limit: number },
): Promise<Page<AttentionOrder>> {
  const q = tenantSql(ctx);
  const base = q
    .selectFrom('orders as o')
    .where(orgScope(ctx, 'o'))
    .where('o.notes_color', '=', 'red')
    .where('o.status', '=', 'open');
  const [rows, count] = await Promise.all([
    base
      .innerJoin('organisations as g', 'g.id', 'o.org_id')
      .select(['o.id', 'o.order_id', 'g.name as org_name', 'o.placed_at', 'o.notes_color', 'o.notes_text'])
      .orderBy('o.placed_at', 'desc')
      .orderBy('o.id', 'desc')
      .offset(page.skip)
      .limit(page.limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.id);
  const lines =
    ids.length === 0
      ? []
      : await q
          .selectFrom('order_lines as l')
          .where(orgScope(ctx, 'l'))
          .where('l.order_id', 'in', ids)
          .select(['l.order_id', 'l.ean', 'l.title', 'l.quantity'])
          .orderBy('l.order_id')
          .orderBy('l.position')
          .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      order_id: r.order_id,
      org_name: r.org_name,
      placed_at: r.placed_at.toISOString(),
      notes_color: r.notes_color ?? 'red',
      notes_text: r.notes_text ?? '',
      products: lines
        .filter((l) => l.order_id === r.id)
        .slice(0, ATTENTION_MAX_PRODUCTS)
        .map((l) => ({ ean: l.ean, title: l.title, quantity: l.quantity })),
    })),
    total: count.n,
    skip: page.skip,
    limit: page.limit,
  };
}

/**
 * Orders shipped in the last {@link FULFILLED_WINDOW_DAYS} days up to `now`, newest first, one page (spec 2 §2
 * Notification panel, §7 `GET /user/orders/fulfilled`): the page from the shipments' moment indexes (migration 0100),
 * the count from the kept shipment hours of the window and its two edge slices ({@link shipmentsOfRange}, ADR 0130), so
 * it follows the window's hours, not its parcels (the panel shows on every screen; a busy week is 50,000 parcels).
 */
export async function fulfilledOrders(
  ctx: TenantScope,
  page: { skip: number; limit: number },
  now = new Date(),
): Promise<Page<FulfilledOrder>> {
  const since = new Date(now.getTime() - FULFILLED_WINDOW_DAYS * DAY_MS);
  const q = tenantSql(ctx);
  const [rows, count] = await Promise.all([
    q
      .selectFrom('shipments as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .innerJoin('organisations as g', 'g.id', 's.org_id')
      .where(orgScope(ctx, 's'))
      .where(orgScope(ctx, 'o'))
      .where('s.created_at', '>=', since)
      .where('s.created_at', '<=', now)
      .select([
        'o.id',
        'o.order_id',
        'g.name as org_name',
        's.id as shipment_id',
        's.created_at',
        's.carrier',
        's.tracking_number',
      ])
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .offset(page.skip)
      .limit(page.limit)
      .execute(),
    sql<{ n: number }>`
      SELECT coalesce(sum(x.n), 0)::int AS n
        FROM (${shipmentsOfRange(ctx, { start: since.toISOString(), end: now.toISOString() }, false)}) x`
      .execute(q)
      .then((r) => r.rows[0] ?? { n: 0 }),
  ]);
  return {
    items: rows.map(({ created_at, ...r }) => ({ ...r, shipped_at: created_at.toISOString() })),
    total: count.n,
    skip: page.skip,
    limit: page.limit,
  };
}

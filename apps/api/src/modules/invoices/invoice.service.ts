import { centsToEuroText, type Invoice, type InvoiceOrder } from '@hoppa/core';
import { sql } from 'kysely';
import { systemSql } from '../../db/kysely.ts';
import { orgScopeSql, type TenantScope } from '../../db/tenant.ts';
import { notFound } from '../../lib/errors.ts';
import { type Period, periodBounds, storageSummary } from './storage.service.ts';

/** The invoice's scope: one organisation (the current one). */
export interface InvoiceScope extends TenantScope {
  orgIds: readonly [string];
}

/** A row of the period's totals. */
interface Totals {
  n: number;
  fulfilment: number;
  method: number;
  packaging: number;
}

/**
 * The invoice of the current organisation for a period (spec 3 §3 Invoice, §7 `GET /invoice/get/{start}/{end}`;
 * issue 16 item 4; docs/decisions/0052-invoices.md, 0058-invoice-aggregates.md). All money is integer euro cents
 * summed in SQL from aggregates kept in the writing transactions (migration 0320):
 * - per shipped order (status shipped, shipped in the period): the box's fulfilment cost (`shipment_boxes.price_cents`),
 *   the shipment method's price (`shipment_methods.price_cents`), the box's packaging cost (`package_cost_cents`) and
 *   its surcharges, at the prices of its shipping (`order_charges`, migration 0320); an order without a box or
 *   method costs 0 for it;
 * - `store` surcharges once per period when a shipped order of the period carried a product with one;
 * - storage per location per day ({@link storageSummary});
 * - inbound surcharges (cost × amount) of inbound items submitted in the period.
 * Totals cover the whole period (the day rows `order_charge_days`, `order_surcharge_days`: at most 92 rows); `orders`
 * is one page of the shipped orders by shipping moment.
 * Errors: none of its own (the period was checked at the edge); 404 when the organisation does not exist.
 */
export async function invoice(
  scope: InvoiceScope,
  p: Period,
  page: { skip: number; limit: number },
): Promise<Invoice> {
  const db = systemSql(scope.db);
  const org = await db
    .selectFrom('organisations')
    .select(['id', 'name'])
    .where('id', '=', scope.orgIds[0])
    .executeTakeFirst();
  if (!org) throw notFound('Organisation not found');

  const totals = (
    await sql<Totals>`
      SELECT coalesce(sum(d.orders), 0)::int AS n,
             coalesce(sum(d.fulfilment_cents), 0)::int AS fulfilment,
             coalesce(sum(d.method_cents), 0)::int AS method,
             coalesce(sum(d.packaging_cents), 0)::int AS packaging
        FROM order_charge_days d
       WHERE ${orgScopeSql(scope, 'd')} AND d.day BETWEEN ${p.start}::date AND ${p.end}::date`.execute(db)
  ).rows[0] as Totals;

  // Independent reads, side by side (on PostgreSQL each on its own pooled connection).
  const [surcharges, storage, inbound, { next: _next, ...orders }] = await Promise.all([
    surchargeTotals(scope, p),
    storageSummary(scope, p),
    inboundSurcharges(scope, p),
    invoiceOrders(scope, p, page, totals.n),
  ]);
  const surchargeCents = surcharges.reduce((s, x) => s + x.cents, 0);

  const total =
    totals.fulfilment +
    totals.method +
    totals.packaging +
    surchargeCents +
    storage.totalCents +
    inbound.totalCents;
  return {
    org: { id: org.id, name: org.name },
    start: p.start,
    end: p.end,
    currency: 'EUR',
    orders_count: totals.n,
    total_fulfilment_cents: totals.fulfilment,
    total_used_shipment_method_cents: totals.method,
    total_used_packaging_cents: totals.packaging,
    total_used_surcharge_cents: surchargeCents,
    total_inbound_surcharge_cents: inbound.totalCents,
    total_storage_cents: storage.totalCents,
    total_cents: total,
    total_fulfilment: centsToEuroText(totals.fulfilment),
    total_used_shipment_method: centsToEuroText(totals.method),
    total_used_packaging: centsToEuroText(totals.packaging),
    total_used_surcharge: centsToEuroText(surchargeCents),
    total: centsToEuroText(total),
    storage: {
      storage: storage.days,
      by_type: storage.byType,
      total_cost_cents: storage.totalCents,
      total_cost: centsToEuroText(storage.totalCents),
    },
    surcharges,
    inbound_surcharges: inbound.lines,
    orders,
  };
}

/**
 * The surcharges of the period per code (order, order-line and line-amount ones over the shipped orders; `store`
 * ones once when any shipped order carried a product with it), quantity × price = cents, by code.
 */
export async function surchargeTotals(scope: TenantScope, p: Period): Promise<Invoice['surcharges']> {
  const rows = await sql<{
    code: string;
    name: string;
    type: Invoice['surcharges'][number]['type'];
    quantity: number;
    cents: number;
  }>`
    WITH per AS (
      SELECT d.surcharge_id, d.type, sum(d.quantity)::int AS quantity, sum(d.cents)::int AS cents
        FROM order_surcharge_days d
       WHERE ${orgScopeSql(scope, 'd')} AND d.day BETWEEN ${p.start}::date AND ${p.end}::date
       GROUP BY 1, 2
    )
    SELECT s.code, s.name, per.type,
           CASE WHEN per.type = 'store' THEN 1 ELSE per.quantity END AS quantity,
           CASE WHEN per.type = 'store' THEN s.price_cents ELSE per.cents END AS cents
      FROM per JOIN surcharges s ON s.id = per.surcharge_id
     ORDER BY s.code`.execute(systemSql(scope.db));
  return rows.rows;
}

/**
 * One page of the shipped orders with their costs (`order_charges`, at the prices of their shipping), by shipping
 * moment (then id): `skip` rows on — found through the day rows `order_charge_days`, so only the orders of the
 * page's first day are skipped — or with `after` (the `next` of the page before, keyset `(shipped_at, order_id)`)
 * the rows after that one. `next` is null on the last page. Past the end: no items.
 */
export async function invoiceOrders(
  scope: TenantScope,
  p: Period,
  page: { skip: number; limit: number; after?: string },
  total: number,
): Promise<{ items: InvoiceOrder[]; total: number; skip: number; limit: number; next: string | null }> {
  const db = systemSql(scope.db);
  // The export reads on from the last row (keyset: shipped_at then id) instead of skipping ever more rows.
  const after = page.after ? (JSON.parse(page.after) as [string, string]) : null;
  // A page deep in the period starts on the day that holds its first row (the day rows count the orders), skipping
  // only within that day: at most a day's orders, not the period's.
  let from: Period = p;
  let offset = after ? 0 : page.skip;
  if (!after && page.skip > 0) {
    const start = (
      await sql<{ day: string; before: number }>`
        SELECT to_char(x.day, 'YYYY-MM-DD') AS day, x.before::int AS before FROM (
          SELECT d.day, d.orders, sum(d.orders) OVER (ORDER BY d.day) - d.orders AS before
            FROM order_charge_days d
           WHERE ${orgScopeSql(scope, 'd')} AND d.day BETWEEN ${p.start}::date AND ${p.end}::date
        ) x
         WHERE x.before + x.orders > ${page.skip}
         ORDER BY x.day LIMIT 1`.execute(db)
    ).rows[0];
    if (!start) return { items: [], total, skip: page.skip, limit: page.limit, next: null };
    from = { start: start.day, end: p.end };
    offset = page.skip - start.before;
  }
  const rows = await sql<
    Omit<InvoiceOrder, 'surcharges' | 'surcharge_cents' | 'total_cents' | 'shipped_at'> & {
      shipped_at: Date;
      cursor_at: string;
    }
  >`
    WITH b AS (${periodBounds(from)}),
    pg AS (
      SELECT c.shipped_at, c.order_id FROM order_charges c, b
       WHERE ${orgScopeSql(scope, 'c')} AND c.shipped_at >= b.t_from AND c.shipped_at < b.t_to
       ${after ? sql`AND (c.shipped_at, c.order_id) > (${after[0]}::timestamptz, ${after[1]}::char(24))` : sql``}
       ORDER BY c.shipped_at, c.order_id LIMIT ${page.limit} OFFSET ${offset}
    )
    SELECT c.order_id AS id, o.order_id, c.shipped_at, c.shipped_at::text AS cursor_at, c.lines, c.pieces,
           bx.name AS box, sm.name AS method, c.fulfilment_cents, c.method_cents AS shipment_method_cents,
           c.packaging_cents
      FROM pg
      JOIN order_charges c ON c.order_id = pg.order_id
      JOIN orders o ON o.id = c.order_id
      LEFT JOIN shipment_boxes bx ON bx.id = c.box_id
      LEFT JOIN shipment_methods sm ON sm.id = c.method_id
     ORDER BY pg.shipped_at, pg.order_id`.execute(db);
  const ids = rows.rows.map((r) => r.id);
  const charged =
    ids.length === 0
      ? []
      : (
          await sql<{ order_id: string } & InvoiceOrder['surcharges'][number]>`
            SELECT x.order_id, s.code, s.name, x.type, x.price_cents, x.quantity, x.cents
              FROM order_surcharge_charges x JOIN surcharges s ON s.id = x.surcharge_id
             WHERE x.order_id = ANY(${ids}::char(24)[]) AND ${orgScopeSql(scope, 'x')} AND x.type <> 'store'
             ORDER BY s.code`.execute(db)
        ).rows;
  const byOrder = new Map<string, typeof charged>();
  for (const c of charged) byOrder.set(c.order_id, [...(byOrder.get(c.order_id) ?? []), c]);
  const last = rows.rows.at(-1);
  return {
    next: last && rows.rows.length === page.limit ? JSON.stringify([last.cursor_at, last.id]) : null,
    items: rows.rows.map(({ cursor_at: _c, ...r }) => {
      const surcharges = (byOrder.get(r.id) ?? []).map(({ order_id: _o, ...c }) => c);
      const surchargeCents = surcharges.reduce((s, c) => s + c.cents, 0);
      // Assigned onto the row, not spread into a new literal (≈ 3 µs a field on Node 20; ADR 0132).
      return Object.assign(r, {
        shipped_at: new Date(r.shipped_at).toISOString(),
        surcharges,
        surcharge_cents: surchargeCents,
        total_cents: r.fulfilment_cents + r.shipment_method_cents + r.packaging_cents + surchargeCents,
      });
    }),
    total,
    skip: page.skip,
    limit: page.limit,
  };
}

/** The most inbound surcharge lines an invoice lists (the total always covers all of them). */
export const INBOUND_SURCHARGE_LINES = 500;

/**
 * The surcharges on inbound items submitted (counted and closed by the warehouse) in the period (spec 2 §3 Inbound
 * item surcharge list; §9 total = cost × amount): the first {@link INBOUND_SURCHARGE_LINES} lines by moment and the
 * total of all of them, cents.
 */
export async function inboundSurcharges(
  scope: TenantScope,
  p: Period,
): Promise<{ lines: Invoice['inbound_surcharges']; totalCents: number }> {
  const db = systemSql(scope.db);
  const from = sql`
    FROM inbound_items i
    JOIN b ON i.submitted_at >= b.t_from AND i.submitted_at < b.t_to
    JOIN inbounds ib ON ib.id = i.inbound_id AND ${orgScopeSql(scope, 'ib')}
    JOIN products p ON p.id = i.product_id AND ${orgScopeSql(scope, 'p')}
    CROSS JOIN LATERAL (
      SELECT e.s ->> 'description' AS description, (e.s ->> 'cost_cents')::int AS cost_cents,
             (e.s ->> 'amount')::int AS amount, e.n
        FROM jsonb_array_elements(i.surcharges) WITH ORDINALITY AS e(s, n)
    ) AS x
    WHERE ${orgScopeSql(scope, 'i')}`;
  const lines = await sql<Invoice['inbound_surcharges'][number] & { submitted_at: Date }>`
    WITH b AS (${periodBounds(p)})
    SELECT ib.inbound_number, i.id AS item_id, (x.n - 1)::int AS position, p.ean, p.name AS product, i.submitted_at,
           x.description, x.cost_cents, x.amount, (x.cost_cents * x.amount)::int AS cents
    ${from}
    ORDER BY i.submitted_at, i.id, x.n
    LIMIT ${INBOUND_SURCHARGE_LINES}`.execute(db);
  const total = await sql<{ cents: number }>`
    WITH b AS (${periodBounds(p)})
    SELECT coalesce(sum(x.cost_cents * x.amount), 0)::int AS cents ${from}`.execute(db);
  return {
    lines: lines.rows.map((r) => Object.assign(r, { submitted_at: new Date(r.submitted_at).toISOString() })),
    totalCents: total.rows[0]?.cents ?? 0,
  };
}

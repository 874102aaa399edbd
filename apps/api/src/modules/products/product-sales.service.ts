import { type MostSold, SALES_WINDOW_DAYS } from '@hoppa/core';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { startScheduled } from '../../lib/scheduled.ts';

/** The warehouse day (Amsterdam) of `at` in SQL (migration 0090 `hoppa_warehouse_day`): a `date` expression. */
export function warehouseDay(at: Date) {
  return sql<string>`hoppa_warehouse_day(${at.toISOString()}::timestamptz)`;
}

/**
 * Moves organisation `orgId`'s kept 30-day sales totals (`product_sales_30d`, migration 0430) to the window ending on
 * the warehouse day of `at`, in a transaction of its own (`hoppa_sales_30d_roll`: the days that entered the window
 * added, those that left it subtracted, under the organisation's lock; never backwards). Runs once per organisation
 * and warehouse day, on the first read that finds the totals behind (ADR 0103).
 */
export async function rollSalesWindow(db: Db, orgId: string, at: Date = new Date()): Promise<void> {
  await db.transaction((tx) =>
    tx.query('SELECT hoppa_sales_30d_roll($1::char(24), hoppa_warehouse_day($2::timestamptz))', [
      orgId,
      at.toISOString(),
    ]),
  );
}

/**
 * Rolls the kept 30-day totals of every organisation whose kept day is behind the warehouse day of `at`
 * ({@link rollSalesWindow}, one transaction per organisation), so that the first best-seller read of a new day does
 * not pay for it. Organisations without kept totals are left for their first read. Returns how many were rolled.
 */
export async function rollDueSalesWindows(db: Db, at: Date = new Date()): Promise<number> {
  const due = await systemSql(db)
    .selectFrom('product_sales_window as w')
    .where(sql<boolean>`w.day < ${warehouseDay(at)}`)
    .select('w.org_id')
    .orderBy('w.org_id')
    .execute();
  for (const r of due) await rollSalesWindow(db, r.org_id, at);
  return due.length;
}

/**
 * Starts the background roll of the best sellers' kept window ({@link rollDueSalesWindows}) every 10 minutes, the
 * first a minute after the start (docs/architecture.md "Background jobs"). Several processes may roll at once: the
 * roll takes the organisation's lock and does nothing for a day already kept. Returns the stop function.
 */
export function startSalesWindowRoller(db: Db, log: (msg: string) => void): () => Promise<void> {
  return startScheduled({
    name: 'Best-seller window roll',
    intervalMs: 600_000,
    firstAfterMs: 60_000,
    round: () => rollDueSalesWindows(db),
    log,
  });
}

type SoldRow = MostSold['products'][number];

/**
 * The top `limit` of organisation `orgId` from the kept totals (one index range of `product_sales_30d (org_id, sold
 * DESC, name, product_id)`, then `limit` product and stock lookups by key), with whether they are kept for the warehouse
 * day of `at` (`current`; null when the organisation has no kept totals yet). One statement, so the rows and the day
 * they belong to come from one snapshot.
 */
async function keptTop(db: Db, orgId: string, limit: number, at: Date) {
  const scope = { db, orgIds: [orgId] };
  const q = tenantSql(scope);
  const rows = await q
    .selectFrom('product_sales_window as w')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom(
            eb
              .selectFrom('product_sales_30d as k')
              .where(orgScope(scope, 'k'))
              .select(['k.product_id', 'k.name', 'k.sold'])
              .orderBy('k.sold', 'desc')
              .orderBy('k.name')
              .orderBy('k.product_id')
              .limit(limit)
              .as('k'),
          )
          .innerJoin('products as p', 'p.id', 'k.product_id')
          .leftJoin('product_stock as ps', (join) =>
            join.onRef('ps.product_id', '=', 'p.id').on(orgScope(scope, 'ps')),
          )
          .where(orgScope(scope, 'p'))
          .select([
            'p.id',
            'k.name',
            'p.ean',
            'p.img_url',
            'k.sold',
            sql<number>`COALESCE(ps.stock, 0)::int`.as('sf_stock'),
          ])
          .as('t'),
      (join) => join.onTrue(),
    )
    .where(orgScope(scope, 'w'))
    .select([
      sql<boolean>`w.day = ${warehouseDay(at)}`.as('current'),
      't.id',
      't.name',
      't.ean',
      't.img_url',
      't.sold',
      't.sf_stock',
    ])
    .orderBy('t.sold', 'desc')
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
  const first = rows[0];
  if (!first) return { current: null, products: [] as SoldRow[] };
  return {
    current: Boolean(first.current),
    products: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id as string,
        name: r.name as string,
        ean: r.ean as string,
        img_url: r.img_url,
        sold: Number(r.sold),
        sf_stock: Number(r.sf_stock),
      })),
  };
}

/**
 * The top `limit` of the scope by pieces summed over the warehouse days `(day(at) - days, day(at)]` of
 * `product_sales_days` (one index range of the organisation's days): the reader for windows other than the kept one
 * and for a day the totals are not kept for. Only the top `limit` by pieces (with every product tied with the last)
 * visit `products`.
 */
async function summedTop(scope: TenantScope, days: number, limit: number, at: Date): Promise<SoldRow[]> {
  const q = tenantSql(scope);
  const day = warehouseDay(at);
  const rows = await q
    .selectFrom(
      q
        .selectFrom('product_sales_days as d')
        .where(orgScope(scope, 'd'))
        .where(sql<boolean>`d.day > ${day} - ${days}::int`)
        .where(sql<boolean>`d.day <= ${day}`)
        .groupBy('d.product_id')
        .having(sql`sum(d.quantity)`, '>', 0)
        .select(['d.product_id', sql<number>`sum(d.quantity)::int`.as('sold')])
        // The products tied with the `limit`-th on pieces come along: their names decide which of them are shown.
        .orderBy('sold', 'desc')
        .offset(0)
        .fetch(limit, 'with ties')
        .as('s'),
    )
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('product_stock as ps', (join) =>
      join.onRef('ps.product_id', '=', 'p.id').on(orgScope(scope, 'ps')),
    )
    .where(orgScope(scope, 'p'))
    .select([
      'p.id',
      'p.name',
      'p.ean',
      'p.img_url',
      's.sold',
      sql<number>`COALESCE(ps.stock, 0)::int`.as('sf_stock'),
    ])
    .orderBy('s.sold', 'desc')
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, sold: Number(r.sold), sf_stock: Number(r.sf_stock) }));
}

/**
 * The scope's best sellers (spec 3 §7 `GET /most_sold_product`): pieces shipped per product on the warehouse days
 * `(day(at) - days, day(at)]`, most first (ties by name, then id), at most `limit`, each with the stock it has left
 * (`product_stock`, migration 0410). For one organisation and the 30-day window (core's SALES_WINDOW_DAYS, the
 * default) the answer is read from the kept totals (`product_sales_30d`, migration 0430, ADR 0103): the first `limit`
 * entries of an index, after rolling the totals to `at`'s day if they are behind. Any other window, several
 * organisations, or totals kept for a later day than `at`'s are summed from `product_sales_days` (same answer).
 */
export async function mostSoldProducts(
  scope: TenantScope,
  { days, limit }: { days: number; limit: number },
  at: Date = new Date(),
): Promise<MostSold> {
  const [orgId] = scope.orgIds;
  if (days === SALES_WINDOW_DAYS && orgId !== undefined && scope.orgIds.length === 1) {
    let kept = await keptTop(scope.db, orgId, limit, at);
    if (kept.current !== true) {
      await rollSalesWindow(scope.db, orgId, at);
      kept = await keptTop(scope.db, orgId, limit, at);
    }
    if (kept.current === true) return { days, products: kept.products };
  }
  return { days, products: await summedTop(scope, days, limit, at) };
}

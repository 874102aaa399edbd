import { STORAGE_TYPES, type StorageDay, type StorageLocation, type StoragePrices } from '@hoppa/core';
import { type RawBuilder, sql } from 'kysely';
import { systemSql } from '../../db/kysely.ts';
import { orgScopeSql, type TenantScope } from '../../db/tenant.ts';

/** An invoice period: Amsterdam calendar days `YYYY-MM-DD`, both included. */
export interface Period {
  start: string;
  end: string;
}

/** The instants of a period: Amsterdam midnight of `start` until Amsterdam midnight after `end`, as SQL. */
export function periodBounds(p: Period): RawBuilder<unknown> {
  return sql`SELECT (${p.start}::date::timestamp AT TIME ZONE 'Europe/Amsterdam') AS t_from,
                    ((${p.end}::date + 1)::timestamp AT TIME ZONE 'Europe/Amsterdam') AS t_to`;
}

/**
 * The occupancy of the organisation in `scope.orgIds` (one: the invoice's) clipped to the period, as SQL common table
 * expressions ending in `iv(product_id, location_id, f, t)`: per product and location the Amsterdam days [f, t) of
 * the period on which it held stock (more than 0 pieces) at any moment. Read from `storage_occupancy` (migration
 * 0320, docs/decisions/0058-invoice-aggregates.md), which triggers on the stock ledger keep in the same transaction
 * as each stock change; the intervals of one pair are disjoint and not adjacent, so summing their lengths counts each
 * day once. Reads only the intervals ending after the period's start (index `storage_occupancy_org_to_idx`).
 */
function occupancyCtes(scope: TenantScope, p: Period): RawBuilder<unknown> {
  return sql`
    iv AS (
      SELECT so.product_id, so.location_id,
             greatest(so.from_day, ${p.start}::date) AS f, least(so.to_day, ${p.end}::date + 1) AS t
        FROM storage_occupancy so
       WHERE ${orgScopeSql(scope, 'so')} AND so.to_day > ${p.start}::date AND so.from_day <= ${p.end}::date
    )`;
}

/**
 * After {@link occupancyCtes}: `share(product_id, location_id, cost_cents)`, each product's share of the price of the
 * location-days it held stock on. A location is billed once a day however many of the organisation's products it
 * holds (the invoice's storage), so a location-day's price is split over the products on it that day in whole cents:
 * each gets `price / n` rounded down and the first `price % n` of them (by EAN, then id) one cent more, so the shares
 * of a location-day add up to its price exactly and the product sheets to the invoice's storage total. Worked out per
 * segment of constant occupancy (the location's interval bounds cut time), not per day.
 */
function shareCtes(): RawBuilder<unknown> {
  return sql`
    bounds AS (SELECT location_id, f AS d FROM iv UNION SELECT location_id, t FROM iv),
    seg AS (SELECT location_id, d AS s, lead(d) OVER (PARTITION BY location_id ORDER BY d) AS e FROM bounds),
    held AS (
      SELECT iv.product_id, iv.location_id, seg.e - seg.s AS days,
             count(*) OVER w AS n, row_number() OVER (w ORDER BY hp.ean, iv.product_id) - 1 AS rk
        FROM seg
        JOIN iv ON iv.location_id = seg.location_id AND iv.f <= seg.s AND seg.e <= iv.t
        JOIN products hp ON hp.id = iv.product_id
       WHERE seg.e IS NOT NULL
      WINDOW w AS (PARTITION BY seg.location_id, seg.s)
    ),
    share AS (
      SELECT h.product_id, h.location_id,
             sum(h.days * (coalesce(hs.price_cents, 0) / h.n
                           + CASE WHEN h.rk < coalesce(hs.price_cents, 0) % h.n THEN 1 ELSE 0 END))::int AS cost_cents
        FROM held h
        JOIN locations hl ON hl.id = h.location_id
        LEFT JOIN storage_prices hs ON hs.type = hl.type
       GROUP BY 1, 2
    )`;
}

/** What {@link storageSummary} answers: the days of the period and the totals per type. */
export interface StorageSummary {
  days: StorageDay[];
  byType: { type: string; location_days: number; price_cents: number; cents: number }[];
  totalCents: number;
}

/**
 * Storage of the period per Amsterdam day (spec 3 §3 Invoice storage lines; issue 16: "a location occupied by the
 * organisation's stock on a day is billed that day"): per day the locations billed (each once, whatever number of the
 * organisation's products it holds) by type, their cost at the provider's price per type (`storage_prices`; a bin
 * without a type costs nothing and shows as 'none'), the product-location pairs with stock, and the ledger's pieces
 * in (check-in, returns), out (picks) and transfers (arrivals). Every day of the period is a line, empty ones as 0.
 * Read from the maintained `storage_occupancy` intervals and `stock_move_days` (migration 0320; ADR 0058): work in
 * the number of the organisation's stock-place intervals, never in ledger rows.
 */
export async function storageSummary(scope: TenantScope, p: Period): Promise<StorageSummary> {
  const db = systemSql(scope.db);
  // Locations per type and day: the pairs' intervals merged per location (a location holding two of the shop's
  // products is billed once), then +1 on each interval's first day and -1 on the day after its last, summed per day.
  const typedQuery = sql<{ day: string; type: string; locations: number }>`
    WITH ${occupancyCtes(scope, p)},
    lm AS (
      SELECT location_id, f, t,
             max(t) OVER (PARTITION BY location_id ORDER BY f, t ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_t
        FROM iv
    ),
    lg AS (
      SELECT location_id, f, t,
             sum(CASE WHEN prev_t IS NULL OR f > prev_t THEN 1 ELSE 0 END) OVER (PARTITION BY location_id ORDER BY f, t) AS grp
        FROM lm
    ),
    li AS (SELECT location_id, min(f) AS f, max(t) AS t FROM lg GROUP BY location_id, grp),
    delta AS (
      SELECT coalesce(l.type, 'none') AS type, x.day, sum(x.d)::int AS d
        FROM li
        JOIN locations l ON l.id = li.location_id
        CROSS JOIN LATERAL (VALUES (li.f, 1), (li.t, -1)) AS x(day, d)
       GROUP BY 1, 2
    ),
    grid AS (
      SELECT ty.type, g::date AS day
        FROM (SELECT DISTINCT type FROM delta) ty,
             generate_series(${p.start}::date, ${p.end}::date, interval '1 day') AS g
    ),
    run AS (
      SELECT grid.type, grid.day,
             sum(coalesce(delta.d, 0)) OVER (PARTITION BY grid.type ORDER BY grid.day) AS locations
        FROM grid LEFT JOIN delta ON delta.type = grid.type AND delta.day = grid.day
    )
    SELECT to_char(day, 'YYYY-MM-DD') AS day, type, locations::int AS locations
      FROM run WHERE locations > 0 ORDER BY 1, 2`;
  // Per day: product-location pairs with stock (the same +1/-1 over the pairs' intervals) and the ledger's moves.
  const perDayQuery = sql<{
    day: string;
    pairs: number;
    inbounds: number;
    outbounds: number;
    transfers: number;
  }>`
    WITH ${occupancyCtes(scope, p)},
    delta AS (
      SELECT x.day, sum(x.d) AS d FROM iv CROSS JOIN LATERAL (VALUES (iv.f, 1), (iv.t, -1)) AS x(day, d) GROUP BY 1
    ),
    days AS (SELECT g::date AS day FROM generate_series(${p.start}::date, ${p.end}::date + 1, interval '1 day') AS g),
    run AS (
      SELECT days.day, sum(coalesce(delta.d, 0)) OVER (ORDER BY days.day) AS pairs
        FROM days LEFT JOIN delta ON delta.day = days.day
    )
    SELECT to_char(run.day, 'YYYY-MM-DD') AS day, run.pairs::int AS pairs, coalesce(m.inbounds, 0) AS inbounds,
           coalesce(m.outbounds, 0) AS outbounds, coalesce(m.transfers, 0) AS transfers
      FROM run
      LEFT JOIN stock_move_days m ON ${orgScopeSql(scope, 'm')} AND m.day = run.day
     WHERE run.day <= ${p.end}::date
     ORDER BY 1`;
  const [typed, perDay, priceRows] = await Promise.all([
    typedQuery.execute(db),
    perDayQuery.execute(db),
    storagePriceRows(scope),
  ]);
  const prices = new Map(priceRows.map((r) => [r.type as string, r.price_cents]));
  const days = new Map<string, StorageDay>();
  for (const r of perDay.rows)
    days.set(r.day, {
      date: r.day,
      inbounds: r.inbounds,
      outbounds: r.outbounds,
      transfers: r.transfers,
      total_locations: 0,
      location_products: r.pairs,
      by_type: {},
      price_cents: 0,
    });
  const byTypeMap = new Map<string, { location_days: number; cents: number }>();
  for (const r of typed.rows) {
    const d = days.get(r.day);
    if (!d) continue;
    // A bin without a type (or a type without a price) costs nothing.
    const cents = r.locations * (prices.get(r.type) ?? 0);
    d.total_locations += r.locations;
    d.by_type[r.type] = r.locations;
    d.price_cents += cents;
    const tt = byTypeMap.get(r.type) ?? { location_days: 0, cents: 0 };
    tt.location_days += r.locations;
    tt.cents += cents;
    byTypeMap.set(r.type, tt);
  }
  const byType = [...byTypeMap.entries()]
    .sort((a, b) => typeRank(a[0]) - typeRank(b[0]) || a[0].localeCompare(b[0]))
    .map(([type, v]) => ({
      type,
      location_days: v.location_days,
      price_cents: prices.get(type) ?? 0,
      cents: v.cents,
    }));
  return { days: [...days.values()], byType, totalCents: byType.reduce((s, t) => s + t.cents, 0) };
}

const typeRank = (t: string) => {
  const i = (STORAGE_TYPES as readonly string[]).indexOf(t);
  return i < 0 ? STORAGE_TYPES.length : i;
};

/** The provider's storage price rows (migration 0290), in the order of {@link STORAGE_TYPES}. */
async function storagePriceRows(scope: TenantScope) {
  const rows = await systemSql(scope.db)
    .selectFrom('storage_prices')
    .select(['type', 'price_cents'])
    .execute();
  return rows.sort((a, b) => typeRank(a.type) - typeRank(b.type));
}

/** `GET /invoice/storage` (spec 3 §7 billing): the provider's storage prices per location type, cents per day. */
export async function storagePrices(scope: TenantScope): Promise<StoragePrices> {
  const rows = await storagePriceRows(scope);
  return {
    currency: 'EUR',
    unit: 'location-day',
    prices: STORAGE_TYPES.map((type) => ({
      type,
      price_cents: rows.find((r) => r.type === type)?.price_cents ?? 0,
    })),
  };
}

/**
 * The products on locations in the period (`GET /invoice/storage/price/{bool}`, the export's Product Locations
 * sheet): per product and location the Amsterdam days it held stock there, by location name then EAN; with
 * `withPrice` the location type's price per day and the product's share of the location-days' cost (days × price
 * when it had the location to itself; a day shared with other products of the shop is split, see
 * {@link shareCtes}, so the rows add up to the invoice's storage total), else both null. `total` counts every pair.
 */
export async function storageLocations(
  scope: TenantScope,
  p: Period,
  page: { skip: number; limit: number },
  withPrice: boolean,
): Promise<{ items: StorageLocation[]; total: number; skip: number; limit: number }> {
  const rows = await sql<StorageLocation & { total: number }>`
    WITH ${occupancyCtes(scope, p)},
    pairs AS (
      SELECT product_id, location_id, sum(t - f)::int AS days, min(f) AS first_day, max(t) - 1 AS last_day
        FROM iv GROUP BY 1, 2
    ),
    ${shareCtes()}
    SELECT pr.product_id, p.ean, p.name AS product, pr.location_id, l.name AS location, l.type,
           to_char(pr.first_day, 'YYYY-MM-DD') AS first_day, to_char(pr.last_day, 'YYYY-MM-DD') AS last_day, pr.days,
           coalesce(sp.price_cents, 0) AS price_cents, coalesce(sh.cost_cents, 0) AS cost_cents,
           count(*) OVER ()::int AS total
      FROM pairs pr
      JOIN products p ON p.id = pr.product_id AND ${orgScopeSql(scope, 'p')}
      JOIN locations l ON l.id = pr.location_id
      LEFT JOIN storage_prices sp ON sp.type = l.type
      LEFT JOIN share sh ON sh.product_id = pr.product_id AND sh.location_id = pr.location_id
     ORDER BY l.name, p.ean
     LIMIT ${page.limit} OFFSET ${page.skip}`.execute(systemSql(scope.db));
  const total = rows.rows[0]?.total ?? (page.skip > 0 ? await countPairs(scope, p) : 0);
  return {
    items: rows.rows.map(({ total: _t, ...r }) =>
      Object.assign(r, {
        price_cents: withPrice ? r.price_cents : null,
        cost_cents: withPrice ? r.cost_cents : null,
      }),
    ),
    total,
    skip: page.skip,
    limit: page.limit,
  };
}

/** The number of product-location pairs with storage days (for a page past the end). */
async function countPairs(scope: TenantScope, p: Period): Promise<number> {
  const r = await sql<{ n: number }>`
    WITH ${occupancyCtes(scope, p)}
    SELECT count(*)::int AS n FROM (SELECT DISTINCT product_id, location_id FROM iv) x`.execute(
    systemSql(scope.db),
  );
  return r.rows[0]?.n ?? 0;
}

/**
 * Per product over the period (the export's Product Storage Summary sheet): the locations it held stock on, its
 * location-days in total and per type, and its share of their cost (a location-day shared with other products of
 * the shop split between them, {@link shareCtes}), so the rows add up to the invoice's storage total. Unpaged: at
 * most one row per product of the organisation, streamed into the spreadsheet.
 */
export async function productStorageSummary(
  scope: TenantScope,
  p: Period,
): Promise<
  {
    ean: string;
    product: string;
    locations: number;
    location_days: number;
    by_type: Record<string, number>;
    cost_cents: number;
  }[]
> {
  const rows = await sql<{
    product_id: string;
    ean: string;
    product: string;
    type: string;
    locations: number;
    days: number;
    cents: number;
  }>`
    WITH ${occupancyCtes(scope, p)},
    ${shareCtes()},
    pairs AS (SELECT product_id, location_id, sum(t - f)::int AS days FROM iv GROUP BY 1, 2)
    SELECT o.product_id, p.ean, p.name AS product, coalesce(l.type, 'none') AS type,
           count(*)::int AS locations, sum(o.days)::int AS days, coalesce(sum(sh.cost_cents), 0)::int AS cents
      FROM pairs o
      JOIN products p ON p.id = o.product_id AND ${orgScopeSql(scope, 'p')}
      JOIN locations l ON l.id = o.location_id
      LEFT JOIN share sh ON sh.product_id = o.product_id AND sh.location_id = o.location_id
     GROUP BY 1, 2, 3, 4
     ORDER BY 2, 4`.execute(systemSql(scope.db));
  const out = new Map<
    string,
    {
      ean: string;
      product: string;
      locations: number;
      location_days: number;
      by_type: Record<string, number>;
      cost_cents: number;
    }
  >();
  for (const r of rows.rows) {
    const e = out.get(r.product_id) ?? {
      ean: r.ean,
      product: r.product,
      locations: 0,
      location_days: 0,
      by_type: {},
      cost_cents: 0,
    };
    e.locations += r.locations;
    e.location_days += r.days;
    e.by_type[r.type] = r.days;
    e.cost_cents += r.cents;
    out.set(r.product_id, e);
  }
  return [...out.values()];
}

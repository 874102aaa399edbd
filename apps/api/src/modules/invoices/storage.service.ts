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
 * The storage days of the organisation in `scope.orgIds` (one: the invoice's) as SQL common table expressions,
 * ending in `occ(product_id, location_id, day)`: each Amsterdam day of the period on which the product held stock
 * (more than 0 pieces) on the location at any moment, once. From the stock ledger (ADR 0034) without reading its
 * history: the balance at the period's start (`opening`) is today's `product_locations.stock` minus the ledger rows
 * since the start (the ledger invariant: stock = sum of its rows). The rows inside the period give, per product,
 * location and day with rows, the balance at the day's start, its highest balance after a row and its balance at the
 * end (`evd`); a day with rows is occupied when any of them is positive, the days between two days with rows carry the
 * end balance, the days before the first carry the opening balance. Reads only the rows since the start (index
 * `stock_mutations_org_created_idx`) and the organisation's stock places (`product_locations_org_idx`). Also
 * `ev(product_id, location_id, t, id, quantity, reason)`, the ledger rows of the period.
 */
function storageCtes(scope: TenantScope, p: Period): RawBuilder<unknown> {
  return sql`
    b AS (${periodBounds(p)}),
    cur AS (
      SELECT pl.product_id, pl.location_id, pl.stock FROM product_locations pl WHERE ${orgScopeSql(scope, 'pl')}
    ),
    since AS (
      SELECT m.product_id, m.location_id, sum(m.quantity)::int AS q
        FROM stock_mutations m, b
       WHERE ${orgScopeSql(scope, 'm')} AND m.location_id IS NOT NULL AND m.created_at >= b.t_from
       GROUP BY 1, 2
    ),
    opening AS (
      SELECT coalesce(c.product_id, s.product_id) AS product_id, coalesce(c.location_id, s.location_id) AS location_id,
             coalesce(c.stock, 0) - coalesce(s.q, 0) AS bal
        FROM cur c FULL JOIN since s ON s.product_id = c.product_id AND s.location_id = c.location_id
    ),
    ev AS (
      SELECT m.product_id, m.location_id, m.created_at AS t, m.id, m.quantity, m.reason
        FROM stock_mutations m, b
       WHERE ${orgScopeSql(scope, 'm')} AND m.location_id IS NOT NULL AND m.created_at >= b.t_from AND m.created_at < b.t_to
    ),
    run AS (
      SELECT e.product_id, e.location_id, (e.t AT TIME ZONE 'Europe/Amsterdam')::date AS day, e.t, e.id,
             o.bal + sum(e.quantity) OVER (PARTITION BY e.product_id, e.location_id ORDER BY e.t, e.id) AS bal
        FROM ev e JOIN opening o ON o.product_id = e.product_id AND o.location_id = e.location_id
    ),
    evd AS (
      SELECT product_id, location_id, day, max(bal) AS peak, (array_agg(bal ORDER BY t DESC, id DESC))[1] AS close
        FROM run GROUP BY 1, 2, 3
    ),
    evd2 AS (
      SELECT x.product_id, x.location_id, x.day, x.peak, x.close,
             coalesce(lag(x.close) OVER w, o.bal) AS open_bal,
             coalesce(lead(x.day) OVER w, ${p.end}::date + 1) AS next_day
        FROM evd x JOIN opening o ON o.product_id = x.product_id AND o.location_id = x.location_id
      WINDOW w AS (PARTITION BY x.product_id, x.location_id ORDER BY x.day)
    ),
    firsts AS (SELECT product_id, location_id, min(day) AS first FROM evd GROUP BY 1, 2),
    occ AS (
      SELECT product_id, location_id, day FROM evd2 WHERE open_bal > 0 OR peak > 0
      UNION ALL
      SELECT x.product_id, x.location_id, g::date
        FROM evd2 x, generate_series(x.day + 1, x.next_day - 1, interval '1 day') AS g
       WHERE x.close > 0
      UNION ALL
      SELECT o.product_id, o.location_id, g::date
        FROM opening o
        LEFT JOIN firsts f ON f.product_id = o.product_id AND f.location_id = o.location_id,
             generate_series(${p.start}::date, coalesce(f.first, ${p.end}::date + 1) - 1, interval '1 day') AS g
       WHERE o.bal > 0
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
 */
export async function storageSummary(scope: TenantScope, p: Period): Promise<StorageSummary> {
  const rows = await sql<{
    day: string;
    type: string | null;
    locations: number;
    pairs: number;
    cents: number;
    inbounds: number;
    outbounds: number;
    transfers: number;
  }>`
    WITH ${storageCtes(scope, p)},
    locday AS (SELECT location_id, day, count(*) AS pairs FROM occ GROUP BY 1, 2),
    typed AS (
      SELECT ld.day, coalesce(l.type, 'none') AS type, count(*)::int AS locations, sum(ld.pairs)::int AS pairs,
             (count(*) * coalesce(max(sp.price_cents), 0))::int AS cents
        FROM locday ld JOIN locations l ON l.id = ld.location_id
        LEFT JOIN storage_prices sp ON sp.type = l.type
       GROUP BY 1, 2
    ),
    evday AS (
      SELECT (e.t AT TIME ZONE 'Europe/Amsterdam')::date AS day,
             sum(CASE WHEN e.reason IN ('checkin', 'return') AND e.quantity > 0 THEN e.quantity ELSE 0 END) AS inbounds,
             -sum(CASE WHEN e.reason = 'pick' THEN e.quantity ELSE 0 END) AS outbounds,
             count(*) FILTER (WHERE e.reason = 'transfer' AND e.quantity > 0) AS transfers
        FROM ev e GROUP BY 1
    )
    SELECT to_char(g::date, 'YYYY-MM-DD') AS day, t.type, coalesce(t.locations, 0) AS locations,
           coalesce(t.pairs, 0) AS pairs, coalesce(t.cents, 0) AS cents, coalesce(e.inbounds, 0)::int AS inbounds,
           coalesce(e.outbounds, 0)::int AS outbounds, coalesce(e.transfers, 0)::int AS transfers
      FROM generate_series(${p.start}::date, ${p.end}::date, interval '1 day') AS g
      LEFT JOIN typed t ON t.day = g::date
      LEFT JOIN evday e ON e.day = g::date
     ORDER BY 1, 2`.execute(systemSql(scope.db));
  const prices = new Map((await storagePriceRows(scope)).map((r) => [r.type as string, r.price_cents]));
  const days: StorageDay[] = [];
  const byTypeMap = new Map<string, { location_days: number; cents: number }>();
  for (const r of rows.rows) {
    let d = days.at(-1);
    if (d?.date !== r.day) {
      d = {
        date: r.day,
        inbounds: r.inbounds,
        outbounds: r.outbounds,
        transfers: r.transfers,
        total_locations: 0,
        location_products: 0,
        by_type: {},
        price_cents: 0,
      };
      days.push(d);
    }
    if (!r.type) continue;
    d.total_locations += r.locations;
    d.location_products += r.pairs;
    d.by_type[r.type] = r.locations;
    d.price_cents += r.cents;
    const tt = byTypeMap.get(r.type) ?? { location_days: 0, cents: 0 };
    tt.location_days += r.locations;
    tt.cents += r.cents;
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
  return { days, byType, totalCents: byType.reduce((s, t) => s + t.cents, 0) };
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
 * `withPrice` the location type's price per day and days × price, else both null. `total` counts every pair.
 */
export async function storageLocations(
  scope: TenantScope,
  p: Period,
  page: { skip: number; limit: number },
  withPrice: boolean,
): Promise<{ items: StorageLocation[]; total: number; skip: number; limit: number }> {
  const rows = await sql<StorageLocation & { total: number }>`
    WITH ${storageCtes(scope, p)},
    pairs AS (
      SELECT product_id, location_id, count(*)::int AS days, min(day) AS first_day, max(day) AS last_day
        FROM occ GROUP BY 1, 2
    )
    SELECT pr.product_id, p.ean, p.name AS product, pr.location_id, l.name AS location, l.type,
           to_char(pr.first_day, 'YYYY-MM-DD') AS first_day, to_char(pr.last_day, 'YYYY-MM-DD') AS last_day, pr.days,
           coalesce(sp.price_cents, 0) AS price_cents, (pr.days * coalesce(sp.price_cents, 0))::int AS cost_cents,
           count(*) OVER ()::int AS total
      FROM pairs pr
      JOIN products p ON p.id = pr.product_id AND ${orgScopeSql(scope, 'p')}
      JOIN locations l ON l.id = pr.location_id
      LEFT JOIN storage_prices sp ON sp.type = l.type
     ORDER BY l.name, p.ean
     LIMIT ${page.limit} OFFSET ${page.skip}`.execute(systemSql(scope.db));
  const total = rows.rows[0]?.total ?? (page.skip > 0 ? await countPairs(scope, p) : 0);
  return {
    items: rows.rows.map(({ total: _t, ...r }) => ({
      ...r,
      price_cents: withPrice ? r.price_cents : null,
      cost_cents: withPrice ? r.cost_cents : null,
    })),
    total,
    skip: page.skip,
    limit: page.limit,
  };
}

/** The number of product-location pairs with storage days (for a page past the end). */
async function countPairs(scope: TenantScope, p: Period): Promise<number> {
  const r = await sql<{ n: number }>`
    WITH ${storageCtes(scope, p)}
    SELECT count(*)::int AS n FROM (SELECT DISTINCT product_id, location_id FROM occ) x`.execute(
    systemSql(scope.db),
  );
  return r.rows[0]?.n ?? 0;
}

/**
 * Per product over the period (the export's Product Storage Summary sheet): the locations it held stock on, its
 * location-days in total and per type, and their cost at the type prices. Unpaged: at most one row per product of
 * the organisation, streamed into the spreadsheet.
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
    WITH ${storageCtes(scope, p)}
    SELECT o.product_id, p.ean, p.name AS product, coalesce(l.type, 'none') AS type,
           count(DISTINCT o.location_id)::int AS locations, count(*)::int AS days,
           (count(*) * coalesce(max(sp.price_cents), 0))::int AS cents
      FROM occ o
      JOIN products p ON p.id = o.product_id AND ${orgScopeSql(scope, 'p')}
      JOIN locations l ON l.id = o.location_id
      LEFT JOIN storage_prices sp ON sp.type = l.type
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

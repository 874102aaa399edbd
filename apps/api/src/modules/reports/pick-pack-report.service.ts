import type { PackDetails, ReportRangeQuery, ReportTable } from '@hoppa/core';
import { type RawBuilder, sql } from 'kysely';
import { orgScope, orgScopeSql, type TenantScope, tenantSql } from '../../db/tenant.ts';

/** The hour of the day on an Amsterdam clock, 'HH:00', of a timestamp column (the reports' row key). */
const hourOf = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'Europe/Amsterdam', 'HH24') || ':00'`;

/** A person's display name from the users join; work without a user (a script, a deleted account) is '?'. */
const personName = sql<string>`coalesce(u.first_name || ' ' || u.family_name, '?')`;

/** One cell of a report before it becomes a table: an hour, a person and a count. */
export interface HourPersonCount {
  hour: string;
  person: string;
  n: number;
}

/**
 * Turns hour × person counts into the spec's report table (spec 1 §7 `GET /report/pick`: "rows of hour plus
 * per-user counts, the first row being headers"): `['hour', …people by total, most first]`, then one row per hour,
 * earliest first, with 0 where a person did nothing that hour. Pure.
 */
export function toReportTable(cells: readonly HourPersonCount[]): ReportTable {
  const totals = new Map<string, number>();
  const hours = new Map<string, Map<string, number>>();
  for (const c of cells) {
    totals.set(c.person, (totals.get(c.person) ?? 0) + c.n);
    const row = hours.get(c.hour) ?? new Map<string, number>();
    row.set(c.person, (row.get(c.person) ?? 0) + c.n);
    hours.set(c.hour, row);
  }
  const people = [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([p]) => p);
  const rows = [...hours.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([hour, byPerson]) => [hour, ...people.map((p) => byPerson.get(p) ?? 0)]);
  return [['hour', ...people], ...rows];
}

/**
 * Pieces picked per Amsterdam hour and person in `[start, end]` (spec 1 §7 `GET /report/pick`, Scoreboard): the
 * stock ledger's pick rows (a pick takes `-quantity` pieces; an undone pick gives them back), read from the partial
 * index on pick rows by moment (migration 0210). Persons are named by the users join.
 */
export async function pickReport(ctx: TenantScope, range: ReportRangeQuery): Promise<ReportTable> {
  const rows = await tenantSql(ctx)
    .selectFrom('stock_mutations as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .where(orgScope(ctx, 'm'))
    .where('m.reason', '=', 'pick')
    .where('m.created_at', '>=', new Date(range.start))
    .where('m.created_at', '<=', new Date(range.end))
    .select([
      hourOf('m.created_at').as('hour'),
      personName.as('person'),
      sql<number>`(-sum(m.quantity))::int`.as('n'),
    ])
    .groupBy([sql`1`, sql`2`])
    .execute();
  return toReportTable(rows.filter((r) => r.n !== 0));
}

const HOUR_MS = 3_600_000;

/**
 * Splits a report range `[start, end]` (both ends included, as the reports read them) into the whole UTC hours inside
 * it, `[hoursFrom, hoursTo)`, which the kept `shipment_hours` rows answer, and the two edge slices
 * `[start, hoursFrom)` and `[hoursTo, end]`, read from the shipments themselves (at most an hour each). A range that
 * holds no whole hour is one slice: `hoursFrom = hoursTo = end`. Amsterdam's offsets are whole hours, so a UTC hour
 * is one Amsterdam hour. Pure; instants in milliseconds as `Date`.
 */
export function wholeHours(range: ReportRangeQuery): {
  start: Date;
  hoursFrom: Date;
  hoursTo: Date;
  end: Date;
} {
  const start = Date.parse(range.start);
  const end = Date.parse(range.end);
  let from = Math.ceil(start / HOUR_MS) * HOUR_MS;
  let to = Math.floor(end / HOUR_MS) * HOUR_MS;
  if (from > to) {
    from = end;
    to = end;
  }
  return { start: new Date(start), hoursFrom: new Date(from), hoursTo: new Date(to), end: new Date(end) };
}

/**
 * The shipments of `range` as counted rows `(at, shipped_by, order_type, speed_group, n)`: the kept `shipment_hours` of
 * the whole hours inside it (migrations 0415, 0454; `at` the hour's start) and, one row per shipment, those of the two
 * edge slices from the shipments' `(org_id, created_at)` index. With `withType` an edge shipment takes its order's type by primary
 * key (a scalar subquery: NULL when the order lies outside the request's organisations, which the caller drops as
 * the join did; a join here made the planner start parallel workers for a few hundred rows), else NULL. A moment
 * grouped by its Amsterdam hour gives the same counts as grouping every shipment of the range.
 */
export function shipmentsOfRange(ctx: TenantScope, range: ReportRangeQuery, withType: boolean) {
  const r = wholeHours(range);
  const type = withType
    ? sql`(SELECT o.order_type FROM orders o WHERE o.id = s.order_id AND ${orgScopeSql(ctx, 'o')})`
    : sql`NULL::text`;
  const slice = (from: Date, bounds: RawBuilder<unknown>) => sql`
    SELECT s.created_at AS at, s.shipped_by, ${type} AS order_type, s.speed_group, 1 AS n
      FROM shipments s
     WHERE ${orgScopeSql(ctx, 's')} AND s.created_at >= ${from} AND ${bounds}`;
  return sql`
    SELECT h.hour AS at, h.shipped_by, h.order_type, h.speed_group, h.shipments AS n
      FROM shipment_hours h
     WHERE ${orgScopeSql(ctx, 'h')} AND h.hour >= ${r.hoursFrom} AND h.hour < ${r.hoursTo}
    UNION ALL ${slice(r.start, sql`s.created_at < ${r.hoursFrom} AND s.created_at <= ${r.end}`)}
    UNION ALL ${slice(r.hoursTo, sql`s.created_at >= ${r.start} AND s.created_at <= ${r.end}`)}`;
}

/**
 * Orders packed and shipped per Amsterdam hour and person in `[start, end]` (spec 1 §7 `GET /report/pack`,
 * Scoreboard): one per shipment, by `shipped_by`. The whole hours come from the kept `shipment_hours`, the edges from
 * the shipments' moment index ({@link wholeHours}, ADR 0098): the cost follows the hours and people, not the parcels.
 */
export async function packReport(ctx: TenantScope, range: ReportRangeQuery): Promise<ReportTable> {
  const rows = await sql<HourPersonCount>`
    SELECT ${hourOf('x.at')} AS hour, ${personName} AS person,
           sum(x.n)::int AS n
      FROM (${shipmentsOfRange(ctx, range, false)}) x
      LEFT JOIN users u ON u.id = x.shipped_by
     GROUP BY 1, 2`.execute(tenantSql(ctx));
  return toReportTable(rows.rows);
}

/**
 * Packed orders per Amsterdam hour by order type in `[start, end]` (spec 1 §7 `GET /report/pack_details`,
 * Scoreboard "packed orders by type per hour"): the hours with work as categories, one series per order type. Read as
 * {@link packReport} (kept hours plus edge slices, ADR 0098).
 */
export async function packDetails(ctx: TenantScope, range: ReportRangeQuery): Promise<PackDetails> {
  const found = await sql<{ hour: string; type: string | null; n: number }>`
    SELECT ${hourOf('x.at')} AS hour, x.order_type AS type,
           sum(x.n)::int AS n
      FROM (${shipmentsOfRange(ctx, range, true)}) x
     GROUP BY 1, 2`.execute(tenantSql(ctx));
  // A shipment whose order lies outside the request's organisations has no type here; the join left it out.
  const rows = found.rows.filter((r): r is { hour: string; type: string; n: number } => r.type !== null);
  const categories = [...new Set(rows.map((r) => r.hour))].sort();
  const types = [...new Set(rows.map((r) => r.type))].sort();
  return {
    categories,
    series: types.map((name) => ({
      name,
      data: categories.map((h) => rows.find((r) => r.hour === h && r.type === name)?.n ?? 0),
    })),
  };
}

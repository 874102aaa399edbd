import type { PackDetails, ReportRangeQuery, ReportTable } from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';

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

/**
 * Orders packed and shipped per Amsterdam hour and person in `[start, end]` (spec 1 §7 `GET /report/pack`,
 * Scoreboard): one per shipment, by `shipped_by`, from the shipments' moment index.
 */
export async function packReport(ctx: TenantScope, range: ReportRangeQuery): Promise<ReportTable> {
  const rows = await tenantSql(ctx)
    .selectFrom('shipments as s')
    .leftJoin('users as u', 'u.id', 's.shipped_by')
    .where(orgScope(ctx, 's'))
    .where('s.created_at', '>=', new Date(range.start))
    .where('s.created_at', '<=', new Date(range.end))
    .select([hourOf('s.created_at').as('hour'), personName.as('person'), sql<number>`count(*)::int`.as('n')])
    .groupBy([sql`1`, sql`2`])
    .execute();
  return toReportTable(rows);
}

/**
 * Packed orders per Amsterdam hour by order type in `[start, end]` (spec 1 §7 `GET /report/pack_details`,
 * Scoreboard "packed orders by type per hour"): the hours with work as categories, one series per order type.
 */
export async function packDetails(ctx: TenantScope, range: ReportRangeQuery): Promise<PackDetails> {
  const rows = await tenantSql(ctx)
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .where(orgScope(ctx, 's'))
    .where(orgScope(ctx, 'o'))
    .where('s.created_at', '>=', new Date(range.start))
    .where('s.created_at', '<=', new Date(range.end))
    .select([hourOf('s.created_at').as('hour'), 'o.order_type as type', sql<number>`count(*)::int`.as('n')])
    .groupBy([sql`1`, sql`2`])
    .execute();
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

import {
  type CutOffGroup,
  type CutOffGroupBodySchema,
  cutOffGroupCreateEndpoint,
  type LocationGroup,
  type LocationGroupBodySchema,
  locationGroupCreateEndpoint,
  newId,
  type StockAnalysis,
} from '@hoppa/core';
import { sql } from 'kysely';
import type { z } from 'zod';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, orgScopeSql, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem } from '../../lib/errors.ts';
import { warehouseId } from './warehouse.ts';

type Page = { skip: number; limit: number };

/** The zones with their locations (spec 2 §7 `GET /location/groups`), by name, paged. */
export async function listLocationGroups(ctx: TenantScope, page: Page) {
  const groups = await systemSql(ctx.db)
    .selectFrom('location_groups as g')
    .select((eb) => ['g.id', 'g.name', eb.fn.countAll<string>().over().as('total')])
    .orderBy('g.name')
    .orderBy('g.id')
    .limit(page.limit)
    .offset(page.skip)
    .execute();
  const members =
    groups.length === 0
      ? []
      : await systemSql(ctx.db)
          .selectFrom('locations as l')
          .select(['l.id', 'l.name', 'l.group_id'])
          .where(
            'l.group_id',
            'in',
            groups.map((g) => g.id),
          )
          .orderBy('l.sequence')
          .orderBy('l.name')
          .execute();
  return {
    items: groups.map(
      (g): LocationGroup => ({
        id: g.id,
        name: g.name,
        locations: members.filter((m) => m.group_id === g.id).map((m) => ({ id: m.id, name: m.name })),
      }),
    ),
    total: Number(groups[0]?.total ?? 0),
    skip: page.skip,
    limit: page.limit,
  };
}

/**
 * A new zone holding `location_ids` (issue 9 `POST /location/groups`): they leave the zone they were in. 409
 * `group_exists` for a taken name; 404 when a location does not exist. `ctx.db` must be a transaction.
 */
export async function createLocationGroup(
  ctx: TenantScope,
  body: z.output<typeof LocationGroupBodySchema>,
): Promise<LocationGroup> {
  const org = await warehouseId(ctx);
  const q = systemSql(ctx.db);
  const taken = await q
    .selectFrom('location_groups')
    .select('id')
    .where('org_id', '=', org)
    .where(sql`lower(name)`, '=', body.name.toLowerCase())
    .executeTakeFirst();
  if (taken)
    throw problem(
      locationGroupCreateEndpoint,
      'group_exists',
      `A location group ${body.name} exists already`,
    );
  const ids = [...new Set(body.location_ids)];
  if (ids.length > 0) {
    const found = await q.selectFrom('locations').select('id').where('id', 'in', ids).execute();
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length > 0) throw notFound(`Location ${missing[0]} not found`);
  }
  const id = newId();
  await q.insertInto('location_groups').values({ id, org_id: org, name: body.name }).execute();
  if (ids.length > 0) await q.updateTable('locations').set({ group_id: id }).where('id', 'in', ids).execute();
  const members = await q
    .selectFrom('locations')
    .select(['id', 'name'])
    .where('group_id', '=', id)
    .orderBy('sequence')
    .orderBy('name')
    .execute();
  return { id, name: body.name, locations: members };
}

/** `HH:MM` of a PostgreSQL `time` value (`15:30:00`). */
const hhmm = (t: string) => t.slice(0, 5);

/** Cut-off groups by time (spec 2 §7 pick: 'cut-off groups list'), paged. */
export async function listCutOffGroups(ctx: TenantScope, page: Page) {
  const rows = await systemSql(ctx.db)
    .selectFrom('cut_off_groups as c')
    .select((eb) => [
      'c.id',
      'c.name',
      sql<string>`c.cut_off::text`.as('cut_off'),
      'c.method_codes',
      eb.fn.countAll<string>().over().as('total'),
    ])
    .orderBy('c.cut_off')
    .orderBy('c.name')
    .limit(page.limit)
    .offset(page.skip)
    .execute();
  return {
    items: rows.map(
      (r): CutOffGroup => ({
        id: r.id,
        name: r.name,
        cut_off: hhmm(r.cut_off),
        method_codes: r.method_codes,
      }),
    ),
    total: Number(rows[0]?.total ?? 0),
    skip: page.skip,
    limit: page.limit,
  };
}

/** A new cut-off group (issue 9 `POST /cut_off_groups`). 409 `group_exists`. `ctx.db` must be a transaction. */
export async function createCutOffGroup(
  ctx: TenantScope,
  body: z.output<typeof CutOffGroupBodySchema>,
): Promise<CutOffGroup> {
  const org = await warehouseId(ctx);
  const q = systemSql(ctx.db);
  const taken = await q
    .selectFrom('cut_off_groups')
    .select('id')
    .where('org_id', '=', org)
    .where(sql`lower(name)`, '=', body.name.toLowerCase())
    .executeTakeFirst();
  if (taken)
    throw problem(cutOffGroupCreateEndpoint, 'group_exists', `A cut-off group ${body.name} exists already`);
  const id = newId();
  const codes = [...new Set(body.method_codes)];
  await q
    .insertInto('cut_off_groups')
    .values({ id, org_id: org, name: body.name, cut_off: body.cut_off, method_codes: codes })
    .execute();
  return { id, name: body.name, cut_off: body.cut_off, method_codes: codes };
}

/** The active halls and racks in walking order (spec 2 §7 `GET /picking_locations`), paged. */
export async function listPickingLocations(ctx: TenantScope, page: Page) {
  const org = await warehouseId(ctx);
  const rows = await systemSql(ctx.db)
    .selectFrom('locations as l')
    .leftJoin('locations as p', 'p.id', 'l.parent_id')
    .select((eb) => [
      'l.id',
      'l.name',
      'l.level',
      'p.name as parent_name',
      eb.fn.countAll<string>().over().as('total'),
    ])
    .where('l.org_id', '=', org)
    .where('l.level', 'in', ['hall', 'rack'])
    .where('l.active', '=', true)
    .orderBy('l.sequence')
    .orderBy('l.name')
    .limit(page.limit)
    .offset(page.skip)
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      level: r.level as 'hall' | 'rack',
      parent_name: r.parent_name,
    })),
    total: Number(rows[0]?.total ?? 0),
    skip: page.skip,
    limit: page.limit,
  };
}

/** Days of movement the stock analysis shows. */
const ANALYSIS_DAYS = 90;

/**
 * Stock against its ledger (spec 3 §7 `GET /stock/analysis/{org_id}/{ean}`): per location, the stock and the sum of
 * its ledger rows; the ledger per reason; and for each Amsterdam day of the last 90 with movement the pieces in, out
 * and the balance at the end of that day. The places' sums and the balance before the 90 days come from the kept
 * place totals (`place_ledger`, migration 0457) and only the window's rows are read for the days (ADR 0130); the
 * reasons (the whole ledger's pieces and rows per reason, rows without a location included) come from the kept
 * reason totals (`reason_ledger`, migration 0460, ADR 0131). 404 when the product is not one of `orgIds`'.
 */
export async function stockAnalysis(ctx: TenantScope, orgId: string, ean: string): Promise<StockAnalysis> {
  const product = await tenantSql(ctx)
    .selectFrom('products as p')
    .select(['p.id', 'p.name', 'p.ean', 'p.needs_recount'])
    .where('p.org_id', '=', orgId)
    .where('p.ean', '=', ean)
    .where(orgScope(ctx, 'p'))
    .executeTakeFirst();
  if (!product) throw notFound(`Product ${ean} not found`);
  const run = systemSql(ctx.db);
  const since = new Date(Date.now() - ANALYSIS_DAYS * 86_400_000).toISOString().slice(0, 10);
  const [places, reasons, days] = await Promise.all([
    sql<{ id: string; name: string; stock: number; ledger: number }>`
      SELECT l.id, l.name, coalesce(pl.stock, 0)::int AS stock, coalesce(m.total, 0)::int AS ledger
        FROM (SELECT location_id, stock FROM product_locations pl
               WHERE pl.product_id = ${product.id} AND ${orgScopeSql(ctx, 'pl')}) pl
        FULL JOIN (SELECT g.location_id, g.total FROM place_ledger g
                    WHERE g.product_id = ${product.id} AND ${orgScopeSql(ctx, 'g')}) m ON m.location_id = pl.location_id
        JOIN locations l ON l.id = coalesce(pl.location_id, m.location_id)
       WHERE coalesce(pl.stock, 0) <> 0 OR coalesce(m.total, 0) <> 0 OR pl.location_id IS NOT NULL
       ORDER BY l.sequence, l.name`.execute(run),
    sql<{ reason: string; quantity: number; rows: number }>`
      SELECT r.reason, sum(r.total)::int AS quantity, sum(r.rows)::int AS rows FROM reason_ledger r
       WHERE r.product_id = ${product.id} AND ${orgScopeSql(ctx, 'r')}
       GROUP BY r.reason HAVING sum(r.rows) <> 0 ORDER BY r.reason`.execute(run),
    sql<{ day: string; in: number; out: number; balance: number }>`
      WITH daily AS (
        SELECT (m.created_at AT TIME ZONE 'Europe/Amsterdam')::date AS day,
               sum(m.quantity) FILTER (WHERE m.quantity > 0)::int AS "in",
               (-coalesce(sum(m.quantity) FILTER (WHERE m.quantity < 0), 0))::int AS out,
               sum(m.quantity)::int AS net
          FROM stock_mutations m
         WHERE m.product_id = ${product.id} AND m.location_id IS NOT NULL AND ${orgScopeSql(ctx, 'm')}
           AND m.created_at >= (${since}::date::timestamp AT TIME ZONE 'Europe/Amsterdam')
         GROUP BY 1
      ),
      -- The balance before the window: the places' kept totals less the window's movement (migration 0457).
      opening AS (
        SELECT coalesce(sum(g.total), 0) - (SELECT coalesce(sum(net), 0) FROM daily) AS balance
          FROM place_ledger g WHERE g.product_id = ${product.id} AND ${orgScopeSql(ctx, 'g')}
      )
      SELECT to_char(day, 'YYYY-MM-DD') AS day, coalesce("in", 0) AS "in", out,
             (o.balance + sum(net) OVER (ORDER BY day))::int AS balance
        FROM daily CROSS JOIN opening o
       ORDER BY day`.execute(run),
  ]);
  const stock = places.rows.reduce((n, r) => n + r.stock, 0);
  const ledger = places.rows.reduce((n, r) => n + r.ledger, 0);
  return {
    product,
    stock,
    ledger,
    difference: stock - ledger,
    locations: places.rows.map((r) => ({
      location: { id: r.id, name: r.name },
      stock: r.stock,
      ledger: r.ledger,
    })),
    reasons: reasons.rows,
    days: days.rows.filter((d) => d.day >= since),
  };
}

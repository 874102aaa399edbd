import {
  DEFAULT_SALE_QUERY,
  type Page,
  parseSaleQuery,
  parseSort,
  type Sale,
  type SaleFilter,
  type SaleListQuery,
  type SaleUpdate,
} from '@hoppa/core';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import type { DB } from '../../db/schema.generated.ts';
import { notFound, refusal } from '../../lib/errors.ts';

type Eb = ExpressionBuilder<DB & { l: DB['sales_leads'] }, 'l'>;

/**
 * The filter tree of a parsed query (core `parseSaleQuery`) as a SQL condition. Fields and operators come from
 * core's whitelist, each value goes in as a parameter, never as SQL text: `regex` is an ILIKE on its escaped
 * pattern, `ne` also holds for an empty link (IS DISTINCT FROM), an empty `in` list selects nothing.
 */
function condition(eb: Eb, f: SaleFilter): Expression<SqlBool> {
  if ('all' in f) return f.all.length === 0 ? sql<SqlBool>`true` : eb.and(f.all.map((x) => condition(eb, x)));
  if ('any' in f) return f.any.length === 0 ? sql<SqlBool>`false` : eb.or(f.any.map((x) => condition(eb, x)));
  const col = eb.ref(`l.${f.field}`);
  const v = f.value as never;
  switch (f.op) {
    case 'eq':
      return eb(col, '=', v);
    case 'ne':
      return eb(col, 'is distinct from', v);
    case 'lt':
      return eb(col, '<', v);
    case 'lte':
      return eb(col, '<=', v);
    case 'gt':
      return eb(col, '>', v);
    case 'gte':
      return eb(col, '>=', v);
    case 'in':
    case 'nin': {
      const list = f.value as readonly (string | number)[];
      if (list.length === 0) return f.op === 'in' ? sql<SqlBool>`false` : sql<SqlBool>`true`;
      return eb(col, f.op === 'in' ? 'in' : 'not in', list as never);
    }
    case 'regex':
      return eb(col, 'ilike', v);
  }
}

function leads(db: Db) {
  return systemSql(db).selectFrom('sales_leads as l');
}

const COLUMNS = [
  'l.id',
  'l.name',
  'l.address',
  'l.products',
  'l.delivery_time',
  'l.updated',
  'l.contacted',
  'l.contacted_at',
  'l.contact_link',
  'l.profile_link',
] as const;

type LeadRow = {
  id: string;
  name: string;
  address: string;
  products: number;
  delivery_time: string;
  updated: Date | string;
  contacted: boolean;
  contacted_at: Date | string | null;
  contact_link: string | null;
  profile_link: string;
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function toSale(r: LeadRow): Sale {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    products: r.products,
    delivery_time: r.delivery_time,
    updated: iso(r.updated),
    contacted: r.contacted,
    contacted_at: r.contacted_at === null ? null : iso(r.contacted_at),
    contact_link: r.contact_link,
    profile_link: r.profile_link,
  };
}

/**
 * A page of the leads the sales dashboard's query selects (spec 3 §7 `GET /sales?query`, §2 Sales dashboard
 * (beta)): `query.query` parsed by core `parseSaleQuery` against `now` (absent: the default query, products at
 * most 75 and updated a week either side of now), ordered by `query.sort` (the table's header), else the query's
 * `$sort`, else newest `updated` first; `id` breaks ties so pages do not overlap. `total` counts every lead the
 * query selects. A refused query: 400 `bad_request` with the query's code at `query.query` (core
 * `SaleQueryProblemCode`). Indexes: migration 0463 (the date and products orders, trigram for name and address).
 */
export async function listSales(db: Db, query: SaleListQuery, now = new Date()): Promise<Page<Sale>> {
  const parsed = parseSaleQuery(query.query ?? DEFAULT_SALE_QUERY, now);
  if (!parsed.ok) {
    const { code, values, message } = parsed.problem;
    throw refusal(message, code, { field: 'query', ...values }, 'query.query');
  }
  const { filter } = parsed.query;
  const sort = query.sort ? [parseSort(query.sort)] : parsed.query.sort;
  let rows = leads(db)
    .select(COLUMNS)
    .where((eb) => condition(eb as Eb, filter));
  for (const s of sort.length ? sort : [{ field: 'updated' as const, desc: true }])
    rows = rows.orderBy(`l.${s.field}`, s.desc ? 'desc' : 'asc');
  rows = rows.orderBy('l.id', sort[0]?.desc === false ? 'asc' : 'desc');
  const [items, total] = await Promise.all([
    rows.offset(query.skip).limit(query.limit).execute(),
    leads(db)
      .select(sql<number>`count(*)::int`.as('n'))
      .where((eb) => condition(eb as Eb, filter))
      .executeTakeFirst(),
  ]);
  return { items: items.map(toSale), total: Number(total?.n ?? 0), skip: query.skip, limit: query.limit };
}

/**
 * Ticks or unticks a lead's 'contacted' (spec 3 §7 `PUT /sales`): `contacted_at` becomes now when it is ticked, is
 * kept when the value does not change (idempotent) and is cleared when it is unticked. 404 for an unknown id.
 */
export async function updateSale(db: Db, body: SaleUpdate): Promise<Sale> {
  const row = await systemSql(db)
    .updateTable('sales_leads')
    .set({
      contacted: body.contacted,
      contacted_at: sql`CASE WHEN contacted = ${body.contacted} THEN contacted_at WHEN ${body.contacted} THEN now() END`,
    })
    .where('id', '=', body.id)
    .returning([
      'id',
      'name',
      'address',
      'products',
      'delivery_time',
      'updated',
      'contacted',
      'contacted_at',
      'contact_link',
      'profile_link',
    ])
    .executeTakeFirst();
  if (!row) throw notFound('No such sales lead');
  return toSale(row as LeadRow);
}

/** A lead as an import or the demo gives it (spec 3 §3 Sale, without the sales team's own `contacted`). */
export interface SaleLeadInput {
  name: string;
  address: string;
  products: number;
  delivery_time: string;
  updated: Date;
  contact_link: string | null;
  profile_link: string;
}

/**
 * Saves leads by their `profile_link` (the shop's page on the marketplace): a new one is added, a known one gets
 * the given fields and keeps whether sales contacted it. Returns how many were added and updated. In one statement
 * per 500 leads.
 */
export async function saveSaleLeads(
  db: Db,
  input: readonly SaleLeadInput[],
  newId: () => string,
): Promise<{ added: number; updated: number }> {
  let added = 0;
  let updated = 0;
  for (let i = 0; i < input.length; i += 500) {
    const chunk = input.slice(i, i + 500);
    const rows = await systemSql(db)
      .insertInto('sales_leads')
      .values(chunk.map((l) => ({ id: newId(), ...l })))
      .onConflict((oc) =>
        oc.column('profile_link').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          address: eb.ref('excluded.address'),
          products: eb.ref('excluded.products'),
          delivery_time: eb.ref('excluded.delivery_time'),
          updated: eb.ref('excluded.updated'),
          contact_link: eb.ref('excluded.contact_link'),
        })),
      )
      .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
      .execute();
    for (const r of rows) if (r.inserted) added++;
    updated += rows.length - rows.filter((r) => r.inserted).length;
  }
  return { added, updated };
}

import {
  type AdminShipmentMethod,
  type Page,
  type ShipmentMethodGroup,
  shipmentMethodAddEndpoint,
  shipmentMethodUpdateEndpoint,
  toCents,
} from '@hoppa/core';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem } from '../../lib/errors.ts';
import { isUniqueViolation } from './unique.ts';

/** What the add and edit forms send, after the core schema's defaults (euro amounts, `HH:MM`). */
interface MethodInput {
  name: string;
  code: string;
  carrier: string;
  group: string | null;
  price: number;
  purchase_price: number;
  cut_off: string | null;
  late_drop_surcharge: number;
  peak_surcharge: number;
  country_code: string | null;
  active: boolean;
}

function methods(db: Db) {
  return systemSql(db)
    .selectFrom('shipment_methods as m')
    .select([
      'm.id',
      'm.name',
      'm.code',
      'm.carrier',
      'm.group_name',
      'm.price_cents',
      'm.purchase_price_cents',
      'm.cut_off',
      'm.late_drop_surcharge_cents',
      'm.peak_surcharge_cents',
      'm.country_code',
      'm.active',
    ]);
}

type MethodRow = Awaited<ReturnType<ReturnType<typeof methods>['executeTakeFirstOrThrow']>>;

function toAdminMethod(r: MethodRow, openOrders: number): AdminShipmentMethod {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    carrier: r.carrier,
    group: r.group_name,
    price: r.price_cents / 100,
    price_cents: r.price_cents,
    purchase_price: r.purchase_price_cents / 100,
    purchase_price_cents: r.purchase_price_cents,
    cut_off: r.cut_off,
    late_drop_surcharge: r.late_drop_surcharge_cents / 100,
    late_drop_surcharge_cents: r.late_drop_surcharge_cents,
    peak_surcharge: r.peak_surcharge_cents / 100,
    peak_surcharge_cents: r.peak_surcharge_cents,
    country_code: r.country_code,
    active: r.active,
    open_orders: openOrders,
  };
}

/**
 * Open orders that selected each of `ids` (the list's "in use" figure): one grouped count over the page's methods
 * among the open orders the scope may see (bounded by the open backlog, not history).
 */
async function openOrderCounts(scope: TenantScope, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tenantSql(scope)
    .selectFrom('orders as o')
    .select(['o.selected_ship_method_id as id', sql<number>`count(*)::int`.as('n')])
    .where(orgScope(scope, 'o'))
    .where('o.status', '=', 'open')
    .where('o.selected_ship_method_id', 'in', ids)
    .groupBy('o.selected_ship_method_id')
    .execute();
  return new Map(rows.map((r) => [r.id ?? '', Number(r.n)]));
}

/**
 * A page of the shipment methods for the admin list (spec 3 §7 `GET /shipment_methods/list`): by group (methods
 * without one last), name and id; `search` matches name or code (case-insensitive), `group` one group, `inactive=false`
 * leaves inactive ones out. The provider's global table (systemSql).
 */
export async function listAdminShipmentMethods(
  scope: TenantScope,
  query: {
    skip: number;
    limit: number;
    search?: string | undefined;
    group?: string | undefined;
    inactive: string;
  },
): Promise<Page<AdminShipmentMethod>> {
  const { db } = scope;
  let q = methods(db);
  if (query.search) {
    const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    q = q.where((eb) => eb.or([eb(sql`lower(m.name)`, 'like', like), eb(sql`lower(m.code)`, 'like', like)]));
  }
  if (query.group) q = q.where('m.group_name', '=', query.group);
  if (query.inactive === 'false') q = q.where('m.active', '=', true);
  const [rows, count] = await Promise.all([
    q
      .orderBy(sql`m.group_name`, (ob) => ob.asc().nullsLast())
      .orderBy(sql`lower(m.name)`)
      .orderBy('m.id')
      .offset(query.skip)
      .limit(query.limit)
      .execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
  ]);
  const open = await openOrderCounts(
    scope,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toAdminMethod(r, open.get(r.id) ?? 0)),
    total: Number(count?.n ?? 0),
    skip: query.skip,
    limit: query.limit,
  };
}

/** The groups of `GET /shipment_methods/groups` (spec 3 §7 Admin): each with its method count, by name, ungrouped last. */
export async function shipmentMethodGroups(db: Db): Promise<ShipmentMethodGroup[]> {
  const rows = await systemSql(db)
    .selectFrom('shipment_methods')
    .select([
      'group_name',
      sql<number>`count(*)::int`.as('methods'),
      sql<number>`(count(*) FILTER (WHERE active))::int`.as('active'),
    ])
    .groupBy('group_name')
    .orderBy(sql`group_name`, (ob) => ob.asc().nullsLast())
    .execute();
  return rows.map((r) => ({ group: r.group_name, methods: Number(r.methods), active: Number(r.active) }));
}

function columns(input: MethodInput) {
  return {
    name: input.name,
    code: input.code,
    carrier: input.carrier,
    group_name: input.group || null,
    price_cents: toCents(input.price),
    purchase_price_cents: toCents(input.purchase_price),
    cut_off: input.cut_off,
    late_drop_surcharge_cents: toCents(input.late_drop_surcharge),
    peak_surcharge_cents: toCents(input.peak_surcharge),
    country_code: input.country_code ? input.country_code.toUpperCase() : null,
    active: input.active,
  };
}

async function codeInUse(db: Db, code: string, exceptId: string | null): Promise<boolean> {
  let q = systemSql(db)
    .selectFrom('shipment_methods')
    .select('id')
    .where(sql`lower(code)`, '=', code.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/**
 * Adds a shipment method (spec 3 §7 `POST /shipment_methods/add`, §5): 409 `code_taken` when the code is in use in
 * any case. Money in euro from the form, stored as cents.
 */
export async function addShipmentMethod(
  db: Db,
  id: string,
  input: MethodInput,
): Promise<AdminShipmentMethod> {
  const taken = () =>
    problem(
      shipmentMethodAddEndpoint,
      'code_taken',
      `The code ${input.code} is used by another shipment method`,
    );
  if (await codeInUse(db, input.code, null)) throw taken();
  try {
    await systemSql(db)
      .insertInto('shipment_methods')
      .values({ id, ...columns(input) })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  return toAdminMethod(await methods(db).where('m.id', '=', id).executeTakeFirstOrThrow(), 0);
}

/**
 * Edits a shipment method (issue 16 `PUT /shipment_methods/:id`): every field of the add form. 404 for an unknown id,
 * 409 `code_taken`. Orders keep pointing at the method by id, so an open order ships with the edited method; shipped
 * orders keep the code and price they were shipped and invoiced with (`shipments`).
 */
export async function updateShipmentMethod(
  scope: TenantScope,
  id: string,
  input: MethodInput,
): Promise<AdminShipmentMethod> {
  const { db } = scope;
  const taken = () =>
    problem(
      shipmentMethodUpdateEndpoint,
      'code_taken',
      `The code ${input.code} is used by another shipment method`,
    );
  if (await codeInUse(db, input.code, id)) throw taken();
  let updated: { numUpdatedRows: bigint };
  try {
    updated = await systemSql(db)
      .updateTable('shipment_methods')
      .set(columns(input))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  if (updated.numUpdatedRows === 0n) throw notFound('Shipment method not found');
  const row = await methods(db).where('m.id', '=', id).executeTakeFirstOrThrow();
  return toAdminMethod(row, (await openOrderCounts(scope, [id])).get(id) ?? 0);
}

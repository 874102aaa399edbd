import {
  type AdminSurcharge,
  type Page,
  type SurchargeOption,
  surchargeAddEndpoint,
  surchargeUpdateEndpoint,
  toCents,
} from '@hoppa/core';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem } from '../../lib/errors.ts';
import { isUniqueViolation } from './unique.ts';

type SurchargeType = SurchargeOption['type'];

/** The surcharges with the number of products (of the scope's organisations) each applies to. */
function surcharges(scope: TenantScope) {
  return tenantSql(scope)
    .selectFrom('surcharges as s')
    .select(['s.id', 's.name', 's.code', 's.price_cents', 's.note', 's.type', 's.active'])
    .select((eb) =>
      eb
        .selectFrom('product_surcharges as ps')
        .select(sql<number>`count(*)::int`.as('n'))
        .where(orgScope(scope, 'ps'))
        .whereRef('ps.surcharge_id', '=', 's.id')
        .as('products'),
    );
}

type SurchargeRow = Awaited<ReturnType<ReturnType<typeof surcharges>['executeTakeFirstOrThrow']>>;

function toAdminSurcharge(r: SurchargeRow): AdminSurcharge {
  const type = r.type as SurchargeType;
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    price: r.price_cents / 100,
    price_cents: r.price_cents,
    note: r.note,
    type,
    active: r.active,
    products: Number(r.products ?? 0),
    order: type === 'order' || type === 'store',
  };
}

/**
 * A page of every surcharge (spec 3 §7 `GET /surcharges/list`, §2 Surcharge list: name, code, price, note, type,
 * product, order) by name; `products` counts the products each applies to (per row, through
 * `product_surcharges_surcharge_idx`). `search` matches name, code or note.
 */
export async function listAdminSurcharges(
  scope: TenantScope,
  query: { skip: number; limit: number; search?: string | undefined },
): Promise<Page<AdminSurcharge>> {
  const { db } = scope;
  let q = surcharges(scope);
  if (query.search) {
    const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(s.name)`, 'like', like),
        eb(sql`lower(s.code)`, 'like', like),
        eb(sql`lower(coalesce(s.note, ''))`, 'like', like),
      ]),
    );
  }
  const count = systemSql(db).selectFrom('surcharges as s').select(sql<number>`count(*)::int`.as('n'));
  const counted = query.search
    ? count.where((eb) => {
        const like = `%${(query.search ?? '').toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
        return eb.or([
          eb(sql`lower(s.name)`, 'like', like),
          eb(sql`lower(s.code)`, 'like', like),
          eb(sql`lower(coalesce(s.note, ''))`, 'like', like),
        ]);
      })
    : count;
  const [rows, total] = await Promise.all([
    q.orderBy(sql`lower(s.name)`).orderBy('s.id').offset(query.skip).limit(query.limit).execute(),
    counted.executeTakeFirst(),
  ]);
  return {
    items: rows.map(toAdminSurcharge),
    total: Number(total?.n ?? 0),
    skip: query.skip,
    limit: query.limit,
  };
}

async function codeInUse(db: Db, code: string, exceptId: string | null): Promise<boolean> {
  let q = systemSql(db)
    .selectFrom('surcharges')
    .select('id')
    .where(sql`lower(code)`, '=', code.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/**
 * Adds a surcharge (spec 3 §7 `POST /surcharge/add`, §5: name and code required, price, note, type store / order /
 * order-line / line-amount): 409 `code_taken` for a code in use in any case.
 */
export async function addSurcharge(
  scope: TenantScope,
  id: string,
  input: { name: string; code: string; price: number; note: string | null; type: SurchargeType },
): Promise<AdminSurcharge> {
  const { db } = scope;
  const taken = () =>
    problem(surchargeAddEndpoint, 'code_taken', `The code ${input.code} is used by another surcharge`);
  if (await codeInUse(db, input.code, null)) throw taken();
  try {
    await systemSql(db)
      .insertInto('surcharges')
      .values({
        id,
        name: input.name,
        code: input.code,
        price_cents: toCents(input.price),
        note: input.note || null,
        type: input.type,
      })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  return toAdminSurcharge(await surcharges(scope).where('s.id', '=', id).executeTakeFirstOrThrow());
}

/**
 * The surcharge list's in-place edit (issue 16 `PUT /surcharges/:id`): changes only the fields sent. 404 for an
 * unknown id, 409 `code_taken`. A price change applies to work invoiced from now on.
 */
export async function updateSurcharge(
  scope: TenantScope,
  id: string,
  patch: {
    name?: string | undefined;
    code?: string | undefined;
    price?: number | undefined;
    note?: string | null | undefined;
    type?: SurchargeType | undefined;
    active?: boolean | undefined;
  },
): Promise<AdminSurcharge> {
  const { db } = scope;
  const taken = () =>
    problem(surchargeUpdateEndpoint, 'code_taken', `The code ${patch.code} is used by another surcharge`);
  if (patch.code !== undefined && (await codeInUse(db, patch.code, id))) throw taken();
  const set = {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.code !== undefined ? { code: patch.code } : {}),
    ...(patch.price !== undefined ? { price_cents: toCents(patch.price) } : {}),
    ...(patch.note !== undefined ? { note: patch.note || null } : {}),
    ...(patch.type !== undefined ? { type: patch.type } : {}),
    ...(patch.active !== undefined ? { active: patch.active } : {}),
  };
  let updated: { numUpdatedRows: bigint };
  try {
    updated = await systemSql(db)
      .updateTable('surcharges')
      .set(set)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  if (updated.numUpdatedRows === 0n) throw notFound('Surcharge not found');
  return toAdminSurcharge(await surcharges(scope).where('s.id', '=', id).executeTakeFirstOrThrow());
}

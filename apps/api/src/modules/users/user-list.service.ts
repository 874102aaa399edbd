import { type Page, parseSort, type ShopUser, type USER_SORT_FIELDS } from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, tenantSql } from '../../db/tenant.ts';
import type { RequestContext } from '../../lib/route.ts';

/** The users-list query (core `UserListQuerySchema` with paging). */
export interface UserListQuery {
  skip: number;
  limit: number;
  search?: string | undefined;
  orgs: 'current' | 'all';
  sort: (typeof USER_SORT_FIELDS)[number] | `-${(typeof USER_SORT_FIELDS)[number]}`;
  /** Only this user (internal: the answer of a licence change). */
  only?: string;
}

const LANGS = new Set(['nl', 'en', 'fr', 'es']);

/**
 * The users of the current shop, or with `orgs=all` of every shop the caller may see (spec 3 §2 Users; provider staff
 * see every shop): one row per user and shop with name, e-mail, licence, role and the verified tick. Search is a
 * case-insensitive substring of first name, last name or e-mail; sorted (names and e-mail case-insensitively) and
 * paged on the server. A shop outside the
 * caller's organisations never appears (tenant scope on the memberships); without a current shop `current` is empty.
 */
export async function listUsers(ctx: RequestContext, query: UserListQuery): Promise<Page<ShopUser>> {
  const orgIds =
    query.orgs === 'all'
      ? ctx.orgIds
      : ctx.currOrgId && ctx.orgIds.includes(ctx.currOrgId)
        ? [ctx.currOrgId]
        : [];
  const scope = { db: ctx.db, orgIds };
  const q = tenantSql(scope);
  let base = q
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('organisations as o', 'o.id', 'm.org_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .leftJoin('plans as p', 'p.id', 'm.licence_id')
    .where(orgScope(scope, 'm'));
  if (query.only) base = base.where('u.id', '=', query.only);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('u.first_name', 'ilike', like),
        eb('u.family_name', 'ilike', like),
        eb('u.email', 'ilike', like),
      ]),
    );
  }
  const { field, desc } = parseSort(query.sort);
  const column = field === 'created_at' ? 'm.created_at' : (`u.${field}` as const);
  const [rows, count] = await Promise.all([
    base
      .select([
        'u.id',
        'u.first_name',
        'u.family_name',
        'u.email',
        'u.phone',
        'u.lang',
        'u.confirmed',
        'm.org_id',
        'o.name as org_name',
        'm.licence_id',
        'p.name as licence_name',
        'r.key as role',
        'm.stakeholders_group',
      ])
      // Names and e-mail case-insensitively ("de Vries" between "Bakker" and "Tester", whatever the database's
      // collation: PGlite's C collation put every capital first), then as written, so equal names keep one order.
      .$if(field !== 'created_at', (qb) => qb.orderBy(sql`lower(${sql.ref(column)})`, desc ? 'desc' : 'asc'))
      .orderBy(column, desc ? 'desc' : 'asc')
      .orderBy('u.id')
      .orderBy('m.org_id')
      .offset(query.skip)
      .limit(query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      _id: r.id,
      first_name: r.first_name,
      family_name: r.family_name,
      email: r.email,
      phone: r.phone,
      lang: (r.lang && LANGS.has(r.lang) ? r.lang : null) as ShopUser['lang'],
      confirmed: r.confirmed,
      org_id: r.org_id,
      org_name: r.org_name,
      licence_id: r.licence_id,
      licence_name: r.licence_name,
      role: r.role,
      stakeholders_group: r.stakeholders_group,
      is_me: r.id === ctx.user.id,
    })),
    total: Number(count.n),
    skip: query.skip,
    limit: query.limit,
  };
}

/** One user of a shop as {@link listUsers} shows it (after a licence change). */
export async function shopUser(
  ctx: RequestContext,
  orgId: string,
  userId: string,
): Promise<ShopUser | undefined> {
  const page = await listUsers(
    { ...ctx, currOrgId: orgId },
    { skip: 0, limit: 1, orgs: 'current', sort: 'family_name', only: userId },
  );
  return page.items[0];
}

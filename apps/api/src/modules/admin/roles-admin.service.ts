import {
  type AdminRole,
  can,
  type Grant,
  type Membership,
  type Page,
  type RolePreview,
  roleCreateEndpoint,
  roleResetEndpoint,
  roleUpdateEndpoint,
} from '@hoppa/core';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { DEFAULT_ROLES } from '../../db/roles.ts';
import { notFound, problem } from '../../lib/errors.ts';
import type { RouteEntry } from '../../lib/route.ts';
import { isUniqueViolation } from './unique.ts';

const DEFAULT_KEYS = new Set(DEFAULT_ROLES.map((r) => r.key));

function roles(db: Db) {
  return systemSql(db)
    .selectFrom('roles as r')
    .select([
      'r.id',
      'r.key',
      'r.name',
      'r.all_orgs',
      'r.grants',
      'r.default_grants',
      'r.edited_at',
      (eb) =>
        eb
          .selectFrom('users as u')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('u.curr_role_id', '=', 'r.id')
          .as('users'),
    ]);
}

type RoleRow = Awaited<ReturnType<ReturnType<typeof roles>['executeTakeFirstOrThrow']>>;

function toAdminRole(r: RoleRow): AdminRole {
  return {
    id: r.id,
    key: r.key,
    name: r.name,
    all_orgs: r.all_orgs,
    grants: r.grants as Grant[],
    is_default: DEFAULT_KEYS.has(r.key),
    default_grants: (r.default_grants as Grant[] | null) ?? null,
    edited_at: r.edited_at?.toISOString() ?? null,
    users: Number(r.users ?? 0),
  };
}

/** The roles with their grants (issue 16 `GET /roles`): default roles first in their shipped order, then by name. */
export async function listRoles(db: Db, query: { skip: number; limit: number }): Promise<Page<AdminRole>> {
  const order = sql`array_position(${[...DEFAULT_KEYS]}::text[], r.key)`;
  const [rows, count] = await Promise.all([
    roles(db)
      .orderBy(order, (ob) => ob.asc().nullsLast())
      .orderBy(sql`lower(r.name)`)
      .orderBy('r.id')
      .offset(query.skip)
      .limit(query.limit)
      .execute(),
    systemSql(db).selectFrom('roles').select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
  ]);
  return { items: rows.map(toAdminRole), total: Number(count?.n ?? 0), skip: query.skip, limit: query.limit };
}

/** Grants as stored: methods upper-case and without repeats, `except` left out when empty. */
function cleanGrants(grants: { methods: string[]; path: string; except?: string[] | undefined }[]): Grant[] {
  return grants.map((g) => {
    const methods = [...new Set(g.methods.map((m) => m.toUpperCase()))];
    const except = [...new Set(g.except ?? [])];
    return {
      methods: methods.includes('*') ? ['*'] : methods,
      path: g.path,
      ...(except.length > 0 ? { except } : {}),
    };
  });
}

/** Who is editing: their id and current role's id, so an edit cannot take the role editor from them. */
export interface RoleEditor {
  userId: string;
  roleId: string | null;
}

/**
 * Replaces a role's name and grants (issue 16 `PUT /roles/:id`; ADR 0053). A default role is marked edited, so a
 * restart keeps the edit (db/roles.ts `syncDefaultRoles`). 409 `role_locks_out` when the role is the editor's own
 * current role and the new grants would no longer allow `PUT /roles/:id`. The `roles` trigger notifies every API
 * process's session cache (ADR 0019); the route drops this process's cache before answering.
 */
export async function updateRole(
  db: Db,
  editor: RoleEditor,
  id: string,
  body: { name: string; grants: { methods: string[]; path: string; except?: string[] | undefined }[] },
): Promise<AdminRole> {
  const grants = cleanGrants(body.grants);
  if (editor.roleId === id && !can({ name: body.name, grants }, 'PUT', `/roles/${id}`))
    throw problem(
      roleUpdateEndpoint,
      'role_locks_out',
      'This is your own role: without PUT on /roles/* you could not edit roles any more',
    );
  const updated = await systemSql(db)
    .updateTable('roles')
    .set({ name: body.name, grants: JSON.stringify(grants), edited_at: sql`now()`, edited_by: editor.userId })
    .where('id', '=', id)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw notFound('Role not found');
  return toAdminRole(await roles(db).where('r.id', '=', id).executeTakeFirstOrThrow());
}

/**
 * A default role back to what the application ships (issue 16 `POST /roles/:id/reset`): grants and name from
 * db/roles.ts, the edit mark cleared, so later releases update it again. 409 `conflict` for a role that is not a
 * default one; 409 `role_locks_out` as for an edit.
 */
export async function resetRole(db: Db, editor: RoleEditor, id: string): Promise<AdminRole> {
  const row = await systemSql(db).selectFrom('roles').select(['key']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Role not found');
  const def = DEFAULT_ROLES.find((r) => r.key === row.key);
  if (!def) throw problem(roleResetEndpoint, 'conflict', 'Only a default role can be reset');
  if (editor.roleId === id && !can({ name: def.name, grants: def.grants }, 'PUT', `/roles/${id}`))
    throw problem(
      roleResetEndpoint,
      'role_locks_out',
      'The default of your own role would not let you edit roles',
    );
  await systemSql(db)
    .updateTable('roles')
    .set({
      name: def.name,
      grants: JSON.stringify(def.grants),
      default_grants: JSON.stringify(def.grants),
      all_orgs: def.allOrgs,
      edited_at: null,
      edited_by: null,
    })
    .where('id', '=', id)
    .execute();
  return toAdminRole(await roles(db).where('r.id', '=', id).executeTakeFirstOrThrow());
}

/** Adds a role (issue 16 `POST /roles`): 409 `code_taken` for a key in use. */
export async function createRole(
  db: Db,
  editor: RoleEditor,
  id: string,
  body: {
    key: string;
    name: string;
    all_orgs: boolean;
    grants: { methods: string[]; path: string; except?: string[] | undefined }[];
  },
): Promise<AdminRole> {
  const taken = () => problem(roleCreateEndpoint, 'code_taken', `There is a role ${body.key} already`);
  const exists = await systemSql(db)
    .selectFrom('roles')
    .select('id')
    .where('key', '=', body.key)
    .executeTakeFirst();
  if (exists) throw taken();
  try {
    await systemSql(db)
      .insertInto('roles')
      .values({
        id,
        key: body.key,
        name: body.name,
        all_orgs: body.all_orgs,
        grants: JSON.stringify(cleanGrants(body.grants)),
        edited_at: sql`now()`,
        edited_by: editor.userId,
      })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  return toAdminRole(await roles(db).where('r.id', '=', id).executeTakeFirstOrThrow());
}

/**
 * What `grants` allow among the API's routes (issue 16 `POST /roles/preview`): each registered `/api` route (the
 * route table) whose method and path — `:param` standing for any one segment — core's `can()` allows, the same rule
 * the API applies to every request. Public routes are left out (they need no grant).
 */
export function previewGrants(
  routes: readonly RouteEntry[],
  grants: { methods: string[]; path: string; except?: string[] | undefined }[],
): RolePreview {
  const role = { name: 'preview', grants: cleanGrants(grants) };
  const calls = routes
    .filter((r) => r.endpoint && !r.endpoint.public && r.method !== 'HEAD')
    .filter((r) => can(role, r.method, r.url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '_')))
    .map((r) => ({ method: r.method, path: r.endpoint?.path ?? r.url, summary: r.endpoint?.summary ?? '' }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  return { calls, total: calls.length };
}

function memberships(db: Db) {
  return systemSql(db)
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('organisations as o', 'o.id', 'm.org_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select([
      'm.user_id',
      'u.first_name',
      'u.family_name',
      'u.email',
      'u.is_admin',
      'm.org_id',
      'o.name as org_name',
      'm.role_id',
      'r.name as role_name',
      sql<boolean>`(u.curr_org_id = m.org_id)`.as('current'),
    ]);
}

type MembershipRow = Awaited<ReturnType<ReturnType<typeof memberships>['executeTakeFirstOrThrow']>>;

const toMembership = (r: MembershipRow): Membership => ({ ...r, current: Boolean(r.current) });

/**
 * Users with their role per shop (issue 16 `GET /roles/memberships`; spec 3 §2 Admin: users and groups), by e-mail
 * then shop; `search` matches name, e-mail or shop, `role_id` one role.
 */
export async function listMemberships(
  db: Db,
  query: { skip: number; limit: number; search?: string | undefined; role_id?: string | undefined },
): Promise<Page<Membership>> {
  let q = memberships(db);
  if (query.search) {
    const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(u.email)`, 'like', like),
        eb(sql`lower(u.first_name || ' ' || u.family_name)`, 'like', like),
        eb(sql`lower(o.name)`, 'like', like),
      ]),
    );
  }
  if (query.role_id) q = q.where('m.role_id', '=', query.role_id);
  const [rows, count] = await Promise.all([
    q
      .orderBy(sql`lower(u.email)`)
      .orderBy(sql`lower(o.name)`)
      .orderBy('m.org_id')
      .offset(query.skip)
      .limit(query.limit)
      .execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
  ]);
  return {
    items: rows.map(toMembership),
    total: Number(count?.n ?? 0),
    skip: query.skip,
    limit: query.limit,
  };
}

/**
 * A user's role in a shop (issue 16 `PUT /roles/memberships`), in the caller's transaction: the membership's role
 * changes, and when the shop is the user's current one and their current role is not a provider role (`all_orgs`),
 * their current role too, so their next request uses it (the triggers on `memberships` and `users` drop their cached
 * sessions). 404 for a user without a membership in that shop or an unknown role.
 */
export async function updateMembership(
  db: Db,
  body: { user_id: string; org_id: string; role_id: string },
): Promise<Membership> {
  const role = await systemSql(db)
    .selectFrom('roles')
    .select(['id'])
    .where('id', '=', body.role_id)
    .executeTakeFirst();
  if (!role) throw notFound('Role not found');
  const updated = await systemSql(db)
    .updateTable('memberships')
    .set({ role_id: body.role_id })
    .where('user_id', '=', body.user_id)
    .where('org_id', '=', body.org_id)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw notFound('This user has no place in that shop');
  await systemSql(db)
    .updateTable('users as u')
    .set({ curr_role_id: body.role_id })
    .where('u.id', '=', body.user_id)
    .where('u.curr_org_id', '=', body.org_id)
    .where((eb) =>
      eb.or([
        eb('u.curr_role_id', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('roles as cr')
              .select('cr.id')
              .whereRef('cr.id', '=', 'u.curr_role_id')
              .where('cr.all_orgs', '=', true),
          ),
        ),
      ]),
    )
    .execute();
  return toMembership(
    await memberships(db)
      .where('m.user_id', '=', body.user_id)
      .where('m.org_id', '=', body.org_id)
      .executeTakeFirstOrThrow(),
  );
}

import type { CurrentOrgAuth, Org } from '@hoppa/core';
import { sql } from 'kysely';
import { escapeLike } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/route.ts';

/** What the organisation services need of a request: its database handle, user and visible organisations. */
type OrgsContext = Pick<RequestContext, 'db' | 'user'>;

/**
 * Organisations are the tenants themselves (not tenant rows): who may see one follows the user's role
 * (`all_orgs`) or memberships, checked here, so these queries use the system builder.
 */
function orgQuery(ctx: Pick<RequestContext, 'db'>) {
  return systemSql(ctx.db)
    .selectFrom('organisations as o')
    .select([
      'o.id',
      'o.name',
      'o.kind',
      'o.active',
      'o.contact_person',
      'o.contact_person_email',
      'o.phone',
      'o.address',
      'o.deactivated_at',
      'o.logo_file',
      'o.vat_id',
    ]);
}

type OrgRow = Awaited<ReturnType<ReturnType<typeof orgQuery>['executeTakeFirstOrThrow']>>;

/** The answer shape of one organisation row (`current` marks the caller's current organisation). */
export function toOrg(row: OrgRow, currOrgId: string | null): Org {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as Org['kind'],
    active: row.active,
    contact_person: row.contact_person,
    contact_person_email: row.contact_person_email,
    phone: row.phone,
    address: (row.address ?? {}) as Org['address'],
    current: row.id === currOrgId,
    deactivated_at: row.deactivated_at ? new Date(row.deactivated_at).toISOString() : null,
    has_logo: row.logo_file !== null,
    vat_id: row.vat_id,
  };
}

/** One organisation by id as answered, or undefined. */
export async function orgById(ctx: Pick<RequestContext, 'db'>, id: string, currOrgId: string | null) {
  const row = await orgQuery(ctx).where('o.id', '=', id).executeTakeFirst();
  return row ? toOrg(row, currOrgId) : undefined;
}

/**
 * The shops lists (spec 3 §2 Shops, §4 active states): `GET /orgs` the active organisations a user may switch to
 * (every one for provider staff — a role with all_orgs — else the user's memberships; the current one also when it
 * is deactivated, so its members still see where they are), `GET /orgs/deactive` (`active: false`) the deactivated
 * ones. Optional case-insensitive search on name or contact person (trigram indexes); provider first, then by name;
 * one page of `limit` rows from `skip`, with the number matching.
 */
export async function listVisibleOrgs(
  ctx: OrgsContext,
  { query }: { query: { search?: string | undefined; skip?: number; limit?: number } },
  active = true,
): Promise<{ items: Org[]; total: number }> {
  const { user } = ctx;
  const like = query.search ? `%${escapeLike(query.search.toLowerCase())}%` : null;
  const base = systemSql(ctx.db)
    .selectFrom('organisations as o')
    .$if(!user.role.allOrgs, (q) =>
      q.where('o.id', 'in', (eb) =>
        eb.selectFrom('memberships').select('org_id').where('user_id', '=', user.id),
      ),
    )
    .where((eb) =>
      active && user.currOrgId
        ? eb.or([eb('o.active', '=', true), eb('o.id', '=', user.currOrgId)])
        : eb('o.active', '=', active),
    )
    .$if(like !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['o.name']), 'like', like as string),
          eb(sql`lower(coalesce(o.contact_person, ''))`, 'like', like as string),
        ]),
      ),
    );
  const [rows, count] = await Promise.all([
    orgQuery(ctx)
      .where('o.id', 'in', base.select('o.id'))
      .orderBy((eb) => eb('o.kind', '=', 'provider'), 'desc')
      .orderBy(sql`lower(o.name)`)
      .orderBy('o.id')
      .offset(query.skip ?? 0)
      .limit(query.limit ?? 1000)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => toOrg(row, user.currOrgId)), total: Number(count.n) };
}

/** Whether `user` may see organisation `orgId`: any one for provider staff, else a membership. */
export async function canSee(ctx: OrgsContext, orgId: string): Promise<boolean> {
  const q = systemSql(ctx.db);
  if (ctx.user.role.allOrgs)
    return (
      (await q.selectFrom('organisations').select('id').where('id', '=', orgId).executeTakeFirst()) !==
      undefined
    );
  return (
    (await q
      .selectFrom('memberships')
      .select('org_id')
      .where('user_id', '=', ctx.user.id)
      .where('org_id', '=', orgId)
      .executeTakeFirst()) !== undefined
  );
}

/** The current organisation (`GET /current_org`); 404 when the user has none (or it is no longer visible). */
export async function getCurrentOrg(ctx: OrgsContext & Pick<RequestContext, 'orgIds'>): Promise<Org> {
  const { user } = ctx;
  if (!user.currOrgId || !(ctx.orgIds.includes(user.currOrgId) || (await canSee(ctx, user.currOrgId)))) {
    throw notFound('No current organisation');
  }
  const row = await orgQuery(ctx).where('o.id', '=', user.currOrgId).executeTakeFirst();
  if (!row) throw notFound('No current organisation');
  return toOrg(row, user.currOrgId);
}

/** GET /current_org_auth: the current organisation (or null), the role in force, the admin flag and the shop count. */
export async function currentOrgAuth(ctx: OrgsContext): Promise<CurrentOrgAuth> {
  const { user } = ctx;
  const [visible, curr] = await Promise.all([
    listVisibleOrgs(ctx, { query: { limit: 1 } }),
    user.currOrgId && (await canSee(ctx, user.currOrgId))
      ? orgById(ctx, user.currOrgId, user.currOrgId)
      : undefined,
  ]);
  return {
    org: curr ? { id: curr.id, name: curr.name, kind: curr.kind } : null,
    role: { key: user.role.key, name: user.role.name, grants: user.role.grants, all_orgs: user.role.allOrgs },
    is_admin: user.isAdmin,
    org_count: visible.total,
  };
}

/**
 * Switches the current organisation (POST /orgs/set_curr). With a membership there, the membership's
 * role becomes the current role; provider staff (all_orgs role) keep their role. An
 * organisation the user may not see answers 404. Returns the user as it is afterwards.
 */
export async function setCurrentOrg(
  ctx: OrgsContext,
  { body }: { body: { customer_id: string } },
): Promise<SessionUser> {
  const { user } = ctx;
  const orgId = body.customer_id;
  const q = systemSql(ctx.db);
  const membership = await q
    .selectFrom('memberships')
    .select('role_id')
    .where('user_id', '=', user.id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (membership) {
    await q
      .updateTable('users')
      .set({ curr_org_id: orgId, curr_role_id: membership.role_id })
      .where('id', '=', user.id)
      .execute();
  } else if (user.role.allOrgs && (await canSee(ctx, orgId))) {
    await q.updateTable('users').set({ curr_org_id: orgId }).where('id', '=', user.id).execute();
  } else {
    throw notFound('Organisation not found');
  }
  const role = membership
    ? await q
        .selectFrom('roles')
        .select(['id', 'key', 'name', 'grants', 'all_orgs'])
        .where('id', '=', membership.role_id)
        .executeTakeFirst()
    : undefined;
  return {
    ...user,
    currOrgId: orgId,
    role: role
      ? {
          id: role.id,
          key: role.key,
          name: role.name,
          grants: role.grants as SessionUser['role']['grants'],
          allOrgs: role.all_orgs,
        }
      : user.role,
  };
}

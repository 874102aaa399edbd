import { type CreateOrgBody, type CurrentOrgAuth, newId, type Org } from '@hoppa/core';
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
    ]);
}

type OrgRow = Awaited<ReturnType<ReturnType<typeof orgQuery>['executeTakeFirstOrThrow']>>;

function toOrg(row: OrgRow, currOrgId: string | null): Org {
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
  };
}

/**
 * The organisations a user may switch to (spec 3 §2 Shops; `GET /orgs`): every organisation for provider staff (a
 * role with all_orgs), else the user's memberships. Optional case-insensitive search on name or contact person.
 * Provider first, then by name.
 */
export async function listVisibleOrgs(
  ctx: OrgsContext,
  { query }: { query: { search?: string | undefined } },
): Promise<Org[]> {
  const { user } = ctx;
  const like = query.search ? `%${escapeLike(query.search)}%` : null;
  const rows = await orgQuery(ctx)
    .$if(!user.role.allOrgs, (q) =>
      q.where('o.id', 'in', (eb) =>
        eb.selectFrom('memberships').select('org_id').where('user_id', '=', user.id),
      ),
    )
    .$if(like !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('o.name', 'ilike', like as string),
          eb(eb.fn.coalesce('o.contact_person', eb.val('')), 'ilike', like as string),
        ]),
      ),
    )
    .orderBy((eb) => eb('o.kind', '=', 'provider'), 'desc')
    .orderBy('o.name')
    .execute();
  return rows.map((row) => toOrg(row, user.currOrgId));
}

/** Whether `user` may see organisation `orgId`: any one for provider staff, else a membership. */
async function canSee(ctx: OrgsContext, orgId: string): Promise<boolean> {
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

/** GET /current_org_auth: the current organisation (or null), the role in force and the admin flag. */
export async function currentOrgAuth(ctx: OrgsContext): Promise<CurrentOrgAuth> {
  const { user } = ctx;
  const visible = await listVisibleOrgs(ctx, { query: {} });
  const curr = visible.find((o) => o.current);
  return {
    org: curr ? { id: curr.id, name: curr.name, kind: curr.kind } : null,
    role: { key: user.role.key, name: user.role.name, grants: user.role.grants, all_orgs: user.role.allOrgs },
    is_admin: user.isAdmin,
    org_count: visible.length,
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

/**
 * Creates a merchant organisation (spec 3 §2 /orgs/add; `POST /orgs`): the caller becomes its merchant owner and it
 * becomes the current organisation. Returns the new organisation.
 */
export async function createOrg(ctx: OrgsContext, { body }: { body: CreateOrgBody }): Promise<Org> {
  const { user } = ctx;
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    const q = systemSql(tx);
    await q
      .insertInto('organisations')
      .values({
        id,
        name: body.name,
        kind: 'merchant',
        contact_person: body.contact_person ?? `${user.firstName} ${user.familyName}`,
        contact_person_email: body.contact_person_email ?? user.email,
        phone: body.phone ?? user.phone,
        address: JSON.stringify(body.address ?? {}),
      })
      .execute();
    const owner = await q
      .selectFrom('roles')
      .select('id')
      .where('key', '=', 'merchant_owner')
      .executeTakeFirst();
    if (!owner) throw new Error('role merchant_owner is missing');
    await q.insertInto('memberships').values({ user_id: user.id, org_id: id, role_id: owner.id }).execute();
    await q
      .updateTable('users')
      .set({ curr_org_id: id, curr_role_id: owner.id })
      .where('id', '=', user.id)
      .execute();
  });
  return toOrg(await orgQuery(ctx).where('o.id', '=', id).executeTakeFirstOrThrow(), id);
}

import { type CreateOrgBody, type CurrentOrgAuth, newId, type Org } from '@hoppa/core';
import { type Db, escapeLike } from '../../db/client.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';

type OrgRow = {
  id: string;
  name: string;
  kind: 'provider' | 'merchant';
  active: boolean;
  contact_person: string | null;
  contact_person_email: string | null;
  phone: string | null;
  address: Record<string, string> | null;
};

const ORG_COLUMNS =
  'o.id, o.name, o.kind, o.active, o.contact_person, o.contact_person_email, o.phone, o.address';

function toOrg(row: OrgRow, currOrgId: string | null): Org {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    active: row.active,
    contact_person: row.contact_person,
    contact_person_email: row.contact_person_email,
    phone: row.phone,
    address: row.address ?? {},
    current: row.id === currOrgId,
  };
}

/**
 * The organisations a user may switch to (spec 3 §2 Shops): every organisation for provider staff (a role
 * with all_orgs), else the user's memberships. Optional case-insensitive search on name or
 * contact person. Provider first, then by name.
 */
export async function listVisibleOrgs(db: Db, user: SessionUser, search?: string): Promise<Org[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (!user.role.allOrgs) {
    params.push(user.id);
    where.push(`o.id IN (SELECT org_id FROM memberships WHERE user_id = $${params.length})`);
  }
  if (search) {
    params.push(`%${escapeLike(search)}%`);
    where.push(`(o.name ILIKE $${params.length} OR coalesce(o.contact_person, '') ILIKE $${params.length})`);
  }
  const r = await db.query<OrgRow>(
    `SELECT ${ORG_COLUMNS} FROM organisations o ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY (o.kind = 'provider') DESC, o.name`,
    params,
  );
  return r.rows.map((row) => toOrg(row, user.currOrgId));
}

/** The current organisation; 404 when the user has none (or it is no longer visible). */
export async function getCurrentOrg(db: Db, user: SessionUser, orgIds: string[]): Promise<Org> {
  if (!user.currOrgId || !(orgIds.includes(user.currOrgId) || (await canSee(db, user, user.currOrgId)))) {
    throw notFound('No current organisation');
  }
  const r = await db.query<OrgRow>(`SELECT ${ORG_COLUMNS} FROM organisations o WHERE o.id = $1`, [
    user.currOrgId,
  ]);
  const row = r.rows[0];
  if (!row) throw notFound('No current organisation');
  return toOrg(row, user.currOrgId);
}

async function canSee(db: Db, user: SessionUser, orgId: string): Promise<boolean> {
  if (user.role.allOrgs) {
    return (await db.query('SELECT 1 FROM organisations WHERE id = $1', [orgId])).rowCount > 0;
  }
  return (
    (await db.query('SELECT 1 FROM memberships WHERE user_id = $1 AND org_id = $2', [user.id, orgId]))
      .rowCount > 0
  );
}

/** GET /current_org_auth: the current organisation (or null), the role in force and the admin flag. */
export async function currentOrgAuth(db: Db, user: SessionUser): Promise<CurrentOrgAuth> {
  const visible = await listVisibleOrgs(db, user);
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
export async function setCurrentOrg(db: Db, user: SessionUser, orgId: string): Promise<SessionUser> {
  const membership = (
    await db.query<{ role_id: string }>(
      'SELECT role_id FROM memberships WHERE user_id = $1 AND org_id = $2',
      [user.id, orgId],
    )
  ).rows[0];
  if (membership) {
    await db.query('UPDATE users SET curr_org_id = $1, curr_role_id = $2 WHERE id = $3', [
      orgId,
      membership.role_id,
      user.id,
    ]);
  } else if (user.role.allOrgs && (await canSee(db, user, orgId))) {
    await db.query('UPDATE users SET curr_org_id = $1 WHERE id = $2', [orgId, user.id]);
  } else {
    throw notFound('Organisation not found');
  }
  const role = membership
    ? (
        await db.query<{
          id: string;
          key: string;
          name: string;
          grants: SessionUser['role']['grants'];
          all_orgs: boolean;
        }>('SELECT id, key, name, grants, all_orgs FROM roles WHERE id = $1', [membership.role_id])
      ).rows[0]
    : undefined;
  return {
    ...user,
    currOrgId: orgId,
    role: role
      ? { id: role.id, key: role.key, name: role.name, grants: role.grants, allOrgs: role.all_orgs }
      : user.role,
  };
}

/**
 * Creates a merchant organisation (spec 3 §2 /orgs/add): the caller becomes its merchant owner and it
 * becomes the current organisation. Returns the new organisation.
 */
export async function createOrg(db: Db, user: SessionUser, body: CreateOrgBody): Promise<Org> {
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO organisations (id, name, kind, contact_person, contact_person_email, phone, address)
       VALUES ($1, $2, 'merchant', $3, $4, $5, $6)`,
      [
        id,
        body.name,
        body.contact_person ?? `${user.firstName} ${user.familyName}`,
        body.contact_person_email ?? user.email,
        body.phone ?? user.phone,
        JSON.stringify(body.address ?? {}),
      ],
    );
    const owner = (await tx.query<{ id: string }>(`SELECT id FROM roles WHERE key = 'merchant_owner'`))
      .rows[0];
    if (!owner) throw new Error('role merchant_owner is missing');
    await tx.query('INSERT INTO memberships (user_id, org_id, role_id) VALUES ($1, $2, $3)', [
      user.id,
      id,
      owner.id,
    ]);
    await tx.query('UPDATE users SET curr_org_id = $1, curr_role_id = $2 WHERE id = $3', [
      id,
      owner.id,
      user.id,
    ]);
  });
  const r = await db.query<OrgRow>(`SELECT ${ORG_COLUMNS} FROM organisations o WHERE o.id = $1`, [id]);
  return toOrg(r.rows[0] as OrgRow, id);
}

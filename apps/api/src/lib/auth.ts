import { createHash, randomBytes } from 'node:crypto';
import type { Grant } from '@hoppa/core';
import argon2 from 'argon2';
import type { Db } from '../db/client.ts';

/** Name of the session cookie (httpOnly, SameSite=Lax; docs/decisions/0005-sessions.md). */
export const SESSION_COOKIE = 'hoppa_session';

/** The role in force for a request (the user's curr_role). */
export interface SessionRole {
  id: string;
  key: string;
  name: string;
  grants: Grant[];
  /** True for provider staff roles, whose users act for every organisation. */
  allOrgs: boolean;
}

/** The logged-in user as route handlers see it (RequestContext.user). */
export interface SessionUser {
  id: string;
  firstName: string;
  familyName: string;
  email: string;
  phone: string;
  /** The chosen language (nl, en, fr, es), or null: the apps follow the browser. */
  lang: string | null;
  isAdmin: boolean;
  confirmed: boolean;
  role: SessionRole;
  currOrgId: string | null;
}

/**
 * A fresh random token, base64url: 32 bytes (256 bits) for session cookies; reset links use 16 bytes
 * (128 bits, single-use and expiring), which keeps the mailed link line short enough to stay 7-bit
 * plain text instead of quoted-printable.
 */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex of a token: what the database stores, so a leaked table cannot be replayed as cookies. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The cost of argon2id: memory in KiB, passes, lanes. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's recommended argon2id parameters (19 MiB, 2 passes, 1 lane; docs/decisions/0005-sessions.md). */
export const PASSWORD_COST: Readonly<PasswordCost> = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

let passwordCost: Readonly<PasswordCost> = PASSWORD_COST;
let dummyHash: Promise<string> | undefined;

/**
 * Tests only (src/test/setup.ts): hash the passwords of this process with `cost` from now on, `PASSWORD_COST` when
 * omitted. A hash stores its parameters, so hashes of either cost verify. The test suite hashes and verifies
 * hundreds of passwords at ≈ 50 CPU ms each with OWASP's cost; src/lib/auth.test.ts checks that cost.
 */
export function setPasswordCostForTests(cost: Readonly<PasswordCost> = PASSWORD_COST): void {
  passwordCost = cost;
  dummyHash = undefined;
}

/**
 * argon2id hash of a password with {@link PASSWORD_COST}. The parameters are stored in the hash, so they can be
 * raised later.
 */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...passwordCost });
}

/**
 * Checks a password against a stored hash. With `hash` null (unknown account) it still runs one argon2
 * verification, so the answer time does not reveal whether the address exists.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password-just-timing');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Creates a session for the user; returns the cookie token (only its hash is stored). */
export async function createSession(db: Db, userId: string, ttlMs: number): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + ($3 || ' milliseconds')::interval)`,
    [hashToken(token), userId, String(ttlMs)],
  );
  return token;
}

/** Deletes the session of a cookie token (logout). */
export async function destroySession(db: Db, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}

type SessionRow = {
  user_id: string;
  first_name: string;
  family_name: string;
  email: string;
  phone: string;
  lang: string | null;
  is_admin: boolean;
  confirmed: boolean;
  curr_org_id: string | null;
  role_id: string | null;
  role_key: string | null;
  role_name: string | null;
  grants: Grant[] | null;
  all_orgs: boolean | null;
  stale: boolean;
};

const NO_ROLE: SessionRole = { id: '', key: 'none', name: 'No role', grants: [], allOrgs: false };

/**
 * Loads the user of a cookie token with the current role; null when the token is unknown or expired.
 * Sessions slide: a session used more than ten minutes after its last renewal gets a new expiry.
 */
export async function loadSession(db: Db, token: string, ttlMs: number): Promise<SessionUser | null> {
  const r = await db.query<SessionRow>(
    `SELECT u.id AS user_id, u.first_name, u.family_name, u.email, u.phone, u.lang, u.is_admin, u.confirmed,
            u.curr_org_id, r.id AS role_id, r.key AS role_key, r.name AS role_name, r.grants, r.all_orgs,
            s.last_seen_at < now() - interval '10 minutes' AS stale
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       LEFT JOIN roles r ON r.id = u.curr_role_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [hashToken(token)],
  );
  const row = r.rows[0];
  if (!row) return null;
  if (row.stale) {
    await db.query(
      `UPDATE sessions SET last_seen_at = now(), expires_at = now() + ($2 || ' milliseconds')::interval WHERE token_hash = $1`,
      [hashToken(token), String(ttlMs)],
    );
  }
  return {
    id: row.user_id,
    firstName: row.first_name,
    familyName: row.family_name,
    email: row.email,
    phone: row.phone,
    lang: row.lang,
    isAdmin: row.is_admin,
    confirmed: row.confirmed,
    currOrgId: row.curr_org_id,
    role: row.role_id
      ? {
          id: row.role_id,
          key: row.role_key ?? '',
          name: row.role_name ?? '',
          grants: row.grants ?? [],
          allOrgs: row.all_orgs ?? false,
        }
      : NO_ROLE,
  };
}

/**
 * The organisations whose data the user may read and change (RequestContext.orgIds): every organisation
 * for a role with all_orgs (provider staff), else the memberships held with the current role — so a
 * user who is owner in one shop and read-only user in another cannot write to the second with the
 * first one's role.
 */
export async function accessibleOrgIds(db: Db, user: SessionUser): Promise<string[]> {
  if (user.role.allOrgs) {
    const r = await db.query<{ id: string }>('SELECT id FROM organisations ORDER BY name');
    return r.rows.map((x) => x.id);
  }
  const r = await db.query<{ org_id: string }>(
    'SELECT org_id FROM memberships WHERE user_id = $1 AND role_id = $2 ORDER BY created_at',
    [user.id, user.role.id],
  );
  return r.rows.map((x) => x.org_id);
}

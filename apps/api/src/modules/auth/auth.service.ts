import type { CurrentUser, LoginBody, ProfileBody } from '@hoppa/core';
import { sql } from 'kysely';
import { systemSql } from '../../db/kysely.ts';
import { hashToken, newToken, type SessionUser, verifyPassword } from '../../lib/auth.ts';
import { HttpProblem } from '../../lib/errors.ts';
import { clearHits, hit, LOGIN_THROTTLE, requiredWaitMs } from '../../lib/rate-limit.ts';
import { activePlans, licenceUsage } from '../users/index.ts';
import { type AuthContext, type ClientInfo, normEmail, openSession } from './auth.deps.ts';

/**
 * Shapes the session user as GET /current_user answers (spec 2 §3 User): current role with grants, the
 * current organisation and the user's licences per organisation.
 */
export async function currentUserView(ctx: Pick<AuthContext, 'db'>, user: SessionUser): Promise<CurrentUser> {
  const q = systemSql(ctx.db);
  const org = user.currOrgId
    ? await q
        .selectFrom('organisations')
        .select(['id', 'name', 'kind'])
        .where('id', '=', user.currOrgId)
        .executeTakeFirst()
    : undefined;
  const memberships = await q
    .selectFrom('memberships')
    .select(['org_id', 'licence_id'])
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .execute();
  const licences = org && org.kind === 'merchant' ? await licenceCounts(ctx, org.id) : [];
  return {
    id: user.id,
    first_name: user.firstName,
    family_name: user.familyName,
    email: user.email,
    phone: user.phone,
    lang: (user.lang && ['nl', 'en', 'fr', 'es'].includes(user.lang)
      ? user.lang
      : null) as CurrentUser['lang'],
    is_admin: user.isAdmin,
    confirmed: user.confirmed,
    curr_role: {
      key: user.role.key,
      name: user.role.name,
      grants: user.role.grants,
      all_orgs: user.role.allOrgs,
    },
    curr_org: org
      ? { id: org.id, name: org.name, kind: org.kind as 'provider' | 'merchant', licences }
      : null,
    licences: memberships.map((m) => ({ organization_id: m.org_id, licence_id: m.licence_id })),
  };
}

/**
 * The licence counts of a shop (spec 3 §3 current_user.curr_org.licences, §6): per active plan ('CSR Manager',
 * 'Stakeholders') the licences its users hold (`used`) and those its current subscription buys (`count`).
 */
async function licenceCounts(ctx: Pick<AuthContext, 'db'>, orgId: string) {
  const usage = await licenceUsage(ctx.db, orgId);
  return (await activePlans(ctx.db)).map((p) => ({
    name: p.name,
    used: usage.get(p.id)?.used ?? 0,
    count: usage.get(p.id)?.count ?? 0,
  }));
}

/**
 * Changes the caller's own first and last name, phone and language (settings → User; `PUT /current_user`, issue 16):
 * the language is used by both apps after the next load (spec 3 §1: nl, en, fr, es). Answers the current user.
 */
export async function updateProfile(
  ctx: Pick<AuthContext, 'db'> & { user: SessionUser },
  body: ProfileBody,
): Promise<CurrentUser> {
  await systemSql(ctx.db)
    .updateTable('users')
    .set({ first_name: body.first_name, family_name: body.family_name, phone: body.phone, lang: body.lang })
    .where('id', '=', ctx.user.id)
    .execute();
  return currentUserView(ctx, {
    ...ctx.user,
    firstName: body.first_name,
    familyName: body.family_name,
    phone: body.phone,
    lang: body.lang,
  });
}

/** Name of the cookie that marks a device which logged in successfully before (0009-login-throttling). */
export const DEVICE_COOKIE = 'hoppa_device';

/** A login refused for now: wait `retryAfterS` seconds (429 with Retry-After). */
export class LoginThrottled extends HttpProblem {
  constructor(readonly retryAfterS: number) {
    super(429, 'rate_limited', `Too many attempts. Please wait ${retryAfterS} seconds and try again.`);
  }
}

const deviceHashes = (ip: string, deviceToken: string | undefined) => [
  hashToken(`ip:${ip}`),
  ...(deviceToken && deviceToken.length <= 200 ? [hashToken(`cookie:${deviceToken}`)] : []),
];

/**
 * Checks email and password and opens a session (spec 2 §7 POST /login), slowed but never locked
 * (docs/decisions/0009-login-throttling.md): failures count per client address and per account, the
 * account count split into known devices (an address or `hoppa_device` cookie that logged in to this account
 * before) and all others. While a count's progressive delay runs the call answers 429 before any password
 * check, so a guesser elsewhere cannot slow the owner's usual device. Returns the device token to set as
 * cookie. Errors: 401 `invalid_credentials`, 429 `rate_limited` ({@link LoginThrottled}).
 */
export async function login(
  ctx: Pick<AuthContext, 'db' | 'config'>,
  { body, client }: { body: LoginBody; client: ClientInfo },
): Promise<{ token: string; user: SessionUser; deviceToken: string }> {
  const q = systemSql(ctx.db);
  const email = normEmail(body.email);
  const row = await q
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  const hashes = deviceHashes(client.ip, client.deviceToken);
  // Asked for unknown addresses too (with an id no user has), so the answer time does not tell who has an account.
  const known =
    (await q
      .selectFrom('login_devices')
      .select('user_id')
      .where('user_id', '=', row?.id ?? '')
      .where('device_hash', 'in', hashes)
      .executeTakeFirst()) !== undefined;
  const accountKey = `login:account:${email}:${known ? 'known' : 'other'}`;
  const addressKey = `login:ip:${client.ip}`;
  const wait = Math.max(
    await requiredWaitMs(ctx.db, accountKey, LOGIN_THROTTLE.account),
    await requiredWaitMs(ctx.db, addressKey, LOGIN_THROTTLE.address),
  );
  if (wait > 0) throw new LoginThrottled(Math.ceil(wait / 1000));
  const ok = await verifyPassword(row?.password_hash ?? null, body.password);
  if (!row || !ok) {
    await hit(ctx.db, accountKey);
    await hit(ctx.db, addressKey);
    throw new HttpProblem(401, 'invalid_credentials', 'The email address or password is incorrect');
  }
  // Success forgets the failures of this device class only: the owner logging in does not reset the
  // guesser's delay.
  await clearHits(ctx.db, accountKey);
  const deviceToken =
    client.deviceToken && client.deviceToken.length <= 200 ? client.deviceToken : newToken(24);
  for (const h of deviceHashes(client.ip, deviceToken)) {
    await q
      .insertInto('login_devices')
      .values({ user_id: row.id, device_hash: h })
      .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_seen_at: sql`now()` }))
      .execute();
  }
  return { ...(await openSession(ctx, row.id)), deviceToken };
}

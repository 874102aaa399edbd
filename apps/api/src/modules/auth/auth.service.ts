import { type CurrentUser, newId, type SignupBody } from '@hoppa/core';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  createSession,
  hashPassword,
  hashToken,
  loadSession,
  newToken,
  type SessionUser,
  verifyPassword,
} from '../../lib/auth.ts';
import { HttpProblem } from '../../lib/errors.ts';
import type { MailTransport } from '../../lib/mail.ts';
import {
  AUTH_LIMITS,
  assertUnderLimits,
  clearHits,
  hit,
  LOGIN_THROTTLE,
  requiredWaitMs,
} from '../../lib/rate-limit.ts';

/** Role given to people who sign up themselves: they create their own shop next (spec 2 §2 → /orgs/add). */
export const SIGNUP_ROLE_KEY = 'merchant_owner';

/** The one answer of the reset-mail call, whether the address exists or not (spec 2 §7). */
export const RESET_MAIL_MESSAGE =
  'If an account exists for this email address, we have sent a link to reset the password.';

const normEmail = (email: string) => email.trim().toLowerCase();

/**
 * Shapes the session user as GET /current_user answers (spec 2 §3 User): current role with grants, the
 * current organisation and the user's licences per organisation.
 */
export async function currentUserView(db: Db, user: SessionUser): Promise<CurrentUser> {
  const org = user.currOrgId
    ? (
        await db.query<{ id: string; name: string; kind: 'provider' | 'merchant' }>(
          'SELECT id, name, kind FROM organisations WHERE id = $1',
          [user.currOrgId],
        )
      ).rows[0]
    : undefined;
  const memberships = await db.query<{ org_id: string; licence_id: string | null }>(
    'SELECT org_id, licence_id FROM memberships WHERE user_id = $1 ORDER BY created_at',
    [user.id],
  );
  let licences: { name: string; used: number; count: number }[] = [];
  if (org) {
    const r = await db.query<{ licence_id: string; n: number }>(
      `SELECT licence_id, count(*) AS n FROM memberships WHERE org_id = $1 AND licence_id IS NOT NULL
        GROUP BY licence_id ORDER BY licence_id`,
      [org.id],
    );
    licences = r.rows.map((x) => ({ name: x.licence_id, used: x.n, count: x.n }));
  }
  return {
    id: user.id,
    first_name: user.firstName,
    family_name: user.familyName,
    email: user.email,
    phone: user.phone,
    lang: (['nl', 'en', 'fr', 'es'].includes(user.lang) ? user.lang : 'nl') as CurrentUser['lang'],
    is_admin: user.isAdmin,
    confirmed: user.confirmed,
    curr_role: {
      key: user.role.key,
      name: user.role.name,
      grants: user.role.grants,
      all_orgs: user.role.allOrgs,
    },
    curr_org: org ? { id: org.id, name: org.name, kind: org.kind, licences } : null,
    licences: memberships.rows.map((m) => ({ organization_id: m.org_id, licence_id: m.licence_id })),
  };
}

/** Opens a session for `userId` and loads it as route handlers will see it (login, sign-up). */
async function openSession(
  db: Db,
  config: Config,
  userId: string,
): Promise<{ token: string; user: SessionUser }> {
  const token = await createSession(db, userId, config.sessionTtlMs);
  const user = await loadSession(db, token, config.sessionTtlMs);
  if (!user) throw new Error('session vanished right after creation');
  return { token, user };
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
  db: Db,
  config: Config,
  input: { email: string; password: string; ip: string; deviceToken?: string | undefined },
): Promise<{ token: string; user: SessionUser; deviceToken: string }> {
  const email = normEmail(input.email);
  const row = (
    await db.query<{ id: string; password_hash: string }>(
      'SELECT id, password_hash FROM users WHERE lower(email) = $1',
      [email],
    )
  ).rows[0];
  const hashes = deviceHashes(input.ip, input.deviceToken);
  // Asked for unknown addresses too (with an id no user has), so the answer time does not tell who has an account.
  const known =
    (
      await db.query('SELECT 1 FROM login_devices WHERE user_id = $1 AND device_hash = ANY($2::text[])', [
        row?.id ?? '',
        hashes,
      ])
    ).rowCount > 0;
  const accountKey = `login:account:${email}:${known ? 'known' : 'other'}`;
  const addressKey = `login:ip:${input.ip}`;
  const wait = Math.max(
    await requiredWaitMs(db, accountKey, LOGIN_THROTTLE.account),
    await requiredWaitMs(db, addressKey, LOGIN_THROTTLE.address),
  );
  if (wait > 0) throw new LoginThrottled(Math.ceil(wait / 1000));
  const ok = await verifyPassword(row?.password_hash ?? null, input.password);
  if (!row || !ok) {
    await hit(db, accountKey);
    await hit(db, addressKey);
    throw new HttpProblem(401, 'invalid_credentials', 'The email address or password is incorrect');
  }
  // Success forgets the failures of this device class only: the owner logging in does not reset the
  // guesser's delay.
  await clearHits(db, accountKey);
  const deviceToken = input.deviceToken && input.deviceToken.length <= 200 ? input.deviceToken : newToken(24);
  for (const h of deviceHashes(input.ip, deviceToken)) {
    await db.query(
      `INSERT INTO login_devices (user_id, device_hash) VALUES ($1, $2)
       ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = now()`,
      [row.id, h],
    );
  }
  return { ...(await openSession(db, config, row.id)), deviceToken };
}

/**
 * Work done after the answer has gone out (password-reset lookup and mail, sign-up notices), so the answer
 * takes the same time whether an address has an account or not (issue 7). Failures are logged, never
 * surfaced: the caller has already been answered.
 */
const background = new Set<Promise<void>>();

/** Runs `work` after the current answer is sent (setImmediate), tracked for {@link settleBackgroundWork}. */
export function runAfterAnswer(work: () => Promise<void>, onError: (e: unknown) => void): void {
  const p = new Promise<void>((resolve) => {
    setImmediate(() => {
      work()
        .catch(onError)
        .finally(() => resolve());
    });
  }).finally(() => background.delete(p));
  background.add(p);
}

/** Resolves when all work queued by {@link runAfterAnswer} so far is done (tests, graceful shutdown). */
export async function settleBackgroundWork(): Promise<void> {
  while (background.size > 0) await Promise.all([...background]);
}

/**
 * Creates an account with the sign-up role and no organisation yet, and opens a session (spec 2 §2, §5).
 * An address that already has an account gets the very same answer (status 200, a CurrentUser-shaped body
 * for the names given, a session cookie that opens nothing) and its owner a notice by mail instead, so
 * sign-up does not tell a stranger who has an account (issue 7, docs/security.md). Rate-limited per client
 * address (429). The password is hashed in both cases, so both take the same time.
 */
export async function signup(
  db: Db,
  config: Config,
  mail: MailTransport,
  body: SignupBody,
  ip: string,
  onError: (e: unknown) => void,
): Promise<{ token: string; user: SessionUser }> {
  const addressKey = `signup:ip:${ip}`;
  await assertUnderLimits(db, [{ key: addressKey, limit: AUTH_LIMITS.signupPerAddress }]);
  await hit(db, addressKey);
  const email = normEmail(body.email);
  const passwordHash = await hashPassword(body.password);
  const id = newId();
  const role = (
    await db.query<{ id: string; key: string; name: string; grants: unknown; all_orgs: boolean }>(
      'SELECT id, key, name, grants, all_orgs FROM roles WHERE key = $1',
      [SIGNUP_ROLE_KEY],
    )
  ).rows[0];
  const created = await db.transaction(async (tx) => {
    const r = await tx.query(
      `INSERT INTO users (id, first_name, family_name, email, phone, password_hash, curr_role_id)
       SELECT $1, $2, $3, $4, $5, $6, $7
        WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(email) = $4)
       ON CONFLICT DO NOTHING`,
      [
        id,
        body.first_name.trim(),
        body.family_name.trim(),
        email,
        body.phone.trim(),
        passwordHash,
        role?.id ?? null,
      ],
    );
    return r.rowCount > 0;
  });
  if (created) return openSession(db, config, id);

  runAfterAnswer(
    () =>
      mail.send({
        to: email,
        subject: 'Someone tried to sign up with your address',
        text: [
          'Hello,',
          '',
          'Someone (perhaps you) tried to create a new Hoppa account with this',
          'e-mail address, which already has an account. No new account was made.',
          '',
          'If this was you, log in instead; forgot your password? Use',
          `${config.publicUrl}/reset`,
          '',
          'If it was not you, you can ignore this e-mail.',
        ].join('\n'),
      }),
    onError,
  );
  // The same shape as a new account's answer; the token opens no session.
  const decoy: SessionUser = {
    id,
    firstName: body.first_name.trim(),
    familyName: body.family_name.trim(),
    email,
    phone: body.phone.trim(),
    lang: 'nl',
    isAdmin: false,
    confirmed: false,
    currOrgId: null,
    role: {
      id: role?.id ?? '',
      key: role?.key ?? SIGNUP_ROLE_KEY,
      name: role?.name ?? SIGNUP_ROLE_KEY,
      grants: (role?.grants ?? []) as SessionUser['role']['grants'],
      allOrgs: role?.all_orgs ?? false,
    },
  };
  return { token: newToken(), user: decoy };
}

/**
 * Mails a single-use reset link `/reset?token=…` when the address belongs to an account; does nothing
 * visible otherwise (spec 2 §7). Rate-limited per client address and per target address (429). The
 * lookup and mail run after the answer ({@link runAfterAnswer}), so the answer time reveals nothing.
 */
export async function requestPasswordReset(
  db: Db,
  config: Config,
  mail: MailTransport,
  input: { email: string; ip: string },
  onError: (e: unknown) => void,
): Promise<void> {
  const email = normEmail(input.email);
  const accountKey = `reset:account:${email}`;
  const addressKey = `reset:ip:${input.ip}`;
  await assertUnderLimits(db, [
    { key: addressKey, limit: AUTH_LIMITS.resetMailPerAddress },
    { key: accountKey, limit: AUTH_LIMITS.resetMailPerAccount },
  ]);
  await hit(db, addressKey);
  await hit(db, accountKey);
  // Everything above is the same for every address; the lookup and mail run after the answer.
  runAfterAnswer(() => mailResetLink(db, config, mail, email), onError);
}

/** Looks `email` up and, when it has an account, stores a reset token and mails the link. */
async function mailResetLink(db: Db, config: Config, mail: MailTransport, email: string): Promise<void> {
  const user = (await db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = $1', [email]))
    .rows[0];
  if (!user) return;
  const token = newToken(16);
  await db.query(
    `INSERT INTO password_resets (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + ($3 || ' milliseconds')::interval)`,
    [hashToken(token), user.id, String(config.resetTtlMs)],
  );
  const link = `${config.publicUrl}/reset?token=${encodeURIComponent(token)}`;
  const minutes = Math.round(config.resetTtlMs / 60_000);
  await mail.send({
    to: email,
    subject: 'Reset your Hoppa password',
    // Plain ASCII lines of at most 76 characters keep the message 7-bit, so the link reads as is
    // (no quoted-printable '=3D'); the e2e tests take the token straight from the .eml file.
    text: [
      'Hello,',
      '',
      'Someone (hopefully you) asked to reset the password of your',
      `Hoppa account. Open this link within ${minutes} minutes to choose a new`,
      'password:',
      '',
      link,
      '',
      'If you did not ask for this, you can ignore this e-mail;',
      'your password stays as it is.',
    ].join('\n'),
  });
}

/**
 * Sets a new password with a reset token: the token must exist, be unused and unexpired; it is used up
 * in the same transaction, and every session of the account ends. Errors: 400 `invalid_token`, 429.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string; ip: string },
): Promise<void> {
  const addressKey = `reset-token:ip:${input.ip}`;
  await assertUnderLimits(db, [{ key: addressKey, limit: AUTH_LIMITS.resetTokenPerAddress }]);
  await hit(db, addressKey);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const used = await tx.query<{ user_id: string }>(
      `UPDATE password_resets SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [hashToken(input.token)],
    );
    const userId = used.rows[0]?.user_id;
    if (!userId) {
      throw new HttpProblem(
        400,
        'invalid_token',
        'This reset link is invalid or has expired. Please request a new one.',
      );
    }
    await tx.query('UPDATE users SET password_hash = $1, confirmed = true WHERE id = $2', [
      passwordHash,
      userId,
    ]);
    await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
    await tx.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
      userId,
    ]);
  });
}

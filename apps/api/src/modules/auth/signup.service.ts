import { newId, type SignupBody } from '@hoppa/core';
import { sql } from 'kysely';
import { systemSql } from '../../db/kysely.ts';
import { hashPassword, hashToken, newToken, type SessionUser } from '../../lib/auth.ts';
import { HttpProblem } from '../../lib/errors.ts';
import { AUTH_LIMITS, assertUnderLimits, hit } from '../../lib/rate-limit.ts';
import { type AuthContext, type ClientInfo, normEmail, openSession, runAfterAnswer } from './auth.deps.ts';

/** Role given to people who sign up themselves: they create their own shop next (spec 2 §2 → /orgs/add). */
export const SIGNUP_ROLE_KEY = 'merchant_owner';

/** How long a mailed sign-up link stays valid, milliseconds (docs/decisions/0015-signup-confirmation.md). */
export const SIGNUP_LINK_TTL_MS = 24 * 3600 * 1000;

/**
 * Asks for an account (spec 2 §2, §5 POST /signup; docs/decisions/0015-signup-confirmation.md). Before the answer
 * only address-independent work runs: the rate limits (per client address, and per typed address so nobody can
 * flood someone's inbox) and the password hash. After the answer ({@link runAfterAnswer}) a new address gets a
 * confirmation link `/signup?token=…` valid {@link SIGNUP_LINK_TTL_MS}, an address that has an account a notice
 * instead. No session opens here, so neither the answer, its time nor a follow-up call tells a stranger who has an
 * account (issue 7). Errors: 429 `rate_limited`.
 */
export async function requestSignup(
  ctx: AuthContext,
  { body, client }: { body: SignupBody; client: ClientInfo },
): Promise<void> {
  const email = normEmail(body.email);
  const addressKey = `signup:ip:${client.ip}`;
  const emailKey = `signup:email:${email}`;
  await assertUnderLimits(ctx.db, [
    { key: addressKey, limit: AUTH_LIMITS.signupPerAddress },
    { key: emailKey, limit: AUTH_LIMITS.signupPerEmail },
  ]);
  await hit(ctx.db, addressKey);
  await hit(ctx.db, emailKey);
  const passwordHash = await hashPassword(body.password);
  const request = {
    email,
    first_name: body.first_name.trim(),
    family_name: body.family_name.trim(),
    phone: body.phone.trim(),
    password_hash: passwordHash,
  };
  runAfterAnswer(() => mailSignupLink(ctx, request), ctx.onError);
}

type SignupRequest = {
  email: string;
  first_name: string;
  family_name: string;
  phone: string;
  password_hash: string;
};

/** After the answer: stores the request and mails its link, or mails the owner of a taken address a notice. */
async function mailSignupLink(ctx: AuthContext, request: SignupRequest): Promise<void> {
  const q = systemSql(ctx.db);
  const taken = await q
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', request.email))
    .executeTakeFirst();
  if (taken) {
    await ctx.mail.send({
      to: request.email,
      subject: 'Someone tried to sign up with your address',
      text: [
        'Hello,',
        '',
        'Someone (perhaps you) tried to create a new Hoppa account with this',
        'e-mail address, which already has an account. No new account was made.',
        '',
        'If this was you, log in instead; forgot your password? Use',
        `${ctx.config.publicUrl}/reset`,
        '',
        'If it was not you, you can ignore this e-mail.',
      ].join('\n'),
    });
    return;
  }
  const token = newToken(16);
  await q
    .insertInto('signup_requests')
    .values({
      ...request,
      token_hash: hashToken(token),
      expires_at: sql<Date>`now() + ${`${SIGNUP_LINK_TTL_MS} milliseconds`}::interval`,
    })
    .execute();
  const link = `${ctx.config.publicUrl}/signup?token=${encodeURIComponent(token)}`;
  await ctx.mail.send({
    to: request.email,
    subject: 'Confirm your Hoppa account',
    // Plain ASCII lines of at most 76 characters keep the message 7-bit, so the link reads as is; the e2e tests
    // take the token straight from the .eml file (as for the reset mail).
    text: [
      `Hello ${request.first_name.replace(/[^\x20-\x7e]/g, '?').slice(0, 60)},`,
      '',
      'Welcome to Hoppa. Open this link within 24 hours to confirm your',
      'e-mail address and finish signing up:',
      '',
      link,
      '',
      'If you did not sign up, you can ignore this e-mail: no account is',
      'made without this link.',
    ].join('\n'),
  });
}

/**
 * Confirms a mailed sign-up link (POST /signup/confirm/:token): uses the request up, creates the account with the
 * sign-up role, confirmed, and opens a session; all in one transaction, so a link confirms once. Errors: 400
 * `invalid_token` when the link is unknown, used or expired, or the address has an account by now (another
 * request for it was confirmed first); 429 `rate_limited` per client address.
 */
export async function confirmSignup(
  ctx: Pick<AuthContext, 'db' | 'config'>,
  { params, client }: { params: { token: string }; client: ClientInfo },
): Promise<{ token: string; user: SessionUser }> {
  const addressKey = `signup-confirm:ip:${client.ip}`;
  await assertUnderLimits(ctx.db, [{ key: addressKey, limit: AUTH_LIMITS.signupConfirmPerAddress }]);
  await hit(ctx.db, addressKey);
  const invalid = () =>
    new HttpProblem(
      400,
      'invalid_token',
      'This sign-up link is invalid or has expired. Please sign up again.',
    );
  const userId = await ctx.db.transaction(async (tx) => {
    const q = systemSql(tx);
    const request = await q
      .updateTable('signup_requests')
      .set({ used_at: sql`now()` })
      .where('token_hash', '=', hashToken(params.token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['email', 'first_name', 'family_name', 'phone', 'password_hash'])
      .executeTakeFirst();
    if (!request) throw invalid();
    const role = await q
      .selectFrom('roles')
      .select('id')
      .where('key', '=', SIGNUP_ROLE_KEY)
      .executeTakeFirst();
    const id = newId();
    // users_email_key (unique on lower(email)) decides a race between two links for one address: the loser
    // inserts nothing and gets invalid_token.
    const created = await q
      .insertInto('users')
      .values({
        id,
        first_name: request.first_name,
        family_name: request.family_name,
        email: request.email,
        phone: request.phone,
        password_hash: request.password_hash,
        curr_role_id: role?.id ?? null,
        confirmed: true,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(created.numInsertedOrUpdatedRows ?? 0n) === 0) throw invalid();
    return id;
  });
  return openSession(ctx, userId);
}

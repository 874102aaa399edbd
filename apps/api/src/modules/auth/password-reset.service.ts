import type { PasswordResetBody, PasswordResetEmailBody } from '@hoppa/core';
import { sql } from 'kysely';
import { systemSql } from '../../db/kysely.ts';
import { hashPassword, hashToken, newToken } from '../../lib/auth.ts';
import { HttpProblem } from '../../lib/errors.ts';
import { AUTH_LIMITS, assertUnderLimits, hit } from '../../lib/rate-limit.ts';
import { type AuthContext, type ClientInfo, normEmail, runAfterAnswer } from './auth.deps.ts';

/** The one answer of the reset-mail call, whether the address exists or not (spec 2 §7). */
export const RESET_MAIL_MESSAGE =
  'If an account exists for this email address, we have sent a link to reset the password.';

/**
 * Mails a single-use reset link `/reset?token=…` when the address belongs to an account; does nothing
 * visible otherwise (spec 2 §7 POST /users/password_reset/email). Rate-limited per client address and per target
 * address (429). The lookup and mail run after the answer ({@link runAfterAnswer}), so the answer time reveals
 * nothing.
 */
export async function requestPasswordReset(
  ctx: AuthContext,
  { body, client }: { body: PasswordResetEmailBody; client: ClientInfo },
): Promise<void> {
  const email = normEmail(body.email);
  const accountKey = `reset:account:${email}`;
  const addressKey = `reset:ip:${client.ip}`;
  await assertUnderLimits(ctx.db, [
    { key: addressKey, limit: AUTH_LIMITS.resetMailPerAddress },
    { key: accountKey, limit: AUTH_LIMITS.resetMailPerAccount },
  ]);
  await hit(ctx.db, addressKey);
  await hit(ctx.db, accountKey);
  // Everything above is the same for every address; the lookup and mail run after the answer.
  runAfterAnswer(() => mailResetLink(ctx, email), ctx.onError);
}

/** Looks `email` up and, when it has an account, stores a reset token and mails the link. */
async function mailResetLink(ctx: AuthContext, email: string): Promise<void> {
  const q = systemSql(ctx.db);
  const user = await q
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  if (!user) return;
  const token = newToken(16);
  await q
    .insertInto('password_resets')
    .values({
      token_hash: hashToken(token),
      user_id: user.id,
      expires_at: sql<Date>`now() + ${`${ctx.config.resetTtlMs} milliseconds`}::interval`,
    })
    .execute();
  const link = `${ctx.config.publicUrl}/reset?token=${encodeURIComponent(token)}`;
  const minutes = Math.round(ctx.config.resetTtlMs / 60_000);
  await ctx.mail.send({
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
 * Whether a reset or invitation token can still set a password (`GET /users/password_reset/:token`): it exists, is
 * unused and unexpired. Uses nothing up; counts against the same per-address limit as setting a password.
 * Errors: 400 `invalid_token`, 429 `rate_limited`.
 */
export async function checkResetToken(
  ctx: Pick<AuthContext, 'db'>,
  { params, client }: { params: { token: string }; client: ClientInfo },
): Promise<void> {
  const addressKey = `reset-token:ip:${client.ip}`;
  await assertUnderLimits(ctx.db, [{ key: addressKey, limit: AUTH_LIMITS.resetTokenPerAddress }]);
  await hit(ctx.db, addressKey);
  const valid = await systemSql(ctx.db)
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', hashToken(params.token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!valid)
    throw new HttpProblem(
      400,
      'invalid_token',
      'This reset link is invalid or has expired. Please request a new one.',
    );
}

/**
 * Sets a new password with a reset token (spec 2 §7 POST /users/password_reset/:token): the token must exist, be
 * unused and unexpired; it is used up in the same transaction, and every session of the account ends.
 * Errors: 400 `invalid_token`, 429 `rate_limited`.
 */
export async function resetPassword(
  ctx: Pick<AuthContext, 'db'>,
  { params, body, client }: { params: { token: string }; body: PasswordResetBody; client: ClientInfo },
): Promise<void> {
  const addressKey = `reset-token:ip:${client.ip}`;
  await assertUnderLimits(ctx.db, [{ key: addressKey, limit: AUTH_LIMITS.resetTokenPerAddress }]);
  await hit(ctx.db, addressKey);
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    const q = systemSql(tx);
    const used = await q
      .updateTable('password_resets')
      .set({ used_at: sql`now()` })
      .where('token_hash', '=', hashToken(params.token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('user_id')
      .executeTakeFirst();
    if (!used) {
      throw new HttpProblem(
        400,
        'invalid_token',
        'This reset link is invalid or has expired. Please request a new one.',
      );
    }
    await q
      .updateTable('users')
      .set({ password_hash: passwordHash, confirmed: true })
      .where('id', '=', used.user_id)
      .execute();
    await q.deleteFrom('sessions').where('user_id', '=', used.user_id).execute();
    await q
      .updateTable('password_resets')
      .set({ used_at: sql`now()` })
      .where('user_id', '=', used.user_id)
      .where('used_at', 'is', null)
      .execute();
  });
}

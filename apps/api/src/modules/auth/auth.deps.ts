import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createSession, loadSession, type SessionUser } from '../../lib/auth.ts';
import type { MailTransport } from '../../lib/mail.ts';

/**
 * What the account services get as their `ctx` (the `service(ctx, input)` pattern of docs/architecture.md): the
 * database, configuration, mail transport, and where failures of work done after the answer are logged.
 */
export interface AuthContext {
  db: Db;
  config: Config;
  mail: MailTransport;
  onError: (e: unknown) => void;
}

/** The client behind a public call: its address (`req.ip`) and, for login, the `hoppa_device` cookie. */
export interface ClientInfo {
  ip: string;
  deviceToken?: string | undefined;
}

/** E-mail addresses compare trimmed and lower-cased everywhere (users.email is stored so). */
export const normEmail = (email: string): string => email.trim().toLowerCase();

/** Opens a session for `userId` and loads it as route handlers will see it (login, sign-up confirmation). */
export async function openSession(
  ctx: Pick<AuthContext, 'db' | 'config'>,
  userId: string,
): Promise<{ token: string; user: SessionUser }> {
  const token = await createSession(ctx.db, userId, ctx.config.sessionTtlMs);
  const user = await loadSession(ctx.db, token, ctx.config.sessionTtlMs);
  if (!user) throw new Error('session vanished right after creation');
  return { token, user };
}

/**
 * Work done after the answer has gone out (password-reset lookup and mail, sign-up mails), so the answer takes
 * the same time whether an address has an account or not (issue 7). Failures are logged, never surfaced: the
 * caller has already been answered.
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

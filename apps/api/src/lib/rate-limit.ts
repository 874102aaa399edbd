import type { Db } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';

/** A limit: at most `max` hits per `windowMs` for one key. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * Limits of the reset, sign-up and shop-creation calls (spec 2 §5; docs/decisions/0005-sessions.md,
 * 0009-login-throttling.md). Logins are slowed, never locked: see {@link LOGIN_THROTTLE}.
 */
export const AUTH_LIMITS = {
  signupPerAddress: { max: 10, windowMs: 60 * 60_000 },
  /** Sign-up mails to one typed address: nobody floods someone's inbox through the sign-up form. */
  signupPerEmail: { max: 3, windowMs: 60 * 60_000 },
  signupConfirmPerAddress: { max: 20, windowMs: 15 * 60_000 },
  orgCreatePerAddress: { max: 10, windowMs: 60 * 60_000 },
  orgCreatePerUser: { max: 5, windowMs: 60 * 60_000 },
  resetMailPerAccount: { max: 3, windowMs: 60 * 60_000 },
  resetMailPerAddress: { max: 10, windowMs: 60 * 60_000 },
  resetTokenPerAddress: { max: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateLimit>;

/**
 * Counts the hits of `key` inside the window, kept in the database (table rate_limit_hits) so several API
 * processes share the count. Returns true while under the limit.
 */
export async function underLimit(db: Db, key: string, limit: RateLimit): Promise<boolean> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*) AS n FROM rate_limit_hits WHERE key = $1 AND hit_at > now() - ($2 || ' milliseconds')::interval`,
    [key, String(limit.windowMs)],
  );
  return (r.rows[0]?.n ?? 0) < limit.max;
}

/** Records one hit of `key`, and now and then forgets hits older than a day. */
export async function hit(db: Db, key: string): Promise<void> {
  await db.query('INSERT INTO rate_limit_hits (key) VALUES ($1)', [key]);
  if (Math.random() < 0.01)
    await db.query(`DELETE FROM rate_limit_hits WHERE hit_at < now() - interval '1 day'`);
}

/** Forgets the hits of `key` (a successful login clears its account's failures). */
export async function clearHits(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limit_hits WHERE key = $1', [key]);
}

/**
 * Throws 429 with a readable message and `Retry-After` (the seconds until the oldest hit in the window expires)
 * when any of the keys is over its limit.
 */
export async function assertUnderLimits(db: Db, checks: { key: string; limit: RateLimit }[]): Promise<void> {
  for (const c of checks) {
    if (!(await underLimit(db, c.key, c.limit))) {
      const r = await db.query<{ wait_ms: number | null }>(
        `SELECT (extract(epoch FROM min(hit_at) + ($2 || ' milliseconds')::interval - now()) * 1000)::float8 AS wait_ms
           FROM (SELECT hit_at FROM rate_limit_hits
                  WHERE key = $1 AND hit_at > now() - ($2 || ' milliseconds')::interval
                  ORDER BY hit_at DESC LIMIT $3) last`,
        [c.key, String(c.limit.windowMs), c.limit.max],
      );
      const waitS = Math.max(1, Math.ceil(Number(r.rows[0]?.wait_ms ?? c.limit.windowMs) / 1000));
      const minutes = Math.ceil(waitS / 60);
      throw tooManyRequests(
        `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        waitS,
      );
    }
  }
}

/**
 * Limits of the spreadsheet imports (issue 7: an import is heavy work; a new account must not be able to occupy the
 * warehouse's server): per user, per organisation and per client address, each per hour. Far above a merchant
 * uploading a few files a day, even with corrections.
 */
export const IMPORT_LIMITS = {
  perUser: { max: 30, windowMs: 60 * 60_000 },
  perOrg: { max: 60, windowMs: 60 * 60_000 },
  perAddress: { max: 60, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimit>;

/**
 * Counts one import of `kind` for the user, the organisation and the client address, after checking all three
 * limits ({@link IMPORT_LIMITS}). Errors: 429 `rate_limited` with `Retry-After`.
 */
export async function countImport(
  db: Db,
  kind: 'orders' | 'products' | 'bundles' | 'automations',
  who: { userId: string; orgId: string; ip: string },
): Promise<void> {
  const keys = [
    { key: `import:${kind}:user:${who.userId}`, limit: IMPORT_LIMITS.perUser },
    { key: `import:${kind}:org:${who.orgId}`, limit: IMPORT_LIMITS.perOrg },
    { key: `import:${kind}:ip:${who.ip}`, limit: IMPORT_LIMITS.perAddress },
  ];
  await assertUnderLimits(db, keys);
  for (const k of keys) await hit(db, k.key);
}

/**
 * Login throttling without lock-out (docs/decisions/0009-login-throttling.md, OWASP Authentication Cheat
 * Sheet): after `freeFailures` failed logins inside `windowMs`, each further attempt must wait
 * `baseDelayMs * 2^(failures - freeFailures)` after the last failure, at most `maxDelayMs` (429 with
 * Retry-After). Counted per account for unknown devices, per account for known devices separately, and per
 * client address, so a guesser elsewhere never slows the owner's usual device.
 */
export const LOGIN_THROTTLE = {
  account: { freeFailures: 5, baseDelayMs: 1_000, maxDelayMs: 5 * 60_000, windowMs: 15 * 60_000 },
  address: { freeFailures: 10, baseDelayMs: 1_000, maxDelayMs: 5 * 60_000, windowMs: 15 * 60_000 },
} as const;

/** A progressive delay policy: see {@link LOGIN_THROTTLE}. */
export interface DelayPolicy {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

/**
 * Milliseconds the next attempt of `key` must still wait under `policy` (0 = may go now), from the hits
 * inside the window and the time of the last one, computed by the database clock.
 */
export async function requiredWaitMs(db: Db, key: string, policy: DelayPolicy): Promise<number> {
  const r = await db.query<{ n: number; since_ms: number | null }>(
    `SELECT count(*)::int AS n, (extract(epoch FROM now() - max(hit_at)) * 1000)::float8 AS since_ms
       FROM rate_limit_hits WHERE key = $1 AND hit_at > now() - ($2 || ' milliseconds')::interval`,
    [key, String(policy.windowMs)],
  );
  const n = Number(r.rows[0]?.n ?? 0);
  if (n < policy.freeFailures) return 0;
  const delay = Math.min(policy.baseDelayMs * 2 ** (n - policy.freeFailures), policy.maxDelayMs);
  const since = Number(r.rows[0]?.since_ms ?? 0);
  return Math.max(0, Math.ceil(delay - since));
}

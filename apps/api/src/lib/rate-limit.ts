import type { Db } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';

/** A limit: at most `max` hits per `windowMs` for one key. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * Limits of the login and reset calls (spec 2 §5; docs/decisions/0005-sessions.md). Only failed logins
 * count, so a busy packing station logging in all day is never locked out; reset requests count always.
 */
export const AUTH_LIMITS = {
  loginFailPerAccount: { max: 5, windowMs: 15 * 60_000 },
  loginFailPerAddress: { max: 30, windowMs: 15 * 60_000 },
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

/** Throws 429 with a readable message when any of the keys is over its limit. */
export async function assertUnderLimits(db: Db, checks: { key: string; limit: RateLimit }[]): Promise<void> {
  for (const c of checks) {
    if (!(await underLimit(db, c.key, c.limit))) {
      const minutes = Math.ceil(c.limit.windowMs / 60_000);
      throw tooManyRequests(`Too many attempts. Please wait ${minutes} minutes and try again.`);
    }
  }
}

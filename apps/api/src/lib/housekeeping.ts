import type { Db } from '../db/client.ts';
import { startScheduled } from './scheduled.ts';

/**
 * Days a stored Idempotency-Key and its answer are kept (ADR 0130). ADR 0007 kept them for ever and left pruning to
 * operations; a key only matters while a device may still send its request again: the floor's outbox drains as soon
 * as the device is online, so a replay this late needs a device offline for three months (its session ends after 30
 * days without a request: `config.sessionTtlMs`).
 */
export const IDEMPOTENCY_KEEP_DAYS = 90;

/** Days a session row is kept after it expired (no request can use it; kept a little for support questions). */
export const EXPIRED_SESSION_KEEP_DAYS = 7;

/** Most rows one round deletes per table: short transactions; what is left goes at the next round. */
export const HOUSEKEEPING_BATCH = 5_000;

const DAY_MS = 86_400_000;

/**
 * Deletes what the API no longer needs (ADR 0130): stored Idempotency-Keys older than {@link IDEMPOTENCY_KEEP_DAYS}
 * days and sessions expired more than {@link EXPIRED_SESSION_KEEP_DAYS} days before `now`, at most `batch` rows of each
 * (oldest first is not promised). Answers how many rows of each went. Safe in several processes at once (a row two
 * rounds both pick is deleted once). Errors: database errors propagate (the job logs them and tries at its next tick).
 */
export async function pruneOld(
  db: Db,
  now = new Date(),
  batch = HOUSEKEEPING_BATCH,
): Promise<{ idempotencyKeys: number; sessions: number }> {
  const keysBefore = new Date(now.getTime() - IDEMPOTENCY_KEEP_DAYS * DAY_MS);
  const sessionsBefore = new Date(now.getTime() - EXPIRED_SESSION_KEEP_DAYS * DAY_MS);
  const keys = await db.query(
    `DELETE FROM idempotency_keys k
      USING (SELECT user_id, key FROM idempotency_keys WHERE created_at < $1 LIMIT $2) old
      WHERE k.user_id = old.user_id AND k.key = old.key`,
    [keysBefore, batch],
  );
  const sessions = await db.query(
    `DELETE FROM sessions s
      USING (SELECT token_hash FROM sessions WHERE expires_at < $1 LIMIT $2) old
      WHERE s.token_hash = old.token_hash`,
    [sessionsBefore, batch],
  );
  return { idempotencyKeys: keys.rowCount, sessions: sessions.rowCount };
}

/**
 * Runs {@link pruneOld} every hour (the first round 5 minutes after start) until the returned stop function is
 * called; logs a round that deleted something. A backlog larger than a batch shrinks by a batch an hour per table.
 */
export function startHousekeeping(db: Db, log: (msg: string) => void): () => Promise<void> {
  return startScheduled({
    name: 'Housekeeping',
    intervalMs: 3_600_000,
    firstAfterMs: 5 * 60_000,
    round: () => pruneOld(db),
    log,
    onDone: (r) => {
      if (r.idempotencyKeys || r.sessions)
        log(
          `Housekeeping: ${r.idempotencyKeys} stored idempotency keys and ${r.sessions} expired sessions deleted`,
        );
    },
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { EXPIRED_SESSION_KEEP_DAYS, IDEMPOTENCY_KEEP_DAYS, pruneOld } from './housekeeping.ts';

const DAY_MS = 86_400_000;

describe('housekeeping (ADR 0130)', () => {
  let t: TestApp;
  let user: string;
  const now = new Date('2026-12-03T12:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * DAY_MS);

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    user = t.seed?.users.picker as string;
    const key = (k: string, at: Date) =>
      t.db.query(
        `INSERT INTO idempotency_keys (key, user_id, method, path, status_code, response, created_at)
         VALUES ($1, $2, 'POST', '/api/pick_list/confirm', 200, '{}'::jsonb, $3)`,
        [k, user, at],
      );
    await key('hk-old-1', daysAgo(IDEMPOTENCY_KEEP_DAYS + 30));
    await key('hk-old-2', daysAgo(IDEMPOTENCY_KEEP_DAYS + 1));
    await key('hk-old-3', daysAgo(IDEMPOTENCY_KEEP_DAYS + 2));
    await key('hk-kept', daysAgo(IDEMPOTENCY_KEEP_DAYS - 1));
    const session = (hash: string, expires: Date) =>
      t.db.query('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
        hash,
        user,
        expires,
      ]);
    await session('hk-expired-long-ago', daysAgo(EXPIRED_SESSION_KEEP_DAYS + 1));
    await session('hk-expired-yesterday', daysAgo(1));
    await session('hk-live', new Date(now.getTime() + 10 * DAY_MS));
  });
  afterAll(async () => {
    await t?.close();
  });

  const keys = async () =>
    (
      await t.db.query<{ key: string }>(`SELECT key FROM idempotency_keys WHERE key LIKE 'hk-%' ORDER BY key`)
    ).rows.map((r) => r.key);
  const sessions = async () =>
    (
      await t.db.query<{ token_hash: string }>(
        `SELECT token_hash FROM sessions WHERE token_hash LIKE 'hk-%' ORDER BY token_hash`,
      )
    ).rows.map((r) => r.token_hash);

  it('deletes keys past their retention and long-expired sessions, a batch at a time', async () => {
    const first = await pruneOld(t.db, now, 2);
    expect(first).toEqual({ idempotencyKeys: 2, sessions: 1 });
    expect(await keys()).toHaveLength(2);
    const second = await pruneOld(t.db, now, 2);
    expect(second).toEqual({ idempotencyKeys: 1, sessions: 0 });
    expect(await keys()).toEqual(['hk-kept']);
    expect(await sessions()).toEqual(['hk-expired-yesterday', 'hk-live']);
    expect(await pruneOld(t.db, now, 2)).toEqual({ idempotencyKeys: 0, sessions: 0 });
  });
});

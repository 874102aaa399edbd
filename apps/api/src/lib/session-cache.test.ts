import { APP_HEADER } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Db } from '../db/client.ts';
import { DEMO_USERS } from '../db/seed.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** A pass-through over the real database that counts the statements run through it. */
function counting(db: Db): { db: Db; count: () => number; reset: () => void } {
  let n = 0;
  const wrapped: Db = {
    ...db,
    kind: db.kind,
    query: (sql, params) => {
      n++;
      return db.query(sql, params);
    },
    transaction: (fn) => {
      n++;
      return db.transaction(fn);
    },
    exec: (sql) => db.exec(sql),
    listen: (channel, on) => db.listen(channel, on),
    close: () => db.close(),
  };
  return { db: wrapped, count: () => n, reset: () => (n = 0) };
}

describe('session cache (issue 8 cheap authentication; docs/decisions/0019-session-cache.md)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 4 } });
  });
  afterAll(async () => t.close());

  const get = (app: TestApp['app'], url: string, cookie: string) =>
    app.inject({ method: 'GET', url, headers: { cookie, [APP_HEADER]: 'test' } });

  it('answers a repeated authenticated GET without any query, and a changed session at once', async () => {
    const counter = counting(t.db);
    const app = await buildApp({ config: t.app.hoppa.config, db: counter.db, mail: t.app.hoppa.mail });
    try {
      const cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
      const first = await get(app, '/api/current_user', cookie);
      expect(first.statusCode).toBe(200);
      expect(counter.count()).toBeGreaterThan(0);
      counter.reset();
      const again = await get(app, '/api/current_user', cookie);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(counter.count()).toBe(0);

      // Logging out on this app drops its cached session before the answer: the next call is refused.
      const out = await get(app, '/api/logout', cookie);
      expect(out.statusCode).toBe(200);
      expect((await get(app, '/api/current_user', cookie)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('drops a user’s cached session when the database changes their role, membership or organisations', async () => {
    const cookie = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    const before = await get(t.app, '/api/current_user', cookie);
    expect(before.json().first_name).toBe(DEMO_USERS.stroopOwner.firstName);
    expect(t.app.hoppa.sessions.size).toBeGreaterThan(0);

    // A change made elsewhere (another process, an admin, a script) reaches the cache through NOTIFY.
    await t.db.query('UPDATE users SET first_name = $1 WHERE lower(email) = $2', [
      'Renamed',
      DEMO_USERS.stroopOwner.email,
    ]);
    await t.sessionsSettled();
    expect((await get(t.app, '/api/current_user', cookie)).json().first_name).toBe('Renamed');

    // Losing the membership takes the organisation out of reach on the next request.
    const orgs = await get(t.app, '/api/orgs', cookie);
    expect(orgs.json().length).toBe(1);
    await t.db.query(
      'DELETE FROM memberships WHERE user_id = (SELECT id FROM users WHERE lower(email) = $1)',
      [DEMO_USERS.stroopOwner.email],
    );
    await t.sessionsSettled();
    expect((await get(t.app, '/api/orgs', cookie)).json()).toEqual([]);

    // A grant taken from a role ('*': every cached session goes).
    const picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
    expect((await get(t.app, '/api/shipments', picker)).statusCode).toBe(200);
    await t.db.query(
      `UPDATE roles SET grants = (SELECT coalesce(jsonb_agg(g), '[]'::jsonb) FROM jsonb_array_elements(grants) g
                                   WHERE g->>'path' NOT LIKE '/shipments%') WHERE key = 'warehouse_staff'`,
    );
    await t.sessionsSettled();
    expect((await get(t.app, '/api/shipments', picker)).statusCode).toBe(403);
  });

  it('holds across two API processes on one database: a logout on one ends the session on the other', async () => {
    const other = await buildApp({ config: t.app.hoppa.config, db: t.db, mail: t.app.hoppa.mail });
    try {
      const cookie = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
      expect((await get(other, '/api/current_user', cookie)).statusCode).toBe(200);
      expect((await get(t.app, '/api/current_user', cookie)).statusCode).toBe(200);
      expect(other.hoppa.sessions.size).toBeGreaterThan(0);
      expect((await get(t.app, '/api/logout', cookie)).statusCode).toBe(200);
      await other.hoppa.sessions.settled(t.db);
      expect((await get(other, '/api/current_user', cookie)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

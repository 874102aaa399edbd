/**
 * Two API processes on one database (issue 8 §6): the API keeps no state of its own apart from the database, so a
 * session, an Idempotency-Key and the login throttle started on one process hold on another.
 *
 * Vitest rather than Playwright: the journey is API calls, not screens, and this way it runs in both API steps of
 * `npm test` (PGlite and PostgreSQL) without a browser. The processes are the **compiled build**
 * (`node apps/api/dist/main.js`, built here with `scripts/build.mjs --api`, skipped when unchanged), the way
 * `npm start` runs them, each a real child process on its own port.
 *
 * - With TEST_DATABASE_URL (PostgreSQL): A and B run at the same time on one fresh database; the journey alternates
 *   between them, and the same pick is sent to both at once with one key.
 * - Without it (PGlite): the embedded database belongs to one process at a time, so A runs, stops, and B starts on
 *   the same DATA_DIR: the same journey then proves that nothing of it lived in A's memory.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_HEADER } from '@hoppa/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.ts';
import { DEMO_SHIPMENT_METHODS, DEMO_USERS } from './db/seed.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const MAIN = join(REPO_ROOT, 'apps/api/dist/main.js');
/** How long a logout on one process may take to reach the other (a session cache may delay it). */
const LOGOUT_REACH_MS = 5_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

interface Api {
  name: string;
  url: string;
  stop: () => Promise<void>;
  log: () => string;
}

/** Starts `node dist/main.js` and waits for /api/health. */
async function startApi(name: string, env: NodeJS.ProcessEnv): Promise<Api> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', MAIN], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c) => {
    out += c;
  });
  child.stderr?.on('data', (c) => {
    out += c;
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  // A first start seeds the whole demo (~20 s on a quiet machine); at a load average of 18 on the two cores it took
  // more than 110 s once, so the start may take up to 200 s before the test calls it a failure.
  const deadline = Date.now() + 200_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API ${name} exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) throw new Error(`API ${name} did not answer /api/health:\n${out}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    name,
    url,
    log: () => out,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
  cookies: string[];
}

async function call(
  api: Api,
  method: string,
  path: string,
  opts: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${api.url}/api${path}`, {
    method,
    headers: {
      // As the portal and floor app send it (a GET with an effect, such as logout, requires it).
      [APP_HEADER]: '1',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0] as string);
  return { status: res.status, body, headers: res.headers, cookies };
}

async function login(api: Api, email: string, password: string, from: string): Promise<Answer> {
  return call(api, 'POST', '/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': from },
  });
}

/** Logs in and returns the Cookie header for later calls. */
async function session(api: Api, user: { email: string; password: string }): Promise<string> {
  const r = await login(api, user.email, user.password, '127.0.0.1');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.cookies.join('; ');
}

interface PickItem {
  product__stock: number;
  loc_id: string | null;
  ean: string;
  qty: number;
  orders: { order_line_id: string; qty: number }[];
}

async function pickList(api: Api, cookie: string): Promise<PickItem[]> {
  const start = new Date(Date.now() - 60 * 86_400_000).toISOString();
  const end = new Date(Date.now() + 86_400_000).toISOString();
  const r = await call(api, 'GET', `/pick_list/pick/all/all/${start}/${end}/all?limit=2000`, { cookie });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as { items: PickItem[] }).items;
}

/** Still to pick on an order line, as the pick list shows it. */
async function stillToPick(api: Api, cookie: string, lineId: string): Promise<number> {
  for (const item of await pickList(api, cookie)) {
    const o = item.orders.find((x) => x.order_line_id === lineId);
    if (o) return o.qty;
  }
  return 0;
}

/** Pick items with a location, stock and a line with at least `min` still to pick. */
async function pickable(api: Api, cookie: string, min: number) {
  const out: { line: string; loc: string; ean: string; qty: number }[] = [];
  for (const item of await pickList(api, cookie)) {
    if (!item.loc_id || item.product__stock < min + 2) continue;
    for (const o of item.orders) {
      if (o.qty >= min) out.push({ line: o.order_line_id, loc: item.loc_id, ean: item.ean, qty: o.qty });
    }
  }
  return out;
}

/**
 * Places `orders` manual orders through `POST /orders` as the merchant of `cookie`, each for `qty` of one product that
 * has at least `qty + 6` on an active location (from `GET /products?in_stock=true`), so each line is a pick item a
 * picker can pick from. Throws when the merchant has too few such products or an order is refused.
 */
async function orderStocked(api: Api, cookie: string, orders: number, qty: number): Promise<void> {
  const list = await call(api, 'GET', '/products?in_stock=true&limit=100', { cookie });
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const rows = (list.body as { items: { id: string; locations: { stock: number; active: boolean }[] }[] })
    .items;
  const stocked = rows
    .filter((p) => p.locations.some((l) => l.active && l.stock >= qty + 6))
    .slice(0, orders);
  if (stocked.length < orders) throw new Error(`only ${stocked.length} products with ${qty + 6} in stock`);
  for (const [i, p] of stocked.entries()) {
    const r = await call(api, 'POST', '/orders', {
      cookie,
      body: {
        order_type: 'manual_order',
        products: [{ product_id: p.id, quantity: qty }],
        ship_option: DEMO_SHIPMENT_METHODS.find((m) => m.is_default)?.code,
        type: 'order_not_received',
        shipment_details: {
          countryCode: 'NL',
          name: 'Twee',
          surename: `Processen ${i + 1}`,
          streetname: 'Keizersgracht',
          housenumber: String(100 + i),
          postalcode: '1015 CJ',
          city: 'Amsterdam',
          email: `twee.processen.${i + 1}@example.nl`,
        },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
}

function confirm(api: Api, cookie: string, key: string, p: { line: string; loc: string; ean: string }) {
  return call(api, 'POST', '/pick_list/confirm', {
    cookie,
    headers: { 'idempotency-key': key },
    body: { order_line_id: p.line, quantity: 1, location_id: p.loc, scanned: p.ean },
  });
}

/** Polls until the cookie no longer opens a session on `api`; resolves with the delay in ms. */
async function sessionEndsWithin(api: Api, cookie: string, limitMs: number): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    const r = await call(api, 'GET', '/current_user', { cookie });
    if (r.status === 401) return Date.now() - t0;
    expect(r.status).toBe(200);
    if (Date.now() - t0 > limitMs)
      throw new Error(`the session still answered on ${api.name} after ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'hoppa-two-'));
let dbName = '';
let env: NodeJS.ProcessEnv = {};
const running: Api[] = [];

beforeAll(async () => {
  const build = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts/build.mjs'), '--api'], {
    encoding: 'utf8',
  });
  expect(build.status, `${build.stdout}${build.stderr}`).toBe(0);
  // The demo without its week of live orders (those take most of a first start: ~50 s against ~10 s quiet); the
  // journey makes the two orders it picks through POST /orders, as a merchant would.
  env = { DATA_DIR: dataDir, SEED_DEMO: 'true', DEMO_ORDERS: 'false' };
  delete process.env.DATABASE_URL;
  if (PG_URL) {
    dbName = `hoppa_two_${Math.random().toString(16).slice(2, 12)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${dbName}`;
    env.DATABASE_URL = u.toString();
  }
});

afterAll(async () => {
  await Promise.all(running.map((a) => a.stop()));
  if (dbName && PG_URL) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(name: string): Promise<Api> {
  const api = await startApi(name, env);
  running.push(api);
  return api;
}

describe(`two API processes on one ${PG_URL ? 'PostgreSQL database, side by side' : 'PGlite data directory, one after the other'}`, () => {
  it('carry one journey: session, idempotent pick, login throttle and logout hold across processes', async () => {
    // A seeds the demo warehouse (first start); B finds it seeded.
    const a = await start('A');
    let b: Api = a;
    if (PG_URL) b = await start('B');

    // On A: Bakkerij Bol's owner orders 4 of each of two stocked products (one order each), for the picker to pick.
    await orderStocked(a, await session(a, DEMO_USERS.bolOwner), 2, 4);

    // On A: two sessions of the picker, one pick with key K, wrong passwords for one account (each from its own
    // address, so the per-address limit stays out of it).
    const picker = await session(a, DEMO_USERS.picker);
    const leaving = await session(a, DEMO_USERS.picker);
    const [p] = await pickable(a, picker, 3);
    if (!p) throw new Error('the demo warehouse has no pick item with 3 to pick on a stocked location');
    const key = `two-proc-${Date.now()}`;
    const first = await confirm(a, picker, key, p);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await stillToPick(a, picker, p.line)).toBe(p.qty - 1);
    const victim = DEMO_USERS.bolUser;
    // Five failures slow the account by 1 s (LOGIN_THROTTLE.account), each further one made after the wait doubles it.
    // A makes them until it answers 429 (each from its own address, so the per-address limit stays out of it).
    let failures = 0;
    for (;;) {
      const r = await login(a, victim.email, 'wrong-password', `198.51.100.${failures}`);
      if (r.status === 429) break;
      expect(r.status).toBe(401);
      failures++;
    }
    expect(failures).toBeGreaterThanOrEqual(5);
    const logout = await call(a, 'GET', '/logout', { cookie: leaving });
    expect(logout.status).toBeLessThan(400);

    if (!PG_URL) {
      // PGlite: A stops, B opens the same data directory; nothing of the journey may have lived in A.
      await a.stop();
      b = await start('B');
    }

    // On B: A's session is valid.
    const me = await call(b, 'GET', '/current_user', { cookie: picker });
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain(DEMO_USERS.picker.email);

    // On B: the same key replays A's answer and picks nothing more.
    const replay = await confirm(b, picker, key, p);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await stillToPick(b, picker, p.line)).toBe(p.qty - 1);

    // On B: the failures counted on A slow the account down. While A's 1 s wait runs, B answers 429 at once. When B's
    // start outlasted it (always on PGlite, where B starts after A stops), one more failure on B must bring a wait at
    // once: only A's five explain it, as a first failure leaves an account free (so this no longer races B's start).
    let slowed = await login(b, victim.email, 'wrong-password', '198.51.100.98');
    if (slowed.status !== 429) {
      expect(slowed.status).toBe(401);
      slowed = await login(b, victim.email, victim.password, '198.51.100.99');
    }
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // On B: the session logged out on A is gone (allowing a short delay for any per-process cache).
    const delay = await sessionEndsWithin(b, leaving, LOGOUT_REACH_MS);
    console.log(`logout on A reached B after ${delay} ms`);

    if (PG_URL) {
      // Both at once, the other way round and at the same moment: one key sent to A and B together has one effect.
      const [q] = (await pickable(b, picker, 3)).filter((x) => x.line !== p.line);
      if (!q) throw new Error('no second pick item');
      const both = `two-proc-both-${Date.now()}`;
      const [ra, rb] = await Promise.all([confirm(a, picker, both, q), confirm(b, picker, both, q)]);
      // The second may wait for the first and replay it, or be told the key is in use: never a second pick.
      const statuses = [ra.status, rb.status].sort();
      expect(statuses[0]).toBe(200);
      expect([200, 409]).toContain(statuses[1]);
      expect(await stillToPick(a, picker, q.line)).toBe(q.qty - 1);

      // Logout on B ends the session on A too.
      const other = await session(b, DEMO_USERS.picker);
      expect((await call(a, 'GET', '/current_user', { cookie: other })).status).toBe(200);
      expect((await call(b, 'GET', '/logout', { cookie: other })).status).toBeLessThan(400);
      const back = await sessionEndsWithin(a, other, LOGOUT_REACH_MS);
      console.log(`logout on B reached A after ${back} ms`);
    }
    // Two real process starts (the first seeds the demo without its live orders); each start allows itself 200 s.
  }, 240_000);
});

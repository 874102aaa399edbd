/**
 * Issue 7 item 7, the offline proof: the floor's real outbox (Dexie on fake-indexeddb, `enqueuePick`, the one
 * sender, the API transport over core's ky client) against a real API server process (apps/api on a fresh data
 * directory, PGlite), through a network that flips 1,000 times at random between online, offline (the request
 * never leaves) and lossy (the server applies the request, the answer is lost, so the retry must be idempotent),
 * also while a send is under way. The picker scans every pick of a real pick list meanwhile. Afterwards the server
 * holds every scan exactly once (each order line picked to its quantity, one ledger row per line) and the outbox
 * is empty. The server runs as a separate process, so the floor imports nothing of the API. Seed: FLIPS_SEED.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createApiClient,
  locationRootsEndpoint,
  orderGetEndpoint,
  type PickItem,
  type ProductLocationLink,
  pickListEndpoint,
  productHistoryEndpoint,
  productLocationsEndpoint,
  request,
} from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPicks, testDb } from '../test/fixtures.ts';
import type { StockOp } from './db.ts';
import { enqueuePick, enqueueStockChange, pendingCount, rejectedRows } from './outbox.ts';
import { createOutboxSender } from './sync.ts';
import { createApiTransport } from './transport.ts';

const FLIPS = 1_000;
const SEED = Number(process.env.FLIPS_SEED ?? 20_261_122);
const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../api');

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => done(port));
    });
  });
}

async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!res.ok || !cookie) throw new Error(`login ${email}: ${res.status}`);
  return cookie;
}

describe('the outbox through 1,000 network flips (issue 7)', { timeout: 300_000 }, () => {
  let server: ChildProcess;
  let dataDir: string;
  let base: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hoppa-flips-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_ORDERS: 'false',
    };
    delete env.DATABASE_URL;
    delete env.VITEST;
    server = spawn(join(API_DIR, 'node_modules/.bin/tsx'), ['src/main.ts'], {
      cwd: API_DIR,
      env,
      stdio: 'ignore',
    });
    const deadline = Date.now() + 180_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || server.exitCode !== null) throw new Error('the API server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    // The first start seeds the demo warehouse: far longer than vitest's 10 s hook default on a busy machine.
  }, 200_000);
  afterAll(async () => {
    server?.kill('SIGTERM');
    if (server && server.exitCode === null) await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it(`delivers every scan exactly once (seed ${SEED})`, async () => {
    // A merchant's orders to pick: 200 orders of 1–2 lines over 100 products.
    const owner = await login(base, 'owner@bakkerijbol.nl', 'Bakkerij-owner-2026');
    const ownerApi = createApiClient({
      prefix: `${base}/api`,
      app: 'flips-test',
      headers: { cookie: owner },
    });
    const stocked = (await (
      await fetch(`${base}/api/products?limit=100`, { headers: { cookie: owner } })
    ).json()) as {
      items: { ean: string; id: string }[];
    };
    const rows = Array.from({ length: 200 }, (_, o) =>
      Array.from({ length: 1 + (o % 2) }, (_, k) => ({
        order_id: `FLIP-${o}`,
        product_ean: stocked.items[(o * 3 + k * 5) % 100]?.ean ?? '',
        quantity: String(1 + ((o + k) % 2)),
        ...(k === 0
          ? {
              firstName: 'Flip',
              surName: `Klant ${o}`,
              streetName: 'Kerkstraat',
              houseNumber: '1',
              zipcode: '2801 AB',
              city: 'Gouda',
              countryCode: 'NL',
            }
          : {}),
      })),
    ).flat();
    const imported = await fetch(`${base}/api/orders/import`, {
      method: 'POST',
      headers: { cookie: owner, 'content-type': 'application/json' },
      body: JSON.stringify(rows),
    });
    expect(imported.status).toBe(201);

    // The picker's pick list, stored in the floor's IndexedDB as the app stores it.
    const picker = await login(base, 'picker@demo.hoppa.nl', 'Hoppa-picker-2026');
    const start = new Date(Date.now() - 3_600_000).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const list = await request(
      createApiClient({ prefix: `${base}/api`, app: 'flips-test', headers: { cookie: picker } }),
      pickListEndpoint,
      {
        params: { locations: 'all', query_type: 'located', start, end, orgs: 'all' },
        query: { limit: 2000 },
      },
    );
    const items: PickItem[] = list.items.filter(
      (i) => i.loc_id && i.orders.some((o) => o.shop_order_id.startsWith('FLIP-')),
    );
    expect(items.length).toBeGreaterThan(20);
    const { db } = testDb(`flips-${SEED}`);
    await seedPicks(db, items);

    // The network: online, offline (nothing leaves), or lossy (delivered, answer lost).
    const rand = lcg(SEED);
    let state: 'online' | 'offline' | 'lossy' = 'online';
    const seen = { online: 0, offline: 0, lossy: 0, lostAnswers: 0 };
    const flakyFetch: typeof fetch = async (input, init) => {
      const at = state;
      if (at === 'offline') throw new TypeError('Failed to fetch');
      const res = await fetch(input, init);
      if (at === 'lossy' || state === 'offline') {
        await res.arrayBuffer();
        seen.lostAnswers++;
        throw new TypeError('Failed to fetch');
      }
      return res;
    };
    const client = createApiClient({
      prefix: `${base}/api`,
      app: 'floor',
      headers: { cookie: picker },
      fetch: flakyFetch,
    });
    let clock = Date.now();
    const sender = createOutboxSender({
      db,
      transport: createApiTransport(client),
      now: () => clock,
      random: rand,
      // Backoff timers are driven by the loop below (forced drains), not by waiting.
      setTimer: () => 0,
      clearTimer: () => {},
    });

    let scanned = 0;
    // Scans spread over the whole run, so sends meet every kind of network.
    const scanChance = Math.min(0.5, (1.2 * items.length) / FLIPS);
    for (let flip = 0; flip < FLIPS; flip++) {
      const r = rand();
      state = r < 0.45 ? 'online' : r < 0.75 ? 'offline' : 'lossy';
      seen[state]++;
      clock += 1_000 + Math.floor(rand() * 60_000);
      // The picker scans the next pick now and then, online or not.
      if (scanned < items.length && rand() < scanChance) {
        await enqueuePick(db, (items[scanned] as PickItem).id, 'flip-scan', clock);
        scanned++;
      }
      // A send under way when the network flips again.
      const drain = sender.drain({ force: true });
      if (rand() < 0.3) {
        await new Promise((res) => setTimeout(res, Math.floor(rand() * 3)));
        const r2 = rand();
        state = r2 < 0.5 ? 'offline' : r2 < 0.75 ? 'lossy' : 'online';
      }
      await drain;
    }
    // The rest of the scans, then online until the outbox is empty.
    while (scanned < items.length) {
      await enqueuePick(db, (items[scanned] as PickItem).id, 'flip-scan', clock);
      scanned++;
    }
    state = 'online';
    for (let i = 0; i < 50 && (await pendingCount(db)) > 0; i++) {
      clock += 120_000;
      await sender.drain({ force: true });
    }
    sender.stop();
    console.log(`flips ${FLIPS} (seed ${SEED}):`, seen, `scans ${scanned}`);
    expect(seen.offline).toBeGreaterThan(200);
    expect(seen.lossy).toBeGreaterThan(100);
    expect(seen.lostAnswers).toBeGreaterThan(10);

    // The device: nothing waits, nothing was refused.
    expect(await pendingCount(db)).toBe(0);
    expect(await rejectedRows(db)).toEqual([]);

    // The server: every order line of every scan picked to its quantity, with exactly one ledger row.
    const lines = items.flatMap((i) => i.orders.map((o) => ({ ...o, productId: i.product__id })));
    const orderIds = [...new Set(lines.map((l) => l.order_id))];
    const picked = new Map<string, { quantity: number; picked: number }>();
    for (const id of orderIds) {
      const order = await request(ownerApi, orderGetEndpoint, { params: { id } });
      for (const l of order.products) picked.set(l.id, { quantity: l.quantity, picked: l.picked_quantity });
    }
    const ledger = new Map<string, number[]>();
    for (const productId of [...new Set(lines.map((l) => l.productId))]) {
      const history = await request(ownerApi, productHistoryEndpoint, {
        params: { product_id: productId },
        query: { limit: 1000 },
      });
      for (const m of history.mutations)
        if (m.reason === 'pick' && m.order_line_id)
          ledger.set(m.order_line_id, [...(ledger.get(m.order_line_id) ?? []), m.quantity]);
    }
    for (const l of lines) {
      expect(picked.get(l.order_line_id)?.picked, l.order_line_id).toBe(l.qty);
      expect(ledger.get(l.order_line_id), l.order_line_id).toEqual([-l.qty]);
    }
  });

  it(`delivers every change of a product's locations exactly once (issue 9, seed ${SEED})`, async () => {
    const picker = await login(base, 'picker@demo.hoppa.nl', 'Hoppa-picker-2026');
    const direct = createApiClient({ prefix: `${base}/api`, app: 'flips-test', headers: { cookie: picker } });
    const owner = await login(base, 'owner@bakkerijbol.nl', 'Bakkerij-owner-2026');
    // A product the pick test above left alone, with pieces on its pick bin.
    const page = (await (
      await fetch(`${base}/api/products?limit=50&skip=150`, { headers: { cookie: owner } })
    ).json()) as { items: { id: string; locations: { id: string; stock: number }[] }[] };
    const product = page.items.find((p) => (p.locations[0]?.stock ?? 0) >= 10);
    if (!product) throw new Error('no product with 10 pieces on a bin');
    const before = await request(direct, productLocationsEndpoint, { params: { id: product.id } });
    const home = before.locations[0] as ProductLocationLink;
    // The ledger rows the demo already holds for it (the seed's stock, and the demo's check-ins of some products).
    const historyOf = () =>
      request(direct, productHistoryEndpoint, { params: { product_id: product.id }, query: { limit: 1000 } });
    const earlier = new Set((await historyOf()).mutations.map((m) => m.id));
    // Free bins of the demo's receiving rack (apps/api db/seed-stock.ts).
    const r07 = await request(direct, locationRootsEndpoint, { query: { search: 'R-01-07' } });
    const r07Id = r07.items[0]?.id ?? '';
    expect(r07Id).not.toBe('');

    const { db } = testDb(`flips-stock-${SEED}`);
    const rand = lcg(SEED + 1);
    let state: 'online' | 'offline' | 'lossy' = 'online';
    let lost = 0;
    const flakyFetch: typeof fetch = async (input, init) => {
      const at = state;
      if (at === 'offline') throw new TypeError('Failed to fetch');
      const res = await fetch(input, init);
      if (at === 'lossy') {
        await res.arrayBuffer();
        lost++;
        throw new TypeError('Failed to fetch');
      }
      return res;
    };
    let clock = Date.now();
    const sender = createOutboxSender({
      db,
      transport: createApiTransport(
        createApiClient({
          prefix: `${base}/api`,
          app: 'floor',
          headers: { cookie: picker },
          fetch: flakyFetch,
        }),
      ),
      now: () => clock,
      random: rand,
      setTimer: () => 0,
      clearTimer: () => {},
    });
    const ops: StockOp[] = [
      { op: 'assign_by_name', product_id: product.id, rack_number: 'r-01-05', raw_scan: 'R-01-05' },
      {
        op: 'transfer',
        product_id: product.id,
        location_product_id: home.id,
        to: { rack_number: 'R-01-05' },
        quantity: 4,
        raw_scan: 'R-01-05',
      },
      { op: 'assign_by_name', product_id: product.id, rack_number: 'R-01-06' },
      { op: 'assign', product_id: product.id, location_id: r07Id, amount: 7 },
      {
        op: 'set',
        product_id: product.id,
        location_product_id: home.id,
        amount: home.stock - 3,
        expected: home.stock - 4,
      },
    ];
    let queued = 0;
    for (let flip = 0; flip < 200; flip++) {
      const r = rand();
      state = r < 0.45 ? 'online' : r < 0.75 ? 'offline' : 'lossy';
      clock += 1_000 + Math.floor(rand() * 60_000);
      if (queued < ops.length && rand() < 0.1) {
        await enqueueStockChange(db, ops[queued] as StockOp, `change ${queued}`, clock);
        queued++;
      }
      await sender.drain({ force: true });
    }
    while (queued < ops.length) await enqueueStockChange(db, ops[queued++] as StockOp, 'late', clock);
    state = 'online';
    for (let i = 0; i < 50 && (await pendingCount(db)) > 0; i++) {
      clock += 120_000;
      await sender.drain({ force: true });
    }
    sender.stop();
    expect(lost).toBeGreaterThan(0);
    expect(await pendingCount(db)).toBe(0);
    expect(await rejectedRows(db)).toEqual([]);

    const after = await request(direct, productLocationsEndpoint, { params: { id: product.id } });
    const stockOn = (name: string) => after.locations.find((l) => l.location.name === name)?.stock;
    expect(stockOn(home.location.name)).toBe(home.stock - 3);
    expect([stockOn('R-01-05'), stockOn('R-01-06'), stockOn('R-01-07')]).toEqual([4, 0, 7]);
    const rows = (await historyOf()).mutations
      .filter((m) => !earlier.has(m.id))
      .map((m) => `${m.reason} ${m.location?.name} ${m.quantity}`)
      .sort();
    expect(rows).toEqual(
      [
        `transfer ${home.location.name} -4`,
        'transfer R-01-05 4',
        'assign R-01-05 0',
        'assign R-01-06 0',
        'assign R-01-07 7',
        `count ${home.location.name} 1`,
      ].sort(),
    );
  });
});

/**
 * Route sweep at warehouse scale: times every GET route of the route table (`app.routeTable`, lib/route.ts) on a kept
 * PostgreSQL database that holds the 100,000-order seed of hot-reads.bench.ts, to find the list and read routes over
 * the hot-read budget (issue 8: "every list is paged on the server and stays within its budget at 100,000 orders",
 * p95 ≤ 20 ms per page). For each route it fills the path parameters with real values read from the database (the
 * table {@link VALUES}: an open order of Bakkerij Bol, a shipment, its most ordered product, a pick location, the seed's
 * 14 days for `:start/:end`, …), leaves the query at its defaults (only a required query field is filled, from the same
 * table), sends {@link WARMUP} warm-up and {@link RUNS} timed requests through `app.inject` and reports p50/p95, the
 * status, the answer's size, and the CPU per request of this process (API and inject client) and of the database
 * backends (PostgreSQL on this host: /proc/<pid>/schedstat), slowest p50 first (on a shared machine the p95 of ten
 * requests is mostly the other processes' noise; the budget's p95 is in the table all the same). A non-2xx answer is
 * reported, not fatal. Routes it does not time are listed with the reason: binary answers (files, PDFs, images, exports), GETs that
 * change state, routes that call an outside service, and routes whose parameters it cannot fill (e.g. no inbound in
 * the database). Writes bench-output/route-sweep.md and prints it.
 *
 * Users: the provider's admin (DEMO_USERS.admin, sees every organisation) for every route, except routes of scope
 * `org` (a merchant's own screens, which read the current organisation: the admin's is the provider) and routes the
 * admin is refused (403), which run as Bakkerij Bol's owner (DEMO_USERS.bolOwner); the table names the user of each
 * row. With `ROUTE_SWEEP_MERCHANT=1` every route the owner may call is also timed as the owner (a row of its own).
 *
 * Not part of `npm run bench` (scripts/bench.mjs leaves it out, with its fragment): it needs a database seeded
 * beforehand, which that run does not make (the sweep itself takes 2–4 minutes on the shared 2-core machine, 2026-11-29,
 * plus about 2 for the seed). Make one with the hot-reads benchmark, then sweep it:
 *
 *   TEST_DATABASE_URL=postgres://hoppa:hoppa@127.0.0.1:5432/hoppa_test HOT_READS_DB=hoppa_sweep HOT_READS_CASES=1 \
 *     npx tsx apps/api/bench/hot-reads.bench.ts
 *   TEST_DATABASE_URL=postgres://hoppa:hoppa@127.0.0.1:5432/hoppa_test ROUTE_SWEEP_DB=hoppa_sweep \
 *     npx tsx apps/api/bench/sweep-history.ts    # optional: a year of inbounds and 10,000 returns (ADR 0131)
 *   TEST_DATABASE_URL=postgres://hoppa:hoppa@127.0.0.1:5432/hoppa_test ROUTE_SWEEP_DB=hoppa_sweep \
 *     npx tsx apps/api/bench/route-sweep.bench.ts
 *
 * (drop the database when done). It refuses to run without TEST_DATABASE_URL and ROUTE_SWEEP_DB, and when that
 * database does not exist or holds no hot-reads seed. Migrations of the checked-out code are applied to it, as
 * hot-reads.bench.ts does. `ROUTE_SWEEP_ONLY=<regular expression>` times only the routes whose URL matches;
 * `ROUTE_SWEEP_WARMUP=<n>` and `ROUTE_SWEEP_RUNS=<n>` set the requests per route (default 2 and 10). A route whose
 * first warm-up takes over {@link SLOW_MS} ms gets {@link SLOW_RUNS} timed requests only (said in its row).
 * `ROUTE_SWEEP_EXPLAIN=<n>` also writes the plans (EXPLAIN ANALYZE, BUFFERS) of the read statements of the n slowest
 * rows to bench-output/route-sweep-plans.txt.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HTTPMethods } from 'fastify';
import pg from 'pg';
import type { z } from 'zod';
import { DEMO_USERS } from '../src/db/seed.ts';
import type { RouteEntry } from '../src/lib/route.ts';
import { createTestApp } from '../src/test/test-app.ts';
import { backendCpuMs, backendPids } from './backend-cpu.ts';

const testUrl = process.env.TEST_DATABASE_URL;
const dbName = process.env.ROUTE_SWEEP_DB;
if (!testUrl || !dbName) {
  console.error(
    'route-sweep: needs TEST_DATABASE_URL (PostgreSQL) and ROUTE_SWEEP_DB (a database seeded by hot-reads.bench.ts with HOT_READS_DB); see the header of apps/api/bench/route-sweep.bench.ts',
  );
  process.exit(2);
}
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) {
  console.error(`route-sweep: ROUTE_SWEEP_DB must be a plain database name, not ${dbName}`);
  process.exit(2);
}
/** Warm-up requests per route (untimed). */
const WARMUP = Number(process.env.ROUTE_SWEEP_WARMUP) || 2;
/** Timed requests per route. */
const RUNS = Number(process.env.ROUTE_SWEEP_RUNS) || 10;
/** A first warm-up slower than this (ms) cuts the timed requests to {@link SLOW_RUNS}, so one route cannot eat the run. */
const SLOW_MS = 3000;
const SLOW_RUNS = 3;
/** The hot-read goal (issue 8): p95 per page, ms. */
const BUDGET_MS = 20;
const onlyUrl = process.env.ROUTE_SWEEP_ONLY ? new RegExp(process.env.ROUTE_SWEEP_ONLY) : null;
const withMerchant = Boolean(process.env.ROUTE_SWEEP_MERCHANT);

// createTestApp's keepDatabase creates a missing database: look first, so a typo does not make (and migrate) a new one.
{
  const admin = new pg.Client({ connectionString: testUrl });
  await admin.connect();
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
  await admin.end();
  if (found.rowCount === 0) {
    console.error(
      `route-sweep: database ${dbName} does not exist; seed it with hot-reads.bench.ts (HOT_READS_DB=${dbName})`,
    );
    process.exit(2);
  }
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const DAY = 86_400_000;

const loadAtStart = loadavg()[0]?.toFixed(1);
const t = await createTestApp({ keepDatabase: dbName });
try {
  const bol = (await t.db.query<{ org_id: string }>(`SELECT org_id FROM orders WHERE order_id = 'HOT-1'`))
    .rows[0]?.org_id;
  if (!bol) throw new Error(`${dbName} holds no seed of hot-reads.bench.ts (no order HOT-1)`);
  const orderCount = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')).rows[0]?.n;

  const users = {
    admin: {
      label: 'admin (provider_admin)',
      cookie: await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password),
    },
    bolOwner: {
      label: 'bolOwner (merchant_owner, Bakkerij Bol)',
      cookie: await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password),
    },
  };
  type UserKey = keyof typeof users;

  // The seed's window: orders placed over the last 14 days (and shipped ones up to an hour earlier), as hot-reads reads it.
  const start = iso(15 * DAY);
  const end = iso(-DAY);
  const day = (s: string) => s.slice(0, 10);

  /** A value found by SQL (`params` default: Bakkerij Bol as $1): the first column of the first row, or null. */
  const one = async (sql: string, params: unknown[] = [bol]): Promise<string | null> => {
    const row = (await t.db.query<Record<string, unknown>>(sql, params)).rows[0];
    const v = row ? Object.values(row)[0] : null;
    return v == null ? null : String(v).trim();
  };
  /** {@link one}'s value as a list of candidates: none when the database has nothing. */
  const found = async (sql: string, params?: unknown[]): Promise<string[]> => {
    const v = await one(sql, params);
    return v === null ? [] : [v];
  };

  /**
   * The values a parameter can take, by meaning: each a list of candidates (the first one its field's schema accepts
   * is used), found by SQL on the seeded data ($1 is Bakkerij Bol) or fixed. An empty list: nothing in the database.
   */
  const VALUES: Record<string, () => Promise<string[]>> = {
    all: async () => ['all'],
    org: async () => [bol],
    start: async () => [start, day(start)],
    end: async () => [end, day(end)],
    openOrder: async () =>
      found(`SELECT id FROM orders WHERE org_id = $1 AND status = 'open' ORDER BY placed_at DESC LIMIT 1`),
    openOrderNumber: async () =>
      found(
        `SELECT order_id FROM orders WHERE org_id = $1 AND status = 'open' ORDER BY placed_at DESC LIMIT 1`,
      ),
    shippedOrderNumber: async () =>
      found(
        `SELECT order_id FROM orders WHERE org_id = $1 AND status = 'shipped' ORDER BY placed_at DESC LIMIT 1`,
      ),
    // A name search over the shipped orders (the shipments screen's search), as hot-reads' surname prefix.
    surname: async () =>
      found(
        `SELECT shipment_details->>'surname' FROM orders WHERE org_id = $1 AND status = 'shipped' ORDER BY placed_at DESC LIMIT 1`,
      ),
    shipment: async () =>
      found(`SELECT id FROM shipments WHERE org_id = $1 ORDER BY created_at DESC LIMIT 1`),
    // The product of Bakkerij Bol on the most order lines: the heaviest product card, history and sales.
    product: async () =>
      found(
        `SELECT product_id FROM order_lines WHERE org_id = $1 AND product_id IS NOT NULL GROUP BY product_id ORDER BY count(*) DESC, product_id LIMIT 1`,
      ),
    productEan: async () =>
      found(
        `SELECT p.ean FROM products p WHERE p.id = (SELECT product_id FROM order_lines WHERE org_id = $1 AND product_id IS NOT NULL GROUP BY product_id ORDER BY count(*) DESC, product_id LIMIT 1)`,
      ),
    // The pick location with the most open lines.
    pickLocation: async () =>
      found(`SELECT l.pick_location_id FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE l.org_id = $1 AND o.status = 'open' AND l.pick_location_id IS NOT NULL
          GROUP BY l.pick_location_id ORDER BY count(*) DESC LIMIT 1`),
    // The location with the most children (a rack of bins).
    parentLocation: async () =>
      found(
        `SELECT parent_id FROM locations WHERE parent_id IS NOT NULL
          GROUP BY parent_id ORDER BY count(*) DESC, parent_id LIMIT 1`,
        [],
      ),
    inbound: async () => found(`SELECT id FROM inbounds WHERE org_id = $1 ORDER BY created_at DESC LIMIT 1`),
    inboundItem: async () => found(`SELECT id FROM inbound_items WHERE org_id = $1 LIMIT 1`),
    apiConnection: async () => found(`SELECT id FROM api_connections WHERE org_id = $1 LIMIT 1`),
    // Only the calendar token's SHA-256 is stored (inbound.service.ts): no token can be read back.
    calendarToken: async () => [],
    // The pick items the floor fetches its rounds for (hot-reads' "rounds of 50 items"): the first 50 of the window.
    pickItems: async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/pick_list/pick/all/all/${start}/${end}/all?limit=50`,
        headers: { cookie: users.admin.cookie },
      });
      const ids = (res.json() as { items?: { id: string }[] }).items?.map((i) => i.id) ?? [];
      return ids.length ? [ids.join(',')] : [];
    },
    country: async () => ['NL'],
    postalCode: async () => ['2801JG'],
    houseNumber: async () => ['1'],
  };

  /** Which value a parameter or required query field takes, by its name, in every route. */
  const BY_NAME: Record<string, string> = {
    start: 'start',
    end: 'end',
    from: 'start',
    to: 'end',
    pack_size: 'all',
    orgs: 'all',
    locations: 'all',
    query_type: 'all',
    org_id: 'org',
    product_id: 'product',
    ean: 'productEan',
    text: 'productEan',
    term: 'surname',
    orderId: 'openOrderNumber',
    parent: 'parentLocation',
    token: 'calendarToken',
    items: 'pickItems',
    country: 'country',
    postalCode: 'postalCode',
    houseNumber: 'houseNumber',
  };
  /** `:id` means another record in each route: route URL → value. A route not listed here is skipped. */
  const ID_OF: Record<string, string> = {
    '/api/api/products/product/:id': 'product',
    '/api/product/:id': 'product',
    '/api/product/locations/:id': 'product',
    '/api/get-api/:id': 'apiConnection',
    '/api/inbound/:id': 'inbound',
    '/api/inbound_item/:id': 'inboundItem',
    '/api/inbound_item/inbound/:id': 'inbound',
    '/api/order_attachments/:id': 'openOrder',
    '/api/order/edit/:id/products': 'openOrder',
    '/api/order/get/:id': 'openOrder',
    '/api/orders-by-picked-location/:id': 'pickLocation',
    '/api/products/org/:id': 'org',
    '/api/shipments/:id': 'shipment',
    // The returns desk's search: a shipped order's number ('order_found'; with sweep-history.ts some have a return).
    '/api/returns/get/:id': 'shippedOrderNumber',
  };
  /** Routes that call a service outside the warehouse (not reachable from the benchmark's app). */
  const EXTERNAL: Record<string, string> = {
    '/api/vat_lookup': "calls VIES (the EU's VAT lookup)",
    '/api/orders/bol/ship_options/:id': "calls bol.com's API",
  };

  const cache = new Map<string, string[]>();
  const valuesOf = async (key: string) => {
    const hit = cache.get(key);
    if (hit) return hit;
    const vs = await (VALUES[key] as () => Promise<string[]>)();
    cache.set(key, vs);
    return vs;
  };
  type Shape = Record<string, z.ZodType>;
  const shapeOf = (schema: unknown): Shape =>
    ((schema as { shape?: Shape } | undefined)?.shape ?? {}) as Shape;

  /** The value of parameter `name` of route `url` its schema accepts, or why there is none. */
  async function fill(
    url: string,
    name: string,
    field: z.ZodType | undefined,
  ): Promise<string | { skip: string }> {
    const key = name === 'id' ? ID_OF[url] : BY_NAME[name];
    if (!key) return { skip: `no value known for \`${name}\` in this route (add it to ID_OF or BY_NAME)` };
    const vs = await valuesOf(key);
    if (!vs.length) return { skip: `no ${key} in the database for \`${name}\`` };
    const ok = vs.find((v) => !field || field.safeParse(v).success);
    return (
      ok ?? {
        skip: `\`${name}\`: the schema takes none of ${vs.map((v) => `'${v.slice(0, 30)}'`).join(', ')}`,
      }
    );
  }

  /** A request to `r` with its parameters and required query fields filled, or why it is skipped. */
  async function requestOf(r: RouteEntry): Promise<{ url: string } | { skip: string }> {
    const e = r.endpoint;
    if (!e) return { skip: 'API documentation (Swagger UI), no endpoint' };
    if (e.binary) return { skip: 'binary answer (a file: PDF, image, label or export)' };
    if (e.changesState) return { skip: 'changes state (a GET that needs the app header)' };
    const external = EXTERNAL[r.url];
    if (external) return { skip: external };
    const params: Record<string, string> = {};
    const pShape = shapeOf(e.params);
    for (const m of r.url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)) {
      const name = m[1] as string;
      const v = await fill(r.url, name, pShape[name]);
      if (typeof v !== 'string') return v;
      params[name] = v;
    }
    if (e.params && !e.params.safeParse(params).success)
      return { skip: 'the filled parameters fail its schema' };
    const query: Record<string, string> = {};
    const qShape = shapeOf(e.query);
    for (const [name, field] of Object.entries(qShape)) {
      if (field.safeParse(undefined).success) continue; // optional: left at its default
      const v = await fill(r.url, name, field);
      if (typeof v !== 'string') return v;
      query[name] = v;
    }
    const path = r.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, n: string) =>
      encodeURIComponent(params[n] ?? ''),
    );
    const qs = new URLSearchParams(query).toString();
    return { url: qs ? `${path}?${qs}` : path };
  }

  interface Row {
    url: string;
    user: UserKey;
    status: number;
    p50: number;
    p95: number;
    runs: number;
    bytes: number;
    items: string;
    apiCpu: number;
    dbCpu: number | null;
  }

  /** The number of things in a JSON answer: its `items` (and `total`), or the array's length. */
  function itemsOf(body: string): string {
    try {
      const j = JSON.parse(body) as unknown;
      if (Array.isArray(j)) return String(j.length);
      const o = j as { items?: unknown[]; total?: number };
      if (Array.isArray(o?.items))
        return `${o.items.length}${typeof o.total === 'number' ? ` of ${o.total.toLocaleString('en')}` : ''}`;
    } catch {
      // not JSON
    }
    return '';
  }

  /** Times `url` as `user`: warm-ups, then timed requests. */
  async function time(url: string, user: UserKey): Promise<Row> {
    const headers = { cookie: users[user].cookie };
    const send = () => t.app.inject({ method: 'GET' as HTTPMethods, url, headers });
    const first0 = performance.now();
    let res = await send();
    const firstMs = performance.now() - first0;
    for (let i = 1; i < WARMUP; i++) res = await send();
    const runs = firstMs > SLOW_MS ? SLOW_RUNS : RUNS;
    const times: number[] = [];
    const dbFrom = backendCpuMs(await backendPids(t.db));
    const cpuFrom = process.cpuUsage();
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      res = await send();
      times.push(performance.now() - t0);
    }
    const api = process.cpuUsage(cpuFrom);
    const dbTo = backendCpuMs([...new Set([...dbFrom.keys(), ...(await backendPids(t.db))])]);
    const db = [...dbTo].reduce((ms, [pid, to]) => ms + to - (dbFrom.get(pid) ?? 0), 0);
    times.sort((a, b) => a - b);
    return {
      url,
      user,
      status: res.statusCode,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      runs,
      bytes: res.rawPayload.length,
      items: res.statusCode < 300 ? itemsOf(res.body) : res.body.slice(0, 80).replace(/\|/g, '/'),
      apiCpu: (api.user + api.system) / 1000 / runs,
      dbCpu: dbTo.size ? db / runs : null,
    };
  }

  const routes = t.app.routeTable
    .filter((r) => r.method === 'GET' && (r.url === '/api' || r.url.startsWith('/api/')))
    .filter((r) => !onlyUrl || onlyUrl.test(r.url))
    .sort((a, b) => a.url.localeCompare(b.url));
  const rows: Row[] = [];
  const skipped: { url: string; why: string }[] = [];
  const sweepStart = performance.now();
  for (const r of routes) {
    const req = await requestOf(r);
    if ('skip' in req) {
      skipped.push({ url: r.url, why: req.skip });
      continue;
    }
    let who: UserKey = r.endpoint?.scope === 'org' ? 'bolOwner' : 'admin';
    let row = await time(req.url, who);
    if (row.status === 403 && who === 'admin') {
      who = 'bolOwner';
      row = await time(req.url, who);
    }
    rows.push(row);
    console.log(
      `${row.p95.toFixed(1).padStart(8)} ms p95  ${row.status}  ${who.padEnd(8)}  ${req.url.slice(0, 140)}`,
    );
    if (withMerchant && who === 'admin') {
      const m = await time(req.url, 'bolOwner');
      if (m.status !== 403) {
        rows.push(m);
        console.log(
          `${m.p95.toFixed(1).padStart(8)} ms p95  ${m.status}  bolOwner  ${req.url.slice(0, 140)}`,
        );
      }
    }
  }
  const sweepS = (performance.now() - sweepStart) / 1000;
  rows.sort((a, b) => b.p50 - a.p50 || b.p95 - a.p95);

  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const shortUrl = (u: string) => {
    // The long ISO timestamps of the seed's window, shown as {start}/{end}.
    return u
      .replaceAll(encodeURIComponent(start), '{start}')
      .replaceAll(encodeURIComponent(end), '{end}')
      .replaceAll(start, '{start}')
      .replaceAll(end, '{end}')
      .replaceAll(day(start), '{start-day}')
      .replaceAll(day(end), '{end-day}')
      .replace(/items=[^&]+/, 'items={50 pick items}');
  };
  const size = (b: number) => (b >= 10_240 ? `${(b / 1024).toFixed(0)} KB` : `${b} B`);
  const over = rows.filter((r) => r.p95 > BUDGET_MS).length;
  const md = `## Route sweep: every GET route at ${orderCount?.toLocaleString('en')} orders (apps/api/bench/route-sweep.bench.ts)

Every GET route of the route table on ${dbName} (PostgreSQL, the seed of hot-reads.bench.ts: 100,000 open and 100,000
shipped orders of Bakkerij Bol over 14 days), path parameters filled from the database, query at its defaults;
${WARMUP} warm-ups and ${RUNS} timed requests per route (\`app.inject\`, session cached), slowest p50 first.
{start}/{end} = ${start} … ${end} (the seed's window). CPU per request: this process (API and inject client) and the
database backends (schedstat). Node ${process.version}, ${cpus().length} CPU(s); load average ${loadAtStart} at the start,
a shared machine: read the ranking, not the absolute figures. ${rows.length} rows timed in ${sweepS.toFixed(0)} s,
${over} over the ${BUDGET_MS} ms p95 budget; ${skipped.length} routes skipped.

| # | route (as requested) | user | status | p50 ms | p95 ms | db CPU ms | api CPU ms | answer | items |
|---:|---|---|---:|---:|---:|---:|---:|---:|---|
${rows
  .map(
    (r, i) =>
      `| ${i + 1} | \`${cell(shortUrl(r.url))}\` | ${r.user} | ${r.status} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)}${r.runs !== RUNS ? ` (${r.runs} runs)` : ''} | ${r.dbCpu === null ? '' : r.dbCpu.toFixed(1)} | ${r.apiCpu.toFixed(1)} | ${size(r.bytes)} | ${cell(r.items)} |`,
  )
  .join('\n')}

Users: admin = ${users.admin.label}; bolOwner = ${users.bolOwner.label} (routes of scope \`org\`, and those the admin is refused).

Skipped (${skipped.length}):

| route | why |
|---|---|
${skipped.map((s) => `| \`${cell(s.url)}\` | ${cell(s.why)} |`).join('\n')}

Run with \`TEST_DATABASE_URL=… ROUTE_SWEEP_DB=${dbName} npx tsx apps/api/bench/route-sweep.bench.ts\` (${new Date().toISOString().slice(0, 10)}).
`;
  console.log(md);
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  mkdirSync(join(root, 'bench-output'), { recursive: true });
  writeFileSync(join(root, 'bench-output', 'route-sweep.md'), md);

  // ROUTE_SWEEP_EXPLAIN=<n>: the plans (EXPLAIN ANALYZE, BUFFERS) of every read statement of one request to each of
  // the n slowest rows, recorded on the way through, to bench-output/route-sweep-plans.txt.
  const explainTop = Number(process.env.ROUTE_SWEEP_EXPLAIN) || 0;
  if (explainTop > 0) {
    const db = t.db;
    const query = db.query.bind(db);
    const plans: string[] = [];
    for (const r of rows.slice(0, explainTop)) {
      const seen: { sql: string; params: unknown[] }[] = [];
      db.query = (async (text: string, params?: unknown[]) => {
        seen.push({ sql: text, params: params ?? [] });
        return query(text, params);
      }) as typeof db.query;
      try {
        await t.app.inject({ method: 'GET', url: r.url, headers: { cookie: users[r.user].cookie } });
      } finally {
        db.query = query;
      }
      for (const q of seen) {
        if (!/^\s*(with|select)/i.test(q.sql)) continue;
        const plan = await query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params);
        plans.push(
          `## ${r.user} GET ${r.url}\n${q.sql}\n-- params: ${JSON.stringify(q.params).slice(0, 500)}\n${plan.rows.map((x) => x['QUERY PLAN']).join('\n')}\n`,
        );
      }
    }
    writeFileSync(join(root, 'bench-output', 'route-sweep-plans.txt'), plans.join('\n'));
    console.log(`Wrote the plans of the ${explainTop} slowest routes to bench-output/route-sweep-plans.txt`);
  }
} finally {
  await t.close();
}

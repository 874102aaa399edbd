/**
 * Hot reads at warehouse scale (issue 8 item 3): the pick list (limit 200 and 2,000) and the open-orders list
 * (limit 100) of one merchant with 100,000 open orders (200,000 order lines) on PostgreSQL, through the real
 * routes (`app.inject`, session cache warm) as the demo picker. The benchmark seeds its own data in SQL
 * (generate_series) on top of the demo warehouse: two lines per order, products of Bakkerij Bol that have stock on
 * a pick location, orders placed over the last 14 days (one every 12 s), and as many shipped orders with their
 * shipments, then vacuumed as autovacuum would (ADR 0065). Besides the whole backlog it reads the floor app's default window, a filter the pick aggregate does not
 * keep (counted from the window's lines) and the shipments list (default week, and 14 days sorted by recipient). Reports p50/p95 latency over 30 requests after 3 warm-ups
 * and the answer size; goal p95 ≤ 20 ms per page with a bounded payload per pick item. Writes
 * bench-output/hot-reads.md. Needs TEST_DATABASE_URL (PostgreSQL); on PGlite it runs with 10,000 orders and says so.
 * Run: `TEST_DATABASE_URL=postgres://… npx tsx apps/api/bench/hot-reads.bench.ts`; with `HOT_READS_EXPLAIN=1` it also
 * writes the plans of the first six reads' statements (EXPLAIN ANALYZE, BUFFERS) to bench-output/hot-reads-plans.txt;
 * with `HOT_READS_DB=<name>` it seeds that database once and keeps it for later runs (drop it when done), with
 * `HOT_READS_CASES=<n>` it times only the first n reads, and with `HOT_READS_ONLY=<regular expression>` only the reads
 * whose name matches; `HOT_READS_ENCODING=<Accept-Encoding>` asks for compressed answers as a browser does (the size
 * column is then the compressed size); `HOT_READS_STATEMENTS=<n>` runs each statement of one request per read alone n
 * times on one connection and prints its median wall time, backend CPU and this process's CPU; `HOT_READS_WARMUP=<n>` and
 * `HOT_READS_RUNS=<n>` set the warm-up and timed requests per read (default 3 and 30).
 * Transport (ADR 0111): on PostgreSQL the timed reads go over HTTP (one keep-alive connection, as a browser's) to the API
 * in a process of its own (hot-reads-server.ts, its request log at info), so the figures are a page as a client gets it
 * and the server's CPU and garbage collection are its own; `HOT_READS_TRANSPORT=inject` times them in this process
 * through `app.inject` instead (the only way on PGlite, and how this benchmark measured before 2026-11-30), which adds
 * light-my-request's copies of the answer and this process's parsing of it to the server's heap and CPU;
 * `HOT_READS_PROFILE=<folder>` makes the API process write its CPU profile there.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { amsterdamWallTime, amsterdamWallTimeToIso, PICK_ITEM_LIST_ORDERS } from '@hoppa/core';
import { type GoalRow, waitForQuiet, writeGoals } from '../../../scripts/bench-goals.mjs';
import { DEMO_USERS } from '../src/db/seed.ts';
import { createTestApp } from '../src/test/test-app.ts';
import { backendCpuMs, backendPids as listBackendPids } from './backend-cpu.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ORDERS = onPostgres ? 100_000 : 10_000;
const RUNS = Number(process.env.HOT_READS_RUNS) || 30;
const WARMUP = Number(process.env.HOT_READS_WARMUP) || 3;
/** How the timed reads reach the API (ADR 0111): over HTTP to an API process of its own, or `app.inject` in this one. */
const TRANSPORT: 'http' | 'inject' =
  onPostgres && process.env.HOT_READS_TRANSPORT !== 'inject' ? 'http' : 'inject';

/** An answer as the timed loop reads it, from either transport. */
interface Answer {
  statusCode: number;
  contentEncoding: string;
  raw: Buffer;
}

/** The API process of the HTTP transport and how to ask it (hot-reads-server.ts). */
interface ServedApi {
  address: string;
  get(url: string, headers: Record<string, string>): Promise<Answer>;
  post(url: string, body: unknown): Promise<Answer & { cookie: string | null }>;
  /** The server process's CPU and garbage-collection pauses so far (ms). */
  usage(): Promise<{ cpuMs: number; gcMs: number }>;
  stop(): Promise<void>;
}

/**
 * Starts the API in a process of its own on database `name` (already seeded and migrated) and returns a client of it
 * over one keep-alive HTTP connection. Throws when the process exits before it listens.
 */
async function serveApi(name: string): Promise<ServedApi> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./hot-reads-server.ts', import.meta.url)), [], {
    // HOT_READS_PROFILE=<folder>: the API process writes its CPU profile there when it ends (node --cpu-prof).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.HOT_READS_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.HOT_READS_PROFILE}`]
        : []),
    ],
    env: { ...process.env, HOT_READS_SERVE_DB: name },
  });
  const address = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { address: string }).address));
    child.once('exit', (code) =>
      reject(new Error(`the benchmark's API process ended (${code}) before it listened`)),
    );
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, url: string, headers: Record<string, string>, body?: string) =>
    new Promise<Answer & { cookie: string | null }>((resolve, reject) => {
      const req = http.request(`${address}${url}`, { method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            statusCode: res.statusCode ?? 0,
            contentEncoding: String(res.headers['content-encoding'] ?? ''),
            raw: Buffer.concat(chunks),
            cookie: res.headers['set-cookie']?.[0]?.split(';')[0] ?? null,
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  const ask = <T>(message: string) =>
    new Promise<T>((resolve) => {
      child.once('message', (m) => resolve(m as T));
      child.send(message);
    });
  return {
    address,
    get: (url, headers) => send('GET', url, headers),
    post: (url, body) =>
      send('POST', url, { 'content-type': 'application/json', 'x-hoppa-app': 'bench' }, JSON.stringify(body)),
    usage: () => ask('usage'),
    stop: async () => {
      agent.destroy();
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await ended;
    },
  };
}

/** The text of an answer sent with `Content-Encoding` br or gzip. */
function decoded(raw: Buffer, contentEncoding: string): string {
  return (contentEncoding === 'br' ? brotliDecompressSync(raw) : gunzipSync(raw)).toString('utf8');
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

const loadAtStart = loadavg()[0]?.toFixed(1);
// HOT_READS_DB=<name> (PostgreSQL only): seed that database once and keep it, so later runs (other code on the same
// data, EXPLAIN) skip the seed; migrations newer than the seed still run on it. Drop it yourself when done.
const keepDatabase = onPostgres ? process.env.HOT_READS_DB : undefined;
const t = await createTestApp({ seed: { products: 2000 }, ...(keepDatabase ? { keepDatabase } : {}) });
let served: ServedApi | null = null;
/** The session cookie of the API process (its own login: each process keeps its own session cache). */
let servedCookie = '';
try {
  const seeded = t.seed
    ? null
    : (await t.db.query<{ org_id: string }>(`SELECT org_id FROM orders WHERE order_id = 'HOT-1'`)).rows[0];
  if (!t.seed && !seeded)
    throw new Error(`${keepDatabase} exists but holds no seed of this benchmark: drop it`);
  const bol = t.seed ? t.seed.orgs.bol : (seeded?.org_id as string);
  const seedStart = performance.now();
  if (t.seed) {
    // Products of Bakkerij Bol with stock on a pick location, numbered for the generator below.
    await t.db.exec(`
    CREATE TEMP TABLE bench_products AS
      SELECT row_number() OVER (ORDER BY p.id) - 1 AS n, p.id, p.ean, left(p.name, 80) AS title, pl.location_id
        FROM products p
        JOIN LATERAL (SELECT location_id FROM product_locations x
                       WHERE x.product_id = p.id AND x.stock > 0 ORDER BY x.position LIMIT 1) pl ON true
       WHERE p.org_id = '${bol}';
  `);
    const products =
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bench_products')).rows[0]?.n ?? 0;
    if (products < 100) throw new Error(`only ${products} products with stock`);
    await t.db.exec(`
    INSERT INTO orders (id, org_id, order_id, platform, status, placed_at, shipment_details)
    SELECT 'b' || lpad(to_hex(g), 23, '0'), '${bol}', 'HOT-' || g, 'import', 'open',
           now() - make_interval(secs => ((g * 12) % (14 * 86400))),
           jsonb_build_object('firstName', 'Klant', 'surname', 'Nummer ' || g, 'streetName', 'Kerkstraat',
                              'houseNumber', (g % 200 + 1)::text, 'zipCode', '1234AB', 'city', 'Gouda',
                              'country', 'NL', 'email', 'klant' || g || '@example.nl')
      FROM generate_series(1, ${ORDERS}) g;
    INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity, pick_location_id, position)
    SELECT 'c' || lpad(to_hex(g * 2 + k), 23, '0'), 'b' || lpad(to_hex(g), 23, '0'), '${bol}', p.id, p.ean, p.title,
           1 + (g + k) % 3, p.location_id, k
      FROM generate_series(1, ${ORDERS}) g
      CROSS JOIN generate_series(0, 1) k
      JOIN bench_products p ON p.n = (g * 7 + k * 13) % ${products};
    -- As many shipped orders again, each with its shipment (the shipments list's backlog), over the same 14 days.
    INSERT INTO orders (id, org_id, order_id, platform, status, placed_at, shipped_at, shipment_details)
    SELECT 'd' || lpad(to_hex(g), 23, '0'), '${bol}', 'SHIP-' || g, 'import', 'shipped',
           now() - make_interval(secs => ((g * 12) % (14 * 86400)) + 3600),
           now() - make_interval(secs => ((g * 12) % (14 * 86400))),
           jsonb_build_object('firstName', 'Klant', 'surname', 'Verzonden ' || g, 'streetName', 'Markt',
                              'houseNumber', (g % 90 + 1)::text, 'zipCode', '2801JG', 'city', 'Gouda',
                              'country', 'NL', 'email', 'verzonden' || g || '@example.nl')
      FROM generate_series(1, ${ORDERS}) g;
    INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity, picked_quantity,
                             pick_location_id, position)
    SELECT 'e' || lpad(to_hex(g * 2 + k), 23, '0'), 'd' || lpad(to_hex(g), 23, '0'), '${bol}', p.id, p.ean, p.title,
           1, 1, p.location_id, k
      FROM generate_series(1, ${ORDERS}) g
      CROSS JOIN generate_series(0, 1) k
      JOIN bench_products p ON p.n = (g * 11 + k * 5) % ${products};
    INSERT INTO shipments (id, org_id, order_id, carrier, method_code, tracking_number, label_pdf, packing_slip_pdf,
                           created_at)
    SELECT 'f' || lpad(to_hex(g), 23, '0'), '${bol}', 'd' || lpad(to_hex(g), 23, '0'), 'local', 'LOCAL-NL',
           'HB' || lpad(g::text, 12, '0'), '\\x25504446'::bytea, '\\x25504446'::bytea,
           now() - make_interval(secs => ((g * 12) % (14 * 86400)))
      FROM generate_series(1, ${ORDERS}) g;
    -- Delivery state (issue 13, ADR 0041): most parcels handed over, half of them delivered, a few late.
    UPDATE shipments SET handed_over_at = created_at + interval '3 hours',
           delivered_at = CASE WHEN right(id, 1) IN ('0', '1', '2', '3', '4', '5', '6', '7') THEN created_at + interval '20 hours'
                               WHEN right(id, 1) IN ('8', '9') THEN created_at + interval '60 hours' END
     WHERE id LIKE 'f%' AND right(id, 1) <> 'f';
  `);
    // What autovacuum does by itself within a minute of such an import (its insert threshold): the visibility map
    // that lets the pick rounds read `order_lines_pick_round_idx` without visiting the table. Done here so the reads
    // do not depend on whether autovacuum happened to finish before them (ADR 0065).
    await t.db.exec('VACUUM (ANALYZE)');
  }
  const seedS = (performance.now() - seedStart) / 1000;
  const lines = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_lines')).rows[0]?.n;
  const cookie = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  if (TRANSPORT === 'http') {
    const name = (await t.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0]
      ?.name as string;
    served = await serveApi(name);
    const login = await served.post('/api/login', {
      email: DEMO_USERS.picker.email,
      password: DEMO_USERS.picker.password,
    });
    if (login.statusCode !== 200 || !login.cookie)
      throw new Error(`login at the API process: ${login.statusCode} ${login.raw.toString().slice(0, 200)}`);
    servedCookie = login.cookie;
  }

  const start = new Date(Date.now() - 15 * 86_400_000).toISOString();
  const end = new Date(Date.now() + 86_400_000).toISOString();
  const weekStart = new Date(Date.now() - 7 * 86_400_000).toISOString();
  // The floor app's default work window: from 00:00 four Amsterdam days ago until 22:00 today (pick.rules.ts).
  const floorStart = amsterdamWallTimeToIso(amsterdamWallTime(new Date(), { days: -4, hour: 0 }));
  const floorEnd = amsterdamWallTimeToIso(amsterdamWallTime(new Date(), { hour: 22 }));
  // The rounds the floor fetches after the list (issue 8, ADR 0054): the first 50 items of its default window.
  const firstItems = await t.app.inject({
    method: 'GET',
    url: `/api/pick_list/pick/all/located/${floorStart}/${floorEnd}/all?limit=50`,
    headers: { cookie },
  });
  const roundIds = (firstItems.json() as { items: { id: string }[] }).items.map((i) => i.id).join(',');
  /** Cases that are figures of issue 8's table: the scorecard's key for each (scripts/bench.mjs). */
  const goalIds: Record<string, string> = {
    'pick list, limit 200': 'pick-list-200',
    "pick list, the floor's default window (5 days), limit 200": 'pick-list-window',
    'open orders, limit 100': 'open-orders-100',
  };
  const goals: GoalRow[] = [];
  const cases = [
    { name: 'pick list, limit 200', url: `/api/pick_list/pick/all/all/${start}/${end}/all?limit=200` },
    {
      name: "pick list, the floor's default window (5 days), limit 200",
      url: `/api/pick_list/pick/all/located/${floorStart}/${floorEnd}/all?limit=200`,
    },
    {
      name: 'pick list, multi-line orders only (a filter counted from the lines), limit 200',
      url: `/api/pick_list/pick/all/all/${start}/${end}/all?limit=200&multi_orders=true`,
    },
    {
      name: "rounds of 50 items (30 orders each) for the floor's window",
      url: `/api/pick_list/orders/${floorStart}/${floorEnd}/all?items=${roundIds}`,
    },
    { name: 'pick list, limit 2,000', url: `/api/pick_list/pick/all/all/${start}/${end}/all?limit=2000` },
    { name: 'open orders, limit 100', url: `/api/orders/open/${start}/${end}/all?limit=100` },
    { name: 'shipments, the last 7 days (default), limit 100', url: '/api/shipments?limit=100' },
    {
      name: 'shipments, 14 days by recipient, limit 100',
      url: `/api/shipments?start=${start}&end=${end}&limit=100&sort=recipient`,
    },
    // Issue 13: the shipments screen's header, a speed group, the date-range filters and the shipped-order search.
    { name: 'delivery performance, 7 days', url: `/api/orders/perform/${weekStart}/${end}` },
    {
      name: 'speed group on the way, 7 days, limit 20',
      url: `/api/orders/${weekStart}/${end}?group=on_the_way&limit=20`,
    },
    {
      name: 'date range by surname prefix, 14 days',
      url: `/api/orders/${start}/${end}?name=verzonden%2012345&limit=20`,
    },
    { name: 'shipped-order search by tracking number', url: '/api/orders/search/HB000000054321' },
    { name: 'shipped-order search by surname prefix', url: '/api/orders/search/Verzonden%207777' },
  ];
  // HOT_READS_CASES=<n>: only the first n reads (6: the pick list and open-orders reads of issue 8 §3).
  const only = Number(process.env.HOT_READS_CASES) || cases.length;
  cases.splice(only);
  // HOT_READS_ONLY=<regular expression>: only the reads whose name matches (e.g. `open orders`), after HOT_READS_CASES.
  const onlyNamed = process.env.HOT_READS_ONLY ? new RegExp(process.env.HOT_READS_ONLY, 'i') : null;
  if (onlyNamed) cases.splice(0, cases.length, ...cases.filter((c) => onlyNamed.test(c.name)));
  // What the seed left running (autovacuum, checkpoints) must not land in the timed reads (ADR 0123).
  const quiet = await waitForQuiet('hot reads');
  // HOT_READS_ENCODING=<Accept-Encoding> (e.g. `gzip, deflate, br`, what the floor's and portal's browsers send): the
  // timed reads ask for a compressed answer, so the API's compression (lib/compression.ts) is in the time and CPU.
  const encoding = process.env.HOT_READS_ENCODING;
  const readHeaders: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
  /** One timed read over the benchmark's transport (ADR 0111). */
  const read = async (url: string): Promise<Answer> => {
    if (served) return served.get(url, { ...readHeaders, cookie: servedCookie });
    const res = await t.app.inject({ method: 'GET', url, headers: { ...readHeaders, cookie } });
    return {
      statusCode: res.statusCode,
      contentEncoding: String(res.headers['content-encoding'] ?? ''),
      raw: res.rawPayload,
    };
  };
  /** CPU and garbage collection of the process serving the reads so far (ms): the API process's, or this one's. */
  const serverUsage = async () => {
    if (served) return served.usage();
    const cpu = process.cpuUsage();
    return {
      cpuMs: (cpu.user + cpu.system) / 1000,
      gcMs: gcPauses.reduce((ms, g) => ms + g.end - g.start, 0),
    };
  };
  const rows: string[] = [];
  // Where a slow request's time went (issue 8 §3, the p95 tail): the garbage collector's pauses inside each request.
  const gcPauses: { start: number; end: number }[] = [];
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcPauses.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const gcWithin = (from: number, to: number) =>
    gcPauses.reduce((ms, g) => ms + Math.max(0, Math.min(to, g.end) - Math.max(from, g.start)), 0);
  // CPU time per request (issue 8 §3, ADR 0077): the API process's (with the inject client) and the database
  // backends' serving it (PostgreSQL on this host: /proc/<pid>/schedstat), which a busy machine inflates far less
  // than the latency, so a before/after comparison on a shared machine can rank two versions.
  const backendPids = async () => (onPostgres ? listBackendPids(t.db) : []);
  for (const c of cases) {
    const times: number[] = [];
    const spans: { ms: number; from: number; to: number }[] = [];
    let bytes = 0;
    let items = 0;
    /** The most orders one pick item of the answer lists (issue 8 §3: a bounded list per item). */
    let ordersPerItem = 0;
    let usageFrom = { cpuMs: 0, gcMs: 0 };
    let dbFrom = new Map<number, number>();
    for (let i = 0; i < WARMUP + RUNS; i++) {
      if (i === WARMUP) {
        dbFrom = backendCpuMs(await backendPids());
        usageFrom = await serverUsage();
      }
      const t0 = performance.now();
      const res = await read(c.url);
      const ms = performance.now() - t0;
      if (res.statusCode !== 200)
        throw new Error(`${c.url}: ${res.statusCode} ${res.raw.toString().slice(0, 300)}`);
      if (i >= WARMUP) {
        times.push(ms);
        spans.push({ ms, from: t0, to: t0 + ms });
      }
      bytes = res.raw.length;
      const text = res.contentEncoding ? decoded(res.raw, res.contentEncoding) : res.raw.toString('utf8');
      const body = JSON.parse(text) as { items?: { orders?: unknown[] }[]; total?: number };
      items = body.items?.length ?? body.total ?? 0;
      for (const item of body.items ?? []) ordersPerItem = Math.max(ordersPerItem, item.orders?.length ?? 0);
    }
    const usageTo = await serverUsage();
    const dbTo = backendCpuMs([...new Set([...dbFrom.keys(), ...(await backendPids())])]);
    const dbCpu = [...dbTo].reduce((ms, [pid, to]) => ms + to - (dbFrom.get(pid) ?? 0), 0);
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const line = `| ${c.name} | ${items.toLocaleString('en')} | ${percentile(times, 50).toFixed(1)} | ${p95.toFixed(1)} | ${(bytes / 1024).toFixed(0)} KB | ${p95 <= 20 ? 'met' : 'not met'} |`;
    console.log(line);
    rows.push(line);
    const goalId = goalIds[c.name];
    const setting = onPostgres
      ? served
        ? ', over HTTP to its own API process'
        : ', app.inject in-process'
      : ` (PGlite, ${ORDERS.toLocaleString('en')} orders only)`;
    if (goalId)
      goals.push({
        id: goalId,
        figure: `${c.name} at ${ORDERS.toLocaleString('en')} open orders${setting}`,
        measured: `p50 ${percentile(times, 50).toFixed(1)} / p95 ${p95.toFixed(1)} ms, ${(bytes / 1024).toFixed(0)} KB`,
        goal: 'p95 ≤ 20 ms',
        met: p95 <= 20,
      });
    if (goalId === 'pick-list-200')
      goals.push({
        id: 'pick-list-payload',
        figure: `orders listed per pick item, pick list limit 200${setting}`,
        measured: `at most ${ordersPerItem} per item, ${(bytes / Math.max(1, items) / 1024).toFixed(2)} KB per item`,
        goal: `bounded (at most ${PICK_ITEM_LIST_ORDERS}, the rest on demand)`,
        met: ordersPerItem <= PICK_ITEM_LIST_ORDERS,
      });
    await new Promise((r) => setTimeout(r, 0)); // let the observer deliver this case's last pauses
    const slowest = spans.sort((a, b) => b.ms - a.ms).slice(0, 3);
    const gcServer = usageTo.gcMs - usageFrom.gcMs;
    console.log(
      served
        ? `  gc of the API process: ${gcServer.toFixed(1)} ms in ${RUNS} requests; slowest ${slowest.map((x) => x.ms.toFixed(1)).join(', ')} ms`
        : `  gc: ${spans.reduce((ms, x) => ms + gcWithin(x.from, x.to), 0).toFixed(1)} ms in ${RUNS} requests; slowest ${slowest
            .map((x) => `${x.ms.toFixed(1)} (gc ${gcWithin(x.from, x.to).toFixed(1)})`)
            .join(', ')} ms`,
    );
    console.log(
      `  cpu per request: api ${((usageTo.cpuMs - usageFrom.cpuMs) / RUNS).toFixed(1)} ms${served ? '' : ' (with the inject client)'}${dbTo.size ? `, database ${(dbCpu / RUNS).toFixed(1)} ms` : ''}`,
    );
  }
  gcObserver.disconnect();

  /** The statements (SQL and parameters) one request to `url` sends, in order, recorded on the way through. */
  async function statementsOf(url: string): Promise<{ sql: string; params: unknown[] }[]> {
    const db = t.db;
    const query = db.query.bind(db);
    const seen: { sql: string; params: unknown[] }[] = [];
    db.query = (async (text: string, params?: unknown[]) => {
      seen.push({ sql: text, params: params ?? [] });
      return query(text, params);
    }) as typeof db.query;
    try {
      await t.app.inject({ method: 'GET', url, headers: { cookie } });
    } finally {
      db.query = query;
    }
    return seen;
  }

  // With HOT_READS_STATEMENTS=<n> (PostgreSQL): each statement of one request per read, run alone n times in turn on
  // one connection: median wall time, backend CPU (that connection's /proc/<pid>/schedstat) and this process's CPU
  // (sending the statement, parsing its rows). Which statement of a page costs what, apart from the others (ADR 0079).
  const statementRuns = Number(process.env.HOT_READS_STATEMENTS) || 0;
  if (statementRuns > 0 && onPostgres) {
    const db = t.db;
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    for (const c of cases) {
      const seen = await statementsOf(c.url);
      console.log(`statements of: ${c.name}`);
      await db.transaction(async (tx) => {
        const pid = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]
          ?.pid as number;
        const cpuMs = () => backendCpuMs([pid]).get(pid) ?? 0;
        const runs = seen.map(() => ({
          wall: [] as number[],
          backend: [] as number[],
          client: [] as number[],
          rows: 0,
        }));
        for (let k = 0; k < statementRuns + 1; k++) {
          for (const [n, q] of seen.entries()) {
            const b0 = cpuMs();
            const c0 = process.cpuUsage();
            const t0 = performance.now();
            const r = await tx.query(q.sql, q.params);
            const wall = performance.now() - t0;
            const client = process.cpuUsage(c0);
            const run = runs[n] as (typeof runs)[number];
            if (k === 0) continue; // the first round warms the connection
            run.wall.push(wall);
            run.backend.push(cpuMs() - b0);
            run.client.push((client.user + client.system) / 1000);
            run.rows = r.rows.length;
          }
        }
        for (const [n, q] of seen.entries()) {
          const run = runs[n] as (typeof runs)[number];
          console.log(
            `  ${median(run.wall).toFixed(1)} ms wall, backend ${median(run.backend).toFixed(1)} ms, this process ${median(run.client).toFixed(1)} ms, ${run.rows} rows: ${q.sql.replace(/\s+/g, ' ').trim().slice(0, 60)}`,
          );
        }
      });
    }
  }

  // With HOT_READS_EXPLAIN=1: the plans (EXPLAIN ANALYZE, BUFFERS) of every statement of one request per read.
  if (process.env.HOT_READS_EXPLAIN) {
    const plans: string[] = [];
    const query = t.db.query.bind(t.db);
    for (const c of cases.slice(0, 6)) {
      const seen = await statementsOf(c.url);
      for (const q of seen) {
        if (!/^\s*(with|select)/i.test(q.sql)) continue;
        const plan = await query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params);
        plans.push(`## ${c.name}\n${q.sql}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
      }
    }
    const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
    mkdirSync(join(root, 'bench-output'), { recursive: true });
    writeFileSync(join(root, 'bench-output', 'hot-reads-plans.txt'), plans.join('\n'));
  }

  const kind = onPostgres ? 'PostgreSQL 15 (TEST_DATABASE_URL)' : 'PGlite (in memory; 10,000 orders only)';
  const md = `## Hot reads at ${ORDERS.toLocaleString('en')} open orders (apps/api/bench/hot-reads.bench.ts)

One merchant with ${ORDERS.toLocaleString('en')} open orders and as many shipped ones with their shipments (${lines?.toLocaleString('en')} order lines, placed over 14 days) on ${kind},
${t.seed ? `seeded by the benchmark in ${seedS.toFixed(1)} s` : `seeded earlier (${keepDatabase})`}; requests through the real routes as the demo picker (session cached),
${served ? 'over HTTP (one keep-alive connection) to the API in a process of its own, its request log at info' : "through `app.inject` in the benchmark's own process"} (ADR 0111), ${RUNS} timed after ${WARMUP} warm-ups. Node ${process.version}, ${cpus().length} CPU(s); load average ${loadAtStart} at the start, ${quiet.load.toFixed(1)} when the timed reads began${quiet.waitedMs >= 5000 ? ` (after ${Math.round(quiet.waitedMs / 1000)} s waiting for a quiet machine${quiet.quiet ? '' : ', which did not come'})` : ''}.
Goal (issue 8): p95 ≤ 20 ms per page, payload bounded per pick item.

| read | items in the answer | p50 ms | p95 ms | answer | goal |
|---|---:|---:|---:|---:|---|
${rows.join('\n')}

Run with \`TEST_DATABASE_URL=… npx tsx apps/api/bench/hot-reads.bench.ts\` (${new Date().toISOString().slice(0, 10)}).
`;
  console.log(md);
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  mkdirSync(join(root, 'bench-output'), { recursive: true });
  writeFileSync(join(root, 'bench-output', 'hot-reads.md'), md);
  // HOT_READS_CASES / HOT_READS_ONLY runs leave some figures out: only a whole run counts for the scorecard.
  if (!process.env.HOT_READS_CASES && !onlyNamed) writeGoals('hot-reads.bench', goals);
} finally {
  await served?.stop();
  await t.close();
}

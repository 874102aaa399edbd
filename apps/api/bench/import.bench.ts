/**
 * Order import benchmark (issue 3 §1): a 10,000-row order CSV in Shopify's export layout (about 4,000
 * orders of 1–4 lines, the address on the first row of each order only) built from the sample
 * products, measured as
 *   (a) parsing alone: papaparse + column-mapping guess + mapping + grouping, and
 *   (b) end to end: the same parse and mapping plus `POST /api/orders/import` through app.inject on a
 *       seeded database (PGlite; PostgreSQL when TEST_DATABASE_URL is set),
 * and prints seconds and the ratio (b)/(a). The import's worker thread is started first, as the server does at
 * start-up (`warmOrderImport`, ADR 0066); the first import of a one-row file on a cold thread is timed on its own
 * (under tsx it also compiles the worker's TypeScript). Before (a) and (b) are timed, the JIT is warmed for both alike:
 * (a) runs {@link PARSE_WARM} times untimed, and the whole import runs {@link IMPORT_WARM} times untimed in a second
 * app of this process on a database of its own, so (b) is not a cold JIT's first pass over 10,000 rows against (a)'s
 * warm one, and (b)'s database is untouched; the first of those imports (cold JIT, as after a server start) is
 * reported on its own.
 * `IMPORT_BENCH_WARM=0` measures as before (b) on a cold JIT. After the import the maintained aggregates (line counts,
 * order_multi, order_open, pick_item_days) are compared with the same numbers counted from the lines.
 * Besides wall-clock seconds it reports CPU seconds (this process with its worker thread and, on PGlite, the database;
 * on PostgreSQL also the server processes of the benchmark's database, read from /proc on Linux), which a shared,
 * loaded machine disturbs far less than wall-clock time. With `IMPORT_BENCH_BACKLOG=N` the merchant first gets about N
 * open order lines (1–4 per order) by SQL, untimed, so the import meets tables of a warehouse's size. On PostgreSQL it
 * also reports ADR 0074's restated figures: the API process's CPU against the parse's and the database's CPU per line.
 * Writes a markdown fragment to bench-output/import.md at
 * the repository root. Run: `npx tsx apps/api/bench/import.bench.ts`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  groupImportRows,
  guessColumnMapping,
  ORDER_IMPORT_ALIASES,
  ORDER_IMPORT_FIELDS,
  type OrderImportField,
  type OrderImportResult,
  type OrderImportRow,
} from '@hoppa/core';
import Papa from 'papaparse';
import { type GoalRow, writeGoals } from '../../../scripts/bench-goals.mjs';
import { DEMO_USERS } from '../src/db/seed.ts';
import { createTestApp } from '../src/test/test-app.ts';

const ROWS = 10_000;
/**
 * Open order lines already in the database before the import (env `IMPORT_BENCH_BACKLOG`, default 0): a merchant's
 * backlog at warehouse scale, e.g. 100000, written by SQL before anything is timed (ADR 0074).
 */
const BACKLOG = Number(process.env.IMPORT_BENCH_BACKLOG ?? 0);
const SEED_PRODUCTS = 2_000;
/** Timed runs of (a); the median is reported. */
const PARSE_RUNS = 9;
/** Untimed runs of (a) before its timed ones. */
const PARSE_WARM = 3;
/**
 * Untimed whole imports (parse + request, 10,000 rows) in a second app before (b) (env `IMPORT_BENCH_WARM`,
 * default 4): the route's code is compiled by the JIT as in a server that has imported before. On this machine the
 * first 10,000-row import after start used 1.5–2× the API CPU of the fifth (2026-12-03, ADR 0074's figure (1));
 * after 2 warm-ups (b) was still in between.
 */
const IMPORT_WARM = Number(process.env.IMPORT_BENCH_WARM ?? 4);

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const HEADER = [
  'Name',
  'Email',
  'Financial Status',
  'Paid at',
  'Fulfillment Status',
  'Currency',
  'Subtotal',
  'Shipping',
  'Total',
  'Created at',
  'Lineitem quantity',
  'Lineitem name',
  'Lineitem price',
  'Lineitem sku',
  'Billing Name',
  'Billing Address1',
  'Billing City',
  'Billing Zip',
  'Billing Country',
  'Shipping Name',
  'Shipping Address1',
  'Shipping City',
  'Shipping Zip',
  'Shipping Country',
  'Shipping Phone',
  'Notes',
];
const STREETS = [
  'Kerkstraat',
  'Dorpsstraat',
  'Molenweg',
  'Stationsplein',
  '1e Jan Steenstraat',
  'Laan van Meerdervoort',
];
const CITIES = ['Amsterdam', 'Utrecht', 'Gouda', 'Zwolle', "'s-Hertogenbosch", 'Groningen'];
const NAMES = [
  'Anna de Vries',
  'Jan Jansen',
  'Fatima El Amrani',
  'Sanne van den Berg',
  'Piet Puk',
  'Émile Dubois',
];

/** Builds the CSV text: ~4,000 orders of 1–4 lines until exactly ROWS rows. */
function buildCsv(products: { ean: string; name: string }[]): { csv: string; orders: number } {
  const rand = lcg(20_260_301);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
  const rows: string[][] = [];
  let orders = 0;
  while (rows.length < ROWS) {
    orders++;
    const lines = Math.min(1 + Math.floor(rand() * 4), ROWS - rows.length);
    const name = pick(NAMES);
    const street = `${pick(STREETS)} ${1 + Math.floor(rand() * 250)}${rand() < 0.2 ? 'a' : ''}`;
    const zip = `${1000 + Math.floor(rand() * 8999)}${rand() < 0.5 ? ' ' : ''}${String.fromCharCode(65 + Math.floor(rand() * 26))}${String.fromCharCode(65 + Math.floor(rand() * 26))}`;
    const city = pick(CITIES);
    for (let l = 0; l < lines; l++) {
      const p = pick(products);
      const first = l === 0;
      const addr = (v: string) => (first ? v : '');
      rows.push([
        `#${100_000 + orders}`,
        addr(`klant${orders}@example.nl`),
        addr('paid'),
        addr('2026-03-01 10:00:00 +0100'),
        addr('unfulfilled'),
        addr('EUR'),
        addr('24.95'),
        addr('4.95'),
        addr('29.90'),
        addr('2026-03-01 09:58:12 +0100'),
        String(1 + Math.floor(rand() * 3)),
        p.name,
        '7.95',
        p.ean,
        addr(name),
        addr(street),
        addr(city),
        addr(zip),
        addr('NL'),
        addr(name),
        addr(street),
        addr(city),
        addr(zip),
        addr('NL'),
        addr('+31 6 1234 5678'),
        addr(rand() < 0.05 ? 'Graag bij de buren afgeven, "achterdeur"' : ''),
      ]);
    }
  }
  return { csv: Papa.unparse({ fields: HEADER, data: rows }), orders };
}

/** (a): parse, guess the mapping, map every row to the import fields, group into orders. */
function parseAndMap(csv: string) {
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  const mapping = guessColumnMapping(ORDER_IMPORT_FIELDS, parsed.meta.fields ?? [], ORDER_IMPORT_ALIASES);
  const pairs = (Object.entries(mapping) as [OrderImportField, string | null][]).filter(
    (e): e is [OrderImportField, string] => e[1] !== null,
  );
  const rows: OrderImportRow[] = parsed.data.map((r) => {
    const row: OrderImportRow = {};
    for (const [field, column] of pairs) row[field] = r[column] ?? '';
    return row;
  });
  return { rows, mapping, groups: groupImportRows(rows) };
}

const loadAtStart = loadavg()[0]?.toFixed(1);

/** CPU seconds used so far by this process (all threads). */
const ownCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const t = await createTestApp({
  seed: { products: SEED_PRODUCTS },
  config: { bodyLimit: 100 * 1024 * 1024 },
});
try {
  const orgs = t.seed?.orgs as { bol: string };
  const products = (
    await t.db.query<{ ean: string; name: string }>(
      'SELECT ean, name FROM products WHERE org_id = $1 ORDER BY ean',
      [orgs.bol],
    )
  ).rows;
  const { csv, orders } = buildCsv(products);
  const cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  let backlogLines = 0;
  for (let first = 1; BACKLOG > 0 && backlogLines < BACKLOG; first += 10_000) {
    // 10,000 orders per statement pair; every trigger and key check runs as for any writer.
    await t.db.query(
      `INSERT INTO orders (id, org_id, order_id, platform, status, placed_at, shipment_details, line_count)
       SELECT 'bk' || lpad(to_hex(n), 22, '0'), $1, 'BACKLOG-' || n, 'manual', 'open',
              now() - interval '1 minute' * n, '{}'::jsonb, 1 + n % 4
         FROM generate_series($2::int, $2::int + 9999) n`,
      [orgs.bol, first],
    );
    const added = await t.db.query(
      `WITH p AS (
         SELECT row_number() OVER (ORDER BY p.id) - 1 AS r, p.id, p.ean, p.name,
                (SELECT pl.location_id FROM product_locations pl WHERE pl.product_id = p.id
                  ORDER BY pl.position LIMIT 1) AS loc
           FROM products p WHERE p.org_id = $1
            AND NOT EXISTS (SELECT 1 FROM product_bundle_items b WHERE b.bundle_id = p.id))
       INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity, pick_location_id, position,
                                placed_at, order_multi)
       SELECT 'bl' || lpad(to_hex(n * 4 + k), 22, '0'), o.id, $1, p.id, p.ean, p.name, 1 + k % 2, p.loc, k,
              o.placed_at, o.line_count > 1
         FROM generate_series($2::int, $2::int + 9999) n
         JOIN orders o ON o.id = 'bk' || lpad(to_hex(n), 22, '0')
         CROSS JOIN LATERAL generate_series(0, o.line_count - 1) k
         JOIN p ON p.r = (n * 7 + k * 13) % (SELECT count(*) FROM p)`,
      [orgs.bol, first],
    );
    backlogLines += added.rowCount ?? 0;
  }
  if (BACKLOG > 0) await t.db.query('ANALYZE');
  /**
   * CPU ticks (1/100 s) used so far by each PostgreSQL server process of this database, by pid (none on PGlite or
   * without /proc). Compared per pid by {@link dbCpuSince}: the pool ends idle connections and opens new ones, so a sum
   * taken before and after would subtract the ticks of a connection that ended meanwhile.
   */
  const dbTicks = async () => {
    const ticks = new Map<number, number>();
    if (t.db.kind !== 'postgres') return ticks;
    const pids = (
      await t.db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')
    ).rows.map((r) => r.pid);
    for (const pid of pids) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        ticks.set(pid, Number(fields[11]) + Number(fields[12]));
      } catch {
        // not on Linux, or the process ended
      }
    }
    return ticks;
  };
  /** CPU seconds the database's server processes used since `before`; a process new since then counts whole. */
  const dbCpuSince = async (before: Map<number, number>) => {
    let ticks = 0;
    for (const [pid, now] of await dbTicks()) ticks += now - (before.get(pid) ?? 0);
    return ticks / 100;
  };

  // The first import on a cold worker thread (a one-row file), then the thread stays as at server start-up.
  const warmRow = { ...parseAndMap(csv).rows[0], order_id: 'WARM-UP-1' };
  const c0 = performance.now();
  const cold = await t.app.inject({
    method: 'POST',
    url: '/api/orders/import',
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify([warmRow]),
  });
  const coldS = (performance.now() - c0) / 1000;
  if (cold.statusCode !== 201)
    throw new Error(`warm-up import answered ${cold.statusCode}: ${cold.body.slice(0, 300)}`);

  // The JIT warmed for (b) as for (a): whole imports into a second app of this process on a database of its own (the
  // same seed; the worker thread is shared), so (b)'s database is the one it would meet without them. The first one is
  // a cold JIT's, as after a server start.
  let firstFullCpuS: number | null = null;
  if (IMPORT_WARM > 0) {
    const w = await createTestApp({
      seed: { products: SEED_PRODUCTS },
      config: { bodyLimit: 100 * 1024 * 1024 },
    });
    try {
      const wOrgs = w.seed?.orgs as { bol: string };
      const wProducts = (
        await w.db.query<{ ean: string; name: string }>(
          'SELECT ean, name FROM products WHERE org_id = $1 ORDER BY ean',
          [wOrgs.bol],
        )
      ).rows;
      const wCookie = await w.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
      const warmCsv = buildCsv(wProducts).csv;
      for (let i = 0; i < IMPORT_WARM; i++) {
        const w0 = ownCpu();
        const warm = await w.app.inject({
          method: 'POST',
          url: '/api/orders/import',
          headers: { cookie: wCookie, 'content-type': 'application/json' },
          // Order ids of their own per round ('W0…', 'W1…' instead of '#1…'), so every round writes its orders.
          payload: JSON.stringify(parseAndMap(warmCsv.replaceAll('#1', `W${i}`)).rows),
        });
        if (i === 0) firstFullCpuS = ownCpu() - w0;
        const body = warm.json() as OrderImportResult;
        if (warm.statusCode !== 201 || body.errors.length)
          throw new Error(`warm-up import ${i + 1} answered ${warm.statusCode}: ${warm.body.slice(0, 300)}`);
      }
    } finally {
      await w.close();
    }
  }

  // (a) parse only: PARSE_WARM untimed runs, then the median of PARSE_RUNS runs.
  for (let i = 0; i < PARSE_WARM; i++) parseAndMap(csv);
  const parseTimes: number[] = [];
  const parseCpus: number[] = [];
  let check = parseAndMap(csv);
  for (let i = 0; i < PARSE_RUNS; i++) {
    const t0 = performance.now();
    const c0 = ownCpu();
    check = parseAndMap(csv);
    parseTimes.push(performance.now() - t0);
    parseCpus.push(ownCpu() - c0);
  }
  parseCpus.sort((x, y) => x - y);
  const parseCpuS = parseCpus[Math.floor(PARSE_RUNS / 2)] as number;
  parseTimes.sort((x, y) => x - y);
  const parseS = (parseTimes[Math.floor(PARSE_RUNS / 2)] as number) / 1000;
  if (check.groups.length !== orders)
    throw new Error(`grouping found ${check.groups.length} orders, expected ${orders}`);
  for (const f of [
    'order_id',
    'product_ean',
    'quantity',
    'streetName',
    'zipcode',
    'city',
    'firstName',
  ] as const) {
    if (!check.mapping[f]) throw new Error(`the mapping guess left ${f} unmapped`);
  }

  // (b) end to end: parse + map + POST /api/orders/import.
  const cpu0 = ownCpu();
  const db0 = await dbTicks();
  const t0 = performance.now();
  const { rows } = parseAndMap(csv);
  const payload = JSON.stringify(rows);
  const t1 = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/import',
    headers: { cookie, 'content-type': 'application/json' },
    payload,
  });
  const endToEndS = (performance.now() - t0) / 1000;
  const serverS = (performance.now() - t1) / 1000;
  const cpuS = ownCpu() - cpu0;
  const dbCpuS = await dbCpuSince(db0);
  if (res.statusCode !== 201) throw new Error(`import answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
  const result = res.json() as OrderImportResult;
  if (result.created !== orders || result.errors.length) {
    throw new Error(
      `created ${result.created} of ${orders} orders, ${result.errors.length} errors: ${JSON.stringify(result.errors.slice(0, 3))}`,
    );
  }
  const lines = (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE o.org_id = $1 AND o.platform = 'import' AND o.order_id <> 'WARM-UP-1'`,
      [orgs.bol],
    )
  ).rows[0]?.n;
  // The aggregates the triggers keep must equal the same numbers counted from the lines.
  const drift = (
    await t.db.query<{ what: string; n: number }>(
      `SELECT 'line_count' AS what, count(*)::int AS n FROM orders o
        WHERE o.line_count <> (SELECT count(*) FROM order_lines l WHERE l.order_id = o.id)
       UNION ALL
       SELECT 'order_multi/order_open', count(*)::int FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE l.order_multi <> (o.line_count > 1) OR l.order_open <> (o.status = 'open')
       UNION ALL
       SELECT 'placed_at', count(*)::int FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE l.placed_at <> o.placed_at
       UNION ALL
       SELECT 'pick_item_days', count(*)::int FROM (
         (SELECT org_id, placed_day, product_id, location_id, multi, qty, lines FROM pick_item_days
          EXCEPT ALL
          SELECT l.org_id, hoppa_warehouse_day(o.placed_at), l.product_id, l.pick_location_id, l.order_multi,
                 sum(l.quantity - l.picked_quantity)::int, count(*)::int
            FROM order_lines l JOIN orders o ON o.id = l.order_id
           WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
           GROUP BY 1, 2, 3, 4, 5)
         UNION ALL
         (SELECT l.org_id, hoppa_warehouse_day(o.placed_at), l.product_id, l.pick_location_id, l.order_multi,
                 sum(l.quantity - l.picked_quantity)::int, count(*)::int
            FROM order_lines l JOIN orders o ON o.id = l.order_id
           WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
           GROUP BY 1, 2, 3, 4, 5
          EXCEPT ALL
          SELECT org_id, placed_day, product_id, location_id, multi, qty, lines FROM pick_item_days)) d`,
    )
  ).rows.filter((r) => r.n > 0);
  if (drift.length) throw new Error(`aggregates drifted from the lines: ${JSON.stringify(drift)}`);

  // Re-uploading the same file: every order comes back skipped as already imported, nothing is written.
  const r0 = performance.now();
  const again = await t.app.inject({
    method: 'POST',
    url: '/api/orders/import',
    headers: { cookie, 'content-type': 'application/json' },
    payload,
  });
  const reuploadS = (performance.now() - r0) / 1000;
  const againBody = again.json() as OrderImportResult;
  if (againBody.created !== 0 || againBody.errors.length !== 0 || againBody.skipped_rows.length !== ROWS)
    throw new Error('re-upload was not all duplicates');

  const ratio = endToEndS / parseS;
  const kind = t.db.kind === 'postgres' ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite (in memory)';
  console.log(
    `rows ${ROWS}, orders ${orders}, lines written ${lines}, CSV ${(csv.length / 1024).toFixed(0)} KB, JSON ${(payload.length / 1024).toFixed(0)} KB`,
  );
  console.log(`(a) parse + map + group: ${parseS.toFixed(3)} s (median of ${PARSE_RUNS})`);
  console.log(
    `(b) parse + map + POST /orders/import: ${endToEndS.toFixed(3)} s (request alone ${serverS.toFixed(3)} s) on ${kind}`,
  );
  console.log(`ratio (b)/(a): ${ratio.toFixed(1)}`);
  if (backlogLines) console.log(`backlog before the import: ${backlogLines} open order lines`);
  const cpuRatio = (cpuS + dbCpuS) / parseCpuS;
  console.log(
    `CPU: (a) ${parseCpuS.toFixed(3)} s; (b) ${cpuS.toFixed(3)} s in this process + ${dbCpuS.toFixed(2)} s in the database server; ratio ${cpuRatio.toFixed(1)}`,
  );
  // ADR 0074's restatement of the goal as two figures (pending the owner's answer; issue 8's ≤ 3× stays the goal
  // reported above): (1) the API process's CPU for (b), the database server's excluded, against (a)'s CPU, ≤ 6×;
  // (2) the database server's CPU per imported line on PostgreSQL, ≤ 150 µs. On PGlite the database runs inside this
  // process, so only the whole CPU ratio is known.
  const onServer = t.db.kind === 'postgres';
  const apiCpuRatio = cpuS / parseCpuS;
  const dbMicrosPerLine = lines ? (dbCpuS * 1e6) / lines : Number.NaN;
  const verdict = (ok: boolean) => (ok ? 'met' : 'not met');
  if (onServer)
    console.log(
      `restated (ADR 0074): API process CPU ${apiCpuRatio.toFixed(1)}× (a) (≤ 6×: ${verdict(apiCpuRatio <= 6)}); database ${dbMicrosPerLine.toFixed(0)} µs CPU per line (≤ 150: ${verdict(dbMicrosPerLine <= 150)})`,
    );
  console.log(`re-upload of the same file (all duplicates): ${reuploadS.toFixed(3)} s`);
  if (firstFullCpuS !== null)
    console.log(
      `JIT warm-up: ${IMPORT_WARM} untimed imports in a second app before (b); the first (cold JIT) used ${firstFullCpuS.toFixed(3)} s CPU here (${(firstFullCpuS / parseCpuS).toFixed(1)}× (a))`,
    );
  console.log(`first import after start, one row, cold worker thread: ${coldS.toFixed(3)} s`);
  console.log('aggregates equal the lines: line counts, order_multi, order_open, placed_at, pick_item_days');

  const md = `## Order import (apps/api/bench/import.bench.ts)

A ${ROWS.toLocaleString('en')}-row order CSV in Shopify's export layout (${orders.toLocaleString('en')} orders of 1–4 lines, the
address on the first row of each order only, ${(csv.length / 1024).toFixed(0)} KB) built from the sample products (Open Food Facts, ODbL),
imported for one merchant with ${products.length.toLocaleString('en')} products${backlogLines ? ` and ${backlogLines.toLocaleString('en')} open order lines already in the database` : ''}. Node ${process.version}, ${cpus().length} CPU(s)
(${cpus()[0]?.model ?? 'unknown'}), database ${kind}; load average ${loadAtStart} at the start (the machine is shared, so
the end-to-end figure is one run and varies with the load).

| step | seconds | CPU seconds |
|---|---:|---:|
| (a) papaparse + column-mapping guess + mapping + grouping (median of ${PARSE_RUNS}) | ${parseS.toFixed(3)} | ${parseCpuS.toFixed(3)} |
| (b) the same + \`POST /api/orders/import\` via app.inject, end to end${IMPORT_WARM > 0 ? ` (after ${IMPORT_WARM} untimed imports warmed the JIT)` : ' (cold JIT)'} | ${endToEndS.toFixed(3)} | ${(cpuS + dbCpuS).toFixed(2)} (${cpuS.toFixed(2)} here + ${dbCpuS.toFixed(2)} database server) |
| of which the import request (worker passes, lookups, ${Math.ceil(orders / 250)} chunk transactions) | ${serverS.toFixed(3)} | |
| re-upload of the same file (every order reported as a duplicate, nothing written) | ${reuploadS.toFixed(3)} | |
| first import after start: one row on a cold worker thread (timed before (b); the server starts it at start-up) | ${coldS.toFixed(3)} | |
${
  firstFullCpuS === null
    ? ''
    : `| first 10,000-row import after start (cold JIT; in the second app, untimed warm-up 1 of ${IMPORT_WARM}) | | ${firstFullCpuS.toFixed(2)} here (${(firstFullCpuS / parseCpuS).toFixed(1)}× (a)) |
`
}
Ratio (b)/(a): **${ratio.toFixed(1)}** (CPU seconds: ${cpuRatio.toFixed(1)}); goal (issue 8) ≤ 3×: ${verdict(ratio <= 3)}. ${lines?.toLocaleString('en')} order lines written, each with its pick location.
${
  onServer
    ? `
The goal as ADR 0074 restates it (two figures instead of the ratio; awaiting the owner's answer, so issue 8's ratio above stays the goal):

| figure | measured | restated goal |
|---|---:|---|
| the API process's CPU for (b) (the database server's excluded) against (a)'s CPU | ${apiCpuRatio.toFixed(1)}× | ≤ 6×: ${verdict(apiCpuRatio <= 6)} |
| the database server's CPU per imported line | ${dbMicrosPerLine.toFixed(0)} µs | ≤ 150 µs: ${verdict(dbMicrosPerLine <= 150)} |
`
    : `
ADR 0074's restated figures need the database server apart from this process: run with TEST_DATABASE_URL (PostgreSQL).
`
}
Run with \`npx tsx apps/api/bench/import.bench.ts\` (${new Date().toISOString().slice(0, 10)}).
`;
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const out = join(root, 'bench-output', 'import.md');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, md);
  console.log(`wrote ${out}`);
  // A backlog run (IMPORT_BENCH_BACKLOG) answers another question: only the issue's setting goes to the scorecard.
  if (!BACKLOG) {
    const where = onServer ? 'PostgreSQL' : 'PGlite';
    const goals: GoalRow[] = [
      {
        id: 'import-ratio',
        figure: `${ROWS.toLocaleString('en')}-row order import end to end against the bare parse (${where})`,
        measured: `${ratio.toFixed(1)}× (${endToEndS.toFixed(2)} s against ${parseS.toFixed(3)} s; CPU ${cpuRatio.toFixed(1)}×)`,
        goal: '≤ 3×',
        met: ratio <= 3,
      },
    ];
    if (onServer)
      goals.push(
        {
          id: 'import-api-cpu',
          figure:
            "the import's API process CPU against the parse's CPU (ADR 0074's restatement, not yet accepted)",
          measured: `${apiCpuRatio.toFixed(1)}×`,
          goal: '≤ 6×',
          met: apiCpuRatio <= 6,
        },
        {
          id: 'import-db-line',
          figure: "the database server's CPU per imported line (ADR 0074's restatement, not yet accepted)",
          measured: `${dbMicrosPerLine.toFixed(0)} µs`,
          goal: '≤ 150 µs',
          met: dbMicrosPerLine <= 150,
        },
      );
    writeGoals('import.bench', goals);
  }
} finally {
  await t.close();
}

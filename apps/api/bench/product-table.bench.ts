/**
 * The product table at warehouse scale (issue 15; spec 3 §2 Product management): one merchant with 100,000 products
 * on PostgreSQL, a third of them with stock on a location and a fifth with sales on most of the last 30 days (the
 * `product_sales_days` rows the ship trigger keeps, written directly here). Times the table's page requests through
 * the real routes (`app.inject`, session cache warm) as the shop's owner: the default page (name A–Z, 25 rows with
 * stock places and sales figures), a deep page, the search for a part of a name, a stock filter, the stock sort, the
 * counts and the best sellers. p50/p95 over 30 requests after 3 warm-ups; goal p95 ≤ 20 ms per page (the project's
 * hot-read goal). Writes bench-output/product-table.md. Needs TEST_DATABASE_URL; on PGlite it runs with 10,000
 * products and says so. Run: `TEST_DATABASE_URL=postgres://… npx tsx apps/api/bench/product-table.bench.ts`; with
 * `PRODUCT_TABLE_DB=<name>` (PostgreSQL only) it seeds that database once and keeps it for later runs (migrations newer
 * than the seed still run on it; drop it when done), and with `PRODUCT_TABLE_ONLY=<regular expression>` it times only
 * the reads whose name matches.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_USERS } from '../src/db/seed.ts';
import { createTestApp } from '../src/test/test-app.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PRODUCTS = onPostgres ? 100_000 : 10_000;
const RUNS = 30;
const WARMUP = 3;

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

const WORDS = [
  'Stroopwafel',
  'Hagelslag',
  'Drop',
  'Speculaas',
  'Kaas',
  'Pindakaas',
  'Koffie',
  'Thee',
  'Muisjes',
];
const loadAtStart = loadavg()[0]?.toFixed(1);
// PRODUCT_TABLE_DB=<name> (PostgreSQL only): seed that database once and keep it, so later runs (other code on the
// same data, EXPLAIN) skip the seed. Drop it yourself when done.
const keepDatabase = onPostgres ? process.env.PRODUCT_TABLE_DB : undefined;
const only = process.env.PRODUCT_TABLE_ONLY ? new RegExp(process.env.PRODUCT_TABLE_ONLY) : null;
const t = await createTestApp({ seed: { products: 50 }, ...(keepDatabase ? { keepDatabase } : {}) });
try {
  const seeded = t.seed
    ? null
    : (
        await t.db.query<{ org_id: string }>(
          `SELECT org_id FROM products WHERE id = 'f' || lpad(to_hex(${PRODUCTS}), 23, '0')`,
        )
      ).rows[0];
  if (!t.seed && !seeded)
    throw new Error(`${keepDatabase} exists but holds no seed of this benchmark: drop it`);
  const bol = t.seed ? t.seed.orgs.bol : (seeded?.org_id as string);
  const seedStart = performance.now();
  const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  if (t.seed) {
    await t.db.exec(`
    INSERT INTO products (id, org_id, name, ean, bsku, weight_kg, length_cm, width_cm, height_cm, fulfilled_by_sf)
    SELECT 'f' || lpad(to_hex(g), 23, '0'), '${bol}',
           (${words})[1 + g % ${WORDS.length}] || ' ' || (g * 7919 % 100000) || ' ' || (ARRAY['klein','groot','mix'])[1 + g % 3],
           '29' || lpad(g::text, 11, '0'), 'SKU-' || g, 0.1 + (g % 50) / 10.0, 20, 10, 5, g % 10 <> 0
      FROM generate_series(1, ${PRODUCTS}) g;
    CREATE TEMP TABLE bench_locations AS
      SELECT row_number() OVER (ORDER BY name) - 1 AS n, id FROM locations;
    INSERT INTO product_locations (id, org_id, product_id, location_id, stock, position)
    SELECT 'a' || lpad(to_hex(g), 23, '0'), '${bol}', 'f' || lpad(to_hex(g), 23, '0'), l.id, g % 40, 0
      FROM generate_series(1, ${PRODUCTS}, 3) g
      JOIN bench_locations l ON l.n = g % (SELECT count(*) FROM bench_locations);
    INSERT INTO product_sales_days (product_id, day, org_id, quantity)
    SELECT 'f' || lpad(to_hex(g), 23, '0'), hoppa_warehouse_day(now()) - d, '${bol}', 1 + (g + d) % 4
      FROM generate_series(1, ${PRODUCTS}, 5) g CROSS JOIN generate_series(0, 29) d
     WHERE (g + d) % 4 <> 0;
  `);
    // What autovacuum does after a bulk load in production: statistics and the visibility map (index-only counts).
    for (const table of ['products', 'product_locations', 'product_stock', 'product_sales_days'])
      await t.db.query(`VACUUM ANALYZE ${table}`);
  }
  const seedS = (performance.now() - seedStart) / 1000;
  const cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  const cases = [
    { name: 'default page (name A–Z, page 1)', url: '/api/products?limit=25' },
    { name: 'page 2,000 (name A–Z)', url: `/api/products?limit=25&skip=${Math.floor(PRODUCTS / 50) * 25}` },
    { name: 'by weight, heaviest first', url: '/api/products?limit=25&sort=-weight' },
    { name: 'search a part of the name ("wafel 12")', url: '/api/products?limit=25&search=wafel%2012' },
    { name: 'search the start of an EAN', url: '/api/products?limit=25&search=290000004' },
    { name: 'not fulfilled by the warehouse', url: '/api/products?limit=25&fulfilment=false' },
    { name: 'low stock (1 to 5)', url: '/api/products?limit=25&stock_status=low_stock' },
    { name: 'by stock, most first', url: '/api/products?limit=25&sort=-stock' },
    { name: 'counts by stock (GET /products/count)', url: '/api/products/count' },
    { name: 'best sellers, 30 days (GET /most_sold_product)', url: '/api/most_sold_product' },
  ];
  const rows: string[] = [];
  for (const c of cases.filter((x) => !only || only.test(x.name))) {
    const times: number[] = [];
    let bytes = 0;
    let total = '';
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const t0 = performance.now();
      const res = await t.app.inject({ method: 'GET', url: c.url, headers: { cookie } });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${c.url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      if (i >= WARMUP) times.push(ms);
      bytes = res.rawPayload.length;
      const body = res.json() as {
        total?: number;
        total_capped?: boolean;
        totalProducts?: number;
        products?: unknown[];
      };
      const n = body.total ?? body.totalProducts ?? body.products?.length ?? 0;
      total = `${n.toLocaleString('en')}${body.total_capped ? '+' : ''}`;
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const line = `| ${c.name} | ${total} | ${percentile(times, 50).toFixed(1)} | ${p95.toFixed(1)} | ${(bytes / 1024).toFixed(0)} KB | ${p95 <= 20 ? 'met' : 'not met'} |`;
    console.log(line);
    rows.push(line);
  }

  const kind = onPostgres ? 'PostgreSQL 15 (TEST_DATABASE_URL)' : 'PGlite (in memory; 10,000 products only)';
  const md = `## Product table at ${PRODUCTS.toLocaleString('en')} products (apps/api/bench/product-table.bench.ts)

One merchant with ${PRODUCTS.toLocaleString('en')} products on ${kind} (a third with stock on a location, a fifth with sales
on most of the last 30 days), ${t.seed ? `seeded by the benchmark in ${seedS.toFixed(1)} s` : `seeded earlier (${keepDatabase})`}; requests through the real routes as the
shop's owner (session cached), ${RUNS} timed after ${WARMUP} warm-ups. Node ${process.version}, ${cpus().length} CPU(s);
load average ${loadAtStart} at the start. Goal (issue 15, the hot-read goal): p95 ≤ 20 ms per page of 25.

The table counts up to 10,000 matching products (\`10,000+\`: \`total_capped\`); the stock filters, the stock sort and
\`GET /products/count\` add up every stock place of the shop, and the best sellers every sales day of the window
(ADR 0047, Consequences).

| read | matching rows | p50 ms | p95 ms | answer | goal |
|---|---:|---:|---:|---:|---|
${rows.join('\n')}

Run with \`TEST_DATABASE_URL=… npx tsx apps/api/bench/product-table.bench.ts\` (${new Date().toISOString().slice(0, 10)}).
`;
  console.log(md);
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  mkdirSync(join(root, 'bench-output'), { recursive: true });
  writeFileSync(join(root, 'bench-output', 'product-table.md'), md);
} finally {
  await t.close();
}

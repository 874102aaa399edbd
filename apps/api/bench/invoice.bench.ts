/**
 * The invoice at warehouse scale (issue 16 item 4; spec 3 §7 billing): one merchant with 100,000 orders shipped in
 * one month (150,000 lines, a tenth of the products with surcharges) and 5,000 products on locations of every type
 * with a pick row in the stock ledger per line, on PostgreSQL. Times through the real routes as the shop's owner:
 * the month's invoice (totals over the whole month, storage per day, first page of orders), a deep page, the
 * product-location page with prices, the price list, and the XLSX export of the whole month (once).
 * p50/p95 over 5 requests after 1 warm-up. Writes bench-output/invoice.md. Needs TEST_DATABASE_URL; on PGlite it runs
 * with 10,000 orders and says so. Run: `TEST_DATABASE_URL=postgres://… npx tsx apps/api/bench/invoice.bench.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_USERS } from '../src/db/seed.ts';
import { createTestApp } from '../src/test/test-app.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ORDERS = onPostgres ? 100_000 : 10_000;
const PRODUCTS = 5_000;
const RUNS = 5;
const WARMUP = 1;

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

const loadAtStart = loadavg()[0]?.toFixed(1);
const t = await createTestApp({ seed: { products: 50 } });
try {
  if (!t.seed) throw new Error('the demo seed did not run');
  const bol = t.seed.orgs.bol;
  const seedStart = performance.now();
  const id = (prefix: string, g: string) => `'${prefix}' || lpad(to_hex(${g}), 23, '0')`;
  // October 2026: 30 days of 26-second steps from 1 October 06:00 UTC carry 100,000 orders.
  const step = Math.floor((30 * 86_400) / ORDERS);
  await t.db.exec(`
    INSERT INTO locations (id, org_id, name, level, type, sequence)
    SELECT ${id('e', 'g')}, (SELECT id FROM organisations WHERE kind = 'provider' LIMIT 1), 'BENCH-' || g, 'bin',
           (ARRAY['half-box','rack-box','warehousing','1/2pallet','pallet','1/3pallet'])[1 + g % 6], 100000 + g
      FROM generate_series(1, ${PRODUCTS}) g;
    INSERT INTO products (id, org_id, name, ean)
    SELECT ${id('f', 'g')}, '${bol}', 'Bench ' || g, '29' || lpad(g::text, 11, '0') FROM generate_series(1, ${PRODUCTS}) g;
    INSERT INTO stock_mutations (id, org_id, product_id, location_id, quantity, reason, created_at)
    SELECT ${id('a', 'g')}, '${bol}', ${id('f', 'g')}, ${id('e', 'g')}, 1000, 'seed', timestamptz '2026-09-20 08:00+00'
      FROM generate_series(1, ${PRODUCTS}) g;
    -- The surcharges are chosen before the orders ship: an order's charges are those of its shipping (ADR 0058).
    INSERT INTO surcharges (id, name, code, price_cents, type) VALUES
      ('s00000000000000000000001', 'Bench order', 'B-ORD', 120, 'order'),
      ('s00000000000000000000002', 'Bench line', 'B-LINE', 75, 'order-line'),
      ('s00000000000000000000003', 'Bench piece', 'B-PIECE', 6, 'line-amount'),
      ('s00000000000000000000004', 'Bench store', 'B-STORE', 500, 'store');
    INSERT INTO product_surcharges (product_id, surcharge_id, org_id)
    SELECT ${id('f', 'g')}, 's0000000000000000000000' || (1 + g % 4), '${bol}'
      FROM generate_series(10, ${PRODUCTS}, 10) g;
    INSERT INTO orders (id, org_id, order_id, status, placed_at, shipped_at, selected_box_id, selected_ship_method_id)
    SELECT ${id('b', 'g')}, '${bol}', 'BENCH-' || g, 'shipped', x.ts - interval '2 hours', x.ts,
           (SELECT array_agg(id ORDER BY name, id) FROM shipment_boxes)[1 + g % 4],
           (SELECT array_agg(id ORDER BY code, id) FROM shipment_methods)[1 + g % 3]
      FROM generate_series(1, ${ORDERS}) g,
           LATERAL (SELECT timestamptz '2026-10-01 06:00+00' + g * interval '${step} seconds' AS ts) x;
    INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity, picked_quantity, position)
    SELECT ${id('c', 'g * 2 + l')}, ${id('b', 'g')}, '${bol}', ${id('f', `1 + (g * 7 + l) % ${PRODUCTS}`)}, 'x', 'x',
           1 + (g + l) % 3, 1 + (g + l) % 3, l
      FROM generate_series(1, ${ORDERS}) g, generate_series(0, 1) l WHERE l = 0 OR g % 2 = 0;
    INSERT INTO stock_mutations (id, org_id, product_id, location_id, quantity, reason, order_id, created_at)
    SELECT ${id('d', 'g * 2 + l')}, '${bol}', ${id('f', `1 + (g * 7 + l) % ${PRODUCTS}`)},
           ${id('e', `1 + (g * 7 + l) % ${PRODUCTS}`)}, -(1 + (g + l) % 3), 'pick', ${id('b', 'g')},
           timestamptz '2026-10-01 05:00+00' + g * interval '${step} seconds'
      FROM generate_series(1, ${ORDERS}) g, generate_series(0, 1) l WHERE l = 0 OR g % 2 = 0;
    INSERT INTO product_locations (id, org_id, product_id, location_id, stock)
    SELECT 'a' || substr(m.product_id, 2), '${bol}', m.product_id, m.location_id, sum(m.quantity)
      FROM stock_mutations m WHERE m.org_id = '${bol}' AND m.product_id LIKE 'f%' GROUP BY m.product_id, m.location_id;
  `);
  for (const table of [
    'orders',
    'order_lines',
    'stock_mutations',
    'product_locations',
    'products',
    'locations',
    'order_charges',
    'order_surcharge_charges',
    'order_charge_days',
    'order_surcharge_days',
    'storage_occupancy',
    'stock_days',
    'stock_move_days',
  ])
    await t.db.query(`VACUUM ANALYZE ${table}`);
  const seedS = (performance.now() - seedStart) / 1000;
  const cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  const month = '2026-10-01/2026-10-31';
  const cases = [
    {
      name: 'the month’s invoice (totals, storage per day, orders 1–25)',
      url: `/api/invoice/get/${month}?limit=25`,
    },
    { name: 'the last page of its orders', url: `/api/invoice/get/${month}?limit=25&skip=${ORDERS - 25}` },
    {
      name: 'products on locations with prices (first 100)',
      url: '/api/invoice/storage/price/true?start=2026-10-01&end=2026-10-31&limit=100',
    },
    { name: 'storage prices (GET /invoice/storage)', url: '/api/invoice/storage' },
  ];
  const rows: string[] = [];
  let checked = '';
  for (const c of cases) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const t0 = performance.now();
      const res = await t.app.inject({ method: 'GET', url: c.url, headers: { cookie } });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${c.url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      if (i >= WARMUP) times.push(ms);
      bytes = res.rawPayload.length;
      const body = res.json() as { orders_count?: number; total?: string };
      if (body.orders_count !== undefined)
        checked = `${body.orders_count.toLocaleString('en')} orders, € ${body.total}`;
    }
    times.sort((a, b) => a - b);
    const line = `| ${c.name} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 95).toFixed(0)} | ${(bytes / 1024).toFixed(0)} KB |`;
    console.log(line);
    rows.push(line);
  }
  // The maintained totals (ADR 0058) against the orders summed from scratch, as the invoice did per request before.
  const month0 = await t.app.inject({
    method: 'GET',
    url: `/api/invoice/get/${month}?limit=1`,
    headers: { cookie },
  });
  const inv0 = month0.json() as {
    orders_count: number;
    total_fulfilment_cents: number;
    total_used_shipment_method_cents: number;
    total_used_packaging_cents: number;
  };
  const scratch = await t.db.query<{ n: number; f: number; m: number; p: number }>(
    `SELECT count(*)::int AS n, coalesce(sum(bx.price_cents), 0)::int AS f, coalesce(sum(sm.price_cents), 0)::int AS m,
            coalesce(sum(bx.package_cost_cents), 0)::int AS p
       FROM orders o
       LEFT JOIN shipment_boxes bx ON bx.id = o.selected_box_id
       LEFT JOIN shipment_methods sm ON sm.id = o.selected_ship_method_id
      WHERE o.org_id = $1 AND o.status = 'shipped'
        AND o.shipped_at >= '2026-10-01T00:00:00+02:00' AND o.shipped_at < '2026-11-01T00:00:00+01:00'`,
    [bol],
  );
  const s0 = scratch.rows[0];
  const same =
    s0?.n === inv0.orders_count &&
    s0.f === inv0.total_fulfilment_cents &&
    s0.m === inv0.total_used_shipment_method_cents &&
    s0.p === inv0.total_used_packaging_cents;
  if (!same) throw new Error(`maintained totals differ from the orders: ${JSON.stringify({ s0, inv0 })}`);
  checked += '; totals equal the orders summed from scratch';

  const t0 = performance.now();
  const file = await t.app.inject({
    method: 'GET',
    url: `/api/invoice/export/${month}`,
    headers: { cookie },
  });
  const exportMs = performance.now() - t0;
  if (file.statusCode !== 200) throw new Error(`export: ${file.statusCode}`);
  rows.push(
    `| the XLSX export of the whole month (once) | ${exportMs.toFixed(0)} | – | ${(file.rawPayload.length / 1024).toFixed(0)} KB |`,
  );

  const kind = onPostgres
    ? 'PostgreSQL 15 (TEST_DATABASE_URL)'
    : `PGlite (in memory; ${ORDERS.toLocaleString('en')} orders only)`;
  const md = `## Invoice of a month with ${ORDERS.toLocaleString('en')} orders (apps/api/bench/invoice.bench.ts)

One merchant on ${kind}: ${ORDERS.toLocaleString('en')} orders shipped in October 2026 (${(ORDERS * 1.5).toLocaleString('en')}
lines, boxes and methods of the demo, a tenth of the products with a surcharge of each type), ${PRODUCTS.toLocaleString('en')}
products on bins of all six location types with a pick row in the stock ledger per line; seeded in ${seedS.toFixed(1)} s
(${checked}). Requests through the real routes as the shop's owner, ${RUNS} timed after ${WARMUP} warm-up. Node
${process.version}, ${cpus().length} CPU(s); load average ${loadAtStart} at the start (the machine is shared).

| read | p50 ms | p95 ms | answer |
|---|---:|---:|---:|
${rows.join('\n')}

Run with \`TEST_DATABASE_URL=… npx tsx apps/api/bench/invoice.bench.ts\` (${new Date().toISOString().slice(0, 10)}).
`;
  console.log(md);
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  mkdirSync(join(root, 'bench-output'), { recursive: true });
  writeFileSync(join(root, 'bench-output', 'invoice.md'), md);
} finally {
  await t.close();
}

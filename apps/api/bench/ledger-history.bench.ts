/**
 * A place's ledger history (ADR 0130): the stock ledger (`stock_mutations`) gains a row with every pick, correction and
 * move, so a bin holding a popular product collects thousands of rows a year. Nothing a worker does with that bin now
 * may cost more because of them. Measured on two racks of {@link BINS} bins each with one product on every bin: the
 * bins of rack A carry {@link HISTORY} ledger rows each (a year of picks and corrections, net nothing; written by SQL,
 * untimed, every trigger running as for any writer), those of rack B none. Alternating between the two, through the
 * real routes (`app.inject`, PostgreSQL when TEST_DATABASE_URL is set, else PGlite):
 *   - a stock change on a bin (`GET /locations/stock/update/…`, the recount's call: one ledger row and the day's
 *     recount of the place's kept day rows, migration 0320), {@link RUNS} per rack;
 *   - the rack's page of the warehouse map (`GET /locations/{rack}`, its bins with the ledger check), {@link RUNS} per
 *     rack.
 * Reports p50/p95 per rack and the ratio of the p50s (history against none); goal: at most 1.5, i.e. a place's
 * history does not show. Before migration 0456 and the map's kept-days ledger check (ADR 0130) the map's page took
 * 395 ms against 10 ms on the route sweep's copy. Writes bench-output/ledger-history.md.
 * Run: `TEST_DATABASE_URL=postgres://… npx tsx apps/api/bench/ledger-history.bench.ts`.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_HEADER } from '@hoppa/core';
import { type GoalRow, writeGoals } from '../../../scripts/bench-goals.mjs';
import { DEMO_USERS } from '../src/db/seed.ts';
import { addLocation, addProduct } from '../src/modules/pick/test/fulfilment.fixtures.ts';
import { createTestApp } from '../src/test/test-app.ts';

/** Bins per rack, one product each. */
const BINS = 20;
/** Ledger rows of each bin of the rack with history (a year of a moderately picked product). */
const HISTORY = Number(process.env.LEDGER_BENCH_HISTORY ?? 5_000);
/** Timed requests per rack and call. */
const RUNS = 40;
/** Most tolerated ratio of the p50s, history against none. */
const GOAL_RATIO = 1.5;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;

const loadAtStart = loadavg()[0]?.toFixed(1);
const t = await createTestApp({ seed: { products: 2 } });
try {
  const bol = t.seed?.orgs.bol as string;
  const admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  const tag = randomUUID().slice(0, 6);
  const hall = await addLocation(t.db, { name: `LH-${tag}`, sequence: 9000, level: 'hall' });
  /** A rack of BINS bins, each with its own product (stock 1,000) and the product's link id there. */
  const rack = async (name: string, sequence: number) => {
    const id = await addLocation(t.db, { name: `${name}-${tag}`, sequence, parentId: hall, level: 'rack' });
    const places: { product: string; link: string }[] = [];
    for (let i = 0; i < BINS; i++) {
      const bin = await addLocation(t.db, {
        name: `${name}-${tag}-${String(i + 1).padStart(2, '0')}`,
        sequence: sequence + i + 1,
        parentId: id,
      });
      const p = await addProduct(t.db, bol, {
        name: `Ledger ${name} ${i}`,
        stock: [{ locationId: bin, stock: 1000 }],
      });
      const link = await t.db.query<{ id: string }>(
        'SELECT id FROM product_locations WHERE product_id = $1 AND location_id = $2',
        [p.id, bin],
      );
      places.push({ product: p.id, link: link.rows[0]?.id as string });
    }
    return { id, places };
  };
  const withHistory = await rack('A', 9100);
  const without = await rack('B', 9200);

  // A year of ledger rows on each bin of rack A, alternately a pick (-1) and a correction (+1): the bins' stock stays.
  const h0 = performance.now();
  await t.db.query(
    `INSERT INTO stock_mutations (id, org_id, product_id, location_id, quantity, reason, created_at)
     SELECT 'lh' || lpad(to_hex(row_number() OVER ()), 22, '0'), pl.org_id, pl.product_id, pl.location_id,
            CASE WHEN k % 2 = 0 THEN -1 ELSE 1 END, CASE WHEN k % 2 = 0 THEN 'pick' ELSE 'correction' END,
            now() - interval '366 days' + k * (interval '365 days' / $2::int)
       FROM product_locations pl JOIN locations b ON b.id = pl.location_id
      CROSS JOIN generate_series(0, $2::int - 1) k
      WHERE b.parent_id = $1`,
    [withHistory.id, HISTORY],
  );
  if (t.db.kind === 'postgres') {
    await t.db.query('ANALYZE stock_mutations');
    await t.db.query('ANALYZE stock_days');
  }
  const historyS = (performance.now() - h0) / 1000;

  const timed = async (url: string) => {
    const t0 = performance.now();
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin, [APP_HEADER]: 'bench' } });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200)
      throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return ms;
  };
  const racks = { history: withHistory, none: without };
  const change: Record<keyof typeof racks, number[]> = { history: [], none: [] };
  const page: Record<keyof typeof racks, number[]> = { history: [], none: [] };
  for (let i = -3; i < RUNS; i++) {
    for (const key of ['history', 'none'] as const) {
      const r = racks[key];
      const place = r.places[((i % BINS) + BINS) % BINS] as { product: string; link: string };
      // 1,000 → 999 → 1,000 …: every call writes one ledger row.
      const amount = i % 2 === 0 ? 999 : 1000;
      const c = await timed(`/api/locations/stock/update/${place.product}/${place.link}/${amount}`);
      const p = await timed(`/api/locations/${r.id}`);
      if (i >= 0) {
        change[key].push(c);
        page[key].push(p);
      }
    }
  }
  const stat = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return { p50: pct(s, 50), p95: pct(s, 95) };
  };
  const rows = [
    {
      what: 'stock change on a bin (`GET /locations/stock/update/…`)',
      id: 'ledger-history-change',
      xs: change,
    },
    { what: 'the rack on the warehouse map (`GET /locations/{rack}`)', id: 'ledger-history-map', xs: page },
  ].map((r) => {
    const h = stat(r.xs.history);
    const n = stat(r.xs.none);
    return { ...r, h, n, ratio: h.p50 / n.p50 };
  });
  const kind = t.db.kind === 'postgres' ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite (in memory)';
  const md = [
    "## A place's ledger history (apps/api/bench/ledger-history.bench.ts)",
    '',
    `Two racks of ${BINS} bins, one product on each; every bin of rack A carries ${HISTORY.toLocaleString('en')} ledger rows`,
    `(a year of picks and corrections, written by SQL in ${historyS.toFixed(1)} s, untimed), rack B none. ${RUNS} timed`,
    "requests per rack and call, alternating, through `app.inject` as the provider's admin; database",
    `${kind}. Node ${process.version}, ${cpus().length} CPU(s); load average ${loadAtStart} at the start.`,
    `Goal (ADR 0130): history against none at most ${GOAL_RATIO}× (p50).`,
    '',
    '| call | rack A (history) p50 / p95 ms | rack B (none) p50 / p95 ms | ratio of p50s |',
    '|---|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.what} | ${r.h.p50.toFixed(1)} / ${r.h.p95.toFixed(1)} | ${r.n.p50.toFixed(1)} / ${r.n.p95.toFixed(1)} | ${r.ratio.toFixed(2)} |`,
    ),
    '',
    `Run with \`TEST_DATABASE_URL=… npx tsx apps/api/bench/ledger-history.bench.ts\` (${new Date().toISOString().slice(0, 10)}).`,
    '',
  ].join('\n');
  const out = join(
    dirname(fileURLToPath(import.meta.url)),
    '..',
    '..',
    '..',
    'bench-output',
    'ledger-history.md',
  );
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, md);
  console.log(md);
  writeGoals(
    'ledger-history.bench',
    rows.map(
      (r): GoalRow => ({
        id: r.id,
        figure: `${r.what} on a bin with ${HISTORY.toLocaleString('en')} ledger rows against one without`,
        measured: `${r.ratio.toFixed(2)}× (p50 ${r.h.p50.toFixed(1)} against ${r.n.p50.toFixed(1)} ms)`,
        goal: `≤ ${GOAL_RATIO}×`,
        met: r.ratio <= GOAL_RATIO,
      }),
    ),
  );
} finally {
  await t.close();
}

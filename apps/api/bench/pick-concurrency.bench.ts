/**
 * 50 pickers on shared stock (issue 7 item 7): the rush of `src/modules/pick/test/pick-rush.ts` at benchmark size —
 * 50 warehouse users with their own sessions, 1,000 open orders (about 2,000 lines) on 12 products over 6 shared
 * bins, every line confirmed, replayed with its Idempotency-Key and grabbed by a rival picker, all at once, through
 * the real routes (`app.inject`) on PostgreSQL when TEST_DATABASE_URL is set (else PGlite). Reports throughput,
 * latency and the ledger check. Writes bench-output/pick-concurrency.md.
 * Run: `TEST_DATABASE_URL=postgres://… npx tsx apps/api/bench/pick-concurrency.bench.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ledgerCheck, runRush, setUpRush } from '../src/modules/pick/test/pick-rush.ts';
import { createTestApp } from '../src/test/test-app.ts';

const PICKERS = 50;
const ORDERS = 1_000;

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

const loadAtStart = loadavg()[0]?.toFixed(1);
const t = await createTestApp({ seed: { products: 4 } });
try {
  const setup = await setUpRush(t, { pickers: PICKERS, products: 12, locations: 6, orders: ORDERS });
  const result = await runRush(t, setup);
  const after = await ledgerCheck(t, setup);
  const badLines = after.lines.filter(
    (l) => l.picked_quantity !== l.quantity || l.ledger !== l.quantity || l.rows !== 1,
  );
  const badPlaces = after.places.filter((p) => p.stock !== 0 || p.ledger !== p.stock);
  if (badLines.length || badPlaces.length || result.replays.differed || result.overPicks.other.length)
    throw new Error(
      `inconsistent: ${badLines.length} lines, ${badPlaces.length} places, ${result.replays.differed} replays, ${result.overPicks.other.length} rivals`,
    );
  const requests = result.latenciesMs.length;
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const kind = t.db.kind === 'postgres' ? 'PostgreSQL 15 (TEST_DATABASE_URL)' : 'PGlite (in memory)';
  const md = `## 50 pickers on shared stock (apps/api/bench/pick-concurrency.bench.ts)

${PICKERS} warehouse users, each with its own session, confirm ${setup.lines.length.toLocaleString('en')} order lines of ${ORDERS.toLocaleString('en')} orders on
12 products over 6 shared bins, all at once on ${kind}; every line is also replayed with its Idempotency-Key and grabbed
by a rival picker with another key (${requests.toLocaleString('en')} requests in all, through the real routes). Node ${process.version}, ${cpus().length} CPU(s);
load average ${loadAtStart} at the start.

| figure | value |
|---|---:|
| requests per second | ${(requests / result.seconds).toFixed(0)} |
| lines picked per second | ${(result.confirms / result.seconds).toFixed(0)} |
| latency p50 / p95 / max | ${percentile(sorted, 50).toFixed(0)} / ${percentile(sorted, 95).toFixed(0)} / ${(sorted.at(-1) ?? 0).toFixed(0)} ms |
| lines picked exactly once (one ledger row each) | ${(after.lines.length - badLines.length).toLocaleString('en')} of ${after.lines.length.toLocaleString('en')} |
| rival grabs refused as \`over_pick\` | ${result.overPicks.refused.toLocaleString('en')} |
| replays answered like the first request | ${result.replays.same.toLocaleString('en')} of ${setup.lines.length.toLocaleString('en')} |
| product × bin places with stock = ledger sum = 0 | ${(after.places.length - badPlaces.length).toLocaleString('en')} of ${after.places.length.toLocaleString('en')} |
| negative stock | ${after.places.filter((p) => p.stock < 0).length} |

Run with \`TEST_DATABASE_URL=… npx tsx apps/api/bench/pick-concurrency.bench.ts\` (${new Date().toISOString().slice(0, 10)}).
`;
  console.log(md);
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  mkdirSync(join(root, 'bench-output'), { recursive: true });
  writeFileSync(join(root, 'bench-output', 'pick-concurrency.md'), md);
} finally {
  await t.close();
}

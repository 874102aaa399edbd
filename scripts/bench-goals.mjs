// The goals a benchmark measured, kept beside its markdown fragment so `npm run bench` (scripts/bench.mjs) can put
// every figure of issue 8's table next to its goal in one scorecard at the top of docs/benchmarks.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './util.mjs';

/**
 * One figure against its goal.
 * @typedef {object} GoalRow
 * @property {string} id key of the figure in the scorecard (scripts/bench.mjs `SCORECARD`), e.g. `pick-list-200`
 * @property {string} figure what was measured, in words
 * @property {string} measured the value with its unit, e.g. `p50 24.1 / p95 31.0 ms`
 * @property {string} goal the goal in words, e.g. `p95 ≤ 20 ms`
 * @property {boolean | null} met whether the goal is met; null when the figure is only recorded
 */

/** The 1-minute load average at or below which the machine counts as quiet (2 cores; the benchmark's idle server included). */
const QUIET_LOAD = 1.0;
/** Whether a wait of this process ran out before the machine was quiet. */
let busySeen = false;

/**
 * Waits until the machine is quiet before a latency-sensitive measurement (Lighthouse, scan feedback, hot reads):
 * the 1-minute load average at or below {@link QUIET_LOAD}, polled every 5 s, for at most `maxMs` (`BENCH_QUIET_MAX_S`
 * seconds: `npm run bench` sets 600; a benchmark run by hand does not wait unless it is set; after one wait of the
 * process ran out, at most a minute). What an earlier benchmark left running (PostgreSQL's autovacuum and checkpoints
 * after a 100,000-order seed, a server's start-up work) otherwise lands in the next one's figures: on 2026-12-01 the
 * same Lighthouse pages scored 90/89/86 at load 2.5 inside `npm run bench` and 96/96/97 at load 0.7 (ADR 0123).
 * Never throws: after `maxMs` it returns with `quiet: false` and the figure is written with its load as usual.
 * @param {string} what the measurement about to start, for the log line
 * @param {number} [maxMs]
 * @returns {Promise<{ quiet: boolean, load: number, waitedMs: number }>}
 */
export async function waitForQuiet(what, maxMs = Number(process.env.BENCH_QUIET_MAX_S ?? 0) * 1000) {
  // Once a wait of this process ran out, the machine is busy with something else: later waits take a minute at most,
  // so a benchmark with several pages does not wait its whole budget for each.
  if (busySeen) maxMs = Math.min(maxMs, 60_000);
  const started = Date.now();
  let load = loadavg()[0] ?? 0;
  while (load > QUIET_LOAD && Date.now() - started < maxMs) {
    await new Promise((done) => setTimeout(done, 5000));
    load = loadavg()[0] ?? 0;
  }
  const waitedMs = Date.now() - started;
  const quiet = load <= QUIET_LOAD;
  if (!quiet && maxMs > 0) busySeen = true;
  console.log(
    `${what}: ${quiet ? 'machine quiet' : 'machine still busy'} (1-minute load ${load.toFixed(2)}) after ${Math.round(waitedMs / 1000)} s`,
  );
  return { quiet, load, waitedMs };
}

/**
 * Writes `bench-output/<bench>.goals.json` at the repository root: `{ bench, at, load, rows }` with `at` the ISO time
 * of writing, so the scorecard can tell a figure of this run from one left by an earlier run, and `load` the machine's
 * 1-minute load average then (the benchmark's own work included), so a figure measured on a busy machine shows it.
 * @param {string} bench the benchmark's file name without extension, e.g. `hot-reads.bench`
 * @param {GoalRow[]} rows
 */
export function writeGoals(bench, rows) {
  mkdirSync(join(ROOT, 'bench-output'), { recursive: true });
  const file = join(ROOT, 'bench-output', `${bench}.goals.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ bench, at: new Date().toISOString(), load: loadavg()[0], rows }, null, 2)}\n`,
  );
  return file;
}

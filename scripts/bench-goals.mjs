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

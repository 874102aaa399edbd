/** One figure against its goal (scripts/bench-goals.mjs). */
export interface GoalRow {
  /** Key of the figure in the scorecard (scripts/bench.mjs `SCORECARD`), e.g. `pick-list-200`. */
  id: string;
  /** What was measured, in words. */
  figure: string;
  /** The value with its unit, e.g. `p50 24.1 / p95 31.0 ms`. */
  measured: string;
  /** The goal in words, e.g. `p95 ≤ 20 ms`. */
  goal: string;
  /** Whether the goal is met; null when the figure is only recorded. */
  met: boolean | null;
}

/** Writes `bench-output/<bench>.goals.json` (`{ bench, at, load, rows }`) at the repository root; returns its path. */
export function writeGoals(bench: string, rows: GoalRow[]): string;

/**
 * Waits (at most `maxMs`, default `BENCH_QUIET_MAX_S` seconds or none; `npm run bench` sets 600) until the machine's 1-minute load average is at or
 * below 1.0 before a latency-sensitive measurement; never throws (ADR 0123).
 */
export function waitForQuiet(
  what: string,
  maxMs?: number,
): Promise<{ quiet: boolean; load: number; waitedMs: number }>;

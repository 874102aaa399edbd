// A TypeScript worker module for workers.test.ts (not a `*.worker.ts`, so the build does not bundle it): it answers
// the flags its thread started with and a value only TypeScript syntax could produce.

/** Answers `{ execArgv, doubled }`: the worker thread's execArgv and `task.n` × 2. */
export default function run(task: { n: number }): { execArgv: string[]; doubled: number } {
  const n: number = task.n;
  return { execArgv: process.execArgv, doubled: n * 2 };
}

/**
 * A background job of this process (docs/architecture.md "Background jobs"): `round` runs every `intervalMs`, after
 * `firstAfterMs` the first time (default: one interval); rounds never overlap within a process (a tick while a round
 * runs is skipped) and the jobs' own leases in PostgreSQL keep processes apart. A failed round is logged through
 * `log` as `<name> failed: <message>` and the next tick tries again; `onDone` may log what a round did.
 * `intervalMs` ≤ 0 starts nothing. The timers do not keep the process alive. Returns the stop function, which waits
 * for a running round to end (call it when the app closes).
 */
export function startScheduled<T>(job: {
  name: string;
  intervalMs: number;
  firstAfterMs?: number;
  round: () => Promise<T>;
  log: (msg: string) => void;
  onDone?: (result: T) => void;
}): () => Promise<void> {
  if (job.intervalMs <= 0) return async () => {};
  let running: Promise<unknown> | null = null;
  let every: NodeJS.Timeout | null = null;
  const tick = () => {
    if (running) return;
    running = job
      .round()
      .then((r) => job.onDone?.(r))
      .catch((err: Error) => job.log(`${job.name} failed: ${err.message}`))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(() => {
    tick();
    every = setInterval(tick, job.intervalMs);
    every.unref();
  }, job.firstAfterMs ?? job.intervalMs);
  first.unref();
  return async () => {
    clearTimeout(first);
    if (every) clearInterval(every);
    await running;
  };
}

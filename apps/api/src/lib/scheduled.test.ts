import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startScheduled } from './scheduled.ts';

describe('startScheduled (background jobs)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs after the first delay, then every interval, never two rounds at once, and stop waits for a round', async () => {
    const log: string[] = [];
    let started = 0;
    let release: (() => void) | null = null;
    const stop = startScheduled({
      name: 'Test job',
      intervalMs: 1_000,
      firstAfterMs: 100,
      round: () =>
        new Promise<number>((resolve) => {
          started += 1;
          release = () => resolve(started);
        }),
      log: (m) => log.push(m),
      onDone: (n) => log.push(`done ${n}`),
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(started).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(1);
    // The round is still running: the next two ticks are skipped.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(started).toBe(1);
    (release as unknown as () => void)();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
    expect(log).toEqual(['done 1']);
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stopped).toBe(false);
    (release as unknown as () => void)();
    await stopping;
    expect(started).toBe(2);
    expect(log).toEqual(['done 1', 'done 2']);
  });

  it('logs a failed round with the job’s name and tries again at the next tick; 0 starts nothing', async () => {
    const log: string[] = [];
    let calls = 0;
    const stop = startScheduled({
      name: 'Flaky job',
      intervalMs: 500,
      round: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
        return calls;
      },
      log: (m) => log.push(m),
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    expect(log).toEqual(['Flaky job failed: database away']);
    await stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(2);

    let never = 0;
    await startScheduled({ name: 'Off', intervalMs: 0, round: async () => ++never, log: () => {} })();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(never).toBe(0);
  });
});

import { vi } from 'vitest';

/**
 * Fakes the clock of a screen test whose subject is a wait (spec 3 §4's product load retries after 500 ms and 1 s), so
 * the test skips the wait instead of sleeping through it: the timeouts, the intervals and `Date` are faked; promises
 * and React's scheduler (setImmediate) stay real, and the fake clock also moves with real time, so the screen and
 * testing-library's `findBy`/`waitFor` run as usual. Undo with `vi.useRealTimers()`.
 */
export function installFakeClock(): void {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

/**
 * Moves the fake clock of {@link installFakeClock} on in steps of `stepMs` (ms) until `done()` holds, running the timers
 * that fall due on the way; throws when `done()` still does not hold after `maxMs` (ms) of fake time.
 */
export async function advanceUntil(done: () => boolean, maxMs = 10_000, stepMs = 50): Promise<void> {
  for (let t = 0; t < maxMs && !done(); t += stepMs) await vi.advanceTimersByTimeAsync(stepMs);
  if (!done()) throw new Error(`advanceUntil: not done after ${maxMs} ms of fake time`);
}

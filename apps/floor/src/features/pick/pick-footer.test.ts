import { describe, expect, it } from 'vitest';
import { periodTime } from './pick-footer.tsx';

describe('periodTime (ADR 0091)', () => {
  it("writes a filter's bound as Intl's nl-NL day, month, hour and minute, in the device's time", () => {
    const intl = new Intl.DateTimeFormat('nl-NL', {
      day: '2-digit',
      month: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    // Every 7 h 11 min over two years: every hour of the day, both sides of each summer-time change, single digits.
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 431 * 60_000) {
      const iso = new Date(t).toISOString();
      expect(periodTime(iso), iso).toBe(intl.format(new Date(t)));
    }
    expect(periodTime(new Date(2026, 10, 24, 23, 0).toISOString())).toBe('24-11, 23:00');
    expect(periodTime(new Date(2026, 0, 5, 7, 9).toISOString())).toBe('05-01, 07:09');
  });
});

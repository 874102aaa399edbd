import { describe, expect, it } from 'vitest';
import { centsToEuroText, previousMonthPeriod } from './invoice.rules.ts';

describe('invoice rules (spec 3 §9)', () => {
  it('defaults to the previous calendar month on an Amsterdam calendar', () => {
    expect(previousMonthPeriod(new Date('2026-11-26T12:00:00Z'))).toEqual({
      start: '2026-10-01',
      end: '2026-10-31',
    });
    expect(previousMonthPeriod(new Date('2026-01-10T12:00:00Z'))).toEqual({
      start: '2025-12-01',
      end: '2025-12-31',
    });
    expect(previousMonthPeriod(new Date('2028-03-01T08:00:00Z'))).toEqual({
      start: '2028-02-01',
      end: '2028-02-29',
    });
    // 23:30 UTC on 31 March is already 1 April in Amsterdam: the previous month is March.
    expect(previousMonthPeriod(new Date('2026-03-31T23:30:00Z'))).toEqual({
      start: '2026-03-01',
      end: '2026-03-31',
    });
  });

  it('writes cents as exact euro text', () => {
    expect(centsToEuroText(0)).toBe('0.00');
    expect(centsToEuroText(5)).toBe('0.05');
    expect(centsToEuroText(123456)).toBe('1234.56');
    expect(centsToEuroText(-250)).toBe('-2.50');
    expect(() => centsToEuroText(1.5)).toThrow();
  });
});

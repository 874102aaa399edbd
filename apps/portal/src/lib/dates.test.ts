import { describe, expect, it } from 'vitest';
import { amsterdamDayRange, formatDate, formatDateTime, startOfWeek } from './dates.ts';

describe('dates (DD-MM-YYYY, Europe/Amsterdam, Monday weeks)', () => {
  it('formats dates as DD-MM-YYYY in Amsterdam time', () => {
    expect(formatDate('2026-03-02T10:00:00Z')).toBe('02-03-2026');
    // 23:30 UTC on 31 Dec is already 1 Jan in Amsterdam.
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('01-01-2027');
    expect(formatDateTime('2026-07-01T12:05:00Z')).toBe('01-07-2026 14:05');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('gives the Amsterdam day as an inclusive range', () => {
    expect(amsterdamDayRange('2026-07-01T12:00:00Z')).toEqual({
      start: '2026-06-30T22:00:00.000Z',
      end: '2026-07-01T21:59:59.999Z',
    });
  });

  it('starts weeks on Monday', () => {
    // Sunday 8 March 2026 belongs to the week of Monday 2 March.
    expect(startOfWeek('2026-03-08T12:00:00Z').toISOString()).toBe('2026-03-01T23:00:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import {
  amsterdamDay,
  amsterdamDayOf,
  amsterdamDayRange,
  amsterdamHour,
  amsterdamRange,
  amsterdamWallTime,
  amsterdamWallTimeToIso,
  amsterdamWeekStart,
  formatDate,
  formatDateTime,
} from './dates.ts';

describe('formatDate / formatDateTime', () => {
  it('shows the Amsterdam calendar day, not the UTC one', () => {
    // 23:30 UTC on 31 Dec is 00:30 on 1 Jan in Amsterdam (UTC+1 in winter).
    expect(formatDate('2025-12-31T23:30:00Z')).toBe('01-01-2026');
    expect(formatDateTime('2025-12-31T23:30:00Z')).toBe('01-01-2026 00:30');
    // Summer: UTC+2.
    expect(formatDateTime('2026-07-01T22:15:00Z')).toBe('02-07-2026 00:15');
  });

  it('returns an empty string for empty or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('Amsterdam boundaries', () => {
  it('builds a winter day from 23:00 UTC to 22:59:59.999 UTC', () => {
    expect(amsterdamDayRange('2026-01-15T12:00:00Z')).toEqual({
      start: '2026-01-14T23:00:00.000Z',
      end: '2026-01-15T22:59:59.999Z',
    });
  });

  it('follows DST: 29 March 2026 is 23 hours long', () => {
    expect(amsterdamDayOf('2026-03-29')).toEqual({
      start: '2026-03-28T23:00:00.000Z',
      end: '2026-03-29T21:59:59.999Z',
    });
  });

  it('counts the day of an instant late in the UTC day as the next Amsterdam day', () => {
    expect(amsterdamDayRange('2026-07-01T22:30:00Z').start).toBe('2026-07-01T22:00:00.000Z');
  });

  it('spans a from–to range inclusively', () => {
    expect(amsterdamRange('2026-06-01T10:00:00Z', '2026-06-03T10:00:00Z')).toEqual({
      start: '2026-05-31T22:00:00.000Z',
      end: '2026-06-03T21:59:59.999Z',
    });
  });

  it('starts the week on Monday 00:00 Amsterdam', () => {
    // Sunday 22 Nov 2026 23:30 UTC is already Monday 23 Nov in Amsterdam.
    expect(amsterdamWeekStart('2026-11-22T23:30:00Z')).toBe('2026-11-22T23:00:00.000Z');
    expect(amsterdamWeekStart('2026-11-22T12:00:00Z')).toBe('2026-11-15T23:00:00.000Z');
  });

  it('reads the hour on an Amsterdam clock, summer and winter', () => {
    expect(amsterdamHour('2026-07-01T04:30:00Z')).toBe(6);
    expect(amsterdamHour('2026-01-15T23:30:00Z')).toBe(0);
    expect(() => amsterdamHour('nope')).toThrow(RangeError);
  });

  it('rejects what is not a date', () => {
    expect(() => amsterdamDayRange('nope')).toThrow(RangeError);
    expect(() => amsterdamDayOf('22-11-2026')).toThrow(RangeError);
  });
});

describe('Amsterdam wall-clock values, whatever zone the device runs in (issue 6)', () => {
  const zones = ['America/New_York', 'Asia/Tokyo', 'UTC'];
  it.each(zones)('reads and writes date-time fields in Amsterdam time with TZ=%s', (zone) => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      // 22:00 in Amsterdam is 21:00 UTC in winter and 20:00 UTC in summer.
      expect(amsterdamWallTimeToIso('2026-01-15 22:00:00')).toBe('2026-01-15T21:00:00.000Z');
      expect(amsterdamWallTimeToIso('2026-07-15T22:00')).toBe('2026-07-15T20:00:00.000Z');
      expect(amsterdamWallTimeToIso('2026-02-30 10:00')).toBeNull();
      expect(amsterdamWallTimeToIso('not a date')).toBeNull();
      // 01:30 UTC on 16 Jan is still 15 Jan in New York, but 16 Jan in Amsterdam.
      const now = '2026-01-16T01:30:00Z';
      expect(amsterdamDay(now)).toBe('2026-01-16');
      expect(amsterdamWallTime(now)).toBe('2026-01-16 02:30:00');
      expect(amsterdamWallTime(now, { hour: 22 })).toBe('2026-01-16 22:00:00');
      expect(amsterdamWallTime(now, { days: -4, hour: 0 })).toBe('2026-01-12 00:00:00');
      // Across the spring DST change (29 March 2026), days stay calendar days.
      expect(amsterdamWallTime('2026-03-30T10:00:00Z', { days: -4, hour: 0 })).toBe('2026-03-26 00:00:00');
    } finally {
      process.env.TZ = before;
    }
  });
});

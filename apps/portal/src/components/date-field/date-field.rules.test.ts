import { describe, expect, it } from 'vitest';
import { parseDateField, withKeptTime } from './date-field.rules.ts';

describe('parseDateField (spec 1 §9: DD-MM-YYYY, 24-hour clock)', () => {
  it('reads Dutch day-first dates with a time', () => {
    expect(parseDateField('05-03-2026 22:00')).toBe('2026-03-05 22:00:00');
    expect(parseDateField('5-3-2026 7:05')).toBe('2026-03-05 07:05:00');
    expect(parseDateField(' 05/03/2026   13.45 ')).toBe('2026-03-05 13:45:00');
  });

  it('reads the ISO form that datetime-local fields and test tools type', () => {
    expect(parseDateField('2026-11-22T23:59')).toBe('2026-11-22 23:59:00');
    expect(parseDateField('2026-11-22 08:00')).toBe('2026-11-22 08:00:00');
  });

  it('gives a bare date without a time, so the field can keep its own', () => {
    expect(parseDateField('05-03-2026')).toBe('2026-03-05');
    expect(parseDateField('2026-03-05')).toBe('2026-03-05');
  });

  it('refuses half-typed text, impossible dates and US order', () => {
    expect(parseDateField('')).toBeNull();
    expect(parseDateField('05-03-20')).toBeNull();
    expect(parseDateField('05-03-2026 2')).toBeNull();
    expect(parseDateField('31-02-2026')).toBeNull();
    expect(parseDateField('05-03-2026 24:30')).toBeNull();
    expect(parseDateField('11/17/2026, 12:00 AM')).toBeNull();
  });
});

describe('withKeptTime', () => {
  it('keeps the previous time when a bare day is picked', () => {
    expect(withKeptTime('2026-03-07', '2026-03-05 22:00:00')).toBe('2026-03-07 22:00:00');
    expect(withKeptTime('2026-03-07', null)).toBe('2026-03-07 00:00:00');
  });

  it('takes a value with a time as it is', () => {
    expect(withKeptTime('2026-03-07 06:15:00', '2026-03-05 22:00:00')).toBe('2026-03-07 06:15:00');
    expect(withKeptTime(null, '2026-03-05 22:00:00')).toBeNull();
  });
});

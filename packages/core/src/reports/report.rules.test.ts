import { describe, expect, it } from 'vitest';
import {
  labelRunDefaultRange,
  reportSeries,
  scoreboardDefaultRange,
  withQuietHours,
} from './report.rules.ts';

describe('reportSeries', () => {
  it('turns the header-first table into chart rows and totals, most first', () => {
    const s = reportSeries([
      ['hour', 'Anna', 'Piet'],
      ['08:00', 1, 5],
      ['09:00', 2, 0],
    ]);
    expect(s.people).toEqual(['Anna', 'Piet']);
    expect(s.data.slice(1, 3)).toEqual([
      { hour: '08:00', Anna: 1, Piet: 5 },
      { hour: '09:00', Anna: 2, Piet: 0 },
    ]);
    expect(s.totals).toEqual([
      { name: 'Piet', total: 5 },
      { name: 'Anna', total: 3 },
    ]);
  });

  it('shows every hour of the working day on the axis, 0 where nobody worked, and widens it for early or late work', () => {
    const s = reportSeries([
      ['hour', 'Anna', 'Piet'],
      ['09:00', 1, 0],
      ['12:00', 0, 2],
    ]);
    const zero = (hour: string) => ({ hour, Anna: 0, Piet: 0 });
    expect(s.data).toEqual([
      zero('07:00'),
      zero('08:00'),
      { hour: '09:00', Anna: 1, Piet: 0 },
      zero('10:00'),
      zero('11:00'),
      { hour: '12:00', Anna: 0, Piet: 2 },
      ...['13', '14', '15', '16', '17', '18'].map((h) => zero(`${h}:00`)),
    ]);
    expect(s.totals).toEqual([
      { name: 'Piet', total: 2 },
      { name: 'Anna', total: 1 },
    ]);
    // A night shift at 05:00 and a late packer at 21:00 widen the axis both ways.
    const wide = reportSeries([
      ['hour', 'Anna'],
      ['05:00', 3],
      ['21:00', 1],
    ]);
    expect(wide.data.map((d) => d.hour)).toEqual(
      Array.from({ length: 17 }, (_, i) => `${String(i + 5).padStart(2, '0')}:00`),
    );
    expect(wide.data.reduce((n, d) => n + Number(d.Anna), 0)).toBe(4);
  });

  it('fills the quiet hours of other hourly chart rows too (packed orders per type), and leaves other rows alone', () => {
    expect(
      withQuietHours(
        [
          { hour: '03:00', b2b_order: 0, manual_order: 1 },
          { hour: '05:00', b2b_order: 1, manual_order: 2 },
        ],
        ['b2b_order', 'manual_order'],
        null,
      ),
    ).toEqual([
      { hour: '03:00', b2b_order: 0, manual_order: 1 },
      { hour: '04:00', b2b_order: 0, manual_order: 0 },
      { hour: '05:00', b2b_order: 1, manual_order: 2 },
    ]);
    const days = [
      { hour: 'ma', n: 1 },
      { hour: 'wo', n: 2 },
    ];
    expect(withQuietHours(days, ['n'])).toEqual(days);
  });

  it('gives nothing for a table without rows', () => {
    expect(reportSeries([['hour']])).toEqual({ data: [], people: [], totals: [] });
    expect(reportSeries([])).toEqual({ data: [], people: [], totals: [] });
  });
});

describe('scoreboardDefaultRange', () => {
  it('is today on a weekday', () => {
    // Wednesday 25 November 2026, 10:00 in Amsterdam.
    expect(scoreboardDefaultRange(new Date('2026-11-25T09:00:00Z'))).toEqual({
      start: '2026-11-24T23:00:00.000Z',
      end: '2026-11-25T22:59:59.999Z',
    });
  });

  it('is the previous ISO week on Saturday and Sunday', () => {
    const week = { start: '2026-11-15T23:00:00.000Z', end: '2026-11-22T22:59:59.999Z' };
    expect(scoreboardDefaultRange(new Date('2026-11-28T12:00:00Z'))).toEqual(week);
    // Sunday 23:30 in Amsterdam is still the weekend of the same week.
    expect(scoreboardDefaultRange(new Date('2026-11-29T22:30:00Z'))).toEqual(week);
  });
});

describe('labelRunDefaultRange', () => {
  it('runs from the start of this hour to the end of the hour plus 2 hours', () => {
    expect(labelRunDefaultRange(new Date('2026-11-25T09:41:13Z'))).toEqual({
      start: '2026-11-25T09:00:00.000Z',
      end: '2026-11-25T11:59:59.999Z',
    });
  });
});

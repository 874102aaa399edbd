import { describe, expect, it } from 'vitest';
import { weeklyReportDay, weeklyReportMail } from './weekly-report.service.ts';

/** The week of 30-11-2026 (Monday) to 06-12-2026, as `weeklyReport` answers it. */
const REPORT = {
  start: '2026-11-29T23:00:00.000Z',
  end: '2026-12-06T22:59:59.999Z',
  days: [
    '2026-11-30',
    '2026-12-01',
    '2026-12-02',
    '2026-12-03',
    '2026-12-04',
    '2026-12-05',
    '2026-12-06',
  ].map((day, i) => ({ day, orders: i + 1, shipped: i, picked: 10 * i })),
  totals: { orders: 28, shipped: 21, picked: 210 },
};

describe('the weekly report e-mail (spec 2 §7 weekly e-mail of 7 days)', () => {
  it('names its days as a Dutch merchant reads them, not as ISO dates', () => {
    const { subject, text } = weeklyReportMail('Bakkerij Bol', REPORT);
    expect(subject).toBe('Weekrapport Bakkerij Bol: 30-11-2026 – 06-12-2026');
    const days = text
      .split('\n')
      .filter((l) => /^\S+ \d\d-\d\d-\d{4}\s/.test(l))
      .map((l) => l.slice(0, 13));
    expect(days).toEqual([
      'ma 30-11-2026',
      'di 01-12-2026',
      'wo 02-12-2026',
      'do 03-12-2026',
      'vr 04-12-2026',
      'za 05-12-2026',
      'zo 06-12-2026',
    ]);
    expect(text).not.toMatch(/\d{4}-\d\d-\d\d/);
    // The columns stay under their headers.
    expect(text).toContain('ma 30-11-2026      1         0         0');
    expect(text).toContain('totaal/total      28        21       210');
  });

  it('names them in English for an English user', () => {
    const { text } = weeklyReportMail('Bakkerij Bol', REPORT, 'en');
    expect(text).toContain('Mon 30-11-2026');
    expect(text).toContain('Sun 06-12-2026');
    expect(text).not.toMatch(/\d{4}-\d\d-\d\d/);
    expect(weeklyReportDay('2026-03-29', 'en')).toBe('Sun 29-03-2026');
    expect(weeklyReportDay('2026-03-29', 'nl')).toBe('zo 29-03-2026');
  });
});

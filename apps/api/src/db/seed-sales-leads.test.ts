import { describe, expect, it } from 'vitest';
import { demoSaleLeads } from './seed-sales-leads.ts';

const DAY = 86_400_000;

describe('demoSaleLeads', () => {
  it("dates every lead at or before the seed's now: from 30 days back, about half within the last week", () => {
    // Mid-minute, so rounding a lead's time to the minute cannot carry it past now.
    const now = new Date('2026-03-02T10:00:40Z');
    const leads = demoSaleLeads(now);
    expect(leads).toHaveLength(120);
    for (const l of leads) {
      expect(l.updated.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(l.updated.getTime()).toBeGreaterThanOrEqual(now.getTime() - 30 * DAY);
    }
    const recent = leads.filter((l) => l.updated.getTime() >= now.getTime() - 7 * DAY).length;
    expect(recent).toBeGreaterThan(40);
    expect(recent).toBeLessThan(80);
  });

  it('is the same for every seed (names, products and dates relative to now)', () => {
    const a = demoSaleLeads(new Date('2026-03-02T10:00:00Z'));
    const b = demoSaleLeads(new Date('2026-03-09T10:00:00Z'));
    expect(b.map((l) => l.name)).toEqual(a.map((l) => l.name));
    expect(b.map((l, i) => l.updated.getTime() - (a[i]?.updated.getTime() ?? 0))).toEqual(
      Array(120).fill(7 * DAY),
    );
  });
});

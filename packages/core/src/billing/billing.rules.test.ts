import { describe, expect, it } from 'vitest';
import { discountPct, planDescription, subscriptionTotals, termsContinueDisabled } from './billing.rules.ts';

const plans = [
  { id: 'a', price_cents: 35 },
  { id: 'b', price_cents: 12 },
];

describe('subscription totals in cents (spec 3 §3 Subscription)', () => {
  it('multiplies price by count per line and sums the subtotal', () => {
    const t = subscriptionTotals(plans, [
      { id: 'a', count: 2 },
      { id: 'b', count: 1 },
    ]);
    expect(t.lines).toEqual([
      { id: 'a', price_cents: 35, count: 2, total_cents: 70 },
      { id: 'b', price_cents: 12, count: 1, total_cents: 12 },
    ]);
    expect([t.subtotal_cents, t.discount_cents, t.total_cents, t.discount_pct]).toEqual([82, 0, 82, 0]);
  });
  it('gives 5 % from 5 licences and 10 % from 10, rounded half up to a cent', () => {
    // 3×35 + 2×12 = 129; 5 % = 6.45 → 6
    const five = subscriptionTotals(plans, [
      { id: 'a', count: 3 },
      { id: 'b', count: 2 },
    ]);
    expect([five.subtotal_cents, five.discount_cents, five.total_cents]).toEqual([129, 6, 123]);
    // 10×35 + 1×12 = 362; 10 % = 36.2 → 36
    const ten = subscriptionTotals(plans, [
      { id: 'a', count: 10 },
      { id: 'b', count: 1 },
    ]);
    expect([ten.subtotal_cents, ten.discount_cents, ten.total_cents]).toEqual([362, 36, 326]);
    // 5 × 13 = 65; 5 % = 3.25 → 3; 5 × 15 = 75, 5 % = 3.75 → 4; 5 × 9 = 45, 5 % = 2.25 → 2 and 2.5 → 3
    expect(subscriptionTotals([{ id: 'x', price_cents: 13 }], [{ id: 'x', count: 5 }]).discount_cents).toBe(
      3,
    );
    expect(subscriptionTotals([{ id: 'x', price_cents: 15 }], [{ id: 'x', count: 5 }]).discount_cents).toBe(
      4,
    );
    expect(subscriptionTotals([{ id: 'x', price_cents: 10 }], [{ id: 'x', count: 5 }]).discount_cents).toBe(
      3,
    );
  });
  it('stays exact where floating point would not (0.1 + 0.2)', () => {
    const t = subscriptionTotals(
      [
        { id: 'p', price_cents: 10 },
        { id: 'q', price_cents: 20 },
      ],
      [
        { id: 'p', count: 1 },
        { id: 'q', count: 1 },
      ],
    );
    expect(t.total_cents).toBe(30);
  });
  it('leaves out zero counts and refuses unknown plans', () => {
    expect(subscriptionTotals(plans, [{ id: 'a', count: 0 }]).lines).toEqual([]);
    expect(() => subscriptionTotals(plans, [{ id: 'zz', count: 1 }])).toThrow(/unknown plan/);
  });
  it('steps the discount at 5 and 10 licences', () => {
    expect([4, 5, 9, 10, 50].map(discountPct)).toEqual([0, 5, 5, 10, 10]);
  });
});

describe('terms continue rule (spec 3 §4)', () => {
  it('enables continue only once the checkbox is ticked and while not saving', () => {
    expect(termsContinueDisabled(false, false)).toBe(true);
    expect(termsContinueDisabled(true, false)).toBe(false);
    expect(termsContinueDisabled(true, true)).toBe(true);
  });
});

describe("a plan's description in the UI language (spec 3 §3 Plan description)", () => {
  it('takes the language asked, else English, else any, else the plain description', () => {
    const both = {
      description: '<p>Runs the shop</p>',
      descriptions: { nl: '<p>Beheert de winkel</p>', en: '<p>Runs the shop</p>' },
    };
    expect(planDescription(both, 'nl')).toBe('<p>Beheert de winkel</p>');
    expect(planDescription(both, 'en')).toBe('<p>Runs the shop</p>');
    expect(planDescription(both, 'fr')).toBe('<p>Runs the shop</p>');
    expect(planDescription({ description: '', descriptions: { es: '<p>Gestiona</p>' } }, 'nl')).toBe(
      '<p>Gestiona</p>',
    );
    // A blank text counts as none; an answer of an older server has no descriptions at all.
    expect(planDescription({ description: 'x', descriptions: { nl: ' ', en: 'English' } }, 'nl')).toBe(
      'English',
    );
    expect(planDescription({ description: '<p>Old</p>' }, 'nl')).toBe('<p>Old</p>');
  });
});

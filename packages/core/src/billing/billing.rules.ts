/**
 * Subscription arithmetic (spec 3 §2 pricing, §3 Plan and Subscription): money is integer euro cents throughout, never
 * floating point (issue 16). The discount rule is ours (the spec names a discount without its rule):
 * docs/decisions/0050-users-licences-subscriptions.md.
 */

/** A plan's price as the arithmetic needs it: its id and its price per order in cents. */
export interface PricedPlan {
  id: string;
  price_cents: number;
}

/** One chosen plan with its count (spec 3 §7 `{subscription: [{id, count}]}`). */
export interface PlanCount {
  id: string;
  count: number;
}

/** A priced line: the plan's price per order, the count and their product, all cents. */
export interface SubscriptionLineTotal {
  id: string;
  price_cents: number;
  count: number;
  total_cents: number;
}

/** The subscription's totals (spec 3 §3: subTotal, discount, total), cents. */
export interface SubscriptionTotals {
  lines: SubscriptionLineTotal[];
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  /** The discount percentage applied (0, 5 or 10). */
  discount_pct: number;
}

/** Volume discount steps: at least `from` licences in total gives `pct` % off the subtotal (ADR 0050). */
export const VOLUME_DISCOUNTS = [
  { from: 10, pct: 10 },
  { from: 5, pct: 5 },
] as const;

/** The discount percentage for `licences` licences in total (ADR 0050: 5 % from 5, 10 % from 10). */
export function discountPct(licences: number): number {
  return VOLUME_DISCOUNTS.find((d) => licences >= d.from)?.pct ?? 0;
}

/**
 * Prices `counts` against `plans`: each line is price × count, the subtotal their sum, the discount
 * {@link discountPct} of the licence total applied to the subtotal and rounded half up to a whole cent, the total the
 * subtotal minus the discount. Lines with count 0 are left out; a plan id not in `plans` throws (the API checks ids
 * before). Pure integer arithmetic: the result is exact for any realistic amount.
 */
export function subscriptionTotals(
  plans: readonly PricedPlan[],
  counts: readonly PlanCount[],
): SubscriptionTotals {
  const lines: SubscriptionLineTotal[] = [];
  for (const c of counts) {
    if (c.count <= 0) continue;
    const plan = plans.find((p) => p.id === c.id);
    if (!plan) throw new Error(`unknown plan ${c.id}`);
    lines.push({
      id: c.id,
      price_cents: plan.price_cents,
      count: c.count,
      total_cents: plan.price_cents * c.count,
    });
  }
  const subtotal = lines.reduce((s, l) => s + l.total_cents, 0);
  const pct = discountPct(lines.reduce((s, l) => s + l.count, 0));
  // Half up on integers: floor((subtotal * pct + 50) / 100).
  const discount = Math.floor((subtotal * pct + 50) / 100);
  return {
    lines,
    subtotal_cents: subtotal,
    discount_cents: discount,
    total_cents: subtotal - discount,
    discount_pct: pct,
  };
}

/**
 * The continue rule of the terms page (spec 3 §4): the continue button is disabled while the accept flag is active;
 * ticking the checkbox sets it false. So: continue is enabled exactly when the terms are accepted and nothing is
 * being saved.
 */
export function termsContinueDisabled(accepted: boolean, saving: boolean): boolean {
  return !accepted || saving;
}

/**
 * A plan's description in the UI language `lang` (spec 3 §3 Plan description, ADR 0130): the text of `lang`, else the
 * English one, else the first of any language, else the plain `description` (an answer of a server before migration
 * 0452 has no `descriptions`). A blank text counts as none. Returns HTML as stored: sanitise before showing. Pure.
 */
export function planDescription(
  plan: { description: string; descriptions?: Readonly<Partial<Record<string, string>>> | undefined },
  lang: string,
): string {
  const texts = plan.descriptions ?? {};
  const given = (l: string) => {
    const text = texts[l];
    return text?.trim() ? text : undefined;
  };
  return (
    given(lang) ??
    given('en') ??
    Object.keys(texts)
      .map(given)
      .find((x) => x) ??
    plan.description
  );
}

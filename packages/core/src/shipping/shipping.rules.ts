/**
 * Shipping rules shared by the API, the portal and the floor, so the apps never copy them.
 */

/**
 * Most shipping labels (boxes) one order's shipment may ask for at once; the portal's and floor's
 * box-count inputs cap at it (spec 1 §4).
 */
export const MAX_LABELS = 20;

/** True when `count` is a whole number of labels from 1 to {@link MAX_LABELS}. */
export function isLabelCount(count: number): boolean {
  return Number.isInteger(count) && count >= 1 && count <= MAX_LABELS;
}

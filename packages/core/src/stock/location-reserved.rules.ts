/**
 * What a 409 `location_reserved` names (spec 2 §4 Inbound location finder: a bin reserved for a pending inbound item
 * takes no other product; ADR 0141 §2, ADR 0142): pure reading the portal and the floor share, so each screen words
 * the refusal in the user's language with the bin, and, for the caller's own shop, the inbound and product it is kept
 * for. The API puts them in the problem's issue of code `location_reserved` (apps/api `refuseReservedLocation`).
 */

/** The reservation a refusal names. */
export interface LocationReservation {
  /**
   * `own`: a shop the caller works for reserved the bin, and `inbound` and `product` say for what; `other`: an inbound
   * of another shop, of which nothing is named. Fits i18next's `context` (`<key>_own`, `<key>_other`).
   */
  shop: 'own' | 'other';
  /** The location's name. */
  location: string;
  /** The inbound's reference (`IN-` and 8 characters), for `own`. */
  inbound?: string;
  /** The product's name, with its SKU in brackets when it has one (`Aardbeienjam (JAM-250)`), for `own`. */
  product?: string;
}

/** The issues of a problem body, of an `ApiError` (its `body`) or of a stored rejection; [] for anything else. */
function issuesOf(source: unknown): unknown[] {
  const holder = source as { body?: { issues?: unknown }; issues?: unknown } | null | undefined;
  const issues = holder?.issues ?? holder?.body?.issues;
  return Array.isArray(issues) ? issues : [];
}

/**
 * The reservation a 409 `location_reserved` names, read from `source` (the failed call's `ApiError`, its problem body,
 * or the floor's stored rejection with its `issues`): the issue of code `location_reserved` with its values
 * (`location`, and `inbound`, `product`, `sku` when the shop is the caller's). Null when there is none (another
 * error, or an answer from before the values: the screen's plain text).
 */
export function locationReservation(source: unknown): LocationReservation | null {
  for (const issue of issuesOf(source)) {
    const i = issue as { code?: unknown; values?: Record<string, unknown> } | null;
    const v = i?.values;
    if (i?.code !== 'location_reserved' || !v || typeof v.location !== 'string') continue;
    if (typeof v.inbound !== 'string' || typeof v.product !== 'string')
      return { shop: 'other', location: v.location };
    const sku = typeof v.sku === 'string' && v.sku !== '' ? ` (${v.sku})` : '';
    return { shop: 'own', location: v.location, inbound: v.inbound, product: `${v.product}${sku}` };
  }
  return null;
}

/**
 * The i18next options that word a reservation: its values and `context` (`own` | `other`, so `<key>_own` or
 * `<key>_other` is used); `{}` without one, so the key's plain text is (an answer from before the values).
 */
export function reservedTextOptions(
  held: LocationReservation | null,
): Partial<LocationReservation> & { context?: LocationReservation['shop'] } {
  return held ? { ...held, context: held.shop } : {};
}

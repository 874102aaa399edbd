import { OWN_SHIPMENT_CODE } from '../orders/new-order.rules.ts';

/**
 * Carrier rules shared by the API and the packing station (spec 1 §4 Shipping a card, §9 carrier contract codes;
 * docs/decisions/0044-postal-carriers.md).
 */

/** A method code containing this marker is a stamp (letter) product: it gets the stamp button (spec 1 §4). */
export const STAMP_MARKER = 'STAMP';

/** PostNL product codes never offered for a recipient outside the Netherlands (spec 1 §4). */
export const POSTNL_DOMESTIC_ONLY_PRODUCTS = ['6440', '6942', '6945'] as const;

/** The country the warehouse ships from; 'foreign' in the rules means any other recipient country. */
export const HOME_COUNTRY = 'NL';

/** Carrier code of shipment methods that go through PostNL (`shipment_methods.carrier`). */
export const POSTNL_CARRIER = 'postnl';

/** How a card ships an order, by its method (spec 1 §4): the postal carrier, a stamp, the merchant's own way, or plain. */
export type ShipVariant = 'postnl' | 'stamp' | 'own' | 'standard';

/** The shipment method facts the rules read. */
export interface MethodFacts {
  code: string;
  carrier: string;
  product_code?: string | null;
}

/** True when the method code names a stamp product (contains STAMP, spec 1 §4). */
export function isStampCode(code: string): boolean {
  return code.toUpperCase().includes(STAMP_MARKER);
}

/**
 * The number of stamps a stamp code stands for (spec 1 §4 'an amount, 1 or 2 depending on the code'): the digit after
 * STAMP (`SMF-STAMP2-NL` → 2); a stamp code without a digit is 1. Null for a code that is no stamp product.
 */
export function stampAmount(code: string): 1 | 2 | null {
  const upper = code.toUpperCase();
  if (!upper.includes(STAMP_MARKER)) return null;
  const m = /STAMP(\d)/.exec(upper);
  return m?.[1] === '2' ? 2 : 1;
}

/** True for the own shipment method 'Eigen verzendwijze' (OWN-SHIPMENT, spec 1 §4). */
export function isOwnShipment(code: string): boolean {
  return code.toUpperCase() === OWN_SHIPMENT_CODE;
}

/** Which ship button a method gets (spec 1 §4): OWN-SHIPMENT, a STAMP code, a PostNL method, else the plain one. */
export function shipVariant(method: MethodFacts): ShipVariant {
  if (isOwnShipment(method.code)) return 'own';
  if (isStampCode(method.code)) return 'stamp';
  if (method.carrier === POSTNL_CARRIER) return 'postnl';
  return 'standard';
}

/**
 * Whether a method may be offered for a recipient in `countryCode` as far as the carrier rules go (spec 1 §4): PostNL
 * products 6440, 6942 and 6945 only within the Netherlands. The country fit itself (method country or none) is the
 * caller's rule.
 */
export function carrierAllowsCountry(method: MethodFacts, countryCode: string | null | undefined): boolean {
  const country = (countryCode || HOME_COUNTRY).trim().toUpperCase();
  if (country === HOME_COUNTRY) return true;
  const product = method.product_code ?? '';
  return !(POSTNL_DOMESTIC_ONLY_PRODUCTS as readonly string[]).includes(product);
}

/**
 * Where a PostNL label goes (spec 1 §4 'print frame'): `null` prints one A6 label per page (label printer); 1–4
 * prints on A4 sticker sheets of four A6 frames, starting at that frame (1 top left, 2 top right, 3 bottom left,
 * 4 bottom right), so a half-used sheet can go through the office printer again.
 */
export const PRINT_FRAMES = [1, 2, 3, 4] as const;
export type PrintFrame = (typeof PRINT_FRAMES)[number];

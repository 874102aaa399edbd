import { EDIT_TITLE_MAX, normalisePostcode, type Order, type OrderEditBody } from '@hoppa/core';

/** A line of the edit form: an existing line (`id`) or a new one, with what the screen shows. */
export interface EditLine {
  key: string;
  id?: string;
  product_id: string;
  ean: string;
  title: string;
  quantity: number;
  /** Pieces already picked: the line cannot be removed, nor lowered below this (ADR 0041). */
  picked: number;
  /**
   * The customer asked the shop to cancel the line's item ('requested'), or it was cancelled at that request
   * ('cancelled'; ADR 0128): the line keeps its quantity and cannot be removed (the API refuses with
   * `cancellation_requested`). Null for other lines.
   */
  cancellation: 'requested' | 'cancelled' | null;
}

/** The address fields of the edit form (spec 1 §2 Edit order). */
export interface EditAddress {
  firstName: string;
  surname: string;
  email: string;
  streetName: string;
  houseNumber: string;
  houseNumberExtension: string;
  zipCode: string;
  city: string;
  countryCode: string;
}

/** The countries the edit form offers (spec 1 §5 countries named in the confirmation). */
export const EDIT_COUNTRIES = ['NL', 'BE', 'DE', 'FR', 'GB', 'ES', 'IT', 'PT', 'AT', 'DK', 'CH'] as const;

/** The form's starting values from the order: a null addition and a null country become '' (spec 1 §5). */
export function formFromOrder(order: Order): { address: EditAddress; lines: EditLine[] } {
  const d = order.shipmentDetails;
  return {
    address: {
      firstName: d.firstName ?? '',
      surname: d.surname ?? '',
      email: d.email ?? '',
      streetName: d.streetName ?? '',
      houseNumber: d.houseNumber ?? '',
      houseNumberExtension: d.houseNumberExtension ?? '',
      zipCode: d.zipCode ?? '',
      city: d.city ?? '',
      countryCode: d.countryCode ?? '',
    },
    lines: order.products.map((l) => ({
      key: l.id,
      id: l.id,
      product_id: l.product_id,
      ean: l.ean,
      title: l.title,
      quantity: l.quantity,
      picked: l.picked_quantity,
      cancellation: l.cancellationRequest ? (l.cancelled ? 'cancelled' : 'requested') : null,
    })),
  };
}

/** Why the order cannot be edited, or null: shipped or cancelled, or fulfilled by the provider (spec 1 §2). */
export function editBlocked(order: Order): 'shipped' | 'cancelled' | 'provider' | null {
  if (order.status === 'shipped') return 'shipped';
  if (order.status === 'cancelled') return 'cancelled';
  if (order.isFulfilledBySF) return 'provider';
  return null;
}

/** A product added from the search: a new line of 1, or one more on a new line of that product already listed. */
export function addProduct(
  lines: readonly EditLine[],
  p: { id: string; ean: string; name: string },
): EditLine[] {
  const fresh = lines.find((l) => !l.id && l.product_id === p.id);
  if (fresh) return lines.map((l) => (l === fresh ? { ...l, quantity: l.quantity + 1 } : l));
  return [
    ...lines,
    {
      key: `new-${p.id}`,
      product_id: p.id,
      ean: p.ean,
      title: p.name,
      quantity: 1,
      picked: 0,
      cancellation: null,
    },
  ];
}

/** The title as the edit list shows it: cut at 50 characters (spec 1 §9) with an ellipsis. */
export function editTitle(title: string): string {
  return title.length > EDIT_TITLE_MAX ? `${title.slice(0, EDIT_TITLE_MAX - 1)}…` : title;
}

/** The body of `PUT /order/edit/{id}` from the form. */
export function editBody(address: EditAddress, lines: readonly EditLine[]): OrderEditBody {
  return {
    shipmentDetails: {
      ...address,
      houseNumberExtension: address.houseNumberExtension || '',
      countryCode: address.countryCode || '',
    },
    products: lines.map((l) => ({
      ...(l.id ? { id: l.id } : {}),
      product_id: l.product_id,
      quantity: l.quantity,
    })),
  };
}

/** The order form messages of spec 1 §5 the edit form can show, as i18n keys under `messages`. */
export type EditMessage =
  | 'addProduct'
  | 'addName'
  | 'addSurname'
  | 'addCountry'
  | 'addPostcode'
  | 'invalidPostcode'
  | 'addHouseNumber'
  | 'addStreet'
  | 'addCity'
  | 'invalidEmail';

/**
 * The first problem of the edit form, checked in the order of spec 1 §5 (at least one product; first name; surname;
 * country; postal code (present, and fitting the country); house number; street; city; e-mail, which may stay empty but must be valid when given), or
 * null when the form may be saved. The API checks the same again.
 */
export function firstEditProblem(address: EditAddress, lines: readonly EditLine[]): EditMessage | null {
  if (lines.length === 0) return 'addProduct';
  if (!address.firstName.trim()) return 'addName';
  if (!address.surname.trim()) return 'addSurname';
  if (!address.countryCode.trim()) return 'addCountry';
  if (!address.zipCode.trim()) return 'addPostcode';
  // The order import's rule (core normalisePostcode: NL '1234 AB', BE four digits, DE five, …): a postcode the
  // carrier cannot read would only fail at the packing station, when the label is made.
  if (!normalisePostcode(address.countryCode.trim().toUpperCase(), address.zipCode)) return 'invalidPostcode';
  if (!address.houseNumber.trim()) return 'addHouseNumber';
  if (!address.streetName.trim()) return 'addStreet';
  if (!address.city.trim()) return 'addCity';
  if (address.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address.email.trim())) return 'invalidEmail';
  return null;
}

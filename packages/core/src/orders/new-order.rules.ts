/**
 * The rules of a new order (spec 1 §2 New order wizard, §4 Wizard, §5 Validation rules, §9): the validation order with
 * its messages, the box/pallet rules, the shipment method choices and the attachment rules. Pure, shared by the
 * portal's wizard and `POST /orders`, so both refuse the same thing with the same words.
 */
import { addDays } from 'date-fns';
import { amsterdamDay } from '../common/dates.ts';
import { PHONE_MESSAGE } from '../common/phone.rules.ts';
import { isAcceptedPhone } from '../common/phone.ts';
import type { ShipmentMethod } from './order.schema.ts';

/** Order types that take the six-step flow (spec 1 §4 'B2B-like flow'). */
export const B2B_LIKE_TYPES = ['b2b_order', 'amazon_fba_order', 'bol_lvb_order'] as const;

/** True for B2B, Amazon FBA and bol LVB orders: they add shipment type, box/pallet count and delivery date. */
export function isB2bLike(orderType: string | null | undefined): boolean {
  return (B2B_LIKE_TYPES as readonly string[]).includes(orderType ?? '');
}

/** Days between today and the earliest delivery date of a box/pallet order (spec 1 §9: today plus 3 days). */
export const MIN_DELIVERY_DAYS = 3;
/** Largest attachment, bytes (spec 1 §5, §9: 5 MB = 5242880). */
export const ATTACHMENT_MAX_BYTES = 5_242_880;
/** Most files one upload may carry, and most attachments one order may hold (ours; ADR 0040). */
export const ATTACHMENT_MAX_FILES = 10;
export const ATTACHMENTS_PER_ORDER = 20;
/** The code of 'Eigen verzendwijze': the merchant ships it themselves (spec 1 §4). */
export const OWN_SHIPMENT_CODE = 'OWN-SHIPMENT';

/** What a new order can lack, in the order the checks run (spec 1 §5 'checked in this order', §8). */
export const NEW_ORDER_CHECKS = [
  'products',
  'deliveryCount',
  'deliveryDate',
  'firstName',
  'surname',
  'country',
  'postalCode',
  'postalCodeFormat',
  'houseNumber',
  'houseNumberFormat',
  'street',
  'city',
  'email',
  'emailFormat',
  'phoneFormat',
  'shipmentMethod',
  'reason',
  'attachmentFiles',
  'attachmentText',
] as const;
export type NewOrderCheck = (typeof NEW_ORDER_CHECKS)[number];

/**
 * The banner text of each check, English and Dutch (spec 1 §5 Order form messages, verbatim where the spec gives
 * them; the generic messages for formats; the box/pallet count and date messages are ours, the spec names them only).
 */
export const NEW_ORDER_MESSAGES: Record<NewOrderCheck, { en: string; nl: string }> = {
  products: { en: 'Add at least one product', nl: 'Voeg minstens één product toe' },
  deliveryCount: {
    en: 'Enter at least 1 box or pallet',
    nl: 'Vul minstens 1 doos of pallet in',
  },
  deliveryDate: {
    en: `Choose a delivery date at least ${MIN_DELIVERY_DAYS} days from today`,
    nl: `Kies een leverdatum minstens ${MIN_DELIVERY_DAYS} dagen na vandaag`,
  },
  firstName: { en: 'Add name', nl: 'Voeg een naam toe' },
  surname: { en: 'Add surname', nl: 'Voeg een achternaam toe' },
  country: { en: 'Add country', nl: 'Voeg een land toe' },
  postalCode: { en: 'Add postcode', nl: 'Voeg een postcode toe' },
  postalCodeFormat: { en: 'Invalid format!', nl: 'Ongeldig formaat!' },
  houseNumber: { en: 'Add house number', nl: 'Voeg een huisnummer toe' },
  houseNumberFormat: { en: 'The number is too small! Minimum: 1', nl: 'Het getal is te klein! Minimum: 1' },
  street: { en: 'Add street name', nl: 'Voeg een straatnaam toe' },
  city: { en: 'Add city', nl: 'Voeg een plaats toe' },
  email: { en: 'Add email', nl: 'Voeg een e-mailadres toe' },
  emailFormat: { en: 'Invalid email address!', nl: 'Ongeldig e-mailadres!' },
  phoneFormat: { en: PHONE_MESSAGE, nl: 'Vul een geldig telefoonnummer in' },
  shipmentMethod: { en: 'Choose a shipping option', nl: 'Kies een verzendoptie' },
  reason: { en: 'Choose why you are creating this order', nl: 'Kies waarom je deze order aanmaakt' },
  attachmentFiles: {
    en: 'Add an attachment if you have instructions',
    nl: 'Voeg een bijlage toe als je instructies hebt',
  },
  attachmentText: { en: 'Add a note for your attachment', nl: 'Voeg een notitie toe voor je bijlage' },
};

/** The messages of a refused file (spec 1 §5 Attachments, §8), English and Dutch. */
export const ATTACHMENT_FILE_MESSAGES = {
  notPdf: { en: 'Only PDF files are allowed.', nl: 'Alleen pdf-bestanden zijn toegestaan.' },
  tooLarge: (file: string) => ({
    en: `File "${file}" exceeds the maximum size of 5MB.`,
    nl: `Bestand "${file}" is groter dan de maximale grootte van 5MB.`,
  }),
} as const;

/** The new order as far as the checks read it (the wizard's draft, or a `POST /orders` body). */
export interface NewOrderDraft {
  order_type: string;
  products: readonly { quantity: number }[];
  /** Box/pallet data of B2B-like orders: count and delivery date (YYYY-MM-DD or ISO). */
  delivery?: { count?: number | null; date?: string | null };
  address: {
    name?: string;
    surename?: string;
    countryCode?: string;
    postalcode?: string;
    housenumber?: string;
    streetname?: string;
    city?: string;
    email?: string;
    phone?: string;
  };
  ship_option?: string | null;
  reason?: string | null;
  /** Instruction text and how many files come with it. */
  attachments?: { text?: string | null; files: number };
}

/**
 * How far to check: `products` (leaving the products step), `delivery` (the box/pallet step), `address` (leaving
 * the address step: everything before it too) and `create` (the confirmation and `POST /orders`: everything).
 */
export type NewOrderStage = 'products' | 'delivery' | 'address' | 'create';

const STAGE_LAST: Record<NewOrderStage, NewOrderCheck> = {
  products: 'products',
  delivery: 'deliveryDate',
  address: 'phoneFormat',
  create: 'attachmentText',
};

const blank = (s: string | null | undefined) => !s || s.trim() === '';

/** A pragmatic e-mail check: something@something.tld, no spaces (spec 1 §5 'Invalid email address!'). */
export function isEmail(s: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(s.trim());
}

/**
 * Phone of the address (spec 1 §5 Address form; spec 3 §5 the one phone rule, ADR 0057): core `isAcceptedPhone`, a
 * national number read in nl.
 */
export function isPhone(s: string): boolean {
  return isAcceptedPhone(s);
}

/** Dutch postcode pattern (spec 1 §5 Address form): four digits, an optional space, two letters. */
export function isDutchPostcode(s: string): boolean {
  return /^\d{4}\s?[A-Za-z]{2}$/.test(s.trim());
}

/** House number: a whole number of at least 1 (spec 1 §5 Address form). */
export function isHouseNumber(s: string): boolean {
  return /^\d+$/.test(s.trim()) && Number(s) >= 1;
}

/** The earliest delivery date of a box/pallet order, YYYY-MM-DD in Amsterdam: today plus {@link MIN_DELIVERY_DAYS}. */
export function minDeliveryDate(now: Date = new Date()): string {
  return amsterdamDay(addDays(now, MIN_DELIVERY_DAYS));
}

/** True when `date` (YYYY-MM-DD or ISO) is on or after {@link minDeliveryDate} (spec 1 §5 Box/pallet step). */
export function deliveryDateOk(date: string | null | undefined, now: Date = new Date()): boolean {
  if (blank(date)) return false;
  const day = /^\d{4}-\d{2}-\d{2}$/.test((date as string).trim())
    ? (date as string).trim()
    : amsterdamDay(date as string);
  return day >= minDeliveryDate(now);
}

/**
 * The first thing a new order lacks, in the spec's order (spec 1 §5 'New order validation, checked in this
 * order': at least one product; first name; surname; country; postal code; house number; street; city; email; on
 * creation also a shipment method and a type; then attachments all-or-nothing), up to `stage`, or null. Box/pallet
 * data of B2B-like orders (count ≥ 1, date ≥ today + 3) comes after the products, as its step does. Format checks
 * follow their field's presence check: the postcode by `postcodeOk` (the address check's country rule; the Dutch
 * pattern when none is given), the house number a number ≥ 1, e-mail, and the phone only when given.
 * `shipmentMethodOk` says whether the chosen code is one of the {@link shipmentMethodChoices} (a blank one is
 * always refused).
 */
export function firstNewOrderProblem(
  draft: NewOrderDraft,
  stage: NewOrderStage,
  opts: {
    now?: Date;
    postcodeOk?: (country: string, postcode: string) => boolean;
    shipmentMethodOk?: (code: string) => boolean;
  } = {},
): NewOrderCheck | null {
  const a = draft.address;
  const country = (a.countryCode ?? '').trim().toUpperCase();
  const postcodeOk =
    opts.postcodeOk ?? ((c: string, p: string) => (c === 'NL' ? isDutchPostcode(p) : p.trim().length >= 2));
  const b2b = isB2bLike(draft.order_type);
  const files = draft.attachments?.files ?? 0;
  const text = draft.attachments?.text;
  const failing: Record<NewOrderCheck, () => boolean> = {
    products: () => draft.products.length === 0,
    deliveryCount: () => b2b && !((draft.delivery?.count ?? 0) >= 1),
    deliveryDate: () => b2b && !deliveryDateOk(draft.delivery?.date, opts.now),
    firstName: () => blank(a.name),
    surname: () => blank(a.surename),
    country: () => blank(country),
    postalCode: () => blank(a.postalcode),
    postalCodeFormat: () => !postcodeOk(country, a.postalcode ?? ''),
    houseNumber: () => blank(a.housenumber),
    houseNumberFormat: () => !isHouseNumber(a.housenumber ?? ''),
    street: () => blank(a.streetname),
    city: () => blank(a.city),
    email: () => blank(a.email),
    emailFormat: () => !isEmail(a.email ?? ''),
    phoneFormat: () => !blank(a.phone) && !isPhone(a.phone ?? ''),
    shipmentMethod: () =>
      blank(draft.ship_option) || !(opts.shipmentMethodOk?.(draft.ship_option as string) ?? true),
    reason: () => blank(draft.reason),
    attachmentFiles: () => !blank(text) && files === 0,
    attachmentText: () => files > 0 && blank(text),
  };
  const last = NEW_ORDER_CHECKS.indexOf(STAGE_LAST[stage]);
  for (const check of NEW_ORDER_CHECKS.slice(0, last + 1)) {
    // The products stage checks only the products; the delivery stage only the box/pallet data.
    if (stage === 'delivery' && check === 'products') continue;
    if (failing[check]()) return check;
  }
  return null;
}

/**
 * The shipment methods the confirmation offers for `country` (spec 1 §5 Shipment method choices): active ones with
 * a price above 0 or the own-shipment code, for that country or for every country (no country), cheapest first.
 */
export function shipmentMethodChoices<
  M extends Pick<ShipmentMethod, 'code' | 'price_cents' | 'country_code' | 'active'>,
>(methods: readonly M[], country: string): M[] {
  const c = country.trim().toUpperCase();
  return methods
    .filter((m) => m.active)
    .filter((m) => m.price_cents > 0 || m.code === OWN_SHIPMENT_CODE)
    .filter((m) => !m.country_code || m.country_code.toUpperCase() === c)
    .sort((x, y) => x.price_cents - y.price_cents || x.code.localeCompare(y.code));
}

/** True when the first bytes are a PDF's: `%PDF-` (spec 1 §5 'PDF only'; checked by content, never by name). */
export function isPdfBytes(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 5 &&
    bytes[0] === 0x25 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x44 &&
    bytes[3] === 0x46 &&
    bytes[4] === 0x2d
  );
}

/**
 * Pure rules of the floor's direct check-in (issue 10 item 3; spec 2 §2 Direct check-in (beta), §8, §9): what a scan
 * means, how the scanned products become rows with an amount and a location, and the body the outbox sends. No React,
 * no IndexedDB: tested on their own.
 */
import {
  DEFAULT_PHONE_COUNTRY,
  internationalPhone,
  isAcceptedPhone,
  type Org,
  orgAddressLine,
  type ProductLocations,
} from '@hoppa/core';

/** A product scan counts only when longer than 10 characters (spec 2 §9 scan buffers: direct check-in). */
export const MIN_PRODUCT_SCAN = 11;
/** A location label carries the location's 24-hex id (issue 9 item 4). */
const LOCATION_ID = /^[0-9a-fA-F]{24}$/;

/** What one scan on the direct check-in screen is. */
export type DirectScan =
  | { kind: 'location'; id: string }
  | { kind: 'product'; code: string }
  | { kind: 'too_short'; code: string }
  | { kind: 'invalid' };

/**
 * Reads one scan (spec 2 §2: 'adds a row when the code is longer than 10 characters'): a 24-hex code is a location
 * label (for the chosen row), a code of 11 to 64 printable characters a product (EAN-13, GTIN-14 or a SKU), a shorter
 * one is refused with its own message, and anything else (empty, control characters, too long) is invalid.
 */
export function classifyDirectScan(raw: string): DirectScan {
  const code = raw.trim();
  if (!code || code.length > 64 || [...code].some((c) => c < ' ' || c === '\u007f'))
    return { kind: 'invalid' };
  if (LOCATION_ID.test(code)) return { kind: 'location', id: code.toLowerCase() };
  if (code.length < MIN_PRODUCT_SCAN) return { kind: 'too_short', code };
  return { kind: 'product', code };
}

/** Where a row's pieces go: a location of the product (with its name), or one scanned by its label. */
export interface DirectLocation {
  id: string;
  /** The location's name when the device knows it; null for a label scanned whose name is not on this device. */
  name: string | null;
}

/** One scanned product of the check-in: how many pieces and onto which location. */
export interface DirectRow {
  product: { id: string; org_id: string; ean: string; name: string };
  amount: number;
  location: DirectLocation | null;
}

/**
 * The location a newly scanned product's pieces go to by default: its first active location (walking order as the
 * server answers) that is no quarantine location (issue 12: its returned pieces wait there, never picked), else none
 * (the worker scans a label).
 */
export function defaultLocation(data: ProductLocations): DirectLocation | null {
  const first = data.locations.find((l) => l.active && l.location.active && !l.location.quarantine);
  return first ? { id: first.location.id, name: first.location.name } : null;
}

/**
 * Adds a scanned product: a product already in the list gets one piece more and moves to the top (the row being
 * worked on), a new one comes first with one piece on its default location. Returns the new list; the input is not
 * changed.
 */
export function addScanned(rows: readonly DirectRow[], data: ProductLocations): DirectRow[] {
  const existing = rows.find((r) => r.product.id === data.product.id);
  if (existing) return [{ ...existing, amount: existing.amount + 1 }, ...rows.filter((r) => r !== existing)];
  const { id, org_id, ean, name } = data.product;
  return [{ product: { id, org_id, ean, name }, amount: 1, location: defaultLocation(data) }, ...rows];
}

/** What keeps the check-in from being sent, first problem first (spec 2 §8). */
export type DirectProblem =
  | { kind: 'no_rows' }
  | { kind: 'mixed_orgs' }
  | { kind: 'no_location'; name: string }
  | { kind: 'bad_amount'; name: string };

/**
 * The first problem of the rows: none scanned; products of more than one client (one inbound belongs to one
 * organisation); a row without a location; an amount that is not a whole number from 1 to 1,000,000 (the API's
 * bound). Null when the rows can be sent.
 */
export function rowsProblem(rows: readonly DirectRow[]): DirectProblem | null {
  if (rows.length === 0) return { kind: 'no_rows' };
  if (new Set(rows.map((r) => r.product.org_id)).size > 1) return { kind: 'mixed_orgs' };
  for (const r of rows) {
    if (!Number.isInteger(r.amount) || r.amount < 1 || r.amount > 1_000_000)
      return { kind: 'bad_amount', name: r.product.name };
    if (!r.location) return { kind: 'no_location', name: r.product.name };
  }
  return null;
}

/** The contact form of a direct check-in (spec 2 §2): contact person, address and e-mail required. */
export interface DirectInfo {
  contact_person: string;
  contact_person_email: string;
  phone: string;
  shipping_address: string;
  track_trace: string;
  expected_delivery: string;
}

/**
 * The form's defaults from the client's organisation (spec 2 §2: contact person, address line 1, e-mail, phone; the
 * date today), empty where the organisation has none.
 */
export function infoFromOrg(
  org: Pick<Org, 'contact_person' | 'contact_person_email' | 'phone' | 'address'> | null,
  today: string,
): DirectInfo {
  return {
    contact_person: org?.contact_person ?? '',
    contact_person_email: org?.contact_person_email ?? '',
    phone: org?.phone ?? '',
    shipping_address: orgAddressLine(org?.address),
    track_trace: '',
    expected_delivery: today,
  };
}

/** A field of the contact form that is missing or wrong, in the form's order (spec 2 §8). */
export type InfoProblem =
  | 'contact_person'
  | 'shipping_address'
  | 'contact_person_email'
  | 'email_format'
  | 'phone';

/** Loose e-mail shape check for the form (the API validates strictly with zod). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The first problem of the contact form, or null (required: contact person, address, a valid e-mail; the phone may be
 * empty, else it must pass the one phone rule of spec 3 §5, core `isAcceptedPhone`).
 */
export function infoProblem(info: DirectInfo): InfoProblem | null {
  if (!info.contact_person.trim()) return 'contact_person';
  if (!info.shipping_address.trim()) return 'shipping_address';
  if (!info.contact_person_email.trim()) return 'contact_person_email';
  if (!EMAIL.test(info.contact_person_email.trim())) return 'email_format';
  if (!isAcceptedPhone(info.phone)) return 'phone';
  return null;
}

/** The inbound types of the direct check-in form (spec 2 §3 Inbound types). */
export type DirectType = 'package' | 'pallet' | 'container_other';

/**
 * The body of `POST /inventory/direct_checkin` for rows without problems ({@link rowsProblem}): the organisation of
 * the products (named, so a queued check-in does not depend on the session's current organisation when sent), the
 * type, the trimmed contact form (the phone in the international form of the phone field, spec 3 §5), and per row the product, location and pieces. Rows of one product are one line.
 */
export function directBody(rows: readonly DirectRow[], info: DirectInfo, type: DirectType) {
  const orgId = rows[0]?.product.org_id;
  if (!orgId) throw new Error('directBody: no rows');
  return {
    org_id: orgId,
    type,
    information: {
      contact_person: info.contact_person.trim(),
      contact_person_email: info.contact_person_email.trim(),
      phone: internationalPhone(DEFAULT_PHONE_COUNTRY, info.phone),
      shipping_address: info.shipping_address.trim().replace(/\s*\n\s*/g, ', '),
      track_trace: info.track_trace.trim(),
      expected_delivery: info.expected_delivery,
    },
    items: rows.map((r) => ({
      product_id: r.product.id,
      location_id: r.location?.id ?? '',
      amount: r.amount,
    })),
  };
}

/** Pieces in the rows together. */
export function totalPieces(rows: readonly DirectRow[]): number {
  return rows.reduce((n, r) => n + r.amount, 0);
}

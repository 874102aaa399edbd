/**
 * Direct check-in rules (spec 2 §2 Direct check-in (beta), §5 Direct check-in, §9 scan buffers), pure so they are
 * tested without a browser: the scanner's buffer, a scanned code's product, the rows, the form's defaults from the
 * organisation and the body of `POST /inventory/direct_checkin`.
 */
import { orgAddressLine, type ScanBufferOptions } from '@hoppa/core';

/**
 * The keyboard-wedge buffer of direct check-in (spec 2 §2, §5, §9): a code counts when more than 10 characters
 * arrived before Enter; a pause of more than 200 ms between keys starts a new code (the open orders screen's pace,
 * spec 1 §9: a scanner types far faster, a person typing a digit at a time never fills a code).
 */
export const CHECKIN_SCAN_BUFFER: ScanBufferOptions = { resetMs: 200, minLength: 11 };

/** Whether a code typed into the search box and ended by Enter counts as a scan (spec 2 §5: longer than 10). */
export function isScanCode(text: string): boolean {
  return text.trim().length >= CHECKIN_SCAN_BUFFER.minLength;
}

/** A product as the inbound product search answers it (`GET /products_org/ean/{text}`). */
export interface CheckinProduct {
  id: string;
  ean: string;
  bsku: string | null;
  name: string;
}

/**
 * The product a scanned `code` names among the search's hits: the one whose EAN, else whose SKU, equals it
 * (trimmed; an EAN's leading zeros count). Null when none does: the screen says the EAN is unknown.
 */
export function productForCode<P extends CheckinProduct>(code: string, hits: readonly P[]): P | null {
  const c = code.trim();
  return hits.find((p) => p.ean === c) ?? hits.find((p) => p.bsku !== null && p.bsku === c) ?? null;
}

/** A location a row's pieces go to: its id and the name shown (and scanned) for it. */
export interface CheckinLocation {
  id: string;
  name: string;
}

/** One product to check in: how many pieces onto which location (null until chosen). */
export interface CheckinRow {
  product: CheckinProduct;
  amount: number;
  location: CheckinLocation | null;
}

/**
 * The rows after `product` was scanned or picked: a product already listed gets one piece more (a scanner scans
 * each piece); a new one is added at the top with one piece and `location` (its first location, when known).
 */
export function addProduct(
  rows: readonly CheckinRow[],
  product: CheckinProduct,
  location: CheckinLocation | null = null,
): CheckinRow[] {
  const i = rows.findIndex((r) => r.product.id === product.id);
  if (i < 0) return [{ product, amount: 1, location }, ...rows];
  return rows.map((r, n) => (n === i ? { ...r, amount: r.amount + 1 } : r));
}

/** What stops a row from being sent: fewer than one whole piece, or no location chosen. */
export function rowProblem(row: CheckinRow): 'location' | 'amount' | null {
  if (!Number.isInteger(row.amount) || row.amount < 1) return 'amount';
  if (!row.location) return 'location';
  return null;
}

/** The organisation fields the form's defaults come from (core `Org`, `GET /current_org`). */
export interface OrgDefaults {
  name: string;
  contact_person: string | null;
  contact_person_email: string | null;
  phone: string | null;
  address: {
    line1?: string | undefined;
    street?: string | undefined;
    houseNumber?: string | undefined;
    postalCode?: string | undefined;
    city?: string | undefined;
  };
}

/** The contact form's fields (strings, as the form holds them). */
export interface CheckinInfo {
  contact_person: string;
  contact_person_email: string;
  phone: string;
  shipping_address: string;
  track_trace: string;
  expected_delivery: string;
}

/**
 * The contact form's defaults (spec 2 §2: from the current organisation: contact person, address line 1, email,
 * phone; dates now): the shipping address is line 1 (which holds the whole address in one line), or when it is
 * empty the street, house number, postal code and city; the expected delivery is `today` (YYYY-MM-DD, Amsterdam).
 */
export function infoDefaults(org: OrgDefaults | null | undefined, today: string): CheckinInfo {
  return {
    contact_person: org?.contact_person ?? '',
    contact_person_email: org?.contact_person_email ?? '',
    phone: org?.phone ?? '',
    shipping_address: orgAddressLine(org?.address),
    track_trace: '',
    expected_delivery: today,
  };
}

/**
 * The body of `POST /inventory/direct_checkin` (core `DirectCheckinBodySchema`): the type, the information and per
 * row its product, location and pieces. Rows without a location are left out (the screen refuses to send them).
 */
export function checkinBody(
  rows: readonly CheckinRow[],
  info: CheckinInfo,
  type: 'package' | 'pallet' | 'container_other' = 'package',
) {
  return {
    type,
    information: info,
    items: rows.flatMap((r) =>
      r.location ? [{ product_id: r.product.id, location_id: r.location.id, amount: r.amount }] : [],
    ),
  };
}

import { codedReason } from '../common/reason.ts';
import { addressLine, codeText, passesSingleLineText } from '../common/text.ts';
import { normaliseEan } from '../products/ean.rules.ts';
import { cellText } from '../products/product-import.rules.ts';
import type {
  OrderImportIssue,
  OrderImportReasonCode,
  OrderImportReasonValues,
  OrderImportRow,
  ShipmentDetails,
} from './order.schema.ts';

/** The import fields of the order import, in screen order (spec 1 §3 Import fields). */
export const ORDER_IMPORT_FIELDS = [
  'order_id',
  'product_ean',
  'quantity',
  'city',
  'countryCode',
  'email',
  'firstName',
  'surName',
  'streetName',
  'houseNumber',
  'houseNumberExtension',
  'language',
  'salutation',
  'zipcode',
  'deliveryPhoneNumber',
  'reason',
  'notesText',
  'company',
] as const;
export type OrderImportField = (typeof ORDER_IMPORT_FIELDS)[number];

/**
 * Fields the mapping screen should insist on. A name is needed too: firstName or surName (either
 * one, since shop exports often give the full name in one column); countryCode defaults to NL.
 */
export const ORDER_IMPORT_REQUIRED_FIELDS: readonly OrderImportField[] = [
  'order_id',
  'product_ean',
  'quantity',
  'streetName',
  'houseNumber',
  'zipcode',
  'city',
];

/** Dutch and English labels of the order import fields for the mapping screen (spec 1 §2 Import). */
export const ORDER_IMPORT_FIELD_LABELS: Record<OrderImportField, { nl: string; en: string }> = {
  order_id: { nl: 'Ordernummer', en: 'Order number' },
  product_ean: { nl: 'EAN product', en: 'Product EAN' },
  quantity: { nl: 'Aantal', en: 'Quantity' },
  city: { nl: 'Plaats', en: 'City' },
  countryCode: { nl: 'Land (code)', en: 'Country (code)' },
  email: { nl: 'E-mailadres', en: 'Email address' },
  firstName: { nl: 'Voornaam', en: 'First name' },
  surName: { nl: 'Achternaam', en: 'Surname' },
  streetName: { nl: 'Straat', en: 'Street' },
  houseNumber: { nl: 'Huisnummer', en: 'House number' },
  houseNumberExtension: { nl: 'Toevoeging', en: 'House number addition' },
  language: { nl: 'Taal', en: 'Language' },
  salutation: { nl: 'Aanhef', en: 'Salutation' },
  zipcode: { nl: 'Postcode', en: 'Postcode' },
  deliveryPhoneNumber: { nl: 'Telefoonnummer', en: 'Phone number' },
  reason: { nl: 'Reden', en: 'Reason' },
  notesText: { nl: 'Notitie', en: 'Note' },
  company: { nl: 'Bedrijfsnaam', en: 'Company name' },
};

/**
 * Other names the order fields go by in shop exports, for `guessColumnMapping` (spec 1 §2 Import):
 * Shopify's orders export ('Name', 'Lineitem sku', 'Shipping Address1'…), bol's order export in
 * Dutch ('Bestelnummer', 'Postcode bezorging'…) and plain Dutch headers. bol's API spelling
 * ('zipcodeshipping') needs no alias: the mapping also compares columns without the word 'shipping'.
 * Only delivery columns are listed, so billing columns stay unmapped.
 */
export const ORDER_IMPORT_ALIASES: Partial<Record<OrderImportField, readonly string[]>> = {
  order_id: ['Name', 'Order', 'Order number', 'Order ID', 'Bestelnummer', 'Ordernummer', 'Order nr'],
  product_ean: ['Lineitem sku', 'EAN', 'ean code', 'Barcode', 'GTIN', 'SKU', 'EAN product', 'Artikelnummer'],
  quantity: ['Lineitem quantity', 'Aantal', 'Qty', 'Quantity ordered', 'Amount'],
  city: ['Shipping City', 'Woonplaats bezorging', 'Plaats', 'Woonplaats', 'Stad'],
  countryCode: ['Shipping Country', 'Land bezorging', 'Land', 'Landcode', 'Country'],
  email: ['Email', 'E-mailadres', 'E-mail', 'Customer email'],
  firstName: ['Shipping Name', 'Voornaam bezorging', 'Voornaam', 'First name'],
  surName: ['Achternaam bezorging', 'Achternaam', 'Last name', 'Surname', 'Family name'],
  streetName: ['Shipping Address1', 'Straat bezorging', 'Straat', 'Straatnaam', 'Street'],
  houseNumber: ['Huisnummer bezorging', 'Huisnummer', 'House number', 'Huisnr'],
  houseNumberExtension: ['Toevoeging bezorging', 'Huisnummer toevoeging', 'Toevoeging', 'Addition'],
  language: ['Taal', 'Locale'],
  salutation: ['Aanhef bezorging', 'Aanhef'],
  zipcode: ['Shipping Zip', 'Postcode bezorging', 'Postcode', 'Postal code', 'ZIP'],
  deliveryPhoneNumber: [
    'Shipping Phone',
    'Telefoonnummer bezorging',
    'Telefoonnummer',
    'Telefoon',
    'Phone number',
  ],
  reason: ['Order reason', 'Reden', 'Type'],
  notesText: ['Notes', 'Note', 'Notitie', 'Opmerking', 'Opmerkingen'],
  company: ['Shipping Company', 'Bedrijfsnaam bezorging', 'Bedrijfsnaam', 'Company name'],
};

/**
 * The English text of each reason code of the order import report (issue 3 §1), sent as the issue's `reason` for
 * clients that do not translate the codes (the portal translates them: orders.i18n `import.reasons`).
 */
export const ORDER_IMPORT_REASON_TEXT: Record<OrderImportReasonCode, (v: OrderImportReasonValues) => string> =
  {
    missing_order_id: () => 'missing order id',
    missing_ean: () => 'missing product EAN',
    unknown_ean: (v) => `unknown EAN for this organisation: ${v.ean}`,
    bad_quantity: (v) => `quantity not a positive integer: '${v.value}'`,
    missing_address: (v) =>
      `missing required address field: ${v.field === 'name' ? 'firstName or surName' : v.field}`,
    bad_postcode: (v) =>
      v.country === 'NL'
        ? `invalid postcode for NL: '${v.value}' (four digits, optional space, two letters, e.g. 1234 AB)`
        : `invalid postcode for ${v.country}: '${v.value}'`,
    bad_country: (v) => `invalid country code: '${v.value}' (use a two-letter code such as NL)`,
    bad_house_number: (v) => `house number must start with a number: '${v.value}'`,
    bad_email: (v) => `invalid email address: '${v.value}'`,
    no_lines: () => 'order has no product lines',
    duplicate: () => 'duplicate order id already imported',
    text_too_long: (v) => `${v.field} is too long (at most ${v.limit} characters)`,
    text_invalid: (v) => `${v.field} contains control or invalid characters`,
    not_saved: (v) => `could not be saved: ${v.message}`,
    no_pick_location: (v) => `no pick location: EAN ${v.ean} has no stock on an active location`,
  };

/** One problem of the order import: its code, the values it names and the English text of both. */
export type OrderImportProblem = Pick<OrderImportIssue, 'code' | 'values' | 'reason'>;

/** The problem `code` with `values`, its English `reason` made by {@link ORDER_IMPORT_REASON_TEXT}. */
export function orderImportProblem(
  code: OrderImportReasonCode,
  values: OrderImportReasonValues = {},
): OrderImportProblem {
  return codedReason(ORDER_IMPORT_REASON_TEXT, code, values);
}

/**
 * The issue of data row `row` of order `orderId` for `problem`; with `rejectedByRow` (another data row of the order,
 * whose problem it is) the English reason reads 'order rejected because of row N: …'.
 */
export function orderImportIssue(
  row: number,
  orderId: string,
  problem: OrderImportProblem,
  rejectedByRow: number | null = null,
): OrderImportIssue {
  return {
    row,
    order_id: orderId,
    code: problem.code,
    values: problem.values,
    reason:
      rejectedByRow === null
        ? problem.reason
        : `order rejected because of row ${rejectedByRow}: ${problem.reason}`,
    rejected_by_row: rejectedByRow,
  };
}

const COUNTRY_NAMES: Record<string, string> = {
  nederland: 'NL',
  netherlands: 'NL',
  thenetherlands: 'NL',
  holland: 'NL',
  nld: 'NL',
  belgie: 'BE',
  belgium: 'BE',
  belgique: 'BE',
  belgien: 'BE',
  bel: 'BE',
  duitsland: 'DE',
  germany: 'DE',
  deutschland: 'DE',
  deu: 'DE',
  frankrijk: 'FR',
  france: 'FR',
  fra: 'FR',
  verenigdkoninkrijk: 'GB',
  unitedkingdom: 'GB',
  greatbritain: 'GB',
  uk: 'GB',
  spanje: 'ES',
  spain: 'ES',
  espana: 'ES',
  italie: 'IT',
  italy: 'IT',
  italia: 'IT',
  portugal: 'PT',
  oostenrijk: 'AT',
  austria: 'AT',
  osterreich: 'AT',
  denemarken: 'DK',
  denmark: 'DK',
  danmark: 'DK',
  zwitserland: 'CH',
  switzerland: 'CH',
  schweiz: 'CH',
  suisse: 'CH',
  luxemburg: 'LU',
  luxembourg: 'LU',
};

/**
 * Normalises a country cell to ISO alpha-2 upper case: empty gives NL (the address form's
 * default, spec 1 §5), two letters are taken as a code (UK becomes GB), and common Dutch, English
 * and local country names are recognised. Returns null for anything else.
 */
export function normaliseCountryCode(raw: string): string | null {
  const s = raw.trim();
  if (s === '') return 'NL';
  const key = s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  if (COUNTRY_NAMES[key]) return COUNTRY_NAMES[key];
  if (/^[a-z]{2}$/.test(key)) return key.toUpperCase();
  return null;
}

/**
 * Dutch postcode rule (spec 1 §5 Address form): four digits, an optional space, two letters.
 * Returns it normalised as '1234 AB', or null when it does not match.
 */
export function normaliseDutchPostcode(raw: string): string | null {
  const m = /^\s*(\d{4})\s?([A-Za-z]{2})\s*$/.exec(raw);
  return m ? `${m[1]} ${m[2]?.toUpperCase()}` : null;
}

/**
 * Checks and normalises a postcode for its country: NL by {@link normaliseDutchPostcode}, BE and
 * AT, CH, DK, LU four digits, DE five digits; elsewhere any 2–10 letters, digits, spaces or
 * hyphens, upper-cased. Returns null when invalid.
 */
export function normalisePostcode(countryCode: string, raw: string): string | null {
  const s = raw.trim();
  if (countryCode === 'NL') return normaliseDutchPostcode(s);
  if (['BE', 'AT', 'CH', 'DK', 'LU'].includes(countryCode)) return /^\d{4}$/.test(s) ? s : null;
  if (countryCode === 'DE') return /^\d{5}$/.test(s) ? s : null;
  return /^[A-Za-z0-9 -]{2,10}$/.test(s) ? s.toUpperCase() : null;
}

/**
 * Splits a street cell that carries the house number, as Shopify's 'Shipping Address1' does
 * ('Kerkstraat 12a' → street 'Kerkstraat', number '12', addition 'a'), following the resend rule
 * of spec 1 §4: the digits become the house number and the rest the addition. Returns null when
 * the street holds no trailing number.
 */
export function splitStreetAndNumber(
  street: string,
): { streetName: string; houseNumber: string; houseNumberExtension: string } | null {
  const m = /^(.*?\D)\s*(\d+)\s*[-/]?\s*([A-Za-z0-9][A-Za-z0-9 -]{0,9})?\s*$/.exec(street.trim());
  if (!m?.[1]?.trim()) return null;
  return {
    streetName: m[1].trim().replace(/,$/, ''),
    houseNumber: m[2] ?? '',
    houseNumberExtension: m[3]?.trim() ?? '',
  };
}

/** Splits '12a', '12-2' or '12 bis' into the number and the addition; null when it starts with no digit. */
export function splitHouseNumber(raw: string): { houseNumber: string; extension: string } | null {
  const m = /^\s*(\d+)\s*[-/]?\s*(.*?)\s*$/.exec(raw);
  return m ? { houseNumber: m[1] ?? '', extension: m[2] ?? '' } : null;
}

/**
 * Reads a quantity cell: a whole number of 1 or more ('2', '2.0', 2). Returns null otherwise,
 * including for fractions, zero, negatives and text.
 */
export function parseQuantity(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isInteger(raw) && raw >= 1 ? raw : null;
  const s = cellText(raw);
  if (!/^\d+(\.0+)?$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= 1_000_000 ? n : null;
}

/** One spreadsheet row within an import group: its 1-based row number and the raw row. */
export interface ImportGroupRow {
  row: number;
  data: OrderImportRow;
}

/** Rows sharing one order id, in file order (spec 1 §2 Import: several rows make one order). */
export interface ImportOrderGroup {
  orderId: string;
  rows: ImportGroupRow[];
}

/** True when every cell of a row is empty (spreadsheets often end in blank rows). */
export function isBlankImportRow(row: OrderImportRow): boolean {
  return Object.values(row).every((v) => cellText(v) === '');
}

/**
 * Groups mapped import rows into orders by `order_id` (trimmed), keeping the file order of the
 * first row of each order; rows of one order need not be adjacent. Row numbers are 1-based data
 * rows (the first row under the header is 1). Blank rows are skipped; rows without an order id each
 * form their own group with `orderId` ''. Returns the groups in file order.
 */
export function groupImportRows(rows: readonly OrderImportRow[]): ImportOrderGroup[] {
  const groups: ImportOrderGroup[] = [];
  const byId = new Map<string, ImportOrderGroup>();
  rows.forEach((data, i) => {
    if (isBlankImportRow(data)) return;
    const orderId = cellText(data.order_id);
    const row = { row: i + 1, data };
    if (orderId === '') {
      groups.push({ orderId: '', rows: [row] });
      return;
    }
    let group = byId.get(orderId);
    if (!group) {
      group = { orderId, rows: [] };
      byId.set(orderId, group);
      groups.push(group);
    }
    group.rows.push(row);
  });
  return groups;
}

/** A product line of an accepted order: its row, the EAN (or SKU) as given and the quantity. */
export interface ValidImportLine {
  row: number;
  ean: string;
  quantity: number;
}

/** An order of the import that passed every check, ready to be written. */
export interface ValidImportOrder {
  orderId: string;
  rows: number[];
  shipmentDetails: ShipmentDetails;
  reason: string;
  notesText: string | null;
  lines: ValidImportLine[];
}

/** Order id, EAN and quantity are codes (≤ 64 characters); every other cell one address line (≤ 200). */
const isCode = (f: OrderImportField) => f === 'order_id' || f === 'product_ean' || f === 'quantity';
const CELL_TEXT = Object.fromEntries(
  ORDER_IMPORT_FIELDS.map((f) => [f, isCode(f) ? codeText(f) : addressLine(f)]),
) as Record<OrderImportField, ReturnType<typeof codeText>>;
/** The length bound of each cell's schema in {@link CELL_TEXT}, for the check without the schema. */
const CELL_MAX = Object.fromEntries(ORDER_IMPORT_FIELDS.map((f) => [f, isCode(f) ? 64 : 200])) as Record<
  OrderImportField,
  number
>;

/**
 * The first text cell of `row` that the shared text family refuses (core common/text.ts, issue 7), as the row's
 * problem: `text_too_long` (values field and limit, 'city is too long (at most 200 characters)') or `text_invalid`
 * (control characters such as NUL, lone surrogates); null when every text cell is fine. Such a row is reported, and
 * its keys never reach a lookup.
 */
function badTextCell(row: OrderImportRow): OrderImportProblem | null {
  for (const f of ORDER_IMPORT_FIELDS) {
    const v = row[f];
    if (typeof v !== 'string' || passesSingleLineText(v, CELL_MAX[f])) continue;
    const r = CELL_TEXT[f].safeParse(v);
    if (r.success) continue;
    // The schema trims before it measures, so a cell that is too long once trimmed is refused for its length.
    return v.trim().length > CELL_MAX[f]
      ? orderImportProblem('text_too_long', { field: f, limit: CELL_MAX[f] })
      : orderImportProblem('text_invalid', { field: f });
  }
  return null;
}

/**
 * The text problem of each data row of `rows` that has one (the first text cell the shared text family refuses:
 * `text_too_long` or `text_invalid`, as {@link validateImportRow} reports it), by 1-based data row number as
 * {@link groupImportRows} numbers the rows (blank rows count). Empty when every cell is fine. Made once per import and
 * given to {@link collectImportKeys} and {@link planOrderImport}, so no row's cells are checked twice (ADR 0074).
 */
export function importTextProblems(rows: readonly OrderImportRow[]): Map<number, OrderImportProblem> {
  const problems = new Map<number, OrderImportProblem>();
  rows.forEach((row, i) => {
    const bad = badTextCell(row);
    if (bad) problems.set(i + 1, bad);
  });
  return problems;
}

/**
 * The row-level checks (spec 1 §5 Import; issue 3 §1), before any lookup: order id present and,
 * when the row carries a product, EAN present and quantity a positive integer. A row with neither
 * EAN nor quantity only carries address data. `textProblem` is the row's text problem when already known (from
 * {@link importTextProblems}; null: its cells are fine); left out, the cells are checked here. Returns the problem, or
 * null when the row is fine.
 */
export function validateImportRow(
  row: OrderImportRow,
  textProblem: OrderImportProblem | null = badTextCell(row),
): OrderImportProblem | null {
  if (textProblem) return textProblem;
  if (cellText(row.order_id) === '') return orderImportProblem('missing_order_id');
  const ean = normaliseEan(row.product_ean);
  const qty = cellText(row.quantity);
  if (ean === '' && qty === '') return null;
  if (ean === '') return orderImportProblem('missing_ean');
  if (parseQuantity(row.quantity) === null) return orderImportProblem('bad_quantity', { value: qty });
  return null;
}

/** The fields of one order line; every other import field belongs to the whole order. */
const LINE_FIELDS = ['order_id', 'product_ean', 'quantity'] as const;
type AddressField = Exclude<OrderImportField, (typeof LINE_FIELDS)[number]>;
const ORDER_LEVEL_FIELDS: readonly AddressField[] = ORDER_IMPORT_FIELDS.filter(
  (f): f is AddressField => !(LINE_FIELDS as readonly OrderImportField[]).includes(f),
);

/**
 * Merges the order-level fields of a group: per field, the first non-empty value among its rows
 * (exports such as Shopify's and bol's fill the address on the first row of an order only).
 */
export function mergeOrderFields(group: ImportOrderGroup): Record<AddressField, string> {
  const merged = {} as Record<AddressField, string>;
  for (const field of ORDER_LEVEL_FIELDS) {
    merged[field] = '';
    for (const { data } of group.rows) {
      const v = cellText(data[field]);
      if (v !== '') {
        merged[field] = v;
        break;
      }
    }
  }
  return merged;
}

/**
 * Builds the delivery address of an order from its merged fields (spec 1 §5 Address form): country
 * defaults to NL; the house number is split from the street when only the street carries it, and an
 * addition is split off the house number ('12a'); a full name in firstName is split when surName is
 * empty. Required: a name (firstName or surName), streetName, houseNumber, zipcode, city. Returns the
 * shipment details, or the first problem the address is refused for (`bad_country`, `bad_house_number`,
 * `missing_address`, `bad_postcode`, `bad_email`).
 */
export function buildImportAddress(
  f: Record<AddressField, string>,
): { ok: true; details: ShipmentDetails } | { ok: false; problem: OrderImportProblem } {
  const refuse = (code: OrderImportReasonCode, values: OrderImportReasonValues) => ({
    ok: false as const,
    problem: orderImportProblem(code, values),
  });
  const countryCode = normaliseCountryCode(f.countryCode);
  if (!countryCode) return refuse('bad_country', { value: f.countryCode });
  let { streetName, houseNumber, houseNumberExtension } = f;
  if (houseNumber === '' && streetName !== '') {
    const split = splitStreetAndNumber(streetName);
    if (split) {
      streetName = split.streetName;
      houseNumber = split.houseNumber;
      houseNumberExtension ||= split.houseNumberExtension;
    }
  } else if (houseNumber !== '') {
    const split = splitHouseNumber(houseNumber);
    if (!split) return refuse('bad_house_number', { value: houseNumber });
    houseNumber = split.houseNumber;
    houseNumberExtension ||= split.extension;
  }
  let firstName = f.firstName;
  let surname = f.surName;
  if (surname === '' && /\s/.test(firstName)) {
    const i = firstName.indexOf(' ');
    surname = firstName.slice(i + 1).trim();
    firstName = firstName.slice(0, i);
  }
  if (firstName === '' && surname === '') return refuse('missing_address', { field: 'name' });
  const required: [string, string][] = [
    ['streetName', streetName],
    ['houseNumber', houseNumber],
    ['zipcode', f.zipcode],
    ['city', f.city],
  ];
  for (const [field, value] of required) {
    if (value === '') return refuse('missing_address', { field });
  }
  const zipCode = normalisePostcode(countryCode, f.zipcode);
  if (!zipCode) return refuse('bad_postcode', { country: countryCode, value: f.zipcode });
  if (f.email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email))
    return refuse('bad_email', { value: f.email });
  const details: ShipmentDetails = {
    firstName,
    surname,
    streetName,
    houseNumber,
    houseNumberExtension,
    zipCode,
    city: f.city,
    countryCode,
  };
  if (f.company) details.company = f.company;
  if (f.email) details.email = f.email;
  if (f.deliveryPhoneNumber) details.phone = f.deliveryPhoneNumber;
  if (f.salutation) details.salutation = f.salutation;
  if (f.language) details.language = f.language;
  return { ok: true, details };
}

/** What the database knows, for {@link validateImportOrder}: products by EAN/SKU and imported ids. */
export interface ImportLookup {
  /** True when the current organisation has a product with this EAN (or SKU). */
  isKnownProduct(ean: string): boolean;
  /** True when the current organisation already has an order with this shop order id. */
  isImportedOrderId(orderId: string): boolean;
}

/**
 * Checks one order of the import (spec 1 §5 Import; issue 3 §1): every row's own checks and its
 * EAN, the merged address, at least one product line, and that the order id is not imported yet.
 * A rejected row rejects the whole order: every row is reported, the faulty ones with their own
 * problem and the others with the first faulty row's, `rejected_by_row` naming that row ('order rejected because of
 * row N: …'). `textProblems` (of {@link importTextProblems}, by row number) spares the rows' text checks; left out,
 * each row's cells are checked here.
 */
export function validateImportOrder(
  group: ImportOrderGroup,
  lookup: ImportLookup,
  textProblems?: ReadonlyMap<number, OrderImportProblem>,
): { ok: true; order: ValidImportOrder } | { ok: false; errors: OrderImportIssue[] } {
  const rowErrors = new Map<number, OrderImportProblem>();
  const lines: ValidImportLine[] = [];
  for (const { row, data } of group.rows) {
    // Without the import's text problems, `undefined` lets validateImportRow check the row's cells itself.
    const problem = validateImportRow(data, textProblems ? (textProblems.get(row) ?? null) : undefined);
    if (problem) {
      rowErrors.set(row, problem);
      continue;
    }
    const ean = normaliseEan(data.product_ean);
    if (ean === '') continue;
    if (!lookup.isKnownProduct(ean)) {
      rowErrors.set(row, orderImportProblem('unknown_ean', { ean }));
      continue;
    }
    lines.push({ row, ean, quantity: parseQuantity(data.quantity) as number });
  }
  const reject = (problem: OrderImportProblem): { ok: false; errors: OrderImportIssue[] } => ({
    ok: false,
    errors: group.rows.map(({ row }) => orderImportIssue(row, group.orderId, problem)),
  });
  if (group.orderId !== '' && lookup.isImportedOrderId(group.orderId))
    return reject(orderImportProblem('duplicate'));
  if (rowErrors.size > 0) {
    const [firstRow, firstProblem] = rowErrors.entries().next().value as [number, OrderImportProblem];
    return {
      ok: false,
      errors: group.rows.map(({ row }) => {
        const own = rowErrors.get(row);
        return own
          ? orderImportIssue(row, group.orderId, own)
          : orderImportIssue(row, group.orderId, firstProblem, firstRow);
      }),
    };
  }
  const fields = mergeOrderFields(group);
  const address = buildImportAddress(fields);
  if (!address.ok) return reject(address.problem);
  if (lines.length === 0) return reject(orderImportProblem('no_lines'));
  return {
    ok: true,
    order: {
      orderId: group.orderId,
      rows: group.rows.map((r) => r.row),
      shipmentDetails: address.details,
      reason: fields.reason || 'webshop_order',
      notesText: fields.notesText || null,
      lines,
    },
  };
}

/**
 * The whole check of an order import without the database: groups the rows, validates each order
 * against `lookup` and returns the accepted orders (file order) and every rejected row, sorted by
 * row number. `textProblems`: the rows' {@link importTextProblems}, when the caller has them already.
 */
export function planOrderImport(
  rows: readonly OrderImportRow[],
  lookup: ImportLookup,
  textProblems: ReadonlyMap<number, OrderImportProblem> = importTextProblems(rows),
): { orders: ValidImportOrder[]; errors: OrderImportIssue[] } {
  const orders: ValidImportOrder[] = [];
  const errors: OrderImportIssue[] = [];
  for (const group of groupImportRows(rows)) {
    const result = validateImportOrder(group, lookup, textProblems);
    if (result.ok) orders.push(result.order);
    else errors.push(...result.errors);
  }
  errors.sort((a, b) => a.row - b.row);
  return { orders, errors };
}

/**
 * The distinct, non-empty EANs and order ids of an import, for batched lookups; the rows with a text problem
 * (`textProblems`, of {@link importTextProblems} by row number; made here when left out) are left out.
 */
export function collectImportKeys(
  rows: readonly OrderImportRow[],
  textProblems: ReadonlyMap<number, OrderImportProblem> = importTextProblems(rows),
): { eans: string[]; orderIds: string[] } {
  const eans = new Set<string>();
  const orderIds = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    // A row with a refused text cell is reported by validateImportRow; its values are not looked up.
    if (textProblems.has(i + 1)) continue;
    const r = rows[i] as OrderImportRow;
    const ean = normaliseEan(r.product_ean);
    if (ean) eans.add(ean);
    const id = cellText(r.order_id);
    if (id) orderIds.add(id);
  }
  return { eans: [...eans], orderIds: [...orderIds] };
}

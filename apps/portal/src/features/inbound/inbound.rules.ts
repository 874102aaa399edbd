/**
 * Pure rules of the portal's inbound screens (spec 2 §2 Inbound announcement, §4 Inbound, §5, §9), kept apart from
 * the components so they can be tested on their own: the wizard's step gates and messages, the information
 * defaults from the organisation, box and piece counts, the product search's start rule, and the spreadsheet rows
 * turned into the body of `POST /inbound/excel` with every problem of every row.
 */
import {
  amsterdamDay,
  INBOUND_EXCEL_FIELDS,
  INBOUND_TYPES,
  type InboundExcelBodySchema,
  type InboundExcelRow,
  type InboundInformation,
  InboundInformationSchema,
  type InboundType,
  inboundExcelIssues,
  orgAddressLine,
  type ReasonValues,
  sheetCount,
  sheetDate,
} from '@hoppa/core';
import type { CodedIssue } from '@hoppa/web';
import type { z } from 'zod';
import type { MappedRow } from '../../components/spreadsheet-import/spreadsheet.rules.ts';

/** The fields of the inbound information form (spec 2 §2, §5 Inbound information), in screen order. */
export const INFO_FIELDS = [
  'contact_person',
  'contact_person_email',
  'phone',
  'shipping_address',
  'track_trace',
  'expected_delivery',
] as const satisfies readonly (keyof InboundInformation)[];
/** One field of the information form. */
export type InfoField = (typeof INFO_FIELDS)[number];
/** The information form's values: one string per field (the date as YYYY-MM-DD). */
export type InfoValues = Record<InfoField, string>;

/** What the information defaults are read from: the current organisation as `GET /current_org` answers it. */
export interface OrgDefaults {
  contact_person: string | null;
  contact_person_email: string | null;
  phone: string | null;
  address: {
    line1?: string;
    street?: string;
    houseNumber?: string;
    postalCode?: string;
    city?: string;
    country?: string;
  };
}

/**
 * The information form prefilled from the organisation (spec 2 §5 'Prefilled from the organisation; date defaults
 * to today'): contact person, email and phone as stored, the address as its first line or, without one, street and
 * number, postcode and city on one line (the API takes one line); the expected delivery today (Amsterdam). Track and trace stays empty.
 */
export function infoDefaults(org: OrgDefaults | null | undefined, today = amsterdamDay()): InfoValues {
  const address = orgAddressLine(org?.address);
  return {
    contact_person: org?.contact_person ?? '',
    contact_person_email: org?.contact_person_email ?? '',
    phone: org?.phone ?? '',
    shipping_address: address,
    track_trace: '',
    expected_delivery: today,
  };
}

/** Why a required information field is refused: empty, or (the email) not an email address. */
export type InfoProblem = 'required' | 'email' | 'format';

/**
 * The first problem of each information field under core's `InboundInformationSchema` (the rules the API applies),
 * as a code the screen words with the spec's message per field (spec 2 §5 Inbound information); empty when the
 * values may be sent.
 */
export function infoProblems(values: InfoValues): Partial<Record<InfoField, InfoProblem>> {
  const parsed = InboundInformationSchema.safeParse(values);
  const out: Partial<Record<InfoField, InfoProblem>> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as InfoField;
    if (out[field]) continue;
    const blank = (values[field] ?? '').trim() === '';
    out[field] = blank ? 'required' : field === 'contact_person_email' ? 'email' : 'format';
  }
  return out;
}

/** A product chosen in the wizard (spec 2 §5 Add product to inbound): boxes × per box, optional batch and expiry. */
export interface WizardItem {
  product: { id: string; ean: string; name: string };
  /** Boxes (the API's `units`). */
  units: number;
  /** Pieces per box (the API's `packed_per`). */
  packed_per: number;
  batch_nr: string | null;
  expiration_date: string | null;
}

/** What the wizard knows when the merchant presses Next: the chosen type, the products and the information. */
export interface WizardState {
  type: InboundType | null;
  items: readonly WizardItem[];
  info: InfoValues;
}

/** The spec's wizard messages (spec 2 §5 'Kies eerst een type zending', 'Voeg producten toe', 'Vul alle verplichte velden in'). */
export type WizardBlock = 'noType' | 'noProducts' | 'missingInfo';

/**
 * Whether the wizard may move from step `from` to the next (spec 2 §4 Add inventory wizard): to step 1 it needs a
 * type, to step 2 at least one product, to step 3 the required information. Answers why not, or null.
 */
export function wizardBlock(from: number, s: WizardState): WizardBlock | null {
  if (from >= 0 && !(s.type && (INBOUND_TYPES as readonly string[]).includes(s.type))) return 'noType';
  if (from >= 1 && s.items.length === 0) return 'noProducts';
  if (from >= 2 && Object.keys(infoProblems(s.info)).length > 0) return 'missingInfo';
  return null;
}

/** Total pieces of an item (spec 2 §9 'Total amount = units times packed_per'). */
export function totalPieces(units: number, packedPer: number): number {
  return units * packedPer;
}

/** Boxes a number of pieces fills (spec 2 §9 'Boxes delivered = pieces_checked_in divided by packed_per'), rounded down. */
export function boxesOf(pieces: number, packedPer: number): number {
  return packedPer > 0 ? Math.floor(pieces / packedPer) : 0;
}

/**
 * Whether the inbound product search asks the server for `text` (spec 2 §5 Product EAN search (inbound): 'runs
 * only when text is longer than 3 characters, or empty').
 */
export function searchRuns(text: string): boolean {
  const t = text.trim();
  return t.length === 0 || t.length > 3;
}

/** A scanned barcode in the search box (spec 2 §5: 'only if longer than 7 characters, ended by Enter'). */
export function isScannedCode(text: string): boolean {
  return /^\d{8,}$/.test(text.trim());
}

/** Euro cents of a euro amount the API sends as a number (`surcharge_total_eur`), for lib/money.ts. */
export function eurToCents(eur: number): number {
  return Math.round(eur * 100);
}

/** A spreadsheet column of the announcement (spec 2 §2 'columns ean, units, packed_per, batchnr, expiration_date'). */
export const INBOUND_IMPORT_FIELDS = INBOUND_EXCEL_FIELDS;
/** One of {@link INBOUND_IMPORT_FIELDS}. */
export type InboundImportField = (typeof INBOUND_IMPORT_FIELDS)[number];
/** The columns the mapping step insists on. */
export const INBOUND_IMPORT_REQUIRED: readonly InboundImportField[] = ['ean', 'units', 'packed_per'];
/** Other names of the columns, in Dutch and English, for the mapping guess. */
export const INBOUND_IMPORT_ALIASES: Partial<Record<InboundImportField, readonly string[]>> = {
  ean: ['barcode', 'ean13', 'gtin', 'ean code'],
  units: ['boxes', 'dozen', 'aantal dozen', 'colli', 'coli', 'units'],
  packed_per: ['per box', 'per doos', 'stuks per doos', 'items per box', 'verpakt per', 'packed per'],
  batchnr: ['batch', 'batch number', 'batchnummer', 'lot', 'batch_nr'],
  expiration_date: ['expiry', 'expiry date', 'houdbaarheidsdatum', 'tht', 'best before', 'vervaldatum'],
};

/**
 * A problem of a row: the row's number among the mapped rows (from 1; the issue table shows its sheet line), the EAN
 * it names, the column (field) the problem is in when it is one column's, and why: a code with its values (core
 * `INBOUND_EXCEL_REASON_CODES`, ADR 0119 §3) and the English `reason`. A row may have several.
 */
export interface InboundRowIssue extends CodedIssue {
  row: number;
  ean: string;
  field?: InboundImportField;
}

/** The products of the `POST /inbound/excel` body. */
export type ExcelProduct = z.input<typeof InboundExcelBodySchema>['products'][number];

/** The mapped rows as `POST /inbound/excel/check` takes them: each row's cells by column. */
export function sheetRows(rows: readonly MappedRow<InboundImportField>[]): InboundExcelRow[] {
  return rows.map((r) =>
    Object.fromEntries(INBOUND_IMPORT_FIELDS.map((f) => [f, r.values[f] ?? null])),
  ) as InboundExcelRow[];
}

/**
 * The products of `POST /inbound/excel` from the mapped rows (spec 2 §2 spreadsheet columns): the rows without a
 * problem of their own (core `inboundExcelIssues`, the rules `POST /inbound/excel/check` answers with; an EAN is
 * taken as known here), boxes and per box as numbers, the expiry date as YYYY-MM-DD; and those rows' `issues`.
 */
export function excelProducts(rows: readonly MappedRow<InboundImportField>[]): {
  products: ExcelProduct[];
  issues: InboundRowIssue[];
} {
  const issues = inboundExcelIssues(sheetRows(rows), () => true);
  const bad = new Set(issues.map((i) => i.row));
  const products: ExcelProduct[] = [];
  rows.forEach((r, i) => {
    if (bad.has(i + 1)) return;
    const v = r.values;
    const batch = String(v.batchnr ?? '').trim();
    products.push({
      ean: String(v.ean ?? '').trim(),
      units: sheetCount(v.units) as number,
      packed_per: sheetCount(v.packed_per) as number,
      batch_nr: batch || null,
      expiration_date: sheetDate(v.expiration_date),
    });
  });
  return { products, issues };
}

/** The sheet's column of a body field in the API's issue path (`products.<n>.batch_nr` is the column batchnr). */
const COLUMN_OF: Record<string, InboundImportField> = {
  ean: 'ean',
  units: 'units',
  packed_per: 'packed_per',
  batch_nr: 'batchnr',
  expiration_date: 'expiration_date',
};

/**
 * The rows `POST /inbound/excel` rejected (its 400 issues `products.<n>.<field>`, 0-based) as row issues numbered
 * from 1, in the sheet's column: an issue with a reason `code` keeps it with its `values` (core
 * INBOUND_EXCEL_REASON_CODES, ADR 0119 §3), so the page words it in the UI's language; an uncoded issue about a row's
 * EAN (an older API: no such product of the organisation) is `unknown_ean`; others keep the API's English message;
 * an issue that names no row is kept under row 0.
 */
export function apiRowIssues(
  issues: readonly { path: string; message: string; code?: string; values?: ReasonValues }[],
  products: readonly { ean?: unknown }[],
): InboundRowIssue[] {
  return issues.map((issue) => {
    const n = /^products\.(\d+)(?:\.(\w+))?/.exec(issue.path);
    const index = n ? Number(n[1]) : -1;
    const ean = String(products[index]?.ean ?? '').trim();
    const field = n?.[2] ? COLUMN_OF[n[2]] : undefined;
    if (issue.code)
      return {
        row: index + 1,
        ean,
        field,
        code: issue.code,
        values: issue.values ?? {},
        reason: issue.message,
      };
    return field === 'ean'
      ? { row: index + 1, ean, field, code: 'unknown_ean', values: { ean }, reason: issue.message }
      : { row: index + 1, ean, reason: issue.message };
  });
}

/**
 * The row rules of announcing stock by spreadsheet (spec 2 §2 /add_inventory_excel columns ean, units, packed_per,
 * batchnr, expiration_date; §7 `POST /inbound/excel`; ADR 0119 §3, §4): one place for the portal's wizard and the
 * API's `POST /inbound/excel/check`, each problem a stable code with its values and its English reason.
 */
import { z } from 'zod';
import { type CodedReason, codedReason, type ReasonValues, ReasonValuesSchema } from '../common/reason.ts';
import { passesSingleLineText } from '../common/text.ts';
import { SpreadsheetCellSchema } from '../products/product.schema.ts';

/** The columns of an announcement spreadsheet (spec 2 §2), in the sheet's order. */
export const INBOUND_EXCEL_FIELDS = ['ean', 'units', 'packed_per', 'batchnr', 'expiration_date'] as const;
export type InboundExcelField = (typeof INBOUND_EXCEL_FIELDS)[number];

/** Most boxes, and most pieces per box, one row may announce (`POST /inbound/excel`). */
export const INBOUND_EXCEL_MAX_COUNT = 100_000;
/** Most characters of an EAN and of a batch number cell (`POST /inbound/excel`). */
const CELL_MAX: Partial<Record<InboundExcelField, number>> = { ean: 50, batchnr: 100 };

/**
 * Why a row of an announcement spreadsheet cannot be announced (ADR 0119 §3), a stable code the apps translate:
 * `missing_ean`, `unknown_ean` (values.ean: no product of the shop), `not_whole_number` (field `units` or
 * `packed_per`, value, min, limit), `bad_date` (field `expiration_date`, value), `text_too_long` (field, limit) and
 * `text_invalid` (field: control or invalid characters).
 */
export const INBOUND_EXCEL_REASON_CODES = [
  'missing_ean',
  'unknown_ean',
  'not_whole_number',
  'bad_date',
  'text_too_long',
  'text_invalid',
] as const;
export type InboundExcelReasonCode = (typeof INBOUND_EXCEL_REASON_CODES)[number];

/** The English text of each code, sent as the issue's `reason` (the portal words the codes: inbound `excel.reasons`). */
export const INBOUND_EXCEL_REASON_TEXT: Record<InboundExcelReasonCode, (v: ReasonValues) => string> = {
  missing_ean: () => 'EAN is missing',
  unknown_ean: (v) => `no product of this shop has EAN ${v.ean}`,
  not_whole_number: (v) => `${v.field} must be a whole number from ${v.min} to ${v.limit}: '${v.value}'`,
  bad_date: (v) => `${v.field} is not a date (use DD-MM-YYYY or YYYY-MM-DD): '${v.value}'`,
  text_too_long: (v) => `${v.field} is too long (at most ${v.limit} characters)`,
  text_invalid: (v) => `${v.field} contains control or invalid characters`,
};

/** The cells of one spreadsheet row, by column ({@link INBOUND_EXCEL_FIELDS}); cells as the sheet gives them. */
export const InboundExcelRowSchema = z.object({
  ean: SpreadsheetCellSchema,
  units: SpreadsheetCellSchema,
  packed_per: SpreadsheetCellSchema,
  batchnr: SpreadsheetCellSchema,
  expiration_date: SpreadsheetCellSchema,
});
export type InboundExcelRow = z.infer<typeof InboundExcelRowSchema>;

/**
 * A problem of one row of an announcement spreadsheet: the row's number among the rows sent (from 1), the EAN it
 * names, the column the problem is in, and why ({@link INBOUND_EXCEL_REASON_CODES} with its values; `reason` in
 * English for clients that do not know the codes). A row may have several.
 */
export const InboundExcelIssueSchema = z.object({
  row: z.number().int(),
  ean: z.string(),
  field: z.enum(INBOUND_EXCEL_FIELDS),
  code: z.enum(INBOUND_EXCEL_REASON_CODES),
  values: ReasonValuesSchema,
  reason: z.string(),
});
export type InboundExcelIssue = z.infer<typeof InboundExcelIssueSchema>;

/**
 * A spreadsheet date as YYYY-MM-DD (spec 2 §9 'Expiration date cut to first 10 characters'): ISO text (a longer ISO
 * timestamp is cut to its date), the Dutch DD-MM-YYYY (also with / or .), or an Excel serial day number; null when
 * it is not a real date.
 */
export function sheetDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value) && value > 20000 && value < 80000) {
    // Excel's day 25569 is 1970-01-01.
    return new Date(Math.round((value - 25569) * 86_400_000)).toISOString().slice(0, 10);
  }
  const s = String(value).trim();
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(s.slice(0, 10));
  const dutch = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dutch) [y, m, d] = [Number(dutch[3]), Number(dutch[2]), Number(dutch[1])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** A whole number from 1 to {@link INBOUND_EXCEL_MAX_COUNT} from a cell ('12', 12, '12,0'); null otherwise. */
export function sheetCount(value: unknown): number | null {
  const s = String(value ?? '')
    .trim()
    .replace(/,0+$/, '');
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= INBOUND_EXCEL_MAX_COUNT ? n : null;
}

const cellText = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/**
 * The EANs of `rows` that {@link inboundExcelIssues} looks up among the shop's products: each row's EAN cell, trimmed,
 * when it is there and passes its text check (a megabyte or a NUL is never sent to the database); each once.
 */
export function inboundExcelLookupEans(rows: readonly InboundExcelRow[]): string[] {
  const eans = rows
    .map((r) => cellText(r.ean))
    .filter((e) => e !== '' && passesSingleLineText(e, CELL_MAX.ean ?? 50));
  return [...new Set(eans)];
}

/**
 * Every problem of every row (spec 2 §2; ADR 0118 'one round'), in row order and, within a row, in column order: an
 * EAN is required (and `isKnown` of the shop's products), boxes and per box are whole numbers from 1 to 100,000, an
 * expiry date must be a date, EAN and batch are single-line text of at most 50 and 100 characters. `row` counts the
 * given rows from 1.
 */
export function inboundExcelIssues(
  rows: readonly InboundExcelRow[],
  isKnown: (ean: string) => boolean,
): InboundExcelIssue[] {
  const issues: InboundExcelIssue[] = [];
  const problem = (code: InboundExcelReasonCode, values: ReasonValues = {}) =>
    codedReason(INBOUND_EXCEL_REASON_TEXT, code, values);
  rows.forEach((r, i) => {
    const own: { field: InboundExcelField; p: CodedReason<InboundExcelReasonCode> }[] = [];
    const add = (field: InboundExcelField, p: CodedReason<InboundExcelReasonCode>) => own.push({ field, p });
    for (const field of INBOUND_EXCEL_FIELDS) {
      const v = r[field];
      const limit = CELL_MAX[field];
      if (limit === undefined || typeof v !== 'string') continue;
      const text = v.trim();
      if (text.length > limit) add(field, problem('text_too_long', { field, limit }));
      else if (!passesSingleLineText(text, limit)) add(field, problem('text_invalid', { field }));
    }
    // A refused EAN cell (a megabyte, a NUL) is neither echoed back nor looked up.
    const eanRefused = own.some((x) => x.field === 'ean');
    const ean = eanRefused ? '' : cellText(r.ean);
    if (!eanRefused && !ean) add('ean', problem('missing_ean'));
    else if (!eanRefused && !isKnown(ean)) add('ean', problem('unknown_ean', { ean }));
    for (const field of ['units', 'packed_per'] as const)
      if (sheetCount(r[field]) === null)
        add(
          field,
          problem('not_whole_number', {
            field,
            value: cellText(r[field]),
            min: 1,
            limit: INBOUND_EXCEL_MAX_COUNT,
          }),
        );
    const rawDate = r.expiration_date;
    if (rawDate !== null && rawDate !== undefined && rawDate !== '' && sheetDate(rawDate) === null)
      add('expiration_date', problem('bad_date', { field: 'expiration_date', value: cellText(rawDate) }));
    for (const { field, p } of own) issues.push({ row: i + 1, ean, field, ...p });
  });
  const order = (f: InboundExcelField) => INBOUND_EXCEL_FIELDS.indexOf(f);
  return issues.sort((a, b) => a.row - b.row || order(a.field) - order(b.field));
}

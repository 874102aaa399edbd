import { z } from 'zod';
import type { ValidationFormat, ValidationReasonCode } from './reason-codes.ts';

export {
  EXPECTED_TYPES,
  VALIDATION_FORMATS,
  VALIDATION_REASON_CODES,
  type ValidationFormat,
  type ValidationReasonCode,
} from './reason-codes.ts';

/**
 * The values a reason code names (ADR 0119 §3: reasons as `code` with `values`, the English `reason` kept for older
 * clients; the apps word a code in their language). One shape for every report that gives codes: the order import,
 * the product, bundle and automation imports, `POST /automation`'s condition and actions, the announce-by-spreadsheet
 * check and `POST /inbound/excel`, and a connection's last pull or product sync. Cells as given, trimmed.
 */
export const ReasonValuesSchema = z.object({
  /** An import field or column (spec 1 §3, spec 3 §3 import fields; the order import's `name` for "firstName or surName"). */
  field: z.string().optional(),
  /** The cell (or code) as given: a quantity, postcode, country, house number, e-mail, method, packaging. */
  value: z.string().optional(),
  ean: z.string().optional(),
  /** The destination country (ISO alpha-2) a postcode was checked for. */
  country: z.string().optional(),
  /** The most characters the cell may have, or the largest number it may hold. */
  limit: z.number().optional(),
  /** The smallest number the cell may hold. */
  min: z.number().optional(),
  /** The unit of `limit` (cm, kg, EUR). */
  unit: z.string().optional(),
  /** The values the cell may take, as the English reason lists them ('quantity, ean, shipmentDetails.countryCode'). */
  allowed: z.string().optional(),
  /** The part's number within its bundle, from 1 (the bundle import: 'item 2: …'). */
  item: z.number().optional(),
  /** An order number (the bol intake's refused orders). */
  order_id: z.string().optional(),
  /** Untranslated words of another system: the database's message, an outside service's answer. */
  message: z.string().optional(),
  /** The kind of value a field takes where another kind was given (`wrong_type`): one of {@link EXPECTED_TYPES}. */
  expected: z.string().optional(),
  /** The named format a text did not follow (`format_invalid`): one of {@link VALIDATION_FORMATS}. */
  format: z.string().optional(),
});
export type ReasonValues = z.infer<typeof ReasonValuesSchema>;

/** A problem as a report sends it: its code, the values it names and the English words of both. */
export interface CodedReason<C extends string> {
  code: C;
  values: ReasonValues;
  reason: string;
}

/**
 * The problem `code` with `values`, its English `reason` made by `texts[code]` (each report's table of English
 * texts, e.g. core `ORDER_IMPORT_REASON_TEXT`): `{ code, values, reason }`.
 */
export function codedReason<C extends string>(
  texts: Record<C, (v: ReasonValues) => string>,
  code: C,
  values: ReasonValues = {},
): CodedReason<C> {
  return { code, values, reason: texts[code](values) };
}

/**
 * The patterns of the request schemas that name a format, as zod reports a refused one (`String(regex)` in the
 * issue's `pattern`): the day `YYYY-MM-DD` (`date`, coded `date_invalid`), clock times, country codes, ids and house
 * numbers (coded `format_invalid`). A pattern not listed is no named format (its refusal keeps the schema's English message).
 */
export const PATTERN_FORMATS: ReadonlyMap<string, ValidationFormat | 'date'> = new Map<
  string,
  ValidationFormat | 'date'
>([
  [String(/^\d{4}-\d{2}-\d{2}$/), 'date'],
  [String(/^([01]\d|2[0-3]):[0-5]\d$/), 'time'],
  [String(/^(([01]\d|2[0-3]):[0-5]\d)?$/), 'time'],
  [String(/^[A-Za-z]{2}$/), 'country_code'],
  [String(/^([A-Za-z]{2})?$/), 'country_code'],
  [String(/^([A-Z]{2})?$/), 'country_code'],
  [String(/^[0-9a-f]{24}$/), 'id'],
  [String(/^[1-9]\d{0,5}$/), 'house_number'],
]);

/** The codes a schema's own check may give its refusal through {@link reasonParams} (the API codes the issue by it). */
export const CHECK_REASON_CODES = [
  'phone_invalid',
  'date_invalid',
  'text_invalid',
  'out_of_range',
  'format_invalid',
] as const satisfies readonly ValidationReasonCode[];
/** One of {@link CHECK_REASON_CODES}. */
export type CheckReasonCode = (typeof CHECK_REASON_CODES)[number];

/**
 * The `params` a schema's own check (`refine`) gives its issue so the API codes the refusal (zod copies them onto
 * the issue): `{ reason }`, one of `phone_invalid`, `date_invalid`, `text_invalid`, `out_of_range` with the bounds
 * (`min`, `limit`) or `format_invalid` with the `format`. E.g. `.refine(isValidPhone, { message: PHONE_MESSAGE,
 * params: reasonParams('phone_invalid') })`.
 */
export function reasonParams(
  reason: CheckReasonCode,
  extra: { min?: number; limit?: number; format?: ValidationFormat } = {},
): { reason: CheckReasonCode; min?: number; limit?: number; format?: ValidationFormat } {
  return { reason, ...extra };
}

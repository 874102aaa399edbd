import { z } from 'zod';

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
 * Codes of the refusals a call's own schema gives before any service runs (a 400 `validation` issue's `code`, the
 * API's `validationIssueCode`), with the values each names:
 * - `not_one_of` (field, allowed, value): e.g. a rule's condition field or operator;
 * - `missing` (field): absent or blank, also a blank date or format field;
 * - `text_too_long` (field, limit) and `text_too_short` (field, min: characters);
 * - `text_invalid` (field): control or invalid characters (core `boundedText`);
 * - `email_invalid` (field, value);
 * - `out_of_range` (field, min or limit, value): a number, or a date's year (min 2000, limit 2100);
 * - `phone_invalid` (field, value): not a phone number (core `phoneField`, spec 3 §5);
 * - `date_invalid` (field, value): not a date or date-time as the call writes it (`YYYY-MM-DD`, ISO date-time), or
 *   a day that does not exist (2026-02-31);
 * - `wrong_type` (field, expected: one of {@link EXPECTED_TYPES}, e.g. a number where text is expected);
 * - `format_invalid` (field, format: one of {@link VALIDATION_FORMATS}, value);
 * - `list_too_long` (field, limit) and `list_too_short` (field, min: items of a list).
 * `field` is the body's own key (`affected_field`, `contact_person`); the apps name it by their label. A refusal of
 * another kind (an unnamed pattern, a rule across fields) carries no code and keeps zod's English message.
 */
export const VALIDATION_REASON_CODES = [
  'not_one_of',
  'missing',
  'text_too_long',
  'email_invalid',
  'out_of_range',
  'text_too_short',
  'text_invalid',
  'phone_invalid',
  'date_invalid',
  'wrong_type',
  'format_invalid',
  'list_too_long',
  'list_too_short',
] as const;
export type ValidationReasonCode = (typeof VALIDATION_REASON_CODES)[number];

/**
 * The kinds of value a `wrong_type` refusal names as `expected` (zod's own names): text, a number, a whole number
 * (`int`), true or false, a list, an object. A refusal expecting another kind carries no code.
 */
export const EXPECTED_TYPES = ['string', 'number', 'int', 'boolean', 'array', 'object'] as const;

/**
 * The named formats a `format_invalid` refusal names as `format`: a clock time `HH:mm` (`time`), a two-letter
 * country code (`country_code`), a 24-character id (`id`), a web address (`url`), a house number from 1
 * (`house_number`), a Dutch postcode `1234 AB` (`postcode_nl`), a VAT number with its country prefix
 * `NL123456789B01` (`vat_number`), an HS code of 6 to 10 digits (`hs_code`, spec 3 §7) and a shop's https:// address
 * (`shop_url`, core `shopUrlProblem`).
 */
export const VALIDATION_FORMATS = [
  'time',
  'country_code',
  'id',
  'url',
  'house_number',
  'postcode_nl',
  'vat_number',
  'hs_code',
  'shop_url',
] as const;
/** One of {@link VALIDATION_FORMATS}. */
export type ValidationFormat = (typeof VALIDATION_FORMATS)[number];

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

// The validation codes, kinds and formats as plain constants, without zod: the apps' first load reads them (the
// error banner words a 400's coded issues, ADR 0125 §4) and must not pull in the schemas (ADR 0033's budgets).
// `reason.ts` re-exports them.

/**
 * Codes of the refusals a call's own schema gives before any service runs (a 400 `validation` issue's `code`, the
 * core `validationIssueCode`), with the values each names:
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
 * - `list_too_long` (field, limit) and `list_too_short` (field, min: items of a list);
 * - `too_many_decimals` (field, limit: the decimals allowed, value): a euro amount past cents, a weight past grams.
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
  'too_many_decimals',
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

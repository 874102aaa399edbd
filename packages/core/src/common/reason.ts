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
 * API's `validationIssueCode`): `not_one_of` (field, allowed, value: e.g. a rule's condition field or operator),
 * `missing` (field), `text_too_long` (field, limit), `email_invalid` (field, value), `out_of_range` (field, min or
 * limit). `field` is the body's own key (`affected_field`, `contact_person`); the apps name it by their label. A
 * refusal of another kind carries no code and keeps zod's English message.
 */
export const VALIDATION_REASON_CODES = [
  'not_one_of',
  'missing',
  'text_too_long',
  'email_invalid',
  'out_of_range',
] as const;
export type ValidationReasonCode = (typeof VALIDATION_REASON_CODES)[number];

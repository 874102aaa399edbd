import { z } from 'zod';
import {
  EXPECTED_TYPES,
  VALIDATION_FORMATS,
  VALIDATION_REASON_CODES,
  type ValidationFormat,
  type ValidationReasonCode,
} from './reason-codes.ts';

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
  /**
   * A second field a rule across fields relates `field` to, by its key like `field` (`range_reversed`: the range's
   * start; `excludes`, `needs_field`, `one_of_fields`: the other field).
   */
  other: z.string().optional(),
  /** Where in a query the refusal lies, as a dotted path (`$match.products.$lte`; the sales query's `query_*`). */
  at: z.string().optional(),
  /** A location by its name (a 409 `location_reserved`: the bin refused, core `locationReservation`). */
  location: z.string().optional(),
  /** An inbound by its reference, `IN-` and the last 8 characters of its id (a 409 `location_reserved`'s holder). */
  inbound: z.string().optional(),
  /** A product by its name (a 409 `location_reserved`: the product the bin is kept for). */
  product: z.string().optional(),
  /** That product's SKU, when it has one. */
  sku: z.string().optional(),
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
 * issue's `pattern`): the day `YYYY-MM-DD` (`date`, coded `date_invalid`), clock times, country codes, ids, house
 * numbers, a box's millimetres, a role's key, bol.com ids, base64, a link's code and a pick item (coded
 * `format_invalid`). A pattern not listed is no named format (its refusal keeps the schema's English message).
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
  [String(/^[1-9]\d{0,3}$/), 'mm'],
  [String(/^[a-z][a-z0-9_]{1,39}$/), 'role_key'],
  [String(/^[A-Za-z0-9-]+$/), 'bol_id'],
  [String(/^[A-Za-z0-9+/]*={0,2}$/), 'base64'],
  [String(/^[A-Za-z0-9_-]{20,100}$/), 'token'],
  [String(/^[0-9a-f]{24}:([0-9a-f]{24}|none)$/), 'pick_item'],
]);

/** The values a schema's own check names beside its field (see {@link reasonParams}). */
export interface CheckReasonExtra {
  min?: number;
  limit?: number;
  format?: ValidationFormat;
  /** The key of a second field of a rule across fields (`range_reversed`'s start, `excludes`' other field). */
  other?: string;
}

/**
 * The `params` a schema's own check (`refine`, `superRefine`'s issue) gives its issue so the API codes the refusal
 * (zod copies them onto the issue): `{ reason }`, a validation code (core `VALIDATION_REASON_CODES`), e.g.
 * `phone_invalid`, `date_invalid`, `text_invalid`, `out_of_range` with the bounds (`min`, `limit`),
 * `format_invalid` with the `format`, `too_many_decimals` with the decimals as `limit`, or a rule across fields
 * (`range_reversed` with the `other` field, `nothing_to_change` on the whole body). E.g. `.refine(isValidPhone,
 * { message: PHONE_MESSAGE, params: reasonParams('phone_invalid') })`.
 */
export function reasonParams(
  reason: ValidationReasonCode,
  extra: CheckReasonExtra = {},
): { reason: ValidationReasonCode } & CheckReasonExtra {
  return { reason, ...extra };
}

/** Whether a union branch's `invalid_value` names only the empty text or null (`z.literal('')`): not the refusal. */
function isEmptyLiteral(values: unknown): boolean {
  return Array.isArray(values) && values.every((v) => v === '' || v === null);
}

/**
 * The reason code of one of zod's own refusals, the API's at the edge or an app's in a form check
 * ({@link zodIssueCode}; core `VALIDATION_REASON_CODES`, ADR 0121 §4's one mechanism), so the apps word it in the
 * user's language: `keyword` is zod's issue code, `params` the rest of the
 * issue (`values`, `origin`, `minimum`, `maximum`, `format`, `pattern`, `expected`, a check's own `params`), `path`
 * the keys within the request part and `given` the value found there. `field` is the path's last key; `value` the
 * given text (cut later like every value). Codes: an enum's `not_one_of`; a blank value's `missing`; a text's
 * `text_too_long` / `text_too_short`; a list's `list_too_long` / `list_too_short` (its items); a number's
 * `out_of_range`; a step of 0.01 or 0.001 missed `too_many_decimals` (the decimals allowed as `limit`; ADR 0126);
 * `email_invalid`; a format's `date_invalid` (zod's date and date-time formats and the day pattern) or `format_invalid` with the format's name (core `PATTERN_FORMATS`,
 * a web address `url`); `wrong_type` with the kind `expected` (core `EXPECTED_TYPES`); and the reason a core check
 * gives its refusal (core `reasonParams`: `phone_invalid`, `date_invalid`, `text_invalid`, a year's `out_of_range`,
 * a Dutch postcode's, VAT number's, HS code's or shop address's `format_invalid`).
 * A union of the empty text and another schema (`'' or an e-mail address`) is coded by that schema's refusal; a
 * union of literals (`1 or 2`) as `not_one_of`. A rule across fields gives its code with `reasonParams` (the other
 * field as `other`). On the whole request part (an empty `path`) only a list's length and a check's own reason are
 * coded, without `field` (a bare list body too long: `list_too_long` with `limit`; `nothing_to_change`). `value` is
 * the given text, number or true/false; a list or object gives none.
 * Undefined for a refusal of another kind (it keeps zod's English message).
 */
export function validationIssueCode(
  keyword: string | undefined,
  params: Record<string, unknown>,
  path: readonly string[],
  given: unknown,
): { code: ValidationReasonCode; values: ReasonValues } | undefined {
  const field = path.findLast((k) => !/^\d+$/.test(k));
  if (!field) return path.length === 0 ? wholeIssueCode(keyword, params) : undefined;
  const value =
    typeof given === 'string' || typeof given === 'number' || typeof given === 'boolean'
      ? String(given)
      : undefined;
  const withValue = value === undefined ? {} : { value };
  if (keyword === 'invalid_value' && Array.isArray(params.values))
    return {
      code: 'not_one_of',
      values: { field, allowed: params.values.map(String).join(', '), ...withValue },
    };
  const own = params.params as CheckParams | undefined;
  const reason = checkReason(keyword, own);
  if (reason === 'missing') return { code: 'missing', values: { field } };
  // A rule across fields (`range_reversed`, `one_of_fields` …) holds whatever the field was given, even nothing.
  if (reason && !FIELD_CHECK_CODES.has(reason))
    return { code: reason, values: { field, ...checkValues(own), ...withValue } };
  // A blank text where a date, phone number or format is expected was left empty, as was an absent value.
  if (given === undefined || given === null || (typeof given === 'string' && given.trim() === ''))
    return keyword === 'invalid_type' ||
      keyword === 'too_small' ||
      (typeof given === 'string' && (keyword === 'invalid_format' || reason !== undefined))
      ? { code: 'missing', values: { field } }
      : undefined;
  if (keyword === 'too_big' && params.origin === 'string')
    return { code: 'text_too_long', values: { field, limit: bound(params.maximum) } };
  if (keyword === 'too_small' && params.origin === 'string')
    return { code: 'text_too_short', values: { field, min: bound(params.minimum) } };
  const list = listLengthCode(keyword, params);
  if (list) return { code: list.code, values: { field, ...list.values } };
  if ((keyword === 'too_big' || keyword === 'too_small') && params.origin === 'number')
    return keyword === 'too_big'
      ? { code: 'out_of_range', values: { field, limit: bound(params.maximum), ...withValue } }
      : { code: 'out_of_range', values: { field, min: bound(params.minimum), ...withValue } };
  if (keyword === 'not_multiple_of' && params.origin === 'number') {
    // A step of 0.01 or 0.001 (cents, grams): at most that many decimals.
    const places = decimalPlaces(params.divisor);
    return places === undefined
      ? undefined
      : { code: 'too_many_decimals', values: { field, limit: places, ...withValue } };
  }
  if (keyword === 'invalid_format') {
    const format =
      params.format === 'regex' && typeof params.pattern === 'string'
        ? PATTERN_FORMATS.get(params.pattern)
        : params.format;
    if (format === 'email') return { code: 'email_invalid', values: { field, ...withValue } };
    if (format === 'date' || format === 'datetime')
      return { code: 'date_invalid', values: { field, ...withValue } };
    if (typeof format === 'string' && (VALIDATION_FORMATS as readonly string[]).includes(format))
      return { code: 'format_invalid', values: { field, format, ...withValue } };
    return undefined;
  }
  if (keyword === 'invalid_union' && Array.isArray(params.errors)) {
    // A union of literals (`1 or 2`): each branch refuses with the one value it takes.
    const all = params.errors as { code?: string; values?: unknown; path?: unknown[] }[][];
    if (
      all.length > 1 &&
      all.every(
        (b) =>
          b.length === 1 &&
          b[0]?.code === 'invalid_value' &&
          Array.isArray(b[0].values) &&
          !b[0].path?.length,
      )
    )
      return {
        code: 'not_one_of',
        values: {
          field,
          allowed: all
            .flatMap((b) => b[0]?.values as unknown[])
            .map(String)
            .join(', '),
          ...withValue,
        },
      };
    // `'' or an address` (an optional e-mail, a website): the text is refused by the one branch that is not the
    // empty literal; its refusal is the field's.
    const branches = (params.errors as { code?: string; values?: unknown }[][]).filter(
      (b) => !(b.length === 1 && b[0]?.code === 'invalid_value' && isEmptyLiteral(b[0].values)),
    );
    const first = branches.length === 1 ? branches[0]?.[0] : undefined;
    if (!first || ((first as { path?: unknown[] }).path?.length ?? 0) > 0) return undefined;
    const { code, ...rest } = first as Record<string, unknown>;
    return validationIssueCode(typeof code === 'string' ? code : undefined, rest, path, given);
  }
  if (keyword === 'invalid_type' && (EXPECTED_TYPES as readonly unknown[]).includes(params.expected))
    return { code: 'wrong_type', values: { field, expected: String(params.expected) } };
  if (reason) {
    if (reason === 'text_invalid') return { code: reason, values: { field } };
    if (reason === 'format_invalid' && typeof own?.format !== 'string') return undefined;
    return { code: reason, values: { field, ...checkValues(own), ...withValue } };
  }
  return undefined;
}

/** The codes of a check of one field's own value: a blank value there was left empty (`missing`). */
const FIELD_CHECK_CODES: ReadonlySet<ValidationReasonCode> = new Set<ValidationReasonCode>([
  'phone_invalid',
  'date_invalid',
  'text_invalid',
  'out_of_range',
  'format_invalid',
  'too_many_decimals',
]);

/** What a schema's own check puts in its issue's `params` ({@link reasonParams}), as read back untyped. */
type CheckParams = { reason?: unknown; min?: unknown; limit?: unknown; format?: unknown; other?: unknown };

/** A number of zod's issue (a bound, possibly a bigint) as a number, or undefined. */
function bound(n: unknown): number | undefined {
  return typeof n === 'number' || typeof n === 'bigint' ? Number(n) : undefined;
}

/** The validation code a custom issue's own `params` name ({@link reasonParams}), or undefined. */
function checkReason(
  keyword: string | undefined,
  own: CheckParams | undefined,
): ValidationReasonCode | undefined {
  return keyword === 'custom' && (VALIDATION_REASON_CODES as readonly unknown[]).includes(own?.reason)
    ? (own?.reason as ValidationReasonCode)
    : undefined;
}

/** The values a check's own `params` name beside its field: the bounds, the format, the other field. */
function checkValues(own: CheckParams | undefined): ReasonValues {
  const values: ReasonValues = {};
  if (bound(own?.min) !== undefined) values.min = bound(own?.min);
  if (bound(own?.limit) !== undefined) values.limit = bound(own?.limit);
  if (typeof own?.format === 'string') values.format = own.format;
  if (typeof own?.other === 'string') values.other = own.other;
  return values;
}

/** A list (or set) too long or too short: `list_too_long` with `limit`, `list_too_short` with `min` (items). */
function listLengthCode(
  keyword: string | undefined,
  params: Record<string, unknown>,
): { code: 'list_too_long' | 'list_too_short'; values: ReasonValues } | undefined {
  if (params.origin !== 'array' && params.origin !== 'set') return undefined;
  if (keyword === 'too_big') return { code: 'list_too_long', values: { limit: bound(params.maximum) } };
  if (keyword === 'too_small') return { code: 'list_too_short', values: { min: bound(params.minimum) } };
  return undefined;
}

/**
 * A refusal of the whole request part (no field: a bare list body of `POST /orders/import`, a rule over the body):
 * a list's length, or the code a check gives its issue ({@link reasonParams}); undefined otherwise.
 */
function wholeIssueCode(
  keyword: string | undefined,
  params: Record<string, unknown>,
): { code: ValidationReasonCode; values: ReasonValues } | undefined {
  const list = listLengthCode(keyword, params);
  if (list) return list;
  const own = params.params as CheckParams | undefined;
  const reason = checkReason(keyword, own);
  return reason && reason !== 'format_invalid' ? { code: reason, values: checkValues(own) } : undefined;
}

/** The decimals a step of `10^-n` allows (`0.01` → 2), or undefined for another step. */
function decimalPlaces(divisor: unknown): number | undefined {
  if (typeof divisor !== 'number' || !(divisor > 0) || divisor >= 1) return undefined;
  const places = Math.round(-Math.log10(divisor));
  return Math.abs(divisor - 10 ** -places) < 1e-12 ? places : undefined;
}

/**
 * The value at `path` (keys, e.g. `['address', 'zipCode']`) in `input`, or undefined where the path leaves the object:
 * what a refusal at that path was given (the API's error handler, {@link zodIssueCode}).
 */
export function valueAtKeys(input: unknown, path: readonly PropertyKey[]): unknown {
  let at = input;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/**
 * The reason code of a refusal a form's own check gets from a core schema (`schema.safeParse(input)`'s issue), as
 * {@link validationIssueCode} codes the same refusal at the API, so the app words it in the user's language (the
 * customs panel, spec 3 §7). `input` is what was parsed. Undefined for a refusal of no named kind.
 */
export function zodIssueCode(
  issue: z.core.$ZodIssue,
  input: unknown,
): { code: ValidationReasonCode; values: ReasonValues } | undefined {
  const { code, path, message: _message, ...params } = issue as z.core.$ZodIssue & Record<string, unknown>;
  return validationIssueCode(code, params, path.map(String), valueAtKeys(input, path));
}

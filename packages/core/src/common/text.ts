import { z } from 'zod';
import { reasonParams } from './reason.ts';

/**
 * One family of input string schemas for every text a person or a shop sends us (issue 7 "fix the classes at the
 * edge, once"). Each refuses NUL and other control characters (PostgreSQL refuses NUL in text, which used to
 * answer 500) and lone UTF-16 surrogates, and bounds the length, so no 1 MB value is stored or echoed. Messages
 * never repeat the input. Multi-line kinds (`noteText`, `freeText`) allow tab, line feed and carriage return.
 */

/** C0 controls but tab/LF/CR, DEL and C1 controls; and any lone surrogate (`\uD800` without its pair). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text was refused, or null: control characters, lone surrogates. */
function badCharacters(s: string, multiLine: boolean): string | null {
  if ((multiLine ? CONTROL : CONTROL_SINGLE_LINE).test(s)) return 'control characters';
  if (LONE_SURROGATE.test(s)) return 'an invalid character';
  return null;
}

/**
 * True when `s` certainly passes `boundedText(label, max)` with its defaults (single line, no minimum), checked
 * without running the schema: at most `max` characters before trimming (so also after), no control character, no
 * lone surrogate — the schema's own tests on the untrimmed text. `false` is no verdict: run the schema for it and its
 * message. For loops over many cells (the order import checks ≈ 200,000 per 10,000 rows; ADR 0068).
 */
export function passesSingleLineText(s: string, max: number): boolean {
  return s.length <= max && !CONTROL_SINGLE_LINE.test(s) && !LONE_SURROGATE.test(s);
}

/** The reason a refused text's issue carries (a 400 codes it `text_invalid`, core `VALIDATION_REASON_CODES`). */
const TEXT_INVALID = reasonParams('text_invalid');

/** The reason a refused date's issue carries (a 400 codes it `date_invalid`, core `VALIDATION_REASON_CODES`). */
const DATE_INVALID = reasonParams('date_invalid');
/** A date or date-time as the calls write it: `2026-03-02`, `2026-03-02T00:00:00Z`, with an offset. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** A day as the calls write it (`YYYY-MM-DD`; core `PATTERN_FORMATS` names it `date`). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A trimmed text of at most `max` characters without control characters (tab/LF/CR allowed when `multiLine`).
 * `label` starts the messages ("Name is too long (at most 200 characters)").
 */
export function boundedText(label: string, max: number, opts: { multiLine?: boolean; min?: number } = {}) {
  const min = opts.min ?? 0;
  // trim() is an overwrite, not a transform: a schema of this family also works where zod must encode. The four
  // checks go in one `.check()`: each chained call (`.trim().max().min().refine()`) builds a whole new schema, and
  // the ~130 texts of the contracts were built at every start of the portal, the floor and the API (ADR 0116).
  return z.string({ error: min > 0 ? `${label} is required` : `${label} must be text` }).check(
    z.trim(),
    z.maxLength(max, `${label} is too long (at most ${max} characters)`),
    z.minLength(min, `${label} is required`),
    z.refine((s: string) => badCharacters(s, opts.multiLine ?? false) === null, {
      message: `${label} contains control or invalid characters`,
      params: TEXT_INVALID,
    }),
  );
}

/** A person's or organisation's name: ≤ 200 characters, single line. */
export const nameText = (label = 'Name', min = 0) => boundedText(label, 200, { min });
/** One address field (street, house number, postal code, city, country): ≤ 200 characters, single line. */
export const addressLine = (label = 'Address', min = 0) => boundedText(label, 200, { min });
/** A code or reference (shipment method code, order number, SKU, location): ≤ 64 characters, single line. */
export const codeText = (label = 'Code', min = 0) => boundedText(label, 64, { min });
/** A search box's text: ≤ 200 characters, single line. */
export const searchText = (label = 'Search') => boundedText(label, 200);
/** A note (pick note, pack note, order note): ≤ 2000 characters, line breaks allowed. */
export const noteText = (label = 'Note') => boundedText(label, 2000, { multiLine: true });
/** Longer free text (a reason, a description): ≤ 5000 characters, line breaks allowed. */
export const freeText = (label = 'Text') => boundedText(label, 5000, { multiLine: true });

/** Earliest and latest instant any date input may name: years 2000 to 2100 (issue 7: year 0000, ±275760 crashed lists). */
const DATE_MIN = Date.UTC(2000, 0, 1);
const DATE_MAX = Date.UTC(2101, 0, 1) - 1;

/** True when the date-time text `s` parses to an instant in the years 2000–2100 (see {@link boundedDateTime}). */
export function inDateRange(s: string): boolean {
  const t = Date.parse(s.trim());
  return !Number.isNaN(t) && t >= DATE_MIN && t <= DATE_MAX;
}

/**
 * A date or date-time input (`2026-03-02`, `2026-03-02T00:00:00Z`, with an offset) in the years 2000–2100; anything
 * else, including year 0000, negative and six-digit years and impossible dates, is a 400 with a short message (coded
 * `date_invalid`, or `out_of_range` with min 2000 and limit 2100 for another year).
 */
export const boundedDateTime = (label = 'Date') =>
  z
    .string({ error: `${label} must be a date` })
    .max(40, `${label} must be an ISO date-time, e.g. 2026-03-02T00:00:00Z`)
    .refine(isIsoDateTime, {
      message: `${label} must be an ISO date-time, e.g. 2026-03-02T00:00:00Z`,
      params: DATE_INVALID,
    })
    // Only a date-time in the right form is bounded, so a wrong form gets one message, not two.
    .refine((s) => !isIsoDateTime(s) || inDateRange(s), {
      message: `${label} must lie in the years 2000 to 2100`,
      params: reasonParams('out_of_range', { min: 2000, limit: 2100 }),
    });

/** True when `s` (trimmed) is a date or date-time as {@link boundedDateTime} takes it, on a day that exists. */
function isIsoDateTime(s: string): boolean {
  const t = s.trim();
  return ISO_DATE_TIME.test(t) && isCalendarDay(t.slice(0, 10));
}

/** True when `day` (`YYYY-MM-DD`) names a day of the calendar (2026-02-29, 2026-04-31 and year 0000 do not). */
export function isCalendarDay(day: string): boolean {
  const t = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(t) && !day.startsWith('0000') && new Date(t).toISOString().startsWith(day);
}

/**
 * A calendar day `YYYY-MM-DD` (a delivery or expiry date): another form is refused with `message`, a day that does
 * not exist (2026-02-31, which PostgreSQL refuses) with 'Not a calendar day'; both coded `date_invalid` in a 400.
 */
export const dayText = (message = 'Expected a date YYYY-MM-DD') =>
  z
    .string()
    .regex(DAY, message)
    // Only a day in the right form is looked up, so a wrong form gets one message, not two.
    .refine((d) => !DAY.test(d) || isCalendarDay(d), { message: 'Not a calendar day', params: DATE_INVALID });

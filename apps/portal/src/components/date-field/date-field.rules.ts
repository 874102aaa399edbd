import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/**
 * How a date is shown and typed in the portal's date fields (spec 1 §9: DD-MM-YYYY): core's `formatDate` in the
 * dayjs spelling that Mantine's date inputs take.
 */
export const DATE_FIELD_FORMAT = 'DD-MM-YYYY';
/** How a date with time is shown and typed (24-hour clock). */
export const DATE_TIME_FIELD_FORMAT = `${DATE_FIELD_FORMAT} HH:mm`;
/** The value Mantine's date inputs hand around for a date with time (local time). */
export const DATE_TIME_VALUE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** The value Mantine's date inputs hand around for a date. */
export const DATE_VALUE_FORMAT = 'YYYY-MM-DD';

// Dutch writing first (day first; '-', '/', '.' or ' ' between the parts; one or two digits), then
// the ISO order that browsers' datetime-local fields, copy-paste and test tools use
// ('2026-03-05T22:00'). dayjs's strict mode compares digit counts, so every width is listed.
const DAY_FIRST_DATES = ['-', '/', '.', ' '].flatMap((sep) =>
  ['D', 'DD'].flatMap((d) => ['M', 'MM'].map((m) => [d, m, 'YYYY'].join(sep))),
);
const ISO_DATES = ['YYYY-MM-DD'];
const TIMES = ['H', 'HH'].flatMap((h) => [`${h}:mm`, `${h}.mm`, `${h}:mm:ss`]);
const WITH_TIME = [
  ...DAY_FIRST_DATES.flatMap((d) => TIMES.map((t) => `${d} ${t}`)),
  ...ISO_DATES.flatMap((d) => TIMES.flatMap((t) => [`${d} ${t}`, `${d}[T]${t}`])),
];
const DATE_ONLY = [...DAY_FIRST_DATES, ...ISO_DATES];

/**
 * Reads what someone typed in a date field: 'DD-MM-YYYY HH:mm' (day and month may have one digit;
 * '-', '/', '.' or a space between them; the time as 'HH:mm' or 'HH.mm'), a bare date, or the ISO
 * form 'YYYY-MM-DD[T ]HH:mm'. Returns 'YYYY-MM-DD HH:mm:ss' when a time was given, 'YYYY-MM-DD' for a
 * bare date (the field then keeps its time, see {@link withKeptTime}), and null while the text is not
 * a whole, real date yet (so half-typed text never moves the filter; '31-02-2026' is refused).
 */
export function parseDateField(text: string): string | null {
  const s = text.trim().replace(/\s+/g, ' ');
  if (!s) return null;
  const timed = dayjs(s, WITH_TIME, true);
  if (timed.isValid()) return timed.format(DATE_TIME_VALUE_FORMAT);
  const day = dayjs(s, DATE_ONLY, true);
  return day.isValid() ? day.format(DATE_VALUE_FORMAT) : null;
}

/**
 * The new value of a date-with-time field: a bare date (a day picked in the calendar, or typed
 * without a time) keeps the time of the previous value, so picking another day for 'until 22:00'
 * stays at 22:00. Values with a time pass as they are; null stays null.
 */
export function withKeptTime(next: string | null, previous: string | null): string | null {
  if (next === null) return null;
  const d = dayjs(next);
  if (!d.isValid()) return null;
  if (/\d{1,2}:\d{2}/.test(next)) return d.format(DATE_TIME_VALUE_FORMAT);
  const prev = previous ? dayjs(previous) : null;
  const time = prev?.isValid() ? prev : d.startOf('day');
  return d
    .hour(time.hour())
    .minute(time.minute())
    .second(time.second())
    .millisecond(0)
    .format(DATE_TIME_VALUE_FORMAT);
}

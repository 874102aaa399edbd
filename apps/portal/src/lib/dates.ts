/**
 * Date helpers for every portal screen (design: dates shown DD-MM-YYYY, weeks start on Monday,
 * 'today' and 'this week' are in Europe/Amsterdam; spec 2 §9).
 *
 * - `formatDate(value)` → 'DD-MM-YYYY' ('' for null/undefined/invalid input).
 * - `formatDateTime(value)` → 'DD-MM-YYYY HH:mm' in Europe/Amsterdam.
 * - `amsterdamDayRange(date?)` → the first and last millisecond (both inclusive, ISO instants) of that
 *   calendar day in Amsterdam, as the API's `start`/`end` range parameters expect.
 * - `startOfWeek(date?)` → Monday 00:00 (Amsterdam) of the week containing `date`.
 * - `setDateLocale(lang)` → switches dayjs between the Dutch and (Monday-first) English locale;
 *   called once by the i18n set-up, so dayjs's week start and names follow the UI language.
 *
 * Inputs may be a Date, an ISO string or epoch milliseconds.
 */
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/nl';
import isoWeek from 'dayjs/plugin/isoWeek';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeek);

/** The warehouse's time zone: 'today', 'this week' and report hours are counted here. */
export const WAREHOUSE_TZ = 'Europe/Amsterdam';

/** The display format of a date everywhere in the portal (spec 2 §1, spec 2 §9). */
export const DATE_FORMAT = 'DD-MM-YYYY';

export type DateInput = Date | string | number | Dayjs;

function parse(value: DateInput | null | undefined): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

/** 'DD-MM-YYYY' of the day in Amsterdam; '' when the value is empty or not a date. */
export function formatDate(value: DateInput | null | undefined): string {
  const d = parse(value);
  return d ? d.tz(WAREHOUSE_TZ).format(DATE_FORMAT) : '';
}

/** 'DD-MM-YYYY HH:mm' (24-hour clock) in Amsterdam; '' when the value is empty or not a date. */
export function formatDateTime(value: DateInput | null | undefined): string {
  const d = parse(value);
  return d ? d.tz(WAREHOUSE_TZ).format(`${DATE_FORMAT} HH:mm`) : '';
}

/** First and last millisecond (both inclusive) of the Amsterdam calendar day of `date`, as ISO instants. */
export function amsterdamDayRange(date: DateInput = new Date()): { start: string; end: string } {
  const day = dayjs(date).tz(WAREHOUSE_TZ);
  return { start: day.startOf('day').toISOString(), end: day.endOf('day').toISOString() };
}

/** Monday 00:00 in Amsterdam of the ISO week containing `date`. */
export function startOfWeek(date: DateInput = new Date()): Date {
  return dayjs(date).tz(WAREHOUSE_TZ).startOf('isoWeek').toDate();
}

/** Sets the dayjs locale for the UI language; English uses en-gb so weeks start on Monday too. */
export function setDateLocale(lang: 'nl' | 'en'): void {
  dayjs.locale(lang === 'nl' ? 'nl' : 'en-gb');
}

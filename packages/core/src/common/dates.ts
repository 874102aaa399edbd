/**
 * The one date module for Hoppa: dates are shown DD-MM-YYYY and every day, week and range boundary
 * ('today', 'this week', a from–to filter) is counted in the warehouse's zone, Europe/Amsterdam,
 * whatever zone the browser, tablet or server runs in (spec 2 §1, spec 2 §9).
 *
 * Inputs (`DateInput`) are a Date, an ISO string or epoch milliseconds. Boundaries are returned as
 * ISO instants (UTC, `...Z`), the form the API's `start`/`end` query parameters take.
 */
import { TZDate, tz } from '@date-fns/tz';
import { endOfDay, format, isValid, startOfDay, startOfWeek } from 'date-fns';

/** The warehouse's time zone: 'today', 'this week' and report hours are counted here. */
export const WAREHOUSE_TZ = 'Europe/Amsterdam';

/** A date as the apps hold it: Date, ISO string or epoch milliseconds. */
export type DateInput = Date | string | number;

/** An inclusive range of instants, both ISO strings: `start` is 00:00:00.000, `end` 23:59:59.999. */
export interface DateRange {
  start: string;
  end: string;
}

const inAmsterdam = tz(WAREHOUSE_TZ);

/** UTC ISO instant (`...Z`); a TZDate's own toISOString keeps the zone's offset. */
function iso(d: Date): string {
  return new Date(d.getTime()).toISOString();
}

function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = new Date(value);
  return isValid(d) ? d : null;
}

/** The instant as a date in Amsterdam (a `TZDate`), or null for empty/invalid input. */
function amsterdam(value: DateInput | null | undefined): TZDate | null {
  const d = toDate(value);
  return d ? new TZDate(d.getTime(), WAREHOUSE_TZ) : null;
}

/** 'DD-MM-YYYY' of the Amsterdam calendar day of `value`; '' when empty or not a date. */
export function formatDate(value: DateInput | null | undefined): string {
  const d = amsterdam(value);
  return d ? format(d, 'dd-MM-yyyy') : '';
}

/** 'DD-MM-YYYY HH:mm' (24-hour clock) in Amsterdam; '' when empty or not a date. */
export function formatDateTime(value: DateInput | null | undefined): string {
  const d = amsterdam(value);
  return d ? format(d, 'dd-MM-yyyy HH:mm') : '';
}

/**
 * First and last millisecond (both inclusive) of the Amsterdam calendar day containing `value`.
 * DST days are 23 or 25 hours long; the boundaries follow the zone's rules.
 * @throws RangeError when `value` is not a date.
 */
export function amsterdamDayRange(value: DateInput = new Date()): DateRange {
  const d = amsterdam(value);
  if (!d) throw new RangeError(`Not a date: ${String(value)}`);
  return {
    start: iso(startOfDay(d, { in: inAmsterdam })),
    end: iso(endOfDay(d, { in: inAmsterdam })),
  };
}

/**
 * Range from the start of the Amsterdam day of `from` to the end of the Amsterdam day of `to`
 * (both inclusive), as a range filter sends it. `to` defaults to `from` (one day).
 * @throws RangeError when either value is not a date.
 */
export function amsterdamRange(from: DateInput, to: DateInput = from): DateRange {
  return { start: amsterdamDayRange(from).start, end: amsterdamDayRange(to).end };
}

/**
 * The Amsterdam calendar day a date picker shows as `yyyy-MM-dd` (e.g. Mantine's DatePicker value),
 * turned into its range; a picker's day string names a calendar day, not an instant.
 * @throws RangeError when `day` is not `yyyy-MM-dd`.
 */
export function amsterdamDayOf(day: string): DateRange {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new RangeError(`Not a yyyy-MM-dd day: ${day}`);
  // Noon in Amsterdam is on that calendar day in every DST state.
  const noon = new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12, 0, 0, WAREHOUSE_TZ);
  return amsterdamDayRange(noon.getTime());
}

/** Monday 00:00 in Amsterdam of the ISO week containing `value`, as an ISO instant. */
export function amsterdamWeekStart(value: DateInput = new Date()): string {
  const d = amsterdam(value);
  if (!d) throw new RangeError(`Not a date: ${String(value)}`);
  return iso(startOfWeek(d, { weekStartsOn: 1, in: inAmsterdam }));
}

/** 'yyyy-MM-dd' of the Amsterdam calendar day of `value` (a date picker's value); '' when not a date. */
export function amsterdamDay(value: DateInput = new Date()): string {
  const d = amsterdam(value);
  return d ? format(d, 'yyyy-MM-dd') : '';
}

/**
 * Hour (Amsterdam, 0–23) the open orders board's default range ends today (spec 1 §2, §9: "from 4 days ago until
 * today 22:00"): orders placed later are tomorrow's work. The demo's open orders of today are placed before it.
 */
export const OPEN_ORDERS_UNTIL_HOUR = 22;

/** The hour (0–23) on an Amsterdam clock at `value` (a greeting, a report hour). @throws RangeError when not a date. */
export function amsterdamHour(value: DateInput = new Date()): number {
  const d = amsterdam(value);
  if (!d) throw new RangeError(`Not a date: ${String(value)}`);
  return d.getHours();
}

/**
 * The Amsterdam wall-clock time of `value` as a date-time field shows it, 'yyyy-MM-dd HH:mm:ss'; '' when not a
 * date. With `at`, the Amsterdam day of `value` `days` days later at that hour and minute (e.g. 'today 22:00').
 */
export function amsterdamWallTime(
  value: DateInput = new Date(),
  at?: { days?: number; hour: number; minute?: number },
): string {
  const d = amsterdam(value);
  if (!d) return '';
  if (!at) return format(d, 'yyyy-MM-dd HH:mm:ss');
  const day = new TZDate(d.getFullYear(), d.getMonth(), d.getDate() + (at.days ?? 0), 12, 0, 0, WAREHOUSE_TZ);
  const moment = new TZDate(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    at.hour,
    at.minute ?? 0,
    0,
    WAREHOUSE_TZ,
  );
  return format(moment, 'yyyy-MM-dd HH:mm:ss');
}

/**
 * A date-time field's wall-clock value ('yyyy-MM-dd HH:mm[:ss]', a 'T' between also accepted) read as Amsterdam
 * time, whatever zone the browser runs in, as an ISO instant for the API; null when it is no such value.
 */
export function amsterdamWallTimeToIso(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  const t = new TZDate(
    y as number,
    (mo as number) - 1,
    d as number,
    h as number,
    mi as number,
    s ?? 0,
    WAREHOUSE_TZ,
  );
  if (!isValid(t) || t.getMonth() !== (mo as number) - 1 || t.getDate() !== d) return null;
  return iso(t);
}

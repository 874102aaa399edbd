/**
 * Moments on an Amsterdam clock ('4 days ago 00:00', 'today 22:00') as instants, with nothing but `TZDate`: apart from
 * dates.ts (which formats and parses text with date-fns) so an app's first file can use it without date-fns'
 * formatter (the portal's early list request, ADR 0093). Same zone rules as dates.ts (spec 2 §1, §9).
 */
import { TZDate } from '@date-fns/tz';

const ZONE = 'Europe/Amsterdam';

/** A moment on an Amsterdam clock: `days` days after the day of the instant in question, at `hour`:`minute`. */
export interface AmsterdamClockTime {
  days?: number;
  hour: number;
  minute?: number;
}

/**
 * The Amsterdam day of `d` (a TZDate in Amsterdam) `at.days` days later at `at.hour`:`at.minute`, as a TZDate; DST
 * days follow the zone (the day is stepped at noon, so a 23- or 25-hour day never skips or repeats a date).
 */
export function amsterdamMoment(d: TZDate, at: AmsterdamClockTime): TZDate {
  const day = new TZDate(d.getFullYear(), d.getMonth(), d.getDate() + (at.days ?? 0), 12, 0, 0, ZONE);
  return new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), at.hour, at.minute ?? 0, 0, ZONE);
}

/**
 * The instant (ISO, `...Z`) of the Amsterdam day of `value` (a Date, ISO text or epoch ms) `at.days` days later at
 * `at.hour`:`at.minute`: the instant `amsterdamWallTimeToIso(amsterdamWallTime(value, at))` of dates.ts gives, without
 * formatting and parsing text. @throws RangeError when `value` is not a date.
 */
export function amsterdamClockIso(value: Date | string | number, at: AmsterdamClockTime): string {
  const t = new Date(value).getTime();
  if (Number.isNaN(t)) throw new RangeError(`Not a date: ${String(value)}`);
  return new Date(amsterdamMoment(new TZDate(t, ZONE), at).getTime()).toISOString();
}

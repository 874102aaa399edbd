/**
 * The warehouse's zone and one boundary of its days, in a module of its own with nothing of date-fns but `TZDate`: the
 * floor's first file computes the pick list's default window with it (ADR 0078), and a bundler keeps a module's every
 * used export in one file, so dates.ts (with date-fns' `format`) would have come along whole.
 */
import { TZDate } from '@date-fns/tz';

/** The warehouse's time zone: 'today', 'this week' and report hours are counted here. */
export const WAREHOUSE_TZ = 'Europe/Amsterdam';

/**
 * The instant (ISO, `...Z`) of `at.hour`:`at.minute` on the Amsterdam calendar day `at.days` days after the one of
 * `value` (a Date, an ISO string or epoch milliseconds), whatever zone the device runs in: the same as
 * `amsterdamWallTimeToIso(amsterdamWallTime(value, at))` (dates.ts) for hours outside the spring DST gap.
 * @throws RangeError when `value` is not a date.
 */
export function amsterdamDayAt(
  value: Date | string | number,
  at: { days?: number; hour: number; minute?: number },
): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${String(value)}`);
  const d = new TZDate(time, WAREHOUSE_TZ);
  // Noon of the target day: a calendar day in every DST state, so `days` counts days, not 24-hour steps.
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
  return new Date(moment.getTime()).toISOString();
}

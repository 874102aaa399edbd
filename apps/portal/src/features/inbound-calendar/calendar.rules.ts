/**
 * The inbound calendar's rules (spec 2 §2 Inbound calendar, §9), pure so they are tested without a browser:
 * where an inbound sits on the calendar and for how long, the item table's unit header, the date range a view
 * asks the API for, and the years view's blocks and counts. docs/decisions/0039-inbound-calendar.md.
 */
import type { InboundProgress, InboundSummary, InboundType } from '@hoppa/core';

/**
 * One inbound as the calendar shows it: the public answer (core `CalendarEventSchema`, `GET /inbounds-report/{token}`)
 * or an inbound of the own list ({@link toCalendarInbound}): `{ id, inbound_number, title, type, status, progress,
 * track_trace, expected_delivery: 'YYYY-MM-DD' | null, checked_in_at: ISO | null }`. A summary (issue 8): an opened
 * event reads its items. Written out (not inferred from the schema) so this file stays free of zod.
 */
export interface CalendarInbound {
  id: string;
  inbound_number: string;
  title: string;
  type: InboundType;
  status: 'pending' | 'checked_in';
  /** The API's `progress` (core `inboundProgress`): expected, partly checked in or checked in; what the event shows. */
  progress?: InboundProgress;
  track_trace: string;
  expected_delivery: string | null;
  checked_in_at: string | null;
}

/** The date a missing expected delivery counts as (spec 2 §2, §9: 'treated as year 1800'). */
export const MISSING_EXPECTED_DATE = '1800-01-01';
/** How long an event lasts (spec 2 §9: one hour). */
export const EVENT_MS = 60 * 60 * 1000;
/**
 * The wall-clock time (Europe/Amsterdam) an expected delivery, a date without a time, is drawn at: the start of
 * the warehouse's receiving day, so the week and day views show it in working hours (ADR 0039).
 */
export const EXPECTED_AT = '09:00';

/** The calendar's views (spec 2 §2: week (default), day, month, year, years). */
export const CALENDAR_VIEWS = ['week', 'day', 'month', 'year', 'years'] as const;
/** One of {@link CALENDAR_VIEWS}. */
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** How many years the years view shows at once (a decade: 2020–2029). */
export const YEARS_PER_BLOCK = 10;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Where an inbound sits (spec 2 §9): a checked-in inbound at the moment it was checked in (an ISO instant); any
 * other at its expected delivery day at {@link EXPECTED_AT} Amsterdam time, a missing date counting as
 * {@link MISSING_EXPECTED_DATE}. Every event lasts {@link EVENT_MS} (one hour). `start`/`end` are ISO instants or
 * zone-less local times ('2026-11-25T09:00:00'), which the calendar reads in its time zone (Europe/Amsterdam).
 */
export function eventWindow(ev: Pick<CalendarInbound, 'status' | 'expected_delivery' | 'checked_in_at'>): {
  start: string;
  end: string;
} {
  if (ev.status === 'checked_in' && ev.checked_in_at) {
    const t = Date.parse(ev.checked_in_at);
    if (!Number.isNaN(t))
      return { start: new Date(t).toISOString(), end: new Date(t + EVENT_MS).toISOString() };
  }
  const day = /^\d{4}-\d{2}-\d{2}/.exec(ev.expected_delivery ?? '')?.[0] ?? MISSING_EXPECTED_DATE;
  const [h, m] = EXPECTED_AT.split(':').map(Number) as [number, number];
  const endMinutes = h * 60 + m + EVENT_MS / 60_000;
  return {
    start: `${day}T${EXPECTED_AT}:00`,
    end: `${day}T${pad(Math.floor(endMinutes / 60))}:${pad(endMinutes % 60)}:00`,
  };
}

/** The hours the week and day views show when every event of the range falls inside them (the receiving day). */
export const WORKING_HOURS = { from: 6, to: 20 } as const;

const amsterdamHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Minutes after midnight of `at` on the Amsterdam clock: a zone-less local time as written, an instant converted. */
function amsterdamMinutes(at: string): number | undefined {
  const local = /T(\d{2}):(\d{2})(?::\d{2})?$/.exec(at);
  if (local) return Number(local[1]) * 60 + Number(local[2]);
  const t = Date.parse(at);
  if (Number.isNaN(t)) return undefined;
  const [h = 0, m = 0] = amsterdamHour.format(t).split(':').map(Number);
  return h * 60 + m;
}

/**
 * The hours the week and day views draw (FullCalendar's `slotMinTime`/`slotMaxTime`, 'HH:00:00'): the receiving day
 * {@link WORKING_HOURS} (06:00–20:00), widened to whole hours so that every event of `events` (their
 * {@link eventWindow}) is drawn whole, e.g. an inbound checked in at 22:30 makes it 06:00–24:00 (ADR 0126). So the
 * first screen shows the working day instead of the night hours, and nothing is cut off.
 */
export function shownHours(events: readonly { start: string; end: string }[]): {
  slotMinTime: string;
  slotMaxTime: string;
} {
  let from = WORKING_HOURS.from * 60;
  let to = WORKING_HOURS.to * 60;
  for (const ev of events) {
    const start = amsterdamMinutes(ev.start);
    const end = amsterdamMinutes(ev.end);
    if (start === undefined || end === undefined) continue;
    from = Math.min(from, start);
    // An event that ends past midnight (end before start on the clock) runs to the end of the day.
    to = Math.max(to, end <= start ? 24 * 60 : end);
  }
  const hour = (minutes: number) => `${pad(minutes / 60)}:00:00`;
  return { slotMinTime: hour(Math.floor(from / 60) * 60), slotMaxTime: hour(Math.ceil(to / 60) * 60) };
}

/**
 * The item table's unit column (spec 2 §2: 'Pallets' for type pallet, otherwise 'Dozen'), as a text key of the
 * area's namespace: `table.pallets` or `table.boxes`.
 */
export function unitsHeaderKey(type: InboundType): 'table.pallets' | 'table.boxes' {
  return type === 'pallet' ? 'table.pallets' : 'table.boxes';
}

/**
 * The dates (inclusive, 'YYYY-MM-DD') the API is asked for when a view shows `startStr` up to `endStr`
 * (exclusive), as the calendar reports them in its time zone ('2026-11-23T00:00:00+01:00' or '2026-11-23').
 */
export function viewRange(startStr: string, endStr: string): { from: string; to: string } {
  const from = startStr.slice(0, 10);
  const end = new Date(`${endStr.slice(0, 10)}T12:00:00Z`);
  end.setUTCDate(end.getUTCDate() - 1);
  return { from, to: end.toISOString().slice(0, 10) };
}

/** The first year of the years view's block holding `year` (2026 → 2020). */
export function yearsBlockStart(year: number): number {
  return Math.floor(year / YEARS_PER_BLOCK) * YEARS_PER_BLOCK;
}

/** The dates the years view asks for: the whole block of `first` … `first + YEARS_PER_BLOCK - 1`. */
export function yearsRange(first: number): { from: string; to: string } {
  return { from: `${first}-01-01`, to: `${first + YEARS_PER_BLOCK - 1}-12-31` };
}

/**
 * Per year of the block starting at `first`: how many inbounds sit in it (by {@link eventWindow}'s start, in
 * Amsterdam time), split into expected (pending) and checked in. Every year of the block is listed, in order.
 */
export function countByYear(
  events: readonly CalendarInbound[],
  first: number,
): { year: number; expected: number; checkedIn: number }[] {
  const rows = Array.from({ length: YEARS_PER_BLOCK }, (_, i) => ({
    year: first + i,
    expected: 0,
    checkedIn: 0,
  }));
  for (const ev of events) {
    const row = rows[amsterdamYear(eventWindow(ev).start) - first];
    if (!row) continue;
    if (ev.status === 'checked_in') row.checkedIn++;
    else row.expected++;
  }
  return rows;
}

/** The Amsterdam year of an ISO instant, or the year written in a zone-less local time. */
function amsterdamYear(start: string): number {
  if (!/[zZ]|[+-]\d{2}:\d{2}$/.test(start)) return Number(start.slice(0, 4));
  return Number(
    new Date(start).toLocaleDateString('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric' }),
  );
}

/**
 * An inbound of the merchant's own list (`GET /inbounds`, a summary without items) as the public calendar would show
 * it: the same fields but the items, title '<organisation> <number>', a missing expected date as
 * {@link MISSING_EXPECTED_DATE} (as the API does). The event's details read its items when opened.
 */
export function toCalendarInbound(ib: InboundSummary): CalendarInbound {
  return {
    id: ib.id,
    inbound_number: ib.inbound_number,
    title: `${ib.org_name} ${ib.inbound_number}`,
    type: ib.type,
    status: ib.status,
    ...(ib.progress ? { progress: ib.progress } : {}),
    track_trace: ib.track_trace,
    expected_delivery: ib.expected_delivery?.slice(0, 10) ?? MISSING_EXPECTED_DATE,
    checked_in_at: ib.checked_in_at,
  };
}

/**
 * Whether an inbound belongs in the range `from`…`to` (inclusive dates) as the public endpoint selects: its
 * expected date (1800 when missing) or its check-in day falls in it. Used to filter the merchant's own list.
 */
export function inRange(ev: CalendarInbound, from: string, to: string): boolean {
  const expected = ev.expected_delivery ?? MISSING_EXPECTED_DATE;
  if (expected >= from && expected <= to) return true;
  if (!ev.checked_in_at) return false;
  const day = new Date(ev.checked_in_at).toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });
  return day >= from && day <= to;
}

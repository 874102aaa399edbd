import { amsterdamDayRange, amsterdamWeekStart } from '../common/dates.ts';
import type { ReportTable } from './report.schema.ts';

/** A report as a chart and a table take it: one row per hour with a count per person, and each person's total. */
export interface ReportSeries {
  /** `[{ hour: '07:00', 'Piet Jansen': 12, … }]`, hours in the report's order. */
  data: Record<string, string | number>[];
  /** The people in the report's order (most work first). */
  people: string[];
  /** Each person's total over the range, most first (spec 1 §2 Scoreboard "per-player table, sorted descending"). */
  totals: { name: string; total: number }[];
}

/**
 * Reads the spec's report table (spec 1 §7 `GET /report/pick`: first row the headers `['hour', …people]`, then
 * `[hour, …counts]`) into chart rows and per-person totals, sorted by total descending. An empty or header-only
 * table gives no rows. Pure.
 */
export function reportSeries(table: ReportTable): ReportSeries {
  const [header = [], ...rows] = table;
  const people = header.slice(1).map(String);
  const data = rows.map((row) => {
    const point: Record<string, string | number> = { hour: String(row[0]) };
    people.forEach((p, i) => {
      point[p] = Number(row[i + 1] ?? 0);
    });
    return point;
  });
  const totals = people
    .map((name) => ({ name, total: data.reduce((n, d) => n + Number(d[name] ?? 0), 0) }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  return { data: withQuietHours(data, people), people, totals };
}

/**
 * The hours a report chart's axis always shows (spec 1 §2 Scoreboard, Home dashboard: "by hour"): a warehouse day
 * shift, 07:00 up to and including 18:00, Amsterdam clock. Work outside it widens the axis; see {@link withQuietHours}.
 */
export const REPORT_WORKDAY_HOURS: HourFrame = { first: 7, last: 18 };

/** An inclusive span of hours of the day, 0–23 (`{ first: 7, last: 18 }` is 07:00 up to and including 18:00). */
export interface HourFrame {
  first: number;
  last: number;
}

/**
 * Chart rows (`{ hour: 'HH:00', [key]: count }`, hours ascending) with every hour of the axis: the hours of `frame`
 * (default {@link REPORT_WORKDAY_HOURS}; null for none), widened to the first and last hour with work, each hour
 * without a row added with every `key` of `keys` 0. The reports list only hours with work: without this, '02:00'
 * then '05:00' would draw as neighbours and a quiet morning would be missing from the axis a manager reads. No rows
 * stay no rows (the chart's 'No data'); rows are unchanged when any `hour` is not an 'HH:00' hour. Pure (spec 1 §2
 * Scoreboard).
 */
export function withQuietHours(
  data: Record<string, string | number>[],
  keys: string[],
  frame: HourFrame | null = REPORT_WORKDAY_HOURS,
): Record<string, string | number>[] {
  const hours = data.map((d) => /^([01]\d|2[0-3]):00$/.exec(String(d.hour))?.[1]);
  if (data.length === 0 || hours.some((h) => h === undefined)) return data;
  const numbers = hours.map(Number);
  const byHour = new Map(data.map((d, i) => [numbers[i], d]));
  const first = Math.min(...numbers, ...(frame ? [frame.first] : []));
  const last = Math.max(...numbers, ...(frame ? [frame.last] : []));
  const filled: Record<string, string | number>[] = [];
  for (let h = first; h <= last; h++) {
    const hour = `${String(h).padStart(2, '0')}:00`;
    filled.push(byHour.get(h) ?? Object.fromEntries([['hour', hour], ...keys.map((k) => [k, 0])]));
  }
  return filled;
}

const DAY_MS = 86_400_000;

/**
 * The scoreboard's default range (spec 1 §2 Scoreboard, §9: "today, previous ISO week on weekends"): on Saturday and
 * Sunday in Amsterdam the Monday–Sunday week before the current one, else today. ISO instants.
 */
export function scoreboardDefaultRange(now: Date = new Date()): { start: string; end: string } {
  const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', weekday: 'short' }).format(
    now,
  );
  if (weekday !== 'Sat' && weekday !== 'Sun') return amsterdamDayRange(now);
  const thisWeek = Date.parse(amsterdamWeekStart(now));
  // Noon of the previous Monday, so a DST change in between cannot move it to another day.
  const previousMonday = amsterdamDayRange(thisWeek - 7 * DAY_MS + DAY_MS / 2).start;
  return { start: previousMonday, end: new Date(thisWeek - 1).toISOString() };
}

/**
 * The label print run's default range (spec 2 §2 Label printing, spec 3 §9: "from the start of the current hour to
 * the end of the hour plus 2 hours"): the start of this hour until 3 hours later, less a millisecond. Hours are the
 * same everywhere the Netherlands' offset is whole hours. ISO instants.
 */
export function labelRunDefaultRange(now: Date = new Date()): { start: string; end: string } {
  const hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  return { start: new Date(hour).toISOString(), end: new Date(hour + 3 * 3_600_000 - 1).toISOString() };
}

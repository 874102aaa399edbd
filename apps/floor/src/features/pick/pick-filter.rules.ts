import type { PickFilter } from '../../offline/db.ts';

// The pick filter's rules that the floor's first file holds since ADR 0078 (main.tsx sends the list's first page on a
// fresh device): nothing here may import the date rules (date-fns, the time zone data), IndexedDB or zod. pick.rules.ts
// re-exports them.

/** The narrowing filters of {@link PickFilter} (issue 11), unset: the whole window. */
const NO_NARROWING = {
  location: null,
  locationGroup: null,
  cutOffGroup: null,
  method: null,
  org: null,
  orderId: '',
} as const;

/** A filter with every narrowing field present (a filter stored before they existed reads as "all"). */
export function fullFilter(f: PickFilter): Required<PickFilter> {
  return {
    ...NO_NARROWING,
    ...f,
    location: f.location ?? null,
    locationGroup: f.locationGroup ?? null,
    cutOffGroup: f.cutOffGroup ?? null,
    method: f.method ?? null,
    org: f.org ?? null,
    orderId: (f.orderId ?? '').trim(),
  };
}

/** Whether two filters select the same pick list. */
export function sameFilter(a: PickFilter, b: PickFilter): boolean {
  const x = fullFilter(a);
  const y = fullFilter(b);
  return (Object.keys(x) as (keyof typeof x)[]).every((k) => x[k] === y[k]);
}

/** How many narrowing filters are set (the footer says so: the list is not the whole window). */
export function narrowingCount(f: PickFilter): number {
  const x = fullFilter(f);
  return [x.location, x.locationGroup, x.cutOffGroup, x.method, x.org, x.orderId || null].filter(Boolean)
    .length;
}

/**
 * The request of `GET /pick_list/pick/…` for a filter (spec 2 §7): path and query. Every line, located or not: a line
 * without a pick location is picked by scanning the product, then the location it is taken from (linked with
 * `POST /pick_list`).
 */
export function pickListRequest(f: PickFilter) {
  const x = fullFilter(f);
  return {
    params: {
      locations: x.location ?? 'all',
      query_type: 'all' as const,
      start: x.start,
      end: x.end,
      orgs: x.org ?? 'all',
    },
    query: {
      sequence: x.reverse ? ('reverse' as const) : ('normal' as const),
      single_orders: x.singleOrders,
      multi_orders: x.multiOrders,
      ...(x.method ? { delivery: x.method } : {}),
      ...(x.orderId ? { order_id: x.orderId } : {}),
      ...(x.locationGroup ? { location_group: x.locationGroup } : {}),
      ...(x.cutOffGroup ? { cut_off_group: x.cutOffGroup } : {}),
    },
  };
}

const HOUR = 3_600_000;

/** Midnight UTC of the last Sunday of `month` (0–11) in `year`, in ms. */
function lastSunday(year: number, month: number): number {
  const last = Date.UTC(year, month + 1, 0);
  return last - new Date(last).getUTCDay() * 24 * HOUR;
}

/** Amsterdam's offset from UTC at instant `t` (ms) by the EU rule: summer time (+2 h) from the last Sunday of March,
 * 01:00 UTC, to the last Sunday of October, 01:00 UTC; +1 h otherwise. */
function amsterdamOffset(t: number): number {
  const year = new Date(t).getUTCFullYear();
  const summer = t >= lastSunday(year, 2) + HOUR && t < lastSunday(year, 9) + HOUR;
  return summer ? 2 * HOUR : HOUR;
}

/**
 * The default pick filter, like the orders list: from 00:00 four days ago until 22:00 today in warehouse days
 * (Europe/Amsterdam, whatever zone the scanner is set to), walking order, neither single- nor multi-orders only.
 * Reckoned with the EU's summer-time rule instead of the time zone database (ADR 0078 for the list's first page, ADR
 * 0091 for the screen): the page's first `Intl.DateTimeFormat` (what date-fns' TZDate and core's `amsterdamWallTime`
 * call) costs ~80 ms at 4× CPU, a task of its own in the pick screen's start. `pick-first-page.test.tsx` holds it to
 * core's `amsterdamWallTime` (the time zone database) from 2026 to 2030 and around every change, so a change of the
 * rule in the database fails that test.
 */
export function defaultPickFilter(now: Date = new Date()): PickFilter {
  const wall = new Date(now.getTime() + amsterdamOffset(now.getTime()));
  const at = (days: number, hour: number) => {
    const local = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + days, hour);
    // 00:00 and 22:00 are never near a change (01:00 UTC), so the offset an hour before is the one at that time.
    return new Date(local - amsterdamOffset(local - HOUR)).toISOString();
  };
  return { start: at(-4, 0), end: at(0, 22), reverse: false, singleOrders: false, multiOrders: false };
}

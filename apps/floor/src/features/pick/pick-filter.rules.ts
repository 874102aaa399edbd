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

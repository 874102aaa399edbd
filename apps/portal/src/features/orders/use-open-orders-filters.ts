import type { OpenOrdersQuery } from '@hoppa/core';
import { useCallback, useMemo, useRef } from 'react';
import { z } from 'zod';
import { useUrlState } from '../../lib/url-state.ts';
import type { OpenOrdersFilter } from './api/get-open-orders.ts';
import type { OrderFilterValues } from './components/order-filters.tsx';
import {
  DEFAULT_ORDER_LIMIT,
  defaultOrderRange,
  localInputToIso,
  ORDER_LIMIT_OPTIONS,
} from './open-orders.rules.ts';

/** A comma-separated list in the URL (`?loc=A-01,B-02`) as an array; empty when absent. */
const commaList = z
  .string()
  .max(2000)
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .default([]);

/**
 * The open orders filters in the URL (spec 1 §2 Open orders list), so a reload, the back button or a link sent to
 * the next shift's packer shows the same board: period (Amsterdam wall-clock, default 4 days ago 00:00 until today
 * 22:00), pack size, pick locations, shipment methods, page limit, the red and B2B toggles and one organisation.
 * Values equal to the default stay out of the URL.
 */
export const OpenOrdersUrlState = z.object({
  from: z.string().default(() => defaultOrderRange().from),
  until: z.string().default(() => defaultOrderRange().until),
  pack: z.enum(['all', '1', '2']).default('all'),
  loc: commaList,
  method: commaList,
  limit: z.coerce
    .number()
    .refine((n) => (ORDER_LIMIT_OPTIONS as readonly number[]).includes(n))
    .default(DEFAULT_ORDER_LIMIT),
  red: z.stringbool().default(false),
  b2b: z.stringbool().default(false),
  org: z
    .string()
    .regex(/^[0-9a-f]{24}$/)
    .or(z.literal(''))
    .default(''),
});

/** What the scanner narrows the list to on top of the filters (spec 1 §4): a scanned EAN and a picked location. */
export interface ScanNarrowing {
  selectedEan: string | null;
  pickedLocation: string | null;
}

/** The URL state as the filter bar's values. */
export function filtersFromUrl(url: z.output<typeof OpenOrdersUrlState>): OrderFilterValues {
  return {
    from: url.from,
    until: url.until,
    packSize: url.pack,
    locations: url.loc,
    methods: url.method,
    limit: url.limit,
    red: url.red,
    b2b: url.b2b,
    org: url.org || null,
  };
}

/**
 * The URL fields of a change of the filter bar: only those of `patch`, so `useUrlState`'s update merges them into the
 * URL as it is now, not as the bar last saw it.
 */
export function urlPatch(patch: Partial<OrderFilterValues>): Partial<z.output<typeof OpenOrdersUrlState>> {
  const names = { packSize: 'pack', locations: 'loc', methods: 'method' } as const;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    out[names[key as keyof typeof names] ?? key] = key === 'org' ? (value ?? '') : value;
  }
  return out as Partial<z.output<typeof OpenOrdersUrlState>>;
}

/** A time range as ISO instants (the API's `start` and `end`). */
export interface IsoRange {
  start: string;
  end: string;
}

/**
 * The list query the filter bar's values and the scanner's narrowing make (`GET /orders/open/:start/:end/:pack_size`
 * with its query string, spec 1 §2). A period that is not a whole date yet takes `lastRange`'s bound instead.
 * The page (`useOpenOrdersFilters`) and the route's prefetch (open-orders.prefetch.ts) both build the query key
 * with it, so the prefetched answer is the one the page reads.
 */
export function openOrdersFilter(
  filters: OrderFilterValues,
  scan: ScanNarrowing,
  lastRange: IsoRange = { start: '', end: '' },
): OpenOrdersFilter {
  const start = localInputToIso(filters.from) ?? lastRange.start;
  const end = localInputToIso(filters.until) ?? lastRange.end;
  const query: OpenOrdersQuery = {
    limit: filters.limit,
    ...(filters.locations.length ? { location: filters.locations.join(',') } : {}),
    ...(filters.methods.length ? { shipment_method: filters.methods.join(',') } : {}),
    ...(scan.pickedLocation ? { picked_location: scan.pickedLocation } : {}),
    ...(scan.selectedEan ? { ean: scan.selectedEan } : {}),
    ...(filters.red ? { red_orders: true } : {}),
    ...(filters.b2b ? { b2b_orders: true } : {}),
    ...(filters.org ? { org_id: filters.org } : {}),
  };
  return { start, end, packSize: filters.packSize, query };
}

/**
 * The filter bar's values (from the URL) and their setter, and the list query they make together with the scanner's
 * narrowing. While a typed date is not a whole date yet, the last valid range stays in force.
 */
export function useOpenOrdersFilters(scan: ScanNarrowing) {
  const [url, update] = useUrlState(OpenOrdersUrlState);
  const filters = useMemo(() => filtersFromUrl(url), [url]);
  const setFilters = useCallback((patch: Partial<OrderFilterValues>) => update(urlPatch(patch)), [update]);
  const lastRange = useRef<IsoRange>({ start: '', end: '' });
  const filter = openOrdersFilter(filters, scan, lastRange.current);
  lastRange.current = { start: filter.start, end: filter.end };
  return { filters, setFilters, filter };
}

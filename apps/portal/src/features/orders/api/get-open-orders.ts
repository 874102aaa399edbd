import { type OpenOrdersQuery, openOrdersEndpoint } from '@hoppa/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callTrusted } from '../../../lib/api.ts';

/** Filters of the open orders list (spec 1 §2 Open orders list, §7 GET /orders/open/...). */
export interface OpenOrdersFilter {
  /** ISO date-times bounding the order's placed date. */
  start: string;
  end: string;
  /** 'all' both, '1' single-line orders, '2' multi-line orders. */
  packSize: 'all' | '1' | '2';
  query: OpenOrdersQuery;
}

/** Query keys of the orders area; invalidate `orderKeys.open` after shipping or importing. */
export const orderKeys = {
  all: ['orders'] as const,
  open: ['orders', 'open'] as const,
  openList: (f: OpenOrdersFilter) => ['orders', 'open', f] as const,
  methods: ['orders', 'shipment-methods'] as const,
  boxes: ['orders', 'shipment-boxes'] as const,
};

/**
 * An open orders answer younger than this is not asked again when the page mounts: the route's prefetch
 * (open-orders.prefetch.ts) has just fetched it, often before the page's code is in (ms; ADR 0075). Shipping and
 * importing invalidate the list, and the refresh button refetches, whatever its age.
 */
export const OPEN_ORDERS_FRESH_MS = 10_000;

/** The open orders, grouped per pick location. */
export function openOrdersQueryOptions(f: OpenOrdersFilter) {
  return queryOptions({
    queryKey: orderKeys.openList(f),
    staleTime: OPEN_ORDERS_FRESH_MS,
    // Taken as the API wrote it (ADR 0117): the board's first paint waits on this answer.
    queryFn: () =>
      callTrusted(openOrdersEndpoint, {
        params: { start: f.start, end: f.end, pack_size: f.packSize },
        query: f.query,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOpenOrders(f: OpenOrdersFilter) {
  return useQuery(openOrdersQueryOptions(f));
}

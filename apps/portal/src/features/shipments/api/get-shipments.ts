import { shipmentDetailEndpoint, shipmentListEndpoint } from '@hoppa/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** Filters of the shipments list: ISO instants and an optional search term of 3+ characters. */
export interface ShipmentsFilter {
  start: string;
  end: string;
  search: string | null;
}

export const shipmentKeys = {
  all: ['shipments'] as const,
  list: (f: ShipmentsFilter) => ['shipments', 'list', f] as const,
  detail: (id: string) => ['shipments', 'detail', id] as const,
};

/** Shipped orders in a period (`GET /shipments`, spec 1 §2 Shipments), newest first. */
export function shipmentsQueryOptions(f: ShipmentsFilter) {
  return queryOptions({
    queryKey: shipmentKeys.list(f),
    queryFn: () =>
      call(shipmentListEndpoint, {
        query: { start: f.start, end: f.end, ...(f.search ? { search: f.search } : {}), limit: 500 },
      }),
    placeholderData: keepPreviousData,
  });
}

/** One shipment with its order (`GET /shipments/:id`, spec 1 §2 Order detail). */
export function shipmentQueryOptions(id: string) {
  return queryOptions({
    queryKey: shipmentKeys.detail(id),
    queryFn: () => call(shipmentDetailEndpoint, { params: { id } }),
  });
}

export function useShipments(f: ShipmentsFilter) {
  return useQuery(shipmentsQueryOptions(f));
}

export function useShipment(id: string) {
  return useQuery(shipmentQueryOptions(id));
}

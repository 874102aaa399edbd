import { type ShipmentListQuery, shipmentDetailEndpoint, shipmentListEndpoint } from '@hoppa/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** Rows per page of the shipments list. */
export const SHIPMENTS_PAGE_SIZE = 50;

/**
 * Filters of the shipments list: ISO instants, an optional search term of 3+ characters, the 1-based page and the
 * sort (core SHIPMENT_SORTS).
 */
export interface ShipmentsFilter {
  start: string;
  end: string;
  search: string | null;
  page: number;
  sort: ShipmentListQuery['sort'];
}

/** One page of shipped orders in a period (`GET /shipments`, spec 1 §2 Shipments), in the chosen order. */
export function useShipments(f: ShipmentsFilter) {
  return useQuery({
    ...endpointQuery(shipmentListEndpoint, {
      query: {
        start: f.start,
        end: f.end,
        ...(f.search ? { search: f.search } : {}),
        sort: f.sort,
        skip: (f.page - 1) * SHIPMENTS_PAGE_SIZE,
        limit: SHIPMENTS_PAGE_SIZE,
      },
    }),
    placeholderData: keepPreviousData,
  });
}

/** One shipment with its order (`GET /shipments/:id`, spec 1 §2 Order detail). */
export function useShipment(id: string) {
  return useQuery(endpointQuery(shipmentDetailEndpoint, { params: { id } }));
}

import {
  type DeliveryGroup,
  deliveryPerformanceEndpoint,
  orderListDocumentEndpoint,
  orderPackingListEndpoint,
  orderSearchEndpoint,
  orderShippedEndpoint,
  shipmentRangeEndpoint,
} from '@hoppa/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { saveBlob } from './download-shipment-document.ts';

/** Rows per page of a speed group and of the search results. */
export const GROUP_PAGE_SIZE = 20;

/** Delivery performance of a period (`GET /orders/perform/{start}/{end}`, spec 1 §2 Shipments header). */
export function usePerformance(start: string, end: string) {
  return useQuery({
    ...endpointQuery(deliveryPerformanceEndpoint, { params: { start, end } }),
    enabled: !!start && !!end,
  });
}

/** One page of a speed group of the period (`GET /orders/{start}/{end}?group=`); only fetched while open. */
export function useShipmentGroup(
  start: string,
  end: string,
  group: DeliveryGroup,
  page: number,
  open: boolean,
) {
  return useQuery({
    ...endpointQuery(shipmentRangeEndpoint, {
      params: { start, end },
      query: { group, skip: (page - 1) * GROUP_PAGE_SIZE, limit: GROUP_PAGE_SIZE },
    }),
    enabled: open && !!start && !!end,
    placeholderData: keepPreviousData,
  });
}

/** Shipped orders of any date matching `term` (`GET /orders/search/{term}`, 3+ characters), one page. */
export function useShipmentSearch(term: string | null, page: number) {
  return useQuery({
    ...endpointQuery(orderSearchEndpoint, {
      params: { term: term ?? '' },
      query: { skip: (page - 1) * GROUP_PAGE_SIZE, limit: GROUP_PAGE_SIZE },
    }),
    enabled: !!term,
    placeholderData: keepPreviousData,
  });
}

/** Marks the parcel of an order handed over or delivered (`POST /order/shipped/{id}`); refreshes what shows it. */
export function useMarkShipped() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { orderId: string; status: 'handed_over' | 'delivered' }) =>
      call(orderShippedEndpoint, { params: { id: v.orderId }, body: { status: v.status } }),
    onSuccess: () => qc.invalidateQueries(),
  });
}

/** Downloads the order list (O) or packing list (P) PDF of an order (`GET /order/order_list|packing_list/{id}`). */
export function useOrderDocument() {
  return useMutation({
    mutationFn: async (v: { orderId: string; orderNumber: string; doc: 'order_list' | 'packing_list' }) => {
      const endpoint = v.doc === 'order_list' ? orderListDocumentEndpoint : orderPackingListEndpoint;
      const blob = await call(endpoint, { params: { id: v.orderId } });
      const safe = v.orderNumber.replace(/[^A-Za-z0-9_-]+/g, '') || v.orderId;
      saveBlob(blob, `${v.doc === 'order_list' ? 'order-list' : 'packing-list'}-${safe}.pdf`);
    },
  });
}

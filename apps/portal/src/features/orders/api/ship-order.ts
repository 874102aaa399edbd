import {
  requestWithHeaders,
  SHIPMENT_ID_HEADER,
  type ShipOrderBody,
  shipOrderEndpoint,
  TRACKING_NUMBER_HEADER,
} from '@hoppa/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { orderKeys } from './get-open-orders.ts';

/** What shipping an order gives back: the label PDF and the headers naming the shipment. */
export interface ShipResult {
  orderId: string;
  label: Blob;
  trackingNumber: string | null;
  shipmentId: string | null;
}

/**
 * Ships an order (`POST /orders/ship`, spec 1 §4 Shipping a card): answers the label PDF, with the tracking number
 * and shipment id in the endpoint's typed response headers. The open list is refetched: the order leaves it.
 */
export async function shipOrder(body: ShipOrderBody): Promise<ShipResult> {
  const { data, headers } = await requestWithHeaders(api, shipOrderEndpoint, { body });
  return {
    orderId: body.order_id,
    label: data,
    trackingNumber: headers[TRACKING_NUMBER_HEADER],
    shipmentId: headers[SHIPMENT_ID_HEADER],
  };
}

export function useShipOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    // Only the open lists: the shipment methods and boxes did not change, and refetching them
    // after every scan-ship would double the calls of a packing run.
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.open }),
  });
}

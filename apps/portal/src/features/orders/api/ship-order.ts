import {
  request,
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
 * Ships an order (`POST /orders/ship`, spec 1 §4 Shipping a card): answers the label PDF with the
 * tracking number and shipment id in the `x-tracking-number` and `x-shipment-id` headers, which
 * `request()` does not return, so an afterResponse hook reads them. The open list is refetched:
 * the order leaves it.
 */
export async function shipOrder(body: ShipOrderBody): Promise<ShipResult> {
  let headers: Headers | null = null;
  const label = (await request(
    api,
    shipOrderEndpoint,
    { body },
    {
      hooks: {
        afterResponse: [
          ({ response }) => {
            headers = response.headers;
          },
        ],
      },
    },
  )) as Blob;
  const h = headers as Headers | null;
  return {
    orderId: body.order_id,
    label,
    trackingNumber: h?.get(TRACKING_NUMBER_HEADER) ?? null,
    shipmentId: h?.get(SHIPMENT_ID_HEADER) ?? null,
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

import { shipmentBoxesEndpoint, shipmentMethodsEndpoint } from '@hoppa/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { orderKeys } from './get-open-orders.ts';

/** Active shipment methods (`GET /shipment_methods`); they change rarely, so cached for 5 minutes. */
export const shipmentMethodsQueryOptions = queryOptions({
  queryKey: orderKeys.methods,
  queryFn: () => call(shipmentMethodsEndpoint, {}),
  staleTime: 5 * 60_000,
});

/** Shipment boxes (`GET /shipment_boxes`). */
export const shipmentBoxesQueryOptions = queryOptions({
  queryKey: orderKeys.boxes,
  queryFn: () => call(shipmentBoxesEndpoint, {}),
  staleTime: 5 * 60_000,
});

export function useShipmentMethods() {
  return useQuery(shipmentMethodsQueryOptions);
}

export function useShipmentBoxes() {
  return useQuery(shipmentBoxesQueryOptions);
}

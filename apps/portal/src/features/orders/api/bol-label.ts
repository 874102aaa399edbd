import {
  acceptBolCancellationEndpoint,
  bolShipOptionsEndpoint,
  MARKETPLACE_CONFIRMATION_HEADER,
  requestWithHeaders,
  type ShipBolOrderBody,
  shipBolOrderEndpoint,
  TRACKING_NUMBER_HEADER,
} from '@hoppa/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../../lib/api.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { orderKeys } from './get-open-orders.ts';

/**
 * The bol label options of a bol order (`GET /orders/bol/ship_options/{id}`, spec 1 §3 Ship option), asked only when
 * `enabled` (the packer opens them: each ask is a call to bol). Not retried: bol's refusal is shown as it is.
 */
export function useBolShipOptions(orderId: string, enabled: boolean) {
  return useQuery({
    ...endpointQuery(bolShipOptionsEndpoint, { params: { id: orderId } }),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/**
 * Ships a bol order with a bol label (`POST /orders/ship/bol`, spec 1 §4 marketplace label): the label PDF, the track
 * and trace and whether bol took the confirmation at once. The open list is refetched: the order leaves it.
 */
export function useShipBolOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ShipBolOrderBody) => {
      const { data, headers } = await requestWithHeaders(api, shipBolOrderEndpoint, { body });
      return {
        label: data,
        trackingNumber: headers[TRACKING_NUMBER_HEADER],
        confirmation: headers[MARKETPLACE_CONFIRMATION_HEADER],
      };
    },
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.open }),
  });
}

/**
 * Accepts the customer's cancellation request of a bol order (`POST /order/bol/cancellation/{id}`, ADR 0128): bol
 * cancels the requested items, the lines are cancelled here and the order too when nothing is left to ship. The open
 * list is refetched either way (a refusal of bol may follow items bol did cancel).
 */
export function useAcceptBolCancellation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => call(acceptBolCancellationEndpoint, { params: { id: orderId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.open }),
  });
}

import { packingSlipEndpoint } from '@hoppa/core';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** The packing slip PDF of an order (`POST /orders/packing_slip` {order_id}, spec 1 §7). */
export function usePackingSlip() {
  return useMutation({
    mutationFn: async (orderId: string) => await call(packingSlipEndpoint, { body: { order_id: orderId } }),
  });
}

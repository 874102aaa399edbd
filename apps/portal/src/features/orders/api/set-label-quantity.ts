import { orderLabelQuantityEndpoint } from '@hoppa/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { orderKeys } from './get-open-orders.ts';

/** `POST /order/labels/quantity` {order_id, quantity} (spec 1 §7): how many labels the order gets. */
export function useSetLabelQuantity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { orderId: string; quantity: number }) =>
      call(orderLabelQuantityEndpoint, { body: { order_id: v.orderId, quantity: v.quantity } }),
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.open }),
  });
}

import { orderShipmentMethodEndpoint } from '@hoppa/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { orderKeys } from './get-open-orders.ts';

/** `POST /order/shipment_method/:orderId` {code}: the order's selected ship option (spec 1 §7). */
export function useSelectShipmentMethod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { orderId: string; code: string }) =>
      call(orderShipmentMethodEndpoint, { params: { orderId: v.orderId }, body: { code: v.code } }),
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.open }),
  });
}

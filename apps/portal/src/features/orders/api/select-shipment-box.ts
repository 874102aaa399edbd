import { orderShipmentPackageEndpoint } from '@hoppa/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { orderKeys } from './get-open-orders.ts';

/** `POST /order/shipment_package/:orderId` {id}: the order's selected packaging option (spec 1 §7). */
export function useSelectShipmentBox() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { orderId: string; boxId: string }) =>
      call(orderShipmentPackageEndpoint, { params: { orderId: v.orderId }, body: { id: v.boxId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.open }),
  });
}

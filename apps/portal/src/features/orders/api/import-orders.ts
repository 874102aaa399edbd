import { type OrderImportRow, orderImportEndpoint } from '@hoppa/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { orderKeys } from './get-open-orders.ts';

/**
 * `POST /orders/import` (spec 1 §7): the mapped rows; answers the created orders, the rejected rows
 * and warnings. The open orders are refetched afterwards.
 */
export function useImportOrders() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rows: OrderImportRow[]) => call(orderImportEndpoint, { body: rows }),
    onSuccess: () => qc.invalidateQueries({ queryKey: orderKeys.open }),
  });
}

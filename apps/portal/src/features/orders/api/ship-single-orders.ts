import {
  BATCH_SUMMARY_HEADER,
  type BatchShipSingleBody,
  type BatchShipSummary,
  type BatchSkipReason,
  BatchSkipReasonSchema,
  batchShipSingleEndpoint,
  isProblem,
  requestWithHeaders,
} from '@hoppa/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { orderKeys } from './get-open-orders.ts';

/** What the batch gave back: one PDF with every label, and what shipped or was skipped. */
export interface ShipSinglesResult extends BatchShipSummary {
  labels: Blob;
}

/**
 * Ships the single-line orders of a pick location (`POST /orders/ship/batch/single`, spec 1 §2
 * 'print single orders', §4): answers one labels PDF, with the summary in the typed `x-batch-summary` header.
 */
export async function shipSingleOrders(body: BatchShipSingleBody): Promise<ShipSinglesResult> {
  const { data, headers } = await requestWithHeaders(api, batchShipSingleEndpoint, { body });
  return { labels: data, ...headers[BATCH_SUMMARY_HEADER] };
}

/**
 * The skipped orders of a batch that shipped nothing (409 `nothing_shipped`: each issue's `path` is
 * the order id, its `message` the reason); null for any other error.
 */
export function skippedWhenNothingShipped(
  error: unknown,
): { order_id: string; reason: BatchSkipReason }[] | null {
  if (!isProblem(error, batchShipSingleEndpoint, 'nothing_shipped')) return null;
  return (error.body.issues ?? []).map((i) => {
    const reason = BatchSkipReasonSchema.safeParse(i.message);
    return { order_id: String(i.path), reason: reason.success ? reason.data : 'failed' };
  });
}

export function useShipSingleOrders() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: shipSingleOrders,
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.open }),
  });
}

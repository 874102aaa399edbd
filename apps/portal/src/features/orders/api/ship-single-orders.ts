import {
  ApiError,
  BATCH_SUMMARY_HEADER,
  type BatchShipSingleBody,
  type BatchShipSummary,
  BatchShipSummarySchema,
  type BatchSkipReason,
  BatchSkipReasonSchema,
  batchShipSingleEndpoint,
  request,
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
 * 'print single orders', §4): answers one labels PDF with the summary in the `x-batch-summary`
 * header, which `request()` does not return, so an afterResponse hook reads it (as shipOrder does).
 */
export async function shipSingleOrders(body: BatchShipSingleBody): Promise<ShipSinglesResult> {
  let headers: Headers | null = null;
  const labels = (await request(
    api,
    batchShipSingleEndpoint,
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
  const raw = (headers as Headers | null)?.get(BATCH_SUMMARY_HEADER);
  const parsed = BatchShipSummarySchema.safeParse(raw ? JSON.parse(raw) : null);
  return { labels, ...(parsed.success ? parsed.data : { shipped: [], skipped: [] }) };
}

/**
 * The skipped orders of a batch that shipped nothing (409 `nothing_shipped`: each issue's `path` is
 * the order id, its `message` the reason); null for any other error.
 */
export function skippedWhenNothingShipped(
  error: unknown,
): { order_id: string; reason: BatchSkipReason }[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { code?: unknown; issues?: { path?: unknown; message?: unknown }[] } | null;
  if (body?.code !== 'nothing_shipped' || !Array.isArray(body.issues)) return null;
  return body.issues.map((i) => {
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

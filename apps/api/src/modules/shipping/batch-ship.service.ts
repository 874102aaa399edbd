import { type BatchShipSingleBody, type BatchShipSummary, type BatchSkipReason, newId } from '@hoppa/core';
import { HttpProblem } from '../../lib/errors.ts';
import { type ShippingContext, shipOrder } from './ship-order.service.ts';

/** The outcome of a batch: the labels of the shipped orders as one PDF (null when none shipped). */
export interface BatchShipResult extends BatchShipSummary {
  labelsPdf: Buffer | null;
  /** Unexpected errors behind `failed` skips, for the log. */
  failures: { orderId: string; error: unknown }[];
}

const SKIP_REASON: Record<string, BatchSkipReason> = {
  not_found: 'not_found',
  not_single_line: 'not_single_line',
  order_shipped: 'not_open',
  order_cancelled: 'not_open',
  cancellation_requested: 'cancellation_requested',
  bad_request: 'cannot_ship',
  conflict: 'not_open',
  outside_service: 'cannot_ship',
};

/**
 * Ships the single-line orders of a pick location at once (spec 1 §2 'print single orders', §4, §7
 * POST /orders/ship/batch/single). Each id (duplicates once, in the given order) goes through
 * {@link shipOrder} with `singleLineOnly`, in its own transaction, so a failure undoes no other
 * shipment; its problem becomes the skip reason (an error that is no problem: `failed`, kept in
 * `failures`). `orgId` narrows the visible organisations: an order outside it is `not_found`. The
 * labels are joined into one PDF in the given order (pdf-lib copies the carriers' pages as they are).
 */
export async function shipSingleLineOrders(
  ctx: ShippingContext,
  body: BatchShipSingleBody,
  now = new Date(),
): Promise<BatchShipResult> {
  const orgIds = body.orgId ? ctx.orgIds.filter((id) => id === body.orgId) : ctx.orgIds;
  const scoped = { ...ctx, orgIds };
  const result: BatchShipResult = { shipped: [], skipped: [], labelsPdf: null, failures: [] };
  const labels: Buffer[] = [];
  // One print run: its shipments share a batch id, the BATCH link of the shipments list (GET /test/batch/{id}).
  const batchId = newId(now.getTime());
  for (const orderId of [...new Set(body.orderIds)]) {
    try {
      const shipped = await shipOrder(scoped, { order_id: orderId }, { now, singleLineOnly: true, batchId });
      result.shipped.push({
        order_id: orderId,
        shipment_id: shipped.shipmentId,
        tracking_number: shipped.trackingNumber,
      });
      // An own shipment has no label; its order is shipped all the same (ADR 0044).
      if (shipped.labelPdf) labels.push(shipped.labelPdf);
    } catch (error) {
      const reason = error instanceof HttpProblem ? SKIP_REASON[error.code] : undefined;
      result.skipped.push({ order_id: orderId, reason: reason ?? 'failed' });
      if (!reason) result.failures.push({ orderId, error });
    }
  }
  if (labels.length > 0) result.labelsPdf = await joinPdfs(labels);
  return result;
}

/** One PDF with every page of `pdfs`, in order (also the batch labels of `GET /test/batch/{id}`). */
export async function joinPdfs(pdfs: Buffer[]): Promise<Buffer> {
  if (pdfs.length === 1) return pdfs[0] as Buffer;
  // Loaded on first use, not at start-up (docs/decisions/0088-*.md).
  const { PDFDocument } = await import('pdf-lib');
  const out = await PDFDocument.create();
  for (const bytes of pdfs) {
    const src = await PDFDocument.load(bytes);
    for (const page of await out.copyPages(src, src.getPageIndices())) out.addPage(page);
  }
  return Buffer.from(await out.save());
}

import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound } from '../../lib/errors.ts';
import { buildOrderListPdf } from '../../lib/pdf/order-list.pdf.ts';
import { joinPdfs, loadOrderForDocuments } from '../shipping/index.ts';

const STATUS_WORD: Record<string, string> = { open: 'Open', shipped: 'Verzonden', cancelled: 'Geannuleerd' };

/**
 * The order list PDF of an order (spec 1 §2 Order card 'O'; `GET /order/order_list/{id}`): facts, address, note in
 * its colour and every line with location, ordered and picked pieces (lib/pdf/order-list.pdf.ts).
 * Errors: 404 when the order is not visible.
 */
export async function orderListPdf(
  ctx: TenantScope,
  orderId: string,
): Promise<{ pdf: Buffer; shopOrderId: string }> {
  const doc = await loadOrderForDocuments(ctx, orderId);
  const extra = await tenantSql(ctx)
    .selectFrom('orders as o')
    .select(['o.platform', 'o.order_type', 'o.delivery_at', 'o.notes_color'])
    .where('o.id', '=', orderId)
    .where(orgScope(ctx, 'o'))
    .executeTakeFirstOrThrow();
  let methodName = doc.order.used_shipment_method ?? '';
  if (!methodName && doc.order.selected_ship_method_id) {
    const m = await systemSql(ctx.db)
      .selectFrom('shipment_methods')
      .select('name')
      .where('id', '=', doc.order.selected_ship_method_id)
      .executeTakeFirst();
    methodName = m?.name ?? '';
  }
  const pdf = await buildOrderListPdf({
    shopOrderId: doc.order.order_id,
    merchantName: doc.order.merchant_name,
    platform: extra.platform,
    orderType: extra.order_type,
    status: STATUS_WORD[doc.order.status] ?? doc.order.status,
    placedAt: doc.order.placed_at,
    deliveryAt: extra.delivery_at,
    shippedAt: doc.order.shipped_at,
    methodName,
    trackingNumber: doc.order.track_trace,
    recipient: doc.recipient,
    notes: doc.order.notes_text,
    notesColor: extra.notes_color as 'red' | 'green' | 'yellow' | null,
    lines: doc.lines.map((l) => ({
      ean: l.ean,
      title: l.title,
      quantity: l.quantity,
      picked: l.picked_quantity,
      location: l.location ?? '',
      cancelled: l.cancellation_request,
    })),
  });
  return { pdf, shopOrderId: doc.order.order_id };
}

/**
 * The labels of a print run (spec 1 §7 `GET /test/batch/{batch_id}`, the BATCH link): the stored label PDFs of the
 * run's shipments of the request's organisations (own shipments have none), in shipping order, joined into one PDF.
 * Errors: 404 when none.
 */
export async function batchLabelsPdf(ctx: TenantScope, batchId: string): Promise<Buffer> {
  const rows = await tenantSql(ctx)
    .selectFrom('shipments as s')
    .select('s.label_pdf')
    .where('s.batch_id', '=', batchId)
    .where('s.label_pdf', 'is not', null)
    .where(orgScope(ctx, 's'))
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
  if (rows.length === 0) throw notFound(`Batch ${batchId} not found`);
  return joinPdfs(rows.map((r) => r.label_pdf as Buffer));
}

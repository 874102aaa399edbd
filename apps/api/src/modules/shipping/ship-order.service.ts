import { isSingleLineOrder, newId, PROBLEMS, type ShipOrderBody, shipOrderEndpoint } from '@hoppa/core';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, tenantSql } from '../../db/tenant.ts';
import { type CarrierAdapter, carrierFor } from '../../lib/carriers/index.ts';
import { badRequest, HttpProblem, problem } from '../../lib/errors.ts';
import { buildPackingSlipPdf } from '../../lib/pdf/packing-slip.pdf.ts';
import type { RequestContext } from '../../lib/route.ts';
import { loadOrderForDocuments, packingSlipData } from './order-documents.service.ts';
import { resolveMethod } from './shipment-methods.service.ts';

/** Who ships: the request's database, user (shipped_by) and the organisations visible to them. */
export type ShippingContext = Pick<RequestContext, 'db' | 'orgIds' | 'user'>;

/** The outcome of shipping: the new shipment, its tracking number and the label PDF to print. */
export interface ShipResult {
  shipmentId: string;
  trackingNumber: string;
  labelPdf: Buffer;
}

/**
 * Ships an order (spec 1 §4 Shipping a card, §7 POST /orders/ship) in one transaction: locks the open
 * order, resolves method, box and label quantity, has the method's carrier (the local carrier unless a
 * carrier account is configured) create the label (one A6 page per parcel), renders the packing slip,
 * marks the order shipped (status, shipped_at, track_trace, used_shipment_method, selections), stores
 * the shipment with both PDFs (in print run `batchId` when given) and records the carrier's label-created event.
 * `carrier` overrides the method's adapter. A carrier failure throws before anything is written. Errors: 404 order not visible; 409 `order_shipped`, `order_cancelled`,
 * `cancellation_requested`, and with `singleLineOnly` `not_single_line` (checked under the lock);
 * 400 unknown method or box, or an address without postcode and city.
 */
export async function shipOrder(
  ctx: ShippingContext,
  body: ShipOrderBody,
  opts: { now?: Date; singleLineOnly?: boolean; batchId?: string; carrier?: CarrierAdapter } = {},
): Promise<ShipResult> {
  const now = opts.now ?? new Date();
  return ctx.db.transaction(async (tx) => {
    const doc = await loadOrderForDocuments({ db: tx, orgIds: ctx.orgIds }, body.order_id, true);
    const { order } = doc;
    if (opts.singleLineOnly && !isSingleLineOrder({ products: doc.lines })) {
      // Internal to the batch (batch-ship.service.ts turns it into a skip reason), so not an endpoint's code.
      throw new HttpProblem(
        PROBLEMS.not_single_line,
        'not_single_line',
        `Order ${order.order_id} has ${doc.lines.length} lines; only single-line orders ship in a batch`,
      );
    }
    if (order.status === 'shipped') {
      throw problem(
        shipOrderEndpoint,
        'order_shipped',
        `Order ${order.order_id} has already been shipped (${order.track_trace ?? 'no tracking number'})`,
      );
    }
    if (order.status !== 'open')
      throw problem(shipOrderEndpoint, 'order_cancelled', `Order ${order.order_id} has been cancelled`);
    if (doc.lines.some((l) => l.cancellation_request)) {
      throw problem(
        shipOrderEndpoint,
        'cancellation_requested',
        `A line of order ${order.order_id} has a cancellation request; it cannot be shipped`,
      );
    }
    if (!doc.recipient.zipCode || !doc.recipient.city || !doc.recipient.name) {
      throw badRequest(
        `Order ${order.order_id} has no complete delivery address (name, postcode and city are needed)`,
      );
    }

    const method = await resolveMethod(
      tx,
      body.method_code,
      order.selected_ship_method_id,
      doc.recipient.countryCode,
    );
    let boxId = order.selected_box_id;
    if (body.box_id) {
      const box = await systemSql(tx)
        .selectFrom('shipment_boxes')
        .select('id')
        .where('id', '=', body.box_id)
        .executeTakeFirst();
      if (!box) throw badRequest(`Unknown shipment box: ${body.box_id}`);
      boxId = body.box_id;
    }
    const labelQuantity = body.label_quantity ?? order.label_quantity ?? 1;
    const weight = doc.lines.reduce((kg, l) => kg + (l.weight_kg ? Number(l.weight_kg) * l.quantity : 0), 0);

    // `opts.carrier`: a caller that resolved the carrier account itself (POST /dhl/ship, ADR 0046).
    const carrier = opts.carrier ?? carrierFor(method.carrier);
    const label = await carrier.createLabel(
      { db: tx, now },
      {
        shopOrderId: order.order_id,
        orderId: order.id,
        merchantName: order.merchant_name,
        sender: doc.sender,
        recipient: doc.recipient,
        method,
        labelQuantity,
        weightKg: weight > 0 ? weight : null,
        placedAt: order.placed_at,
      },
    );
    const packingSlip = await buildPackingSlipPdf(
      packingSlipData(doc, { methodName: method.name, trackingNumber: label.trackingNumber, shippedAt: now }),
    );

    const scope = { db: tx, orgIds: ctx.orgIds };
    await tenantSql(scope)
      .updateTable('orders as o')
      .set({
        status: 'shipped',
        shipped_at: now,
        track_trace: label.trackingNumber,
        used_shipment_method: method.name,
        selected_ship_method_id: method.id,
        selected_box_id: boxId,
        label_quantity: labelQuantity,
      })
      .where('o.id', '=', order.id)
      .where(orgScope(scope, 'o'))
      .execute();
    const shipmentId = newId(now.getTime());
    await tenantSql(scope)
      .insertInto('shipments')
      .values({
        id: shipmentId,
        org_id: order.org_id,
        order_id: order.id,
        carrier: carrier.code,
        method_code: method.code,
        tracking_number: label.trackingNumber,
        label_quantity: labelQuantity,
        label_pdf: label.labelPdf,
        packing_slip_pdf: packingSlip,
        shipped_by: ctx.user.id,
        created_at: now,
        batch_id: opts.batchId ?? null,
      })
      .execute();
    // The carrier's first event: the label exists (A01 for the local carrier; ADR 0041).
    await carrier.recordMilestone(
      { db: tx, now },
      { id: shipmentId, orgId: order.org_id, orderId: order.id },
      'label_created',
      ctx.user.id,
    );
    return { shipmentId, trackingNumber: label.trackingNumber, labelPdf: label.labelPdf };
  });
}

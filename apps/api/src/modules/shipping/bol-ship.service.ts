import {
  type BolShipOptions,
  type ConfirmationStatus,
  isBolPlatform,
  newId,
  type ShipBolOrderBody,
  shipBolOrderEndpoint,
  visibleLabelOptions,
} from '@hoppa/core';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { BOL_METHOD_PREFIX, bolCarrier } from '../../lib/carriers/index.ts';
import { HttpProblem, problem, refusal } from '../../lib/errors.ts';
import type { BolClient, BolDeliveryOption } from '../../lib/outside/bol.ts';
import { OutsideServiceError } from '../../lib/outside/http-client.ts';
import { buildPackingSlipPdf } from '../../lib/pdf/packing-slip.pdf.ts';
import {
  type ConfirmationDeps,
  confirmNow,
  queueMarketplaceConfirmation,
} from './marketplace-confirmations.service.ts';
import { loadOrderForDocuments, type OrderForDocuments, packingSlipData } from './order-documents.service.ts';
import type { ShippingContext } from './ship-order.service.ts';

/** A failure of bol as the API's 502 `outside_service` problem; its message names bol and the reason. */
function outsideProblem(err: unknown): never {
  if (err instanceof OutsideServiceError) throw new HttpProblem(502, 'outside_service', err.message);
  throw err;
}

/** A bol order ready to be asked about: the order with its documents, its bol order items and its connection. */
interface BolOrder {
  doc: OrderForDocuments;
  platform: 'bol' | 'bol_be';
  orderItemIds: string[];
  connection: { id: string; api_key: string; encrypted_secret: string };
}

/**
 * Loads an open bol order with its bol order items and connection, checking what the card needs before bol is asked:
 * 404 unknown or another organisation's; 409 `order_shipped`, `order_cancelled`; `cancellation_requested` when
 * `forShipping`; `not_marketplace_order` for an order not from bol or without stored order items;
 * `marketplace_connection_inactive` when its connection is disabled.
 */
async function loadBolOrder(scope: TenantScope, orderId: string, lock: boolean): Promise<BolOrder> {
  const endpoint = shipBolOrderEndpoint;
  const doc = await loadOrderForDocuments(scope, orderId, lock);
  const { order } = doc;
  if (order.status === 'shipped')
    throw problem(
      endpoint,
      'order_shipped',
      `Order ${order.order_id} has already been shipped (${order.track_trace ?? 'no tracking number'})`,
    );
  if (order.status !== 'open')
    throw problem(endpoint, 'order_cancelled', `Order ${order.order_id} has been cancelled`);
  const q = tenantSql(scope);
  const platform = (
    await q
      .selectFrom('orders as o')
      .select('o.platform')
      .where('o.id', '=', order.id)
      .where(orgScope(scope, 'o'))
      .executeTakeFirstOrThrow()
  ).platform;
  const items = await q
    .selectFrom('bol_order_items as b')
    .innerJoin('api_connections as c', 'c.id', 'b.connection_id')
    .select(['b.order_item_id', 'c.id', 'c.active', 'c.api_key', 'c.encrypted_secret'])
    .where('b.order_id', '=', order.id)
    // An item cancelled at the customer's request (ADR 0128) gets no label and no shipment confirmation.
    .where('b.cancelled_at', 'is', null)
    .where(orgScope(scope, 'b'))
    .where(orgScope(scope, 'c'))
    .orderBy('b.order_item_id')
    .execute();
  const first = items[0];
  if (!isBolPlatform(platform) || !first)
    throw problem(
      endpoint,
      'not_marketplace_order',
      `Order ${order.order_id} did not come in from bol.com, so it cannot ship with a bol.com label`,
    );
  if (!first.active)
    throw problem(
      endpoint,
      'marketplace_connection_inactive',
      `The bol.com connection of order ${order.order_id} is disabled; enable it under Settings → API connections`,
    );
  return {
    doc,
    platform,
    orderItemIds: items.filter((i) => i.id === first.id).map((i) => i.order_item_id),
    connection: { id: first.id, api_key: first.api_key, encrypted_secret: first.encrypted_secret },
  };
}

/** bol's delivery option in the answer's shape (spec 1 §3 Ship option); absent optional fields as null. */
function toShipOption(o: BolDeliveryOption) {
  return {
    shippingLabelOfferId: o.shippingLabelOfferId,
    transporterCode: o.transporterCode,
    labelType: o.labelType,
    labelDisplayName: o.labelDisplayName ?? null,
    recommended: o.recommended ?? false,
    validUntilDate: o.validUntilDate ?? null,
    labelPrice: { totalPrice: o.labelPrice.totalPrice },
    packageRestrictions: o.packageRestrictions,
    handoverDetails: o.handoverDetails
      ? {
          latestHandoverDateTime: o.handoverDetails.latestHandoverDateTime ?? null,
          meetsCustomerExpectation: o.handoverDetails.meetsCustomerExpectation ?? null,
        }
      : null,
  };
}

/**
 * The bol label options of an open bol order (spec 1 §3 Ship option, §4 Shipping a card): bol's delivery options for
 * the order's bol order items, only those the packer may choose (core `visibleLabelOptions`: not priced 6). Errors:
 * see {@link loadBolOrder}; 502 `outside_service` when bol refuses, times out or answers unreadably.
 */
export async function bolShipOptions(
  ctx: TenantScope,
  deps: ConfirmationDeps,
  orderId: string,
): Promise<BolShipOptions> {
  let bo: BolOrder;
  try {
    bo = await loadBolOrder(ctx, orderId, false);
  } catch (err) {
    const code = err instanceof HttpProblem ? err.code : null;
    const reason =
      code === 'marketplace_connection_inactive'
        ? 'connection_inactive'
        : code === 'not_marketplace_order' || code === 'order_shipped' || code === 'order_cancelled'
          ? code
          : null;
    if (!reason) throw err;
    const o = await tenantSql(ctx)
      .selectFrom('orders as o')
      .select(['o.id', 'o.order_id', 'o.platform'])
      .where('o.id', '=', orderId)
      .where(orgScope(ctx, 'o'))
      .executeTakeFirstOrThrow();
    return {
      order__id: o.id,
      order_id: o.order_id,
      platform: o.platform,
      unavailable: reason,
      orderItems: [],
      options: [],
      hidden: 0,
    };
  }
  const all = await deps.bolFor(bo.connection).deliveryOptions(bo.orderItemIds).catch(outsideProblem);
  const options = visibleLabelOptions(all).map(toShipOption);
  return {
    order__id: bo.doc.order.id,
    order_id: bo.doc.order.order_id,
    platform: bo.platform,
    unavailable: null,
    orderItems: bo.orderItemIds.map((orderItemId) => ({ orderItemId })),
    options,
    hidden: all.length - options.length,
  };
}

/** A label bought from bol for an order: its id, transporter, track and trace and PDF. */
interface BoughtLabel {
  purchaseId: string;
  shippingLabelId: string;
  transporterCode: string;
  labelType: string;
  trackAndTrace: string;
  pdf: Buffer;
}

/**
 * Buys the label of `offerId` for the order's items from bol, or reuses one bought before for the same order and
 * offer that no shipment used (our commit failed after bol sold it; ADR 0045). Every step is written to
 * `bol_label_purchases` as soon as bol answers, outside the shipping transaction, so a retry resumes: a purchase
 * whose process status is known but unfinished is polled, not bought again. Throws 502 `outside_service` naming bol
 * and the reason when bol refuses, times out or answers unreadably.
 */
async function buyLabel(
  scope: TenantScope,
  bol: BolClient,
  bo: BolOrder,
  offerId: string,
  orderItemIds: string[],
  userId: string,
): Promise<BoughtLabel> {
  const q = tenantSql(scope);
  const order = bo.doc.order;
  const earlier = await q
    .selectFrom('bol_label_purchases as p')
    .selectAll('p')
    .where(orgScope(scope, 'p'))
    .where('p.order_id', '=', order.id)
    .where('p.shipping_label_offer_id', '=', offerId)
    .where('p.used_by_shipment_id', 'is', null)
    .where('p.status', 'in', ['buying', 'bought'])
    .where((eb) => eb.or([eb('p.process_status_id', 'is not', null), eb('p.status', '=', 'bought')]))
    .orderBy('p.created_at', 'desc')
    .executeTakeFirst();

  const update = (id: string, set: Record<string, unknown>) =>
    q
      .updateTable('bol_label_purchases as p')
      .set({ ...set, updated_at: new Date() })
      .where(orgScope(scope, 'p'))
      .where('p.id', '=', id)
      .execute();

  let purchaseId: string;
  let processId: string | null = earlier?.process_status_id ?? null;
  let labelId: string | null = earlier?.shipping_label_id ?? null;
  if (earlier) {
    purchaseId = earlier.id;
  } else {
    // The offer's transporter and type, from bol's current options (so the purchase row says what was bought).
    const options = await bol.deliveryOptions(orderItemIds).catch(outsideProblem);
    const offer = options.find((o) => o.shippingLabelOfferId === offerId);
    if (!offer)
      throw refusal(
        `bol.com no longer offers label ${offerId} for order ${order.order_id}; fetch the options again`,
        'label_offer_gone',
        { order_id: order.order_id },
      );
    purchaseId = newId();
    await q
      .insertInto('bol_label_purchases')
      .values({
        id: purchaseId,
        org_id: order.org_id,
        order_id: order.id,
        connection_id: bo.connection.id,
        shipping_label_offer_id: offerId,
        transporter_code: offer.transporterCode,
        label_type: offer.labelType,
        created_by: userId,
      })
      .execute();
  }
  try {
    if (!labelId) {
      if (!processId) {
        processId = await bol.requestLabel(orderItemIds, offerId);
        await update(purchaseId, { process_status_id: processId });
      }
      const done = await bol.waitForProcess(processId, 'the label purchase');
      labelId = done.entityId ?? null;
      if (!labelId)
        throw new OutsideServiceError(
          'bol.com',
          200,
          'malformed_answer',
          'the label purchase named no label id',
        );
      await update(purchaseId, { shipping_label_id: labelId, status: 'bought' });
    }
    const label =
      earlier?.label_pdf && earlier.track_and_trace
        ? { pdf: earlier.label_pdf, trackAndTrace: earlier.track_and_trace, transporterCode: null }
        : await bol.label(labelId);
    if (!label.trackAndTrace)
      throw new OutsideServiceError(
        'bol.com',
        200,
        'malformed_answer',
        'the label came without track and trace',
      );
    if (!earlier?.label_pdf)
      await update(purchaseId, {
        label_pdf: label.pdf,
        track_and_trace: label.trackAndTrace,
        ...(label.transporterCode ? { transporter_code: label.transporterCode } : {}),
      });
    const row = await q
      .selectFrom('bol_label_purchases as p')
      .select(['p.transporter_code', 'p.label_type'])
      .where(orgScope(scope, 'p'))
      .where('p.id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    return {
      purchaseId,
      shippingLabelId: labelId,
      transporterCode: row.transporter_code,
      labelType: row.label_type,
      trackAndTrace: label.trackAndTrace,
      pdf: label.pdf,
    };
  } catch (err) {
    // bol ended the purchase (refused or timed out on its side): this offer is not bought; a retry starts afresh.
    // Anything else (no answer, our poll bound) keeps the process id, so a retry polls it instead of buying again.
    const refused =
      err instanceof OutsideServiceError &&
      !labelId &&
      (err.code === 'failure' || (err.code === 'timeout' && err.status === 200) || !processId);
    await update(purchaseId, {
      error: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
      ...(refused ? { status: 'failed' } : {}),
    });
    return outsideProblem(err);
  }
}

/** The outcome of shipping with a bol label: shipment, track and trace, the label to print, the confirmation. */
export interface BolShipResult {
  shipmentId: string;
  trackingNumber: string;
  labelPdf: Buffer;
  confirmation: ConfirmationStatus;
}

/**
 * Ships an open bol order with a label bought from bol (spec 1 §4 Shipping a card, marketplace label variant; ADR
 * 0045). Before anything is written: the order is checked (see {@link loadBolOrder}); `orderItems`, when given, must
 * be the order's bol order items, `org_id` its organisation. Then the label is bought (or a bought, unused one
 * reused) and its PDF fetched; a refusal, timeout or unreadable answer of bol stops here with 502 `outside_service`
 * and the order stays open without a shipment. Then one transaction locks the order, checks it again, marks it
 * shipped (track and trace from bol), stores the shipment (carrier `bol`, method code `BOL-<transporter>`) with the
 * bol label and our packing slip, records the label event (A01) and queues the confirmation to bol with the label's
 * id. After the commit the confirmation is sent at once; if bol does not take it the queue retries it.
 */
export async function shipWithBolLabel(
  ctx: ShippingContext,
  deps: ConfirmationDeps,
  body: ShipBolOrderBody,
  opts: { now?: Date } = {},
): Promise<BolShipResult> {
  const scope: TenantScope = { db: ctx.db, orgIds: ctx.orgIds };
  const bo = await loadBolOrder(scope, body.order_id, false);
  const order = bo.doc.order;
  if (body.org_id && body.org_id !== order.org_id)
    throw refusal(`Order ${order.order_id} does not belong to organisation ${body.org_id}`, 'not_of_shop', {
      field: 'order_id',
      value: order.order_id,
    });
  if (bo.doc.lines.some((l) => l.cancellation_request && !l.cancelled_at))
    throw problem(
      shipBolOrderEndpoint,
      'cancellation_requested',
      `A line of order ${order.order_id} has a cancellation request; it cannot be shipped`,
    );
  let orderItemIds = bo.orderItemIds;
  if (body.orderItems) {
    const asked = [...new Set(body.orderItems.map((i) => i.orderItemId))];
    const foreign = asked.filter((id) => !bo.orderItemIds.includes(id));
    if (foreign.length)
      throw refusal(`Order ${order.order_id} has no bol order item ${foreign.join(', ')}`, 'not_of_order', {
        field: 'orderItemId',
        value: foreign.join(', '),
        order_id: order.order_id,
      });
    orderItemIds = asked;
  }
  const bol = deps.bolFor(bo.connection);
  const label = await buyLabel(scope, bol, bo, body.shippingLabelOfferId, orderItemIds, ctx.user.id);

  const now = opts.now ?? new Date();
  const methodName = body.code?.trim() || `bol.com ${label.transporterCode} ${label.labelType}`;
  const shipped = await ctx.db.transaction(async (tx) => {
    const txScope: TenantScope = { db: tx, orgIds: ctx.orgIds };
    const again = await loadBolOrder(txScope, order.id, true);
    const packingSlip = await buildPackingSlipPdf(
      packingSlipData(again.doc, { methodName, trackingNumber: label.trackAndTrace, shippedAt: now }),
    );
    await tenantSql(txScope)
      .updateTable('orders as o')
      .set({
        status: 'shipped',
        shipped_at: now,
        track_trace: label.trackAndTrace,
        used_shipment_method: methodName,
        label_quantity: 1,
      })
      .where('o.id', '=', order.id)
      .where(orgScope(txScope, 'o'))
      .execute();
    const shipmentId = newId(now.getTime());
    await tenantSql(txScope)
      .insertInto('shipments')
      .values({
        id: shipmentId,
        org_id: order.org_id,
        order_id: order.id,
        carrier: bolCarrier.code,
        method_code: `${BOL_METHOD_PREFIX}${label.transporterCode}`,
        tracking_number: label.trackAndTrace,
        label_quantity: 1,
        label_pdf: label.pdf,
        packing_slip_pdf: packingSlip,
        shipped_by: ctx.user.id,
        created_at: now,
      })
      .execute();
    await tenantSql(txScope)
      .updateTable('bol_label_purchases as p')
      .set({ used_by_shipment_id: shipmentId, updated_at: now })
      .where(orgScope(txScope, 'p'))
      .where('p.id', '=', label.purchaseId)
      .execute();
    await bolCarrier.recordMilestone(
      { db: tx, now },
      { id: shipmentId, orgId: order.org_id, orderId: order.id },
      'label_created',
      ctx.user.id,
    );
    const confirmationId = await queueMarketplaceConfirmation(
      { db: tx, now },
      {
        shipmentId,
        orderId: order.id,
        orgId: order.org_id,
        carrier: bolCarrier.code,
        trackingNumber: label.trackAndTrace,
        bolLabel: { shippingLabelId: label.shippingLabelId, transporterCode: label.transporterCode },
      },
    );
    return { shipmentId, confirmationId };
  });
  const confirmation = shipped.confirmationId
    ? await confirmNow(deps, shipped.confirmationId)
    : ('pending' as const);
  return {
    shipmentId: shipped.shipmentId,
    trackingNumber: label.trackAndTrace,
    labelPdf: label.pdf,
    confirmation,
  };
}

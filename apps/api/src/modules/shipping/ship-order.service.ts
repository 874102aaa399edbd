import {
  carrierAllowsCountry,
  isSingleLineOrder,
  newId,
  PROBLEMS,
  type PrintFrame,
  type ShipOrderBody,
  shipOrderEndpoint,
  type ValidationFormat,
} from '@hoppa/core';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, tenantSql } from '../../db/tenant.ts';
import type { CarrierAdapter, CarrierLabel, ShipmentMethodInfo } from '../../lib/carriers/carrier.ts';
import { carrierFor } from '../../lib/carriers/index.ts';
import { HttpProblem, problem, refusal } from '../../lib/errors.ts';
import { OutsideServiceError } from '../../lib/outside/http-client.ts';
import { buildPackingSlipPdf } from '../../lib/pdf/packing-slip.pdf.ts';
import type { RequestContext } from '../../lib/route.ts';
import { queueMarketplaceConfirmation } from './marketplace-confirmations.service.ts';
import { loadOrderForDocuments, type OrderForDocuments, packingSlipData } from './order-documents.service.ts';
import { resolveMethod } from './shipment-methods.service.ts';

/**
 * Who ships: the request's database, user (shipped_by), the organisations visible to them and their language (the
 * label PDF's title).
 */
export type ShippingContext = Pick<RequestContext, 'db' | 'orgIds' | 'user' | 'lang'>;

/**
 * The outcome of shipping: the new shipment, its tracking number (our reference for stamps and own shipments), the
 * label PDF to print (null for an own shipment: the merchant ships it) and the packing slip.
 */
export interface ShipResult {
  shipmentId: string;
  trackingNumber: string;
  carrier: string;
  labelPdf: Buffer | null;
  packingSlipPdf: Buffer;
}

/** What a ship call may add to the body (ADR 0044): the method's kind it must be, print frame, stamp amount. */
export interface ShipOptions {
  now?: Date;
  singleLineOnly?: boolean;
  batchId?: string;
  /** The method must be of this carrier (`POST /orders/ship/postnl`): 400 otherwise. */
  requireCarrier?: string;
  /** The method code must pass this check (`POST /orders/ship/smf`: a STAMP code): 400 with `why` otherwise. */
  requireMethod?: { test: (m: ShipmentMethodInfo) => boolean; why: string; format: ValidationFormat };
  printFrame?: PrintFrame | null;
  stampAmount?: 1 | 2;
  /** A carrier the caller resolved itself, with its account (`POST /dhl/ship`, ADR 0046); else `carrierFor`. */
  carrier?: CarrierAdapter;
}

/** How long a station's claim on an order lasts while its carrier makes the label (well above the carrier timeouts). */
export const SHIP_CLAIM_MS = 5 * 60_000;

/** Everything checked and chosen before the carrier is called (phase 1). */
interface Prepared {
  doc: OrderForDocuments;
  method: ShipmentMethodInfo;
  boxId: string | null;
  labelQuantity: number;
  weightKg: number | null;
  carrier: CarrierAdapter;
}

/** The order's refusals before shipping (spec 1 §4): shipped, cancelled, a cancellation request, no usable address. */
function checkShippable(doc: OrderForDocuments, singleLineOnly: boolean): void {
  const { order } = doc;
  if (singleLineOnly && !isSingleLineOrder({ products: doc.lines })) {
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
  // A line cancelled at the customer's request (accepted, `cancelled_at`) is not shipped; an open request blocks.
  if (doc.lines.some((l) => l.cancellation_request && !l.cancelled_at)) {
    throw problem(
      shipOrderEndpoint,
      'cancellation_requested',
      `A line of order ${order.order_id} has a cancellation request; it cannot be shipped`,
    );
  }
  if (!doc.recipient.zipCode || !doc.recipient.city || !doc.recipient.name) {
    throw refusal(
      `Order ${order.order_id} has no complete delivery address (name, postcode and city are needed)`,
      'address_incomplete',
      { order_id: order.order_id },
    );
  }
}

/** Releases a station's claim on an order (after a carrier failure or a failed save); never throws. */
async function releaseClaim(db: Db, orderId: string): Promise<void> {
  try {
    await systemSql(db)
      .updateTable('orders')
      .set({ ship_claimed_until: null })
      .where('id', '=', orderId)
      .execute();
  } catch {
    // The claim runs out by itself (SHIP_CLAIM_MS).
  }
}

/**
 * A carrier's failure as the packer's message (spec 1 §8 error rule; ADR 0044): 502 `outside_service` naming the
 * carrier and its reason, with what happens to the order. Other errors pass unchanged.
 */
function carrierProblem(err: unknown, orderNumber: string): unknown {
  if (!(err instanceof OutsideServiceError)) return err;
  const why =
    err.code === 'timeout'
      ? 'did not answer in time'
      : err.code === 'network'
        ? 'cannot be reached'
        : err.code === 'malformed_answer'
          ? `answered something unreadable (${err.message.replace(`${err.service}: `, '')})`
          : err.status === 401 || err.status === 403
            ? `refused the API key (${err.message.replace(`${err.service}: `, '')}); check the ${err.service} API connection`
            : `refused the label: ${err.message.replace(`${err.service}: `, '')}`;
  return new HttpProblem(
    502,
    'outside_service',
    `${err.service} ${why}. Order ${orderNumber} is still open; try again or choose another shipment method.`,
  );
}

/**
 * Ships an order (spec 1 §4 Shipping a card, §7 POST /orders/ship, /orders/ship/postnl, /orders/ship/smf) in three
 * steps, so no order is ever half shipped and no database transaction waits on a carrier (ADR 0044):
 * 1. one transaction locks the open order, checks it (shipped, cancelled, cancellation request, address, another
 *    station's claim → 409 `conflict`), resolves method, box and label quantity and the carrier for the order's
 *    organisation (`carrierFor`: PostNL with its active connection, stamps, own shipment, else local), and claims the
 *    order for {@link SHIP_CLAIM_MS};
 * 2. the carrier makes the label outside any transaction (PostNL: barcode, label with confirm); a refusal, timeout or
 *    unreadable answer releases the claim and answers 502 `outside_service` naming the carrier and its reason — the
 *    order stays open, nothing is stored;
 * 3. one transaction renders the packing slip, marks the order shipped (status, shipped_at, track_trace,
 *    used_shipment_method, selections), stores the shipment with both PDFs (the label is null for an own shipment; in
 *    print run `batchId` when given), records the carrier's label-created event and clears the claim. Should this
 *    fail after a carrier confirmed a label, the claim is released and the order stays open: shipping it again makes a
 *    new label, the unused one is never handed over (PostNL charges parcels it receives).
 * Errors: 404 order not visible; 409 `order_shipped`, `order_cancelled`, `cancellation_requested`, `conflict`, and with
 * `singleLineOnly` `not_single_line`; 400 unknown method or box, a method the call does not take, an address without
 * postcode and city; 502 `outside_service`.
 */
export async function shipOrder(
  ctx: ShippingContext,
  body: ShipOrderBody,
  opts: ShipOptions = {},
): Promise<ShipResult> {
  const now = opts.now ?? new Date();
  const prepared = await ctx.db.transaction(async (tx): Promise<Prepared> => {
    const doc = await loadOrderForDocuments({ db: tx, orgIds: ctx.orgIds }, body.order_id, true);
    const { order } = doc;
    checkShippable(doc, !!opts.singleLineOnly);
    const claim = await systemSql(tx)
      .selectFrom('orders')
      .select('ship_claimed_until')
      .where('id', '=', order.id)
      .executeTakeFirst();
    if (claim?.ship_claimed_until && new Date(claim.ship_claimed_until) > now)
      throw new HttpProblem(
        409,
        'conflict',
        `Order ${order.order_id} is being shipped at another packing station right now`,
      );

    const method = await resolveMethod(
      tx,
      body.method_code,
      order.selected_ship_method_id,
      doc.recipient.countryCode,
    );
    if (opts.requireCarrier && method.carrier !== opts.requireCarrier)
      throw refusal(
        `Shipment method ${method.code} is not a ${opts.requireCarrier} method`,
        'method_wrong_carrier',
        { field: 'method_code', value: method.code, allowed: opts.requireCarrier.toUpperCase() },
      );
    if (opts.requireMethod && !opts.requireMethod.test(method))
      throw refusal(`Shipment method ${method.code}: ${opts.requireMethod.why}`, 'format_invalid', {
        field: 'method_code',
        format: opts.requireMethod.format,
        value: method.code,
      });
    if (!carrierAllowsCountry({ ...method, product_code: method.productCode }, doc.recipient.countryCode))
      throw refusal(
        `Shipment method ${method.code} (product ${method.productCode}) ships only within the Netherlands`,
        'method_domestic_only',
        { field: 'method_code', value: method.code },
      );
    let boxId = order.selected_box_id;
    if (body.box_id) {
      const box = await systemSql(tx)
        .selectFrom('shipment_boxes')
        .select('id')
        .where('id', '=', body.box_id)
        .executeTakeFirst();
      if (!box)
        throw refusal(`Unknown shipment box: ${body.box_id}`, 'unknown_value', {
          field: 'box_id',
          value: body.box_id,
        });
      boxId = body.box_id;
    }
    const labelQuantity = body.label_quantity ?? order.label_quantity ?? 1;
    const weight = doc.lines.reduce((kg, l) => kg + (l.weight_kg ? Number(l.weight_kg) * l.quantity : 0), 0);
    const carrier = opts.carrier ?? (await carrierFor(tx, order.org_id, method));
    await systemSql(tx)
      .updateTable('orders')
      .set({ ship_claimed_until: new Date(now.getTime() + SHIP_CLAIM_MS) })
      .where('id', '=', order.id)
      .execute();
    return { doc, method, boxId, labelQuantity, weightKg: weight > 0 ? weight : null, carrier };
  });

  const { doc, method, carrier } = prepared;
  const { order } = doc;
  let label: CarrierLabel;
  try {
    label = await carrier.createLabel(
      { db: ctx.db, now, lang: ctx.lang },
      {
        shopOrderId: order.order_id,
        orderId: order.id,
        merchantName: order.merchant_name,
        sender: doc.sender,
        recipient: doc.recipient,
        method,
        labelQuantity: prepared.labelQuantity,
        weightKg: prepared.weightKg,
        placedAt: order.placed_at,
        printFrame: opts.printFrame ?? null,
        stampAmount: opts.stampAmount,
      },
    );
  } catch (err) {
    await releaseClaim(ctx.db, order.id);
    throw carrierProblem(err, order.order_id);
  }

  try {
    return await ctx.db.transaction(async (tx) => {
      const scope = { db: tx, orgIds: ctx.orgIds };
      // Under the lock again: the claim kept other stations out, but it may have run out meanwhile.
      const current = await loadOrderForDocuments(scope, order.id, true);
      checkShippable(current, false);
      const packingSlip = await buildPackingSlipPdf(
        packingSlipData(current, {
          methodName: method.name,
          trackingNumber: label.trackingNumber,
          shippedAt: now,
        }),
      );
      await tenantSql(scope)
        .updateTable('orders as o')
        .set({
          status: 'shipped',
          shipped_at: now,
          track_trace: label.trackingNumber,
          used_shipment_method: method.name,
          selected_ship_method_id: method.id,
          selected_box_id: prepared.boxId,
          label_quantity: prepared.labelQuantity,
          ship_claimed_until: null,
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
          label_quantity: prepared.labelQuantity,
          label_pdf: label.labelPdf,
          packing_slip_pdf: packingSlip,
          shipped_by: ctx.user.id,
          created_at: now,
          batch_id: opts.batchId ?? null,
        })
        .execute();
      // The carrier's first event: the label exists (A01; ADR 0041).
      await carrier.recordMilestone(
        { db: tx, now },
        { id: shipmentId, orgId: order.org_id, orderId: order.id },
        'label_created',
        ctx.user.id,
      );
      // A bol order owes bol a confirmation with carrier and track and trace: queued here, sent by the queue (ADR 0045).
      await queueMarketplaceConfirmation(
        { db: tx, now },
        {
          shipmentId,
          orderId: order.id,
          orgId: order.org_id,
          carrier: carrier.code,
          trackingNumber: label.trackingNumber,
        },
      );
      return {
        shipmentId,
        trackingNumber: label.trackingNumber,
        carrier: carrier.code,
        labelPdf: label.labelPdf,
        packingSlipPdf: packingSlip,
      };
    });
  } catch (err) {
    await releaseClaim(ctx.db, order.id);
    if (err instanceof HttpProblem) throw err;
    throw new Error(
      `The ${carrier.code} label ${label.trackingNumber} of order ${order.order_id} was made but could not be saved; ` +
        `the order is still open and the label is unused: ${(err as Error).message}`,
      { cause: err },
    );
  }
}

import {
  type BatchShipSingleBody,
  type BatchShipSummary,
  type BatchSkipReason,
  isSingleLineOrder,
  newId,
  type ShipOrderBody,
} from '@hoppa/core';
import { PDFDocument } from 'pdf-lib';
import type { Db } from '../../db/client.ts';
import { addressFromOrganisation, addressFromShipmentDetails } from '../../lib/carriers/address.ts';
import type { PostalAddress, ShipmentMethodInfo } from '../../lib/carriers/carrier.ts';
import { carrierFor } from '../../lib/carriers/index.ts';
import { badRequest, HttpProblem, notFound } from '../../lib/errors.ts';
import { buildPackingSlipPdf, type PackingSlipData } from '../../lib/pdf/packing-slip.pdf.ts';

/** Who is asking: the user (shipped_by) and the organisations visible to them. */
export interface ShippingActor {
  userId: string;
  orgIds: string[];
}

type OrderRow = {
  id: string;
  org_id: string;
  order_id: string;
  status: string;
  placed_at: Date;
  shipped_at: Date | null;
  shipment_details: Record<string, unknown> | null;
  notes_text: string | null;
  selected_ship_method_id: string | null;
  selected_box_id: string | null;
  label_quantity: number;
  track_trace: string | null;
  used_shipment_method: string | null;
  merchant_name: string;
};

type LineRow = {
  ean: string;
  title: string;
  quantity: number;
  cancellation_request: boolean;
  location: string | null;
  weight_kg: string | null;
};

/**
 * The lines of order `orderId` (internal id) in order-line order, each with `columns` (SQL over
 * `ol` = order_lines and `p` = products) and `location`: the name of the line's assigned pick location,
 * else of the product's first active location (stocked places first), else null. Used by the packing
 * slip, the label and the shipment detail (spec 1 §2 Order detail), which print the same location.
 * The caller has checked the order's organisation.
 */
export async function orderLinesWithLocation<T>(db: Db, orderId: string, columns: string): Promise<T[]> {
  const r = await db.query<T>(
    `SELECT ${columns},
            COALESCE(loc.name, (
              SELECT l2.name FROM product_locations pl JOIN locations l2 ON l2.id = pl.location_id
               WHERE pl.product_id = ol.product_id AND pl.active
               ORDER BY (pl.stock > 0) DESC, pl.position, pl.created_at LIMIT 1)) AS location
       FROM order_lines ol
       JOIN products p ON p.id = ol.product_id
       LEFT JOIN locations loc ON loc.id = ol.pick_location_id
      WHERE ol.order_id = $1
      ORDER BY ol.position, ol.id`,
    [orderId],
  );
  return r.rows;
}

/** An order with what its documents print: lines with locations, the merchant and the sender. */
export interface OrderForDocuments {
  order: OrderRow;
  lines: LineRow[];
  recipient: PostalAddress;
  sender: PostalAddress;
}

/**
 * Loads an order of `orgIds` with its lines (pick location name: the assigned one, else the product's
 * first active location) and the sender (the provider organisation). `lock` takes the order row
 * FOR UPDATE (shipping). Errors: 404 when missing or of another organisation.
 */
export async function loadOrderForDocuments(
  db: Db,
  orgIds: string[],
  orderId: string,
  lock = false,
): Promise<OrderForDocuments> {
  const order = (
    await db.query<OrderRow>(
      `SELECT o.id, o.org_id, o.order_id, o.status, o.placed_at, o.shipped_at, o.shipment_details, o.notes_text,
              o.selected_ship_method_id, o.selected_box_id, o.label_quantity, o.track_trace, o.used_shipment_method,
              org.name AS merchant_name
         FROM orders o JOIN organisations org ON org.id = o.org_id
        WHERE o.id = $1 AND o.org_id = ANY($2::char(24)[])
        ${lock ? 'FOR UPDATE OF o' : ''}`,
      [orderId, orgIds],
    )
  ).rows[0];
  if (!order) throw notFound(`Order ${orderId} not found`);
  const lines = await orderLinesWithLocation<LineRow>(
    db,
    order.id,
    'ol.ean, ol.title, ol.quantity, ol.cancellation_request, p.weight_kg',
  );
  const provider = (
    await db.query<{ name: string; address: Record<string, unknown> | null; phone: string | null }>(
      `SELECT name, address, phone FROM organisations WHERE kind = 'provider' ORDER BY created_at, id LIMIT 1`,
    )
  ).rows[0];
  const sender = addressFromOrganisation(
    provider?.name ?? 'Hoppa Fulfilment',
    provider?.address,
    provider?.phone,
  );
  return { order, lines, recipient: addressFromShipmentDetails(order.shipment_details), sender };
}

function packingSlipData(
  doc: OrderForDocuments,
  extra: { methodName: string; trackingNumber: string | null; shippedAt: Date | null },
): PackingSlipData {
  return {
    shopOrderId: doc.order.order_id,
    merchantName: doc.order.merchant_name,
    sender: doc.sender,
    recipient: doc.recipient,
    placedAt: doc.order.placed_at,
    shippedAt: extra.shippedAt,
    methodName: extra.methodName,
    trackingNumber: extra.trackingNumber,
    notes: doc.order.notes_text,
    lines: doc.lines
      .filter((l) => !l.cancellation_request)
      .map((l) => ({ ean: l.ean, title: l.title, quantity: l.quantity, location: l.location ?? '' })),
  };
}

type MethodRow = {
  id: string;
  code: string;
  name: string;
  carrier: string;
  price_cents: number;
  country_code: string | null;
  product_code: string | null;
};

function toMethod(r: MethodRow): ShipmentMethodInfo {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    carrier: r.carrier,
    priceCents: r.price_cents,
    countryCode: r.country_code,
    productCode: r.product_code,
  };
}

const METHOD_COLUMNS = 'id, code, name, carrier, price_cents, country_code, product_code';

/**
 * The default shipment method for a recipient in `countryCode` (ISO alpha-2; spec 1 §4 'it ships at
 * once when a ship option is set', §5 shipment method choices): among the active methods that serve
 * the country (its own or every country), the designated default (`is_default`: the local carrier's
 * LOCAL-NL in the demo) first, then the local carrier's, then the cheapest paid one (the country's
 * own before every-country methods). Own shipment and stamps never count as a default: they need a
 * person's choice. Null when no method serves the country. The one place of this rule: order import
 * preselects it and shipping falls back to it.
 */
export async function defaultShipmentMethod(db: Db, countryCode: string): Promise<ShipmentMethodInfo | null> {
  const country = countryCode.trim().toUpperCase() || 'NL';
  const r = await db.query<MethodRow>(
    `SELECT ${METHOD_COLUMNS} FROM shipment_methods
      WHERE active AND price_cents > 0 AND (country_code IS NULL OR upper(country_code) = $1)
        AND code <> 'OWN-SHIPMENT' AND code NOT LIKE '%STAMP%' AND carrier NOT IN ('own', 'stamp')
      ORDER BY is_default DESC, (carrier = 'local') DESC, (upper(country_code) = $1) DESC NULLS LAST,
               price_cents, code
      LIMIT 1`,
    [country],
  );
  return r.rows[0] ? toMethod(r.rows[0]) : null;
}

/**
 * The method to ship with: the asked code (must be active, else 400), else the order's selected method,
 * else {@link defaultShipmentMethod} for the recipient's country. 400 when none fits.
 */
async function resolveMethod(
  db: Db,
  code: string | undefined,
  selectedId: string | null,
  country: string,
): Promise<ShipmentMethodInfo> {
  if (code) {
    const r = await db.query<MethodRow>(
      `SELECT ${METHOD_COLUMNS} FROM shipment_methods WHERE code = $1 AND active`,
      [code],
    );
    if (!r.rows[0]) throw badRequest(`Unknown or inactive shipment method: ${code}`);
    return toMethod(r.rows[0]);
  }
  if (selectedId) {
    const r = await db.query<MethodRow>(`SELECT ${METHOD_COLUMNS} FROM shipment_methods WHERE id = $1`, [
      selectedId,
    ]);
    if (r.rows[0]) return toMethod(r.rows[0]);
  }
  const fallback = await defaultShipmentMethod(db, country);
  if (!fallback) throw badRequest('Choose a shipment method for this order');
  return fallback;
}

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
 * marks the order shipped (status, shipped_at, track_trace, used_shipment_method, selections) and stores
 * the shipment with both PDFs. Errors: 404 order not visible; 409 `order_shipped`, `order_cancelled`,
 * `cancellation_requested`, and with `singleLineOnly` `not_single_line` (checked under the lock);
 * 400 unknown method or box, or an address without postcode and city.
 */
export async function shipOrder(
  db: Db,
  actor: ShippingActor,
  body: ShipOrderBody,
  now = new Date(),
  opts: { singleLineOnly?: boolean } = {},
): Promise<ShipResult> {
  return db.transaction(async (tx) => {
    const doc = await loadOrderForDocuments(tx, actor.orgIds, body.order_id, true);
    const { order } = doc;
    if (opts.singleLineOnly && !isSingleLineOrder({ products: doc.lines })) {
      throw new HttpProblem(
        409,
        'not_single_line',
        `Order ${order.order_id} has ${doc.lines.length} lines; only single-line orders ship in a batch`,
      );
    }
    if (order.status === 'shipped') {
      throw new HttpProblem(
        409,
        'order_shipped',
        `Order ${order.order_id} has already been shipped (${order.track_trace ?? 'no tracking number'})`,
      );
    }
    if (order.status !== 'open')
      throw new HttpProblem(409, 'order_cancelled', `Order ${order.order_id} has been cancelled`);
    if (doc.lines.some((l) => l.cancellation_request)) {
      throw new HttpProblem(
        409,
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
      const box = await tx.query('SELECT id FROM shipment_boxes WHERE id = $1', [body.box_id]);
      if (!box.rows[0]) throw badRequest(`Unknown shipment box: ${body.box_id}`);
      boxId = body.box_id;
    }
    const labelQuantity = body.label_quantity ?? order.label_quantity ?? 1;
    const weight = doc.lines.reduce((kg, l) => kg + (l.weight_kg ? Number(l.weight_kg) * l.quantity : 0), 0);

    const carrier = carrierFor(method.carrier);
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

    await tx.query(
      `UPDATE orders SET status = 'shipped', shipped_at = $2, track_trace = $3, used_shipment_method = $4,
              selected_ship_method_id = $5, selected_box_id = $6, label_quantity = $7
        WHERE id = $1`,
      [order.id, now, label.trackingNumber, method.name, method.id, boxId, labelQuantity],
    );
    const shipmentId = newId(now.getTime());
    await tx.query(
      `INSERT INTO shipments (id, org_id, order_id, carrier, method_code, tracking_number, label_quantity,
                              label_pdf, packing_slip_pdf, shipped_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        shipmentId,
        order.org_id,
        order.id,
        carrier.code,
        method.code,
        label.trackingNumber,
        labelQuantity,
        label.labelPdf,
        packingSlip,
        actor.userId,
        now,
      ],
    );
    return { shipmentId, trackingNumber: label.trackingNumber, labelPdf: label.labelPdf };
  });
}

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
  db: Db,
  actor: ShippingActor,
  body: BatchShipSingleBody,
  now = new Date(),
): Promise<BatchShipResult> {
  const orgIds = body.orgId ? actor.orgIds.filter((id) => id === body.orgId) : actor.orgIds;
  const scoped = { userId: actor.userId, orgIds };
  const result: BatchShipResult = { shipped: [], skipped: [], labelsPdf: null, failures: [] };
  const labels: Buffer[] = [];
  for (const orderId of [...new Set(body.orderIds)]) {
    try {
      const shipped = await shipOrder(db, scoped, { order_id: orderId }, now, { singleLineOnly: true });
      result.shipped.push({
        order_id: orderId,
        shipment_id: shipped.shipmentId,
        tracking_number: shipped.trackingNumber,
      });
      labels.push(shipped.labelPdf);
    } catch (error) {
      const reason = error instanceof HttpProblem ? SKIP_REASON[error.code] : undefined;
      result.skipped.push({ order_id: orderId, reason: reason ?? 'failed' });
      if (!reason) result.failures.push({ orderId, error });
    }
  }
  if (labels.length > 0) result.labelsPdf = await joinPdfs(labels);
  return result;
}

/** One PDF with every page of `pdfs`, in order. */
async function joinPdfs(pdfs: Buffer[]): Promise<Buffer> {
  if (pdfs.length === 1) return pdfs[0] as Buffer;
  const out = await PDFDocument.create();
  for (const bytes of pdfs) {
    const src = await PDFDocument.load(bytes);
    for (const page of await out.copyPages(src, src.getPageIndices())) out.addPage(page);
  }
  return Buffer.from(await out.save());
}

/**
 * The packing slip of an order (spec 1 §7 POST /orders/packing_slip): A4 with the order lines (EAN,
 * title, quantity, location). For a shipped order the stored slip is answered, so a reprint matches
 * the parcel. Errors: 404 when the order is not visible.
 */
export async function packingSlipForOrder(db: Db, actor: ShippingActor, orderId: string): Promise<Buffer> {
  const stored = await db.query<{ packing_slip_pdf: Buffer }>(
    `SELECT s.packing_slip_pdf FROM shipments s
      WHERE s.order_id = $1 AND s.org_id = ANY($2::char(24)[]) ORDER BY s.created_at DESC LIMIT 1`,
    [orderId, actor.orgIds],
  );
  if (stored.rows[0]) return stored.rows[0].packing_slip_pdf;
  const doc = await loadOrderForDocuments(db, actor.orgIds, orderId);
  let methodName = doc.order.used_shipment_method ?? '';
  if (!methodName && doc.order.selected_ship_method_id) {
    const m = await db.query<{ name: string }>('SELECT name FROM shipment_methods WHERE id = $1', [
      doc.order.selected_ship_method_id,
    ]);
    methodName = m.rows[0]?.name ?? '';
  }
  return buildPackingSlipPdf(
    packingSlipData(doc, {
      methodName,
      trackingNumber: doc.order.track_trace,
      shippedAt: doc.order.shipped_at,
    }),
  );
}

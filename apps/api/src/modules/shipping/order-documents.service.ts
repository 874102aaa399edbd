import type { Db } from '../../db/client.ts';
import { addressFromOrganisation, addressFromShipmentDetails } from '../../lib/carriers/address.ts';
import type { PostalAddress } from '../../lib/carriers/carrier.ts';
import { notFound } from '../../lib/errors.ts';
import { buildPackingSlipPdf, type PackingSlipData } from '../../lib/pdf/packing-slip.pdf.ts';
import type { RequestContext } from '../../lib/route.ts';

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

export function packingSlipData(
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

/**
 * The packing slip of an order (spec 1 §7 POST /orders/packing_slip): A4 with the order lines (EAN,
 * title, quantity, location). For a shipped order the stored slip is answered, so a reprint matches
 * the parcel. Errors: 404 when the order is not visible.
 */
export async function packingSlipForOrder(
  { db, orgIds }: Pick<RequestContext, 'db' | 'orgIds'>,
  { order_id: orderId }: { order_id: string },
): Promise<Buffer> {
  const stored = await db.query<{ packing_slip_pdf: Buffer }>(
    `SELECT s.packing_slip_pdf FROM shipments s
      WHERE s.order_id = $1 AND s.org_id = ANY($2::char(24)[]) ORDER BY s.created_at DESC LIMIT 1`,
    [orderId, orgIds],
  );
  if (stored.rows[0]) return stored.rows[0].packing_slip_pdf;
  const doc = await loadOrderForDocuments(db, orgIds, orderId);
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

import { sql } from 'kysely';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { addressFromOrganisation, addressFromShipmentDetails } from '../../lib/carriers/address.ts';
import type { PostalAddress } from '../../lib/carriers/carrier.ts';
import { notFound } from '../../lib/errors.ts';
import { buildPackingSlipPdf, type PackingSlipData } from '../../lib/pdf/packing-slip.pdf.ts';
import type { RequestContext } from '../../lib/route.ts';

/**
 * The lines of order `orderId` (internal id) in order-line order, with product and `location`: the name of the
 * line's assigned pick location, else of the product's first active location (stocked places first), else null.
 * Used by the packing slip, the label and the shipment detail (spec 1 §2 Order detail), which print the same
 * location. Tenant-scoped: lines of another organisation's order do not come back.
 */
export async function orderLinesWithLocation(scope: TenantScope, orderId: string) {
  return tenantSql(scope)
    .selectFrom('order_lines as ol')
    .innerJoin('products as p', 'p.id', 'ol.product_id')
    .leftJoin('locations as loc', 'loc.id', 'ol.pick_location_id')
    .where('ol.order_id', '=', orderId)
    .where(orgScope(scope, 'ol'))
    .where(orgScope(scope, 'p'))
    .select((eb) => [
      'ol.id',
      'ol.product_id',
      'ol.ean',
      'ol.title',
      'ol.quantity',
      'ol.picked_quantity',
      'ol.cancellation_request',
      'ol.cancelled_at',
      'ol.bundle_title',
      'ol.bundle_quantity',
      'p.img_url',
      sql<string | null>`p.weight_kg::text`.as('weight_kg'),
      eb.fn
        .coalesce(
          'loc.name',
          eb
            .selectFrom('product_locations as pl')
            .innerJoin('locations as l2', 'l2.id', 'pl.location_id')
            .select('l2.name')
            .whereRef('pl.product_id', '=', 'ol.product_id')
            .where('pl.active', '=', true)
            .where(orgScope(scope, 'pl'))
            .orderBy(sql`(pl.stock > 0)`, 'desc')
            .orderBy('pl.position')
            .orderBy('pl.created_at')
            .limit(1),
        )
        .as('location'),
    ])
    .orderBy('ol.position')
    .orderBy('ol.id')
    .execute();
}

type LineRow = Awaited<ReturnType<typeof orderLinesWithLocation>>[number];

/** An order of the scope with what its documents print (merchant name joined); `lock` takes it FOR UPDATE. */
function orderForDocumentsQuery(scope: TenantScope, orderId: string, lock: boolean) {
  return tenantSql(scope)
    .selectFrom('orders as o')
    .innerJoin('organisations as org', 'org.id', 'o.org_id')
    .where('o.id', '=', orderId)
    .where(orgScope(scope, 'o'))
    .select([
      'o.id',
      'o.org_id',
      'o.order_id',
      'o.status',
      'o.placed_at',
      'o.shipped_at',
      'o.shipment_details',
      'o.notes_text',
      'o.selected_ship_method_id',
      'o.selected_box_id',
      'o.label_quantity',
      'o.track_trace',
      'o.used_shipment_method',
      'org.name as merchant_name',
    ])
    .$if(lock, (q) => q.forUpdate('o'));
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof orderForDocumentsQuery>['executeTakeFirstOrThrow']>>;

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
  scope: TenantScope,
  orderId: string,
  lock = false,
): Promise<OrderForDocuments> {
  const order = await orderForDocumentsQuery(scope, orderId, lock).executeTakeFirst();
  if (!order) throw notFound(`Order ${orderId} not found`);
  const lines = await orderLinesWithLocation(scope, order.id);
  const provider = await systemSql(scope.db)
    .selectFrom('organisations')
    .select(['name', 'address', 'phone'])
    .where('kind', '=', 'provider')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const sender = addressFromOrganisation(
    provider?.name ?? 'Hoppa Fulfilment',
    provider?.address as Record<string, unknown> | null | undefined,
    provider?.phone,
  );
  return {
    order,
    lines,
    recipient: addressFromShipmentDetails(order.shipment_details as Record<string, unknown> | null),
    sender,
  };
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
      .map((l) => ({
        ean: l.ean,
        // A part of a bundle names the bundle the customer ordered (ADR 0049).
        title: l.bundle_title ? `${l.title} (uit ${l.bundle_quantity ?? 1}× ${l.bundle_title})` : l.title,
        quantity: l.quantity,
        location: l.location ?? '',
      })),
  };
}

/**
 * The packing slip of an order (spec 1 §7 POST /orders/packing_slip): A4 with the order lines (EAN,
 * title, quantity, location). For a shipped order the stored slip is answered, so a reprint matches
 * the parcel. Errors: 404 when the order is not visible.
 */
export async function packingSlipForOrder(
  scope: Pick<RequestContext, 'db' | 'orgIds'>,
  { order_id: orderId }: { order_id: string },
): Promise<Buffer> {
  const stored = await tenantSql(scope)
    .selectFrom('shipments as s')
    .select('s.packing_slip_pdf')
    .where('s.order_id', '=', orderId)
    .where(orgScope(scope, 's'))
    .orderBy('s.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (stored?.packing_slip_pdf) return stored.packing_slip_pdf as Buffer;
  const doc = await loadOrderForDocuments(scope, orderId);
  let methodName = doc.order.used_shipment_method ?? '';
  if (!methodName && doc.order.selected_ship_method_id) {
    const m = await systemSql(scope.db)
      .selectFrom('shipment_methods')
      .select('name')
      .where('id', '=', doc.order.selected_ship_method_id)
      .executeTakeFirst();
    methodName = m?.name ?? '';
  }
  return buildPackingSlipPdf(
    packingSlipData(doc, {
      methodName,
      trackingNumber: doc.order.track_trace,
      shippedAt: doc.order.shipped_at,
    }),
  );
}

import type { ShipmentDetail } from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, tenantSql } from '../../db/tenant.ts';
import { addressFromShipmentDetails } from '../../lib/carriers/address.ts';
import { notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/route.ts';
import { confirmationsOfShipments } from './marketplace-confirmations.service.ts';
import { orderLinesWithLocation } from './order-documents.service.ts';
import { shipmentQuery, toShipmentItem, trackingEvents } from './shipment-view.ts';

type ShipmentCtx = Pick<RequestContext, 'db' | 'orgIds'>;

/**
 * One shipment with its order (spec 1 §2 Order detail): dates, address, tracking events, who shipped it, and the
 * lines with EAN, quantity and storage location. Errors: 404 when missing or of another organisation.
 */
export async function getShipment(
  ctx: ShipmentCtx,
  { params }: { params: { id: string } },
): Promise<ShipmentDetail> {
  const row = await shipmentQuery(ctx)
    .leftJoin('users as u', 'u.id', 's.shipped_by')
    .where('s.id', '=', params.id)
    .select((eb) => [
      'o.delivery_at',
      'o.notes_text',
      'o.notes_color',
      sql<string | null>`NULLIF(concat_ws(' ', u.first_name, u.family_name), '')`.as('shipped_by'),
      eb
        .selectFrom('order_lines as ol')
        .innerJoin('products as p', 'p.id', 'ol.product_id')
        .select(sql<boolean | null>`bool_and(p.fulfilled_by_sf)`.as('all'))
        .whereRef('ol.order_id', '=', 'o.id')
        .where(orgScope(ctx, 'ol'))
        .where(orgScope(ctx, 'p'))
        .as('fulfilled_by_sf'),
    ])
    .executeTakeFirst();
  if (!row) throw notFound(`Shipment ${params.id} not found`);
  const { delivery_at, notes_text, notes_color, shipped_by, fulfilled_by_sf, ...shipment } = row;
  const lines = (await orderLinesWithLocation(ctx, shipment.order__id)).map(
    ({ id, product_id, ean, title, quantity, picked_quantity, img_url, location }) => ({
      id,
      product_id,
      ean,
      title,
      quantity,
      picked_quantity,
      img_url,
      location,
    }),
  );
  const events = await trackingEvents(ctx, shipment);
  const confirmation = (await confirmationsOfShipments(ctx, [shipment.id])).get(shipment.id) ?? null;
  const sd = (shipment.shipment_details ?? {}) as Record<string, unknown>;
  const a = addressFromShipmentDetails(sd);
  const raw = (...keys: string[]) => {
    for (const key of keys) if (typeof sd[key] === 'string' && sd[key]) return sd[key] as string;
    return null;
  };
  return {
    ...toShipmentItem(shipment, events),
    delivery_at: delivery_at?.toISOString() ?? null,
    handed_over_at: shipment.handed_over_at?.toISOString() ?? null,
    shipped_by,
    address: {
      company: a.company || null,
      firstName: raw('firstName', 'first_name', 'name'),
      surname: raw('surname', 'surName', 'surename'),
      streetName: a.street || null,
      houseNumber: a.houseNumber || null,
      houseNumberExtension: a.addition || null,
      zipCode: a.zipCode || null,
      city: a.city || null,
      countryCode: a.countryCode,
      email: a.email || null,
      phone: a.phone || null,
    },
    notes_text,
    notes_color: notes_color as ShipmentDetail['notes_color'],
    is_fulfilled_by_sf: fulfilled_by_sf ?? true,
    lines,
    events,
    marketplace_confirmation: confirmation,
  };
}

/**
 * The stored label or packing slip PDF of a shipment. Errors: 404 when missing, of another organisation, or (label)
 * an own shipment without label.
 */
export async function shipmentDocument(
  ctx: ShipmentCtx,
  { params }: { params: { id: string } },
  kind: 'label' | 'packing_slip',
): Promise<{ pdf: Buffer; trackingNumber: string }> {
  const row = await tenantSql(ctx)
    .selectFrom('shipments as s')
    .select([kind === 'label' ? 's.label_pdf as pdf' : 's.packing_slip_pdf as pdf', 's.tracking_number'])
    .where('s.id', '=', params.id)
    .where(orgScope(ctx, 's'))
    .executeTakeFirst();
  if (!row) throw notFound(`Shipment ${params.id} not found`);
  // An own shipment ('Eigen verzendwijze', ADR 0044) has no label of ours.
  if (!row.pdf)
    throw notFound(`Shipment ${row.tracking_number} has no label: the merchant ships it themselves`);
  return { pdf: row.pdf, trackingNumber: row.tracking_number };
}

import {
  amsterdamDay,
  type CreateOrderBodySchema,
  type CreateOrderResult,
  firstNewOrderProblem,
  isB2bLike,
  NEW_ORDER_MESSAGES,
  type NewOrderCheck,
  newId,
  type ShipmentDetails,
  shipmentMethodChoices,
} from '@hoppa/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, tenantSql } from '../../db/tenant.ts';
import { HttpProblem } from '../../lib/errors.ts';
import { isEuropeanCountry, postcodeFormat } from '../address/index.ts';
import { orderShippingDefaults, productShippingDefaults } from '../products/index.ts';
import { pickLocationsOf } from '../stock/index.ts';
import { applyArrivalRules } from './order-arrival.service.ts';

/** The parsed body of `POST /orders`. */
export type CreateOrderInput = z.output<typeof CreateOrderBodySchema>;

/** What creating an order needs: the transaction, the organisation it belongs to and who makes it. */
export interface CreateOrderContext {
  db: Db;
  orgId: string;
  userId: string | null;
  /** The order's placed time; now unless given (the demo seed places its orders in the past week). */
  now?: Date;
}

/** Where each check of the validation order points in the body (the `issues` path of the 400). */
const FIELD_OF: Record<NewOrderCheck, string> = {
  products: 'body.products',
  deliveryCount: 'body.deliveryBoxes',
  deliveryDate: 'body.deliveryDateTime',
  firstName: 'body.shipment_details.name',
  surname: 'body.shipment_details.surename',
  country: 'body.shipment_details.countryCode',
  postalCode: 'body.shipment_details.postalcode',
  postalCodeFormat: 'body.shipment_details.postalcode',
  houseNumber: 'body.shipment_details.housenumber',
  houseNumberFormat: 'body.shipment_details.housenumber',
  street: 'body.shipment_details.streetname',
  city: 'body.shipment_details.city',
  email: 'body.shipment_details.email',
  emailFormat: 'body.shipment_details.email',
  phoneFormat: 'body.shipment_details.phone',
  shipmentMethod: 'body.ship_option',
  reason: 'body.type',
  attachmentFiles: 'body.attachments.available',
  attachmentText: 'body.attachments.instructions',
};

/** The 400 of a failed check: the spec's English message, the field in `issues` (spec 1 §8 'a banner per failure'). */
function refused(check: NewOrderCheck): HttpProblem {
  const message = NEW_ORDER_MESSAGES[check].en;
  return new HttpProblem(400, 'validation', message, [{ path: FIELD_OF[check], message }]);
}

const ORDER_NUMBER_PREFIX: Record<string, string> = {
  manual_order: 'M',
  b2b_order: 'B2B',
  amazon_fba_order: 'FBA',
  bol_lvb_order: 'LVB',
};

/** A new order's number as the lists show it: type prefix, Amsterdam day and 5 random characters ('M-260302-K7Q2X'). */
function orderNumber(orderType: string, now: Date): string {
  const day = amsterdamDay(now).slice(2).replaceAll('-', '');
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  let tail = '';
  for (let i = 0; i < 5; i++) tail += alphabet[Math.floor(Math.random() * alphabet.length)];
  return `${ORDER_NUMBER_PREFIX[orderType] ?? 'M'}-${day}-${tail}`;
}

/**
 * Creates an order from the wizard (spec 1 §2 New order wizard, §5, §7 `POST /orders`; issue 13 item 1) in the
 * caller's transaction:
 * - checks the body in the spec's order with {@link firstNewOrderProblem} (products; box/pallet data of B2B-like
 *   orders; first name, surname, country — one of the European countries —, postcode in the country's format
 *   (the address module's check), house number ≥ 1, street, city, e-mail; a shipment method among the choices for
 *   the country (price above 0 or own shipment); the reason; attachment text and files together) and answers the
 *   first failure as 400 `validation` with the spec's message;
 * - reads the products (the organisation's own; another one is 400 'Invalid product items'), takes EAN and title
 *   from them, and gives each line its pick location as the import does ({@link pickLocationsOf}), so the order is on
 *   the open list and the floor's pick list at once;
 * - writes the order (platform `portal`, status open, the address in the import's spelling with the postcode as
 *   the country writes it, the chosen method, reason, remark, instructions, shipment type, box/pallet count and
 *   delivery date) and its lines;
 * - runs the automation rules of its products and expands bundle lines into their parts (`applyArrivalRules`).
 * Returns `{ order_id, orderId }` (our id, the order number).
 */
export async function createOrder(
  ctx: CreateOrderContext,
  body: CreateOrderInput,
): Promise<CreateOrderResult> {
  const { db, orgId } = ctx;
  const now = ctx.now ?? new Date();
  const scope = { db, orgIds: [orgId] };
  const a = body.shipment_details;
  const country = (a.countryCode ?? '').trim().toUpperCase();
  const methods = await systemSql(db)
    .selectFrom('shipment_methods')
    .select(['id', 'code', 'price_cents', 'country_code', 'active'])
    .where('active', '=', true)
    .execute();
  const choices = shipmentMethodChoices(methods, country);
  const b2b = isB2bLike(body.order_type);
  const problem = firstNewOrderProblem(
    {
      order_type: body.order_type,
      products: body.products,
      delivery: { count: body.deliveryBoxes ?? null, date: body.deliveryDateTime ?? null },
      address: { ...a, countryCode: isEuropeanCountry(country) ? country : '' },
      ship_option: body.ship_option ?? null,
      reason: body.type ?? null,
      attachments: {
        text: body.attachments?.instructions ?? null,
        // The files follow with POST /order_attachments: `available` promises them.
        files: body.attachments?.available ? 1 : 0,
      },
    },
    'create',
    {
      now,
      postcodeOk: (c, p) => postcodeFormat(c, p).valid,
      shipmentMethodOk: (code) => choices.some((m) => m.code === code),
    },
  );
  if (problem) throw refused(problem);

  const productIds = [...new Set(body.products.map((p) => p.product_id))];
  const products = await tenantSql(scope)
    .selectFrom('products as p')
    .select(['p.id', 'p.ean', 'p.name'])
    .where(orgScope(scope, 'p'))
    .where('p.id', 'in', productIds)
    .execute();
  const productOf = new Map(products.map((p) => [p.id, p]));
  if (productIds.some((id) => !productOf.has(id)))
    throw new HttpProblem(400, 'validation', 'Invalid product items', [
      { path: 'body.products', message: 'Invalid product items' },
    ]);
  const [pickLocationOf, productDefaults] = await Promise.all([
    pickLocationsOf(scope, productIds),
    productShippingDefaults(scope, productIds),
  ]);
  // The chosen ship option wins; else the products' own defaults (ADR 0048), as for imported orders.
  const defaults = orderShippingDefaults(
    body.products.map((l) => l.product_id),
    productDefaults,
  );
  const method = choices.find((m) => m.code === body.ship_option);

  const postcode = postcodeFormat(country, a.postalcode ?? '');
  const details: ShipmentDetails = {
    firstName: a.name,
    surname: a.surename,
    company: a.company || undefined,
    streetName: a.streetname,
    houseNumber: a.housenumber,
    houseNumberExtension: a.houseNumberExtension || undefined,
    zipCode: postcode.postalCode,
    city: a.city,
    countryCode: country,
    email: a.email,
    phone: a.phone || undefined,
  };
  const instructions = body.attachments?.available ? body.attachments.instructions?.trim() || null : null;

  // An order number is unique per organisation; another try with fresh random characters if one is taken.
  for (let attempt = 0; ; attempt++) {
    const id = newId();
    const number = orderNumber(body.order_type, now);
    const taken = await tenantSql(scope)
      .selectFrom('orders as o')
      .select('o.id')
      .where(orgScope(scope, 'o'))
      .where('o.order_id', '=', number)
      .executeTakeFirst();
    if (taken && attempt < 5) continue;
    await tenantSql(scope)
      .insertInto('orders')
      .values({
        id,
        org_id: orgId,
        order_id: number,
        platform: 'portal',
        order_type: body.order_type,
        status: 'open',
        placed_at: now,
        created_at: now,
        delivery_at: b2b && body.deliveryDateTime ? new Date(body.deliveryDateTime) : null,
        shipment_details: JSON.stringify(details),
        reason: body.type ?? null,
        remark: body.remark?.trim() || null,
        selected_ship_method_id: method?.id ?? defaults.methodId,
        selected_box_id: defaults.boxId,
        attachment_instructions: instructions,
        shipment_type: b2b ? (body.shipmentType ?? 'drop_off') : null,
        delivery_unit: b2b ? (body.deliveryUnit ?? 'box') : null,
        delivery_boxes: b2b ? (body.deliveryBoxes ?? null) : null,
        created_by: ctx.userId,
      })
      .execute();
    await tenantSql(scope)
      .insertInto('order_lines')
      .values(
        body.products.map((line, position) => {
          const product = productOf.get(line.product_id) as { id: string; ean: string; name: string };
          return {
            id: newId(),
            order_id: id,
            org_id: orgId,
            product_id: product.id,
            ean: product.ean,
            title: product.name,
            quantity: line.quantity,
            pick_location_id: pickLocationOf.get(product.id) ?? null,
            position,
            placed_at: now,
          };
        }),
      )
      .execute();
    // Automation rules and bundle expansion (ADR 0049).
    await applyArrivalRules(db, orgId, [id]);
    return { order_id: id, orderId: number };
  }
}

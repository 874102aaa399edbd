import {
  EDIT_SEARCH_LIMIT,
  EDIT_SEARCH_MIN,
  type EditProduct,
  newId,
  normalisePostcode,
  type Order,
  type OrderEditBody,
  orderEditEndpoint,
} from '@hoppa/core';
import { sql } from 'kysely';
import { escapeLike } from '../../db/client.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem, refusal } from '../../lib/errors.ts';
import { getOrder } from '../orders/index.ts';

/**
 * Edits an open order (spec 1 §2 Edit order, §7 `PUT /order/edit/{id}`; ADR 0041 "what editing may undo") in one
 * transaction holding the order row: the address fields replace those of `shipmentDetails` (a null addition or
 * country becomes '', spec 1 §5; other stored fields such as language stay), and the product lines become the
 * listed ones — a listed `id` keeps that line with the new quantity, a line left out is removed, a line without `id`
 * is added with the product's first active stocked location as pick location (as the import does).
 *
 * The rule: the address may change until the order is shipped; lines may change as long as no picked piece has to
 * go back — a line with picked pieces can be neither removed nor lowered below its picked quantity — and a line with
 * a cancellation request of its customer (spec 1 §3 `cancellationRequest`, also once cancelled; ADR 0128) keeps its
 * quantity and stays, since the shop cancels its item whole.
 * Errors: 404 order not visible; 409 `order_shipped`, `order_cancelled`, `fulfilled_by_provider` (isFulfilledBySF),
 * `cancellation_requested` or `picking_started` (the message names the line); 400 for a line id of another order or a
 * product of another shop, and `format_invalid` for a postcode
 * its country does not use (format `postcode_nl` for a Dutch one not '1234 AB', else `postcode` with the `country`).
 */
export async function editOrder(
  ctx: TenantScope,
  { params, body }: { params: { id: string }; body: OrderEditBody },
): Promise<Order> {
  await ctx.db.transaction(async (tx) => {
    const scope = { db: tx, orgIds: ctx.orgIds };
    const order = await tenantSql(scope)
      .selectFrom('orders as o')
      .select(['o.id', 'o.org_id', 'o.order_id', 'o.status', 'o.shipment_details', 'o.placed_at'])
      .where('o.id', '=', params.id)
      .where(orgScope(scope, 'o'))
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound('Order not found');
    if (order.status === 'shipped')
      throw problem(
        orderEditEndpoint,
        'order_shipped',
        `Order ${order.order_id} has been shipped; it can no longer be edited`,
      );
    if (order.status !== 'open')
      throw problem(orderEditEndpoint, 'order_cancelled', `Order ${order.order_id} has been cancelled`);
    // A postcode as the order import and the new order wizard want it (spec 1 §5 Address form; core
    // normalisePostcode: NL '1234 AB', BE four digits, DE five, …): one the carrier cannot read would only be refused
    // at the packing station, when the label is made. Stored normalised, as the import stores it.
    const { countryCode, zipCode: typedZip } = body.shipmentDetails;
    const zipCode = normalisePostcode(countryCode, typedZip);
    if (!zipCode)
      throw refusal(
        countryCode === 'NL'
          ? `Invalid postcode for NL: '${typedZip}' (four digits, optional space, two letters, e.g. 1234 AB)`
          : `Invalid postcode for ${countryCode || 'the country'}: '${typedZip}'`,
        'format_invalid',
        countryCode === 'NL'
          ? { field: 'zipCode', format: 'postcode_nl', value: typedZip }
          : { field: 'zipCode', format: 'postcode', country: countryCode, value: typedZip },
      );
    const lines = await tenantSql(scope)
      .selectFrom('order_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select([
        'l.id',
        'l.ean',
        'l.title',
        'l.quantity',
        'l.picked_quantity',
        'l.position',
        'l.cancellation_request',
        'l.cancelled_at',
        'p.fulfilled_by_sf',
      ])
      .where('l.order_id', '=', order.id)
      .where(orgScope(scope, 'l'))
      .where(orgScope(scope, 'p'))
      .execute();
    if (lines.length > 0 && lines.every((l) => l.fulfilled_by_sf)) {
      throw problem(
        orderEditEndpoint,
        'fulfilled_by_provider',
        `Order ${order.order_id} is fulfilled by the provider; it cannot be edited`,
      );
    }
    const byId = new Map(lines.map((l) => [l.id, l]));
    const kept = new Set<string>();
    for (const wanted of body.products) {
      if (!wanted.id) continue;
      const line = byId.get(wanted.id);
      if (!line)
        throw refusal(`Line ${wanted.id} is not a line of order ${order.order_id}`, 'not_of_order', {
          field: 'id',
          value: wanted.id,
          order_id: order.order_id,
        });
      kept.add(line.id);
      if (wanted.quantity < line.picked_quantity) {
        throw problem(
          orderEditEndpoint,
          'picking_started',
          `${line.picked_quantity} of ${line.title} (${line.ean}) are picked already; the quantity cannot go below that`,
        );
      }
    }
    const removed = lines.filter((l) => !kept.has(l.id));
    // A line the customer asked to cancel (or that was cancelled at bol) stays as the shop has it, until the merchant
    // accepts the request: its item is cancelled at the shop whole (ADR 0128, 0129).
    const asked =
      lines.find(
        (l) =>
          l.cancellation_request && body.products.some((w) => w.id === l.id && w.quantity !== l.quantity),
      ) ?? removed.find((l) => l.cancellation_request);
    if (asked)
      throw problem(
        orderEditEndpoint,
        'cancellation_requested',
        asked.cancelled_at
          ? `${asked.title} (${asked.ean}) was cancelled at the customer's request; it can neither change nor be removed`
          : `The customer asked to cancel ${asked.title} (${asked.ean}); its quantity cannot change and it cannot be removed until the request is accepted on the order card`,
      );
    const picked = removed.find((l) => l.picked_quantity > 0);
    if (picked) {
      throw problem(
        orderEditEndpoint,
        'picking_started',
        `${picked.title} (${picked.ean}) is picked already (${picked.picked_quantity}); a picked line cannot be removed`,
      );
    }
    const newProductIds = [...new Set(body.products.filter((l) => !l.id).map((l) => l.product_id))];
    const products = newProductIds.length
      ? await tenantSql(scope)
          .selectFrom('products as p')
          .select(['p.id', 'p.name', 'p.ean'])
          .where('p.id', 'in', newProductIds)
          .where('p.org_id', '=', order.org_id)
          .where(orgScope(scope, 'p'))
          .execute()
      : [];
    const productOf = new Map(products.map((p) => [p.id, p]));
    for (const id of newProductIds)
      if (!productOf.has(id))
        throw refusal(`Product ${id} is not a product of this shop`, 'not_of_shop', {
          field: 'product_id',
          value: id,
        });
    const places = newProductIds.length
      ? await tenantSql(scope)
          .selectFrom('product_locations as pl')
          .distinctOn('pl.product_id')
          .select(['pl.product_id', 'pl.location_id'])
          .where(orgScope(scope, 'pl'))
          .where('pl.product_id', 'in', newProductIds)
          .where('pl.active', '=', true)
          .where('pl.stock', '>', 0)
          .orderBy('pl.product_id')
          .orderBy('pl.position')
          .orderBy('pl.created_at')
          .execute()
      : [];
    const placeOf = new Map(places.map((p) => [p.product_id, p.location_id]));

    const a = body.shipmentDetails;
    const details = {
      ...((order.shipment_details ?? {}) as Record<string, unknown>),
      firstName: a.firstName,
      surname: a.surname,
      email: a.email,
      streetName: a.streetName,
      houseNumber: a.houseNumber,
      houseNumberExtension: a.houseNumberExtension,
      zipCode,
      city: a.city,
      countryCode: a.countryCode,
      ...(a.company === undefined ? {} : { company: a.company }),
      ...(a.phone === undefined ? {} : { phone: a.phone }),
    };
    await tenantSql(scope)
      .updateTable('orders as o')
      .set({ shipment_details: JSON.stringify(details) })
      .where('o.id', '=', order.id)
      .where(orgScope(scope, 'o'))
      .execute();
    if (removed.length > 0) {
      await tenantSql(scope)
        .deleteFrom('order_lines as l')
        .where(
          'l.id',
          'in',
          removed.map((l) => l.id),
        )
        .where(orgScope(scope, 'l'))
        .execute();
    }
    let position = Math.max(0, ...lines.map((l) => l.position));
    for (const wanted of body.products) {
      if (wanted.id) {
        if (byId.get(wanted.id)?.quantity !== wanted.quantity) {
          await tenantSql(scope)
            .updateTable('order_lines as l')
            .set({ quantity: wanted.quantity })
            .where('l.id', '=', wanted.id)
            .where(orgScope(scope, 'l'))
            .execute();
        }
        continue;
      }
      const product = productOf.get(wanted.product_id) as { id: string; name: string; ean: string };
      position += 1;
      await tenantSql(scope)
        .insertInto('order_lines')
        .values({
          id: newId(),
          order_id: order.id,
          org_id: order.org_id,
          product_id: product.id,
          ean: product.ean,
          title: product.name,
          quantity: wanted.quantity,
          pick_location_id: placeOf.get(product.id) ?? null,
          position,
          placed_at: order.placed_at,
        })
        .execute();
    }
  });
  return getOrder(ctx, { params });
}

/**
 * The edit screen's product search (spec 1 §5 Edit order: 3 or more characters, 10 results): products of the
 * order's shop whose name, EAN or SKU contains `search` (case ignored; none: the first ones), by name. Errors: 404 order not visible,
 * 400 for fewer than 3 characters.
 */
export async function searchEditProducts(
  ctx: TenantScope,
  { params, query }: { params: { id: string }; query: { search?: string | undefined } },
): Promise<{ items: EditProduct[] }> {
  const term = query.search?.trim() ?? '';
  if (term && term.length < EDIT_SEARCH_MIN)
    throw refusal(
      `Search needs at least ${EDIT_SEARCH_MIN} characters`,
      'text_too_short',
      { field: 'search', min: EDIT_SEARCH_MIN },
      'query.search',
    );
  const order = await tenantSql(ctx)
    .selectFrom('orders as o')
    .select('o.org_id')
    .where('o.id', '=', params.id)
    .where(orgScope(ctx, 'o'))
    .executeTakeFirst();
  if (!order) throw notFound('Order not found');
  const like = `%${escapeLike(term)}%`;
  const items = await tenantSql(ctx)
    .selectFrom('products as p')
    .select(['p.id', 'p.name', 'p.ean', 'p.img_url'])
    .where('p.org_id', '=', order.org_id)
    .where(orgScope(ctx, 'p'))
    .$if(term !== '', (q) =>
      q.where((eb) =>
        eb.or([
          eb('p.name', 'ilike', like),
          eb('p.ean', 'ilike', like),
          eb(sql`coalesce(p.bsku, '')`, 'ilike', like),
        ]),
      ),
    )
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(EDIT_SEARCH_LIMIT)
    .execute();
  return { items };
}

import {
  type AvailablePickCarts,
  type AvailablePickCartsBody,
  AvailablePickCartsBodySchema,
  type OrderByLocation,
  processProductScanEndpoint,
  type SetDestinationBody,
  type SetDestinationResult,
} from '@hoppa/core';
import { sql } from 'kysely';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem, refusal } from '../../lib/errors.ts';

/** Who groups: the tenant scope of the request and the user, written on each moved line. */
export interface GroupActor extends TenantScope {
  userId: string;
}

/** At most this many orders answer `GET /orders-by-picked-location/{id}`. */
const ORDERS_BY_LOCATION_MAX = 500;

/** The lines waiting for grouping: picked (fully), on their pick location, of open orders. */
function waitingLines(ctx: TenantScope) {
  return tenantSql(ctx)
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .where('o.status', '=', 'open')
    .where('l.cancellation_request', '=', false)
    .where('l.group_location_id', 'is', null)
    .where('l.pick_location_id', 'is not', null)
    .where(sql<boolean>`l.picked_quantity > 0 and l.picked_quantity = l.quantity`)
    .where(orgScope(ctx, 'l'))
    .where(orgScope(ctx, 'o'));
}

/**
 * The group location of each order that has grouped products (spec 1 §3 Orders by location pick_group_location):
 * the location of its first grouped line.
 */
async function groupLocationsOf(ctx: TenantScope, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, { id: string; name: string }>();
  const rows = await tenantSql(ctx)
    .selectFrom('order_lines as l')
    .innerJoin('locations as loc', 'loc.id', 'l.group_location_id')
    .select(['l.order_id', 'loc.id', 'loc.name'])
    .where('l.order_id', 'in', orderIds)
    .where('l.group_location_id', 'is not', null)
    .where(orgScope(ctx, 'l'))
    .orderBy('l.grouped_at')
    .orderBy('l.id')
    .execute();
  const map = new Map<string, { id: string; name: string }>();
  for (const r of rows) if (!map.has(r.order_id)) map.set(r.order_id, { id: r.id, name: r.name });
  return map;
}

/**
 * `POST /available-pick-carts` (spec 2 §7; §3 Group item): the pick locations holding picked, not yet grouped lines
 * in walking order, `skip` locations on, each with its first `capacity` lines (oldest order first).
 */
export async function availablePickCarts(
  ctx: TenantScope,
  input: AvailablePickCartsBody,
): Promise<AvailablePickCarts> {
  const body = AvailablePickCartsBodySchema.parse(input);
  const limit = 1;
  let base = waitingLines(ctx);
  if (body.location) base = base.where('l.pick_location_id', '=', body.location);
  const counted = await base
    .select(sql<number>`count(distinct l.pick_location_id)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const locs = await base
    .innerJoin('locations as loc', 'loc.id', 'l.pick_location_id')
    .leftJoin('locations as par', 'par.id', 'loc.parent_id')
    .select(['loc.id', 'loc.name', 'loc.sequence', 'par.name as parent_name'])
    .select(sql<number>`count(*)::int`.as('lines'))
    .groupBy(['loc.id', 'loc.name', 'loc.sequence', 'par.name'])
    .orderBy('loc.sequence')
    .orderBy('loc.name')
    .offset(body.skip)
    .limit(limit)
    .execute();
  const items = [];
  for (const loc of locs) {
    const lines = await waitingLines(ctx)
      .where('l.pick_location_id', '=', loc.id)
      .select([
        'l.id',
        'l.order_id',
        'o.order_id as order_number',
        'l.product_id',
        'l.ean',
        'l.title',
        'l.quantity',
      ])
      .orderBy('o.placed_at')
      .orderBy('l.id')
      .limit(body.capacity)
      .execute();
    const groups = await groupLocationsOf(ctx, [...new Set(lines.map((l) => l.order_id))]);
    items.push({
      location_id: loc.id,
      location_name: loc.name,
      parent_name: loc.parent_name,
      more: Math.max(0, loc.lines - lines.length),
      products: lines.map((l) => ({
        _id: l.id,
        order_id: l.order_id,
        order_number: l.order_number,
        product_id: l.product_id,
        ean: l.ean,
        title: l.title,
        quantity: l.quantity,
        pick_group_location: groups.get(l.order_id) ?? null,
      })),
    });
  }
  return { items, total: counted.n, skip: body.skip, limit };
}

/**
 * `GET /orders-by-picked-location/{id}` (spec 2 §7; spec 1 §3 Orders by location): the open orders with a picked line
 * on pick location `id` or grouped into it, with has_grouped_products and pick_group_location; 404 for an unknown
 * location.
 */
export async function ordersByPickedLocation(
  ctx: TenantScope,
  locationId: string,
): Promise<OrderByLocation[]> {
  const location = await systemSql(ctx.db)
    .selectFrom('locations')
    .select('id')
    .where('id', '=', locationId)
    .executeTakeFirst();
  if (!location) throw notFound(`Location ${locationId} does not exist`);
  const orders = await tenantSql(ctx)
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['o.id', 'o.order_id as order_number'])
    .select(sql<number>`count(*)::int`.as('lines'))
    .where('o.status', '=', 'open')
    .where((eb) =>
      eb.or([
        eb.and([eb('l.pick_location_id', '=', locationId), eb('l.picked_quantity', '>', 0)]),
        eb('l.group_location_id', '=', locationId),
      ]),
    )
    .where(orgScope(ctx, 'l'))
    .where(orgScope(ctx, 'o'))
    .groupBy(['o.id', 'o.order_id', 'o.placed_at'])
    .orderBy('o.placed_at')
    .orderBy('o.id')
    .limit(ORDERS_BY_LOCATION_MAX)
    .execute();
  const groups = await groupLocationsOf(
    ctx,
    orders.map((o) => o.id),
  );
  return orders.map((o) => {
    const g = groups.get(o.id) ?? null;
    return {
      _id: o.id,
      order_number: o.order_number,
      lines: o.lines,
      has_grouped_products: g !== null,
      pick_group_location: g,
    };
  });
}

/**
 * Whether stock lies on location `id` or on a location under it (the racks and bins of a hall, the bins of a rack), of
 * any shop, since bins are shared (ADR 0142). A count other than 0 counts, as for the location finder's free bins: a
 * negative count is a stock bin whose count is off. A product's link with 0 pieces leaves the location free.
 */
async function holdsStock(ctx: TenantScope, id: string): Promise<boolean> {
  const r = await sql<{ one: number }>`
    SELECT 1 AS one FROM product_locations pl
     WHERE pl.stock <> 0
       AND pl.location_id IN (
             SELECT ${id}::char(24)
             UNION ALL SELECT c.id FROM locations c WHERE c.parent_id = ${id}
             UNION ALL SELECT g.id FROM locations c JOIN locations g ON g.parent_id = c.id WHERE c.parent_id = ${id})
     LIMIT 1`.execute(systemSql(ctx.db));
  return r.rows.length > 0;
}

/**
 * `POST /process-product-scan` (spec 2 §4 Order grouping flow; §3 Set-destination payload), in the caller's
 * transaction: line `_id` of order `orderId` (product, EAN and pick location as sent) gets `destinationLocationId` as
 * its group location. When the order has grouped products elsewhere, 409 `wrong_group_location` and nothing changes.
 * A line already in that destination answers again (a resend); 404 for a line that is not waiting; 400 `same_location`
 * for the line's own pick location as destination. An order's first destination must hold no stock (ADR 0142: a cart,
 * tote or grouping shelf, free or holding other orders, never a stock bin or its rack): else 409 `location_holds_stock`
 * naming it (issue `values.value`). The order's own group location is always accepted, stock or not, so an order
 * grouped there before stays whole.
 */
export async function setDestination(
  ctx: GroupActor,
  body: SetDestinationBody,
): Promise<SetDestinationResult> {
  // The shelf the pieces were picked from is no cart: grouping them "into" it would leave them where they were and
  // tell the packing station they are grouped.
  if (body.destinationLocationId === body.sourceLocationId)
    throw refusal(
      'The pieces are on that location already: scan the cart or tote they go to',
      'same_location',
      {
        field: 'destinationLocationId',
      },
    );
  const dest = await systemSql(ctx.db)
    .selectFrom('locations')
    .select(['id', 'name', 'active'])
    .where('id', '=', body.destinationLocationId)
    .executeTakeFirst();
  if (!dest) throw notFound(`Location ${body.destinationLocationId} does not exist`);
  // Lock the order's lines: two devices grouping the same order decide one after the other.
  const lines = await tenantSql(ctx)
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select([
      'l.id',
      'l.product_id',
      'l.ean',
      'l.pick_location_id',
      'l.group_location_id',
      'l.picked_quantity',
      'l.quantity',
      'l.cancellation_request',
      'o.status',
    ])
    .where('l.order_id', '=', body.orderId)
    .where(orgScope(ctx, 'l'))
    .where(orgScope(ctx, 'o'))
    .orderBy('l.id')
    .forUpdate('l')
    .execute();
  const line = lines.find((l) => l.id === body._id);
  if (
    !line ||
    line.product_id !== body.product_id ||
    line.ean !== body.productEan ||
    line.pick_location_id !== body.sourceLocationId ||
    line.status !== 'open' ||
    line.cancellation_request
  )
    throw notFound('This order has no such picked line on that location');
  const grouped = lines.filter((l) => l.group_location_id !== null);
  const existing = grouped[0]?.group_location_id ?? null;
  if (existing !== null && existing !== dest.id) {
    const name = await systemSql(ctx.db)
      .selectFrom('locations')
      .select('name')
      .where('id', '=', existing)
      .executeTakeFirstOrThrow();
    throw problem(
      processProductScanEndpoint,
      'wrong_group_location',
      `This order is grouped in ${name.name}; scan ${name.name}`,
    );
  }
  if (existing === null && (await holdsStock(ctx, dest.id))) {
    const message = `Location ${dest.name} holds stock: scan a cart, tote or grouping location`;
    throw problem(processProductScanEndpoint, 'location_holds_stock', message, [
      {
        path: 'body.destinationLocationId',
        message,
        code: 'location_holds_stock',
        values: { field: 'destinationLocationId', value: dest.name },
      },
    ]);
  }
  if (line.group_location_id === null) {
    if (!dest.active)
      throw problem(processProductScanEndpoint, 'location_inactive', `Location ${dest.name} is not active`);
    if (body.quantity > line.picked_quantity || line.picked_quantity < line.quantity)
      throw problem(
        processProductScanEndpoint,
        'over_pick',
        `Only ${line.picked_quantity} of this line are picked`,
      );
    await tenantSql(ctx)
      .updateTable('order_lines as l')
      .set({ group_location_id: dest.id, grouped_at: new Date(), grouped_by: ctx.userId })
      .where('l.id', '=', line.id)
      .where(orgScope(ctx, 'l'))
      .execute();
    line.group_location_id = dest.id;
  }
  return {
    order_id: body.orderId,
    pick_group_location: { id: dest.id, name: dest.name },
    has_grouped_products: true,
    picked_grouped: lines.every((l) => l.group_location_id === dest.id),
  };
}

import {
  type AdminOrder,
  type DeleteOrderResult,
  deleteOrderEndpoint,
  type ShipmentDetails,
} from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem } from '../../lib/errors.ts';
import { bookPickedPiecesBack } from '../orders/index.ts';
import { lockProducts } from '../stock/index.ts';

/** Most orders one search answers (one order number is used by at most a few shops). */
const SEARCH_MAX = 50;

const isId = (s: string) => /^[0-9a-f]{24}$/.test(s);

/** The orders of the scope whose id is `term` or whose shop order number equals it (case-insensitive). */
function findOrders(scope: TenantScope, term: string) {
  return tenantSql(scope)
    .selectFrom('orders as o')
    .innerJoin('organisations as org', 'org.id', 'o.org_id')
    .leftJoin('users as du', 'du.id', 'o.deleted_by')
    .select([
      'o.id',
      'o.order_id',
      'o.org_id',
      'org.name as org_name',
      'o.status',
      'o.platform',
      'o.notes_notify',
      'o.notes_color',
      'o.notes_text',
      'o.placed_at',
      'o.delivery_at',
      'o.track_trace',
      'o.shipment_details',
      'o.deleted_at',
      sql<
        string | null
      >`CASE WHEN du.id IS NULL THEN NULL ELSE du.first_name || ' ' || du.family_name END`.as('deleted_by'),
    ])
    .where(orgScope(scope, 'o'))
    .where((eb) =>
      isId(term)
        ? eb.or([eb('o.id', '=', term), eb(sql`lower(o.order_id)`, '=', term.toLowerCase())])
        : eb(sql`lower(o.order_id)`, '=', term.toLowerCase()),
    );
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof findOrders>['executeTakeFirstOrThrow']>>;

/** The admin view of `rows` (spec 3 §3 Order (admin view)) with their lines and each product's location names. */
async function adminView(scope: TenantScope, rows: OrderRow[]): Promise<AdminOrder[]> {
  if (rows.length === 0) return [];
  const lines = await tenantSql(scope)
    .selectFrom('order_lines as l')
    .select([
      'l.id',
      'l.order_id',
      'l.title',
      'l.quantity',
      'l.picked_quantity',
      'l.ean',
      'l.product_id',
      (eb) =>
        eb
          .selectFrom('product_locations as pl')
          .innerJoin('locations as loc', 'loc.id', 'pl.location_id')
          .select(
            sql<string[]>`coalesce(array_agg(loc.name ORDER BY pl.position, loc.name), '{}')`.as('names'),
          )
          .where(orgScope(scope, 'pl'))
          .whereRef('pl.product_id', '=', 'l.product_id')
          .as('locations'),
    ])
    .where(orgScope(scope, 'l'))
    .where(
      'l.order_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('l.order_id')
    .orderBy('l.position')
    .orderBy('l.id')
    .execute();
  return rows.map((o) => {
    const d = (o.shipment_details ?? {}) as ShipmentDetails;
    const own = lines.filter((l) => l.order_id === o.id);
    return {
      _id: o.id,
      orderId: o.order_id,
      org_id: o.org_id,
      org_name: o.org_name,
      active: o.status === 'open' && o.deleted_at === null,
      status: o.status as AdminOrder['status'],
      platform: o.platform,
      notes_notify: o.notes_notify,
      notes_color: o.notes_color,
      notes_text: o.notes_text,
      orderPlacedDateTime: o.placed_at.toISOString(),
      track_trace: o.track_trace,
      shipmentDetails: {
        firstName: d.firstName ?? '',
        surname: d.surname ?? '',
        email: d.email ?? '',
        streetName: d.streetName ?? '',
        houseNumber: [d.houseNumber, d.houseNumberExtension].filter(Boolean).join(' '),
        city: d.city ?? '',
        zipCode: d.zipCode ?? '',
        countryCode: d.countryCode ?? '',
      },
      latestDeliveryDate: o.delivery_at?.toISOString() ?? null,
      products: own.map((l) => ({
        id: l.id,
        title: l.title,
        quantity: l.quantity,
        picked_quantity: l.picked_quantity,
        ean: l.ean,
        product_id: l.product_id,
        locations: l.locations ?? [],
      })),
      picked_pieces: own.reduce((n, l) => n + l.picked_quantity, 0),
      deleted_at: o.deleted_at?.toISOString() ?? null,
      deleted_by: o.deleted_by,
    };
  });
}

/**
 * The admin's order search (spec 3 §7 `GET /orders/searchOrderId/{orderId}`, §2 Search order): every order of the
 * scope (provider staff: every shop) whose shop order number is `term` in any case, or whose id it is; newest first,
 * at most 50; deleted orders too (they say so). 404 when none matches. Reads `orders_order_id_prefix_idx`.
 */
export async function searchOrderId(scope: TenantScope, term: string): Promise<AdminOrder[]> {
  const rows = await findOrders(scope, term.trim())
    .orderBy('o.placed_at', 'desc')
    .orderBy('o.id')
    .limit(SEARCH_MAX)
    .execute();
  if (rows.length === 0) throw notFound('Order not found');
  return adminView(scope, rows);
}

/**
 * Deletes an order softly (spec 3 §7 `DELETE /orders/searchOrderId/{orderId}`, 'this cannot be undone'; ADR 0053),
 * in the caller's transaction (`scope.db` must be it):
 * - the order is locked; 404 when the scope sees none, 409 `ambiguous_order` when several shops use the number and
 *   `orgId` does not say which, 409 `order_shipped` for a shipped order, 409 `conflict` when it is deleted already;
 * - every picked piece goes back to the location it was picked from: per line and location, what the ledger's
 *   `pick` rows took (less any `unpick` already) comes back through `applyStockChange()` (reason `unpick`); picked
 *   pieces without a pick row (written outside the ledger) go back to the line's pick location; so
 *   `product_locations.stock` stays the sum of its ledger rows;
 * - the order becomes `cancelled` with `deleted_at`/`deleted_by`, its lines unpicked and ungrouped: the pick-item
 *   aggregate (`pick_item_days`) and the open orders follow in the same transaction through their triggers, and the
 *   order no longer holds stock for its lines. It stays in the database (history, ledger rows, invoices' past
 *   months) and in this search, marked deleted; `POST /order/restore` does not reopen it.
 * Returns the order after the delete and what went back where.
 */
export async function deleteOrder(
  scope: TenantScope,
  userId: string,
  term: string,
  orgId: string | undefined,
): Promise<DeleteOrderResult> {
  let q = findOrders(scope, term.trim()).forUpdate('o');
  if (orgId) q = q.where('o.org_id', '=', orgId);
  const found = await q.orderBy('o.id').limit(SEARCH_MAX).execute();
  if (found.length === 0) throw notFound('Order not found');
  if (found.length > 1)
    throw problem(
      deleteOrderEndpoint,
      'ambiguous_order',
      `${found.length} shops have an order ${term}: choose the shop`,
    );
  const order = found[0] as OrderRow;
  if (order.status === 'shipped')
    throw problem(
      deleteOrderEndpoint,
      'order_shipped',
      `Order ${order.order_id} has been shipped: its goods left the warehouse and it is invoiced`,
    );
  if (order.deleted_at)
    throw problem(deleteOrderEndpoint, 'conflict', `Order ${order.order_id} is deleted already`);

  const one = { db: scope.db, orgIds: [order.org_id] };
  const lines = await tenantSql(one)
    .selectFrom('order_lines as l')
    .select(['l.id', 'l.product_id', 'l.ean', 'l.title', 'l.picked_quantity', 'l.pick_location_id'])
    .where(orgScope(one, 'l'))
    .where('l.order_id', '=', order.id)
    .orderBy('l.id')
    .forUpdate()
    .execute();
  // The products of the picked lines next, before the triggers below touch their pick aggregates and before the
  // first ledger row (ADR 0106: orders, lines, products, then their stock rows, the ledger last).
  await lockProducts(
    one,
    lines.filter((l) => l.picked_quantity > 0).map((l) => l.product_id),
  );

  // The order leaves the open list and the pick aggregate first (its triggers), then its lines are unpicked.
  await tenantSql(one)
    .updateTable('orders as o')
    .set({ status: 'cancelled', deleted_at: sql`now()`, deleted_by: userId })
    .where(orgScope(one, 'o'))
    .where('o.id', '=', order.id)
    .execute();

  const returned: DeleteOrderResult['returned'] = await bookPickedPiecesBack(
    one,
    { orgId: order.org_id, orderId: order.id, userId, note: `Order ${order.order_id} deleted` },
    lines,
  );
  await tenantSql(one)
    .updateTable('order_lines as l')
    .set({ picked_quantity: 0, group_location_id: null })
    .where(orgScope(one, 'l'))
    .where('l.order_id', '=', order.id)
    .execute();

  const [after] = await adminView(
    scope,
    await findOrders(one, order.id).where('o.id', '=', order.id).execute(),
  );
  return { order: after as AdminOrder, returned };
}

import { type Order, restoreOrderEndpoint } from '@hoppa/core';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem } from '../../lib/errors.ts';
import { pickLocationsOf } from '../stock/index.ts';
import { getOrder } from './orders.service.ts';

/**
 * Restores an order (spec 1 §7 `POST /order/restore {_id}`, 'restore order'; ADR 0040) in the caller's transaction:
 * a cancelled order becomes open again, its lines lose their cancellation requests (not the lines cancelled at bol at
 * the customer's request, ADR 0128), and lines without a pick location
 * get one as an import would ({@link pickLocationsOf}), so it is back on the open list and the floor's pick list
 * (the pick-item aggregate follows by its triggers). An open order is left as it is. 404 for an order the request
 * may not see; 409 `order_cancelled` for one cancelled at bol.com at the customer's request (no line left to ship);
 * 409 `order_shipped` for a shipped one (a shipped order is resent with a new order instead). Returns
 * the order as `GET /order/get/{id}` answers it. 404 too for an order the admin deleted (ADR 0053).
 */
export async function restoreOrder(ctx: TenantScope, id: string): Promise<Order> {
  const order = await tenantSql(ctx)
    .selectFrom('orders as o')
    .select(['o.id', 'o.org_id', 'o.order_id', 'o.status', 'o.deleted_at'])
    .where(orgScope(ctx, 'o'))
    .where('o.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw notFound('Order not found');
  // An order the provider's admin deleted (ADR 0053) is gone for good: 'this cannot be undone'.
  if (order.deleted_at) throw notFound('This order was deleted by the warehouse administrator');
  if (order.status === 'shipped')
    throw problem(restoreOrderEndpoint, 'order_shipped', `Order ${order.order_id} has been shipped`);
  if (order.status === 'cancelled') {
    // Cancelled at bol.com at the customer's request (ADR 0128): bol will not take a shipment of it any more.
    const left = await tenantSql(ctx)
      .selectFrom('order_lines as l')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('l.cancelled_at', 'is', null).as('open'),
        eb.fn.countAll<number>().filterWhere('l.cancelled_at', 'is not', null).as('cancelled'),
      ])
      .where(orgScope(ctx, 'l'))
      .where('l.order_id', '=', id)
      .where('l.automation_id', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(left.cancelled) > 0 && Number(left.open) === 0)
      throw problem(
        restoreOrderEndpoint,
        'order_cancelled',
        `Order ${order.order_id} was cancelled at bol.com at the customer's request; it cannot be reopened`,
      );
    await tenantSql(ctx)
      .updateTable('orders as o')
      .set({ status: 'open' })
      .where(orgScope(ctx, 'o'))
      .where('o.id', '=', id)
      .execute();
    await tenantSql(ctx)
      .updateTable('order_lines as l')
      .set({ cancellation_request: false })
      .where(orgScope(ctx, 'l'))
      .where('l.order_id', '=', id)
      .where('l.cancellation_request', '=', true)
      // A line cancelled at bol at the customer's request (ADR 0128) stays cancelled: bol will not take it.
      .where('l.cancelled_at', 'is', null)
      .execute();
    const scope = { db: ctx.db, orgIds: [order.org_id] };
    const unplaced = await tenantSql(scope)
      .selectFrom('order_lines as l')
      .select(['l.id', 'l.product_id'])
      .where(orgScope(scope, 'l'))
      .where('l.order_id', '=', id)
      .where('l.pick_location_id', 'is', null)
      .execute();
    const places = await pickLocationsOf(scope, [...new Set(unplaced.map((l) => l.product_id))]);
    for (const line of unplaced) {
      const loc = places.get(line.product_id);
      if (!loc) continue;
      await tenantSql(scope)
        .updateTable('order_lines as l')
        .set({ pick_location_id: loc })
        .where(orgScope(scope, 'l'))
        .where('l.id', '=', line.id)
        .execute();
    }
  }
  return getOrder(ctx, { params: { id } });
}

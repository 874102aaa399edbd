import { acceptBolCancellationEndpoint, type BolCancellationResult } from '@hoppa/core';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { HttpProblem, notFound, problem } from '../../lib/errors.ts';
import type { BolClient } from '../../lib/outside/bol.ts';
import { OutsideServiceError } from '../../lib/outside/http-client.ts';
import type { RequestContext } from '../../lib/route.ts';
import { bookPickedPiecesBack } from '../orders/index.ts';
import { lockProducts } from '../stock/index.ts';

/** Makes the bol adapter of a connection (its client id and sealed secret). */
export type BolClientOf = (conn: { api_key: string; encrypted_secret: string }) => BolClient;

const endpoint = acceptBolCancellationEndpoint;

/** The order and its bol items with an open cancellation request, checked as the endpoint's errors say. */
async function loadRequest(scope: TenantScope, id: string, lock: boolean) {
  let q = tenantSql(scope)
    .selectFrom('orders as o')
    .select(['o.id', 'o.org_id', 'o.order_id', 'o.status', 'o.platform'])
    .where(orgScope(scope, 'o'))
    .where('o.id', '=', id)
    .where('o.deleted_at', 'is', null);
  if (lock) q = q.forUpdate();
  const order = await q.executeTakeFirst();
  if (!order) throw notFound('Order not found');
  if (order.status === 'shipped')
    throw problem(endpoint, 'order_shipped', `Order ${order.order_id} has already been shipped`);
  if (order.status !== 'open')
    throw problem(endpoint, 'order_cancelled', `Order ${order.order_id} has been cancelled`);
  const one: TenantScope = { db: scope.db, orgIds: [order.org_id] };
  const items = await tenantSql(one)
    .selectFrom('bol_order_items as b')
    .innerJoin('api_connections as c', 'c.id', 'b.connection_id')
    .select([
      'b.order_item_id',
      'b.ean',
      'b.cancellation_request',
      'b.cancelled_at',
      'c.id as connection_id',
      'c.active',
      'c.api_key',
      'c.encrypted_secret',
    ])
    .where(orgScope(one, 'b'))
    .where(orgScope(one, 'c'))
    .where('b.order_id', '=', order.id)
    .orderBy('b.order_item_id')
    .execute();
  if (!items.length)
    throw problem(
      endpoint,
      'not_marketplace_order',
      `Order ${order.order_id} did not come in from bol.com: cancel it in the shop it came from`,
    );
  const open = items.filter((i) => i.cancellation_request && !i.cancelled_at);
  const first = open[0];
  if (!first)
    throw problem(
      endpoint,
      'no_cancellation_request',
      `Order ${order.order_id} has no open cancellation request of its customer`,
    );
  if (!first.active)
    throw problem(
      endpoint,
      'marketplace_connection_inactive',
      `The bol.com connection of order ${order.order_id} is disabled; enable it under Settings → API connections`,
    );
  return {
    order,
    one,
    items: open.filter((i) => i.connection_id === first.connection_id),
    connection: first,
  };
}

/**
 * Accepts the customer's cancellation request of a bol order (core `acceptBolCancellationEndpoint`; spec 1 §3 Order
 * product line `cancellationRequest`, §4 Picking state; ADR 0128). Before anything is written the order is checked
 * (404 not visible or deleted; 409 `order_shipped`, `order_cancelled`, `not_marketplace_order` without bol order
 * items, `no_cancellation_request`, `marketplace_connection_inactive`). Then each bol order item with an open request
 * is cancelled at bol with reason REQUESTED_BY_CUSTOMER (`PUT /retailer/orders/cancellation`, one item per call) and
 * its process waited for. Then one transaction locks the order again and, for the items bol cancelled: stamps
 * `bol_order_items.cancelled_at`; gives their lines (the lines that keep the item's id: its line or the parts of its
 * bundle; by the item's EAN for an order taken in before migration 0451; not the lines a rule added) `cancelled_at`, books their picked pieces back onto their locations (reason `unpick`) and
 * unpicks and ungroups them; and when no line the customer ordered is left to ship, cancels the order (its
 * rule-added lines are unpicked too). When bol refuses an item (502 `outside_service`) the items it cancelled before
 * are still recorded here, so a retry asks only for the rest.
 */
export async function acceptBolCancellation(
  ctx: Pick<RequestContext, 'db' | 'orgIds' | 'user'>,
  bolOf: BolClientOf,
  id: string,
  opts: { now?: Date } = {},
): Promise<BolCancellationResult> {
  const first = await loadRequest({ db: ctx.db, orgIds: ctx.orgIds }, id, false);
  const bol = bolOf(first.connection);
  const done: string[] = [];
  let failure: unknown = null;
  for (const item of first.items) {
    try {
      const processId = await bol.cancelOrderItem(item.order_item_id, 'REQUESTED_BY_CUSTOMER');
      await bol.waitForProcess(processId, `The cancellation of order item ${item.order_item_id}`);
      done.push(item.order_item_id);
    } catch (err) {
      failure = err;
      break;
    }
  }
  const result = done.length ? await recordCancelled(ctx, id, done, opts.now ?? new Date()) : null;
  if (failure) {
    if (failure instanceof OutsideServiceError)
      throw new HttpProblem(502, 'outside_service', failure.message);
    throw failure;
  }
  return result as BolCancellationResult;
}

/** The transaction of {@link acceptBolCancellation}: records the items bol cancelled and cancels their lines. */
async function recordCancelled(
  ctx: Pick<RequestContext, 'db' | 'orgIds' | 'user'>,
  id: string,
  orderItemIds: readonly string[],
  now: Date,
): Promise<BolCancellationResult> {
  return ctx.db.transaction(async (tx) => {
    const { order, one, items } = await loadRequest({ db: tx, orgIds: ctx.orgIds }, id, true).catch((err) => {
      // Another request recorded them meanwhile: nothing left to do here.
      if (err instanceof HttpProblem && err.code === 'no_cancellation_request') return loadAny(tx, ctx, id);
      throw err;
    });
    const mine = items.filter((i) => orderItemIds.includes(i.order_item_id));
    const q = tenantSql(one);
    const all = await q
      .selectFrom('order_lines as l')
      .select([
        'l.id',
        'l.product_id',
        'l.ean',
        'l.title',
        'l.picked_quantity',
        'l.pick_location_id',
        'l.bundle_ean',
        'l.automation_id',
        'l.cancelled_at',
        'l.shop_order_item_id',
      ])
      .where(orgScope(one, 'l'))
      .where('l.order_id', '=', order.id)
      .orderBy('l.id')
      .forUpdate()
      .execute();
    const open = all.filter((l) => !l.cancelled_at);
    // The lines of the items by the item id they keep (two items of one EAN stay apart); an item whose lines were
    // taken in before migration 0451 (no line keeps its id): by its EAN among the lines that keep no item id.
    const ids = new Set(mine.map((i) => i.order_item_id));
    const kept = new Set(all.map((l) => l.shop_order_item_id));
    const byEan = mine.filter((i) => !kept.has(i.order_item_id)).map((i) => i.ean);
    const cancelled = open.filter(
      (l) =>
        !l.automation_id &&
        (l.shop_order_item_id === null
          ? byEan.includes(l.bundle_ean ?? l.ean)
          : ids.has(l.shop_order_item_id)),
    );
    const left = open.filter((l) => !l.automation_id && !cancelled.includes(l));
    const orderCancelled = left.length === 0;
    const unpicked = orderCancelled ? open : cancelled;
    await lockProducts(
      one,
      unpicked.filter((l) => l.picked_quantity > 0).map((l) => l.product_id),
    );
    if (orderCancelled)
      await q
        .updateTable('orders as o')
        .set({ status: 'cancelled' })
        .where(orgScope(one, 'o'))
        .where('o.id', '=', order.id)
        .execute();
    const returned = await bookPickedPiecesBack(
      one,
      {
        orgId: order.org_id,
        orderId: order.id,
        userId: ctx.user.id,
        note: `bol.com order ${order.order_id}: cancellation accepted`,
      },
      unpicked,
    );
    if (cancelled.length)
      await q
        .updateTable('order_lines as l')
        .set({ cancellation_request: true, cancelled_at: now })
        .where(orgScope(one, 'l'))
        .where(
          'l.id',
          'in',
          cancelled.map((l) => l.id),
        )
        .execute();
    if (unpicked.length)
      await q
        .updateTable('order_lines as l')
        .set({ picked_quantity: 0, group_location_id: null })
        .where(orgScope(one, 'l'))
        .where(
          'l.id',
          'in',
          unpicked.map((l) => l.id),
        )
        .execute();
    if (mine.length)
      await q
        .updateTable('bol_order_items as b')
        .set({ cancelled_at: now })
        .where(orgScope(one, 'b'))
        .where('b.order_id', '=', order.id)
        .where(
          'b.order_item_id',
          'in',
          mine.map((i) => i.order_item_id),
        )
        .execute();
    return {
      order_id: order.id,
      orderId: order.order_id,
      orderItemIds: mine.map((i) => i.order_item_id),
      lines: cancelled.map((l) => l.id),
      order_cancelled: orderCancelled,
      returned,
    };
  });
}

/** The order when its requests were recorded by another request meanwhile: no items left to record. */
async function loadAny(tx: RequestContext['db'], ctx: Pick<RequestContext, 'orgIds'>, id: string) {
  const scope: TenantScope = { db: tx, orgIds: ctx.orgIds };
  const order = await tenantSql(scope)
    .selectFrom('orders as o')
    .select(['o.id', 'o.org_id', 'o.order_id', 'o.status', 'o.platform'])
    .where(orgScope(scope, 'o'))
    .where('o.id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { order, one: { db: tx, orgIds: [order.org_id] } as TenantScope, items: [] };
}

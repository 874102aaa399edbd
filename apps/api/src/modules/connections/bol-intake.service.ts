import type { OrderImportRow, RefusedBolOrder } from '@hoppa/core';
import type { Db } from '../../db/client.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import type { BolClient, BolOrder, BolReducedOrder } from '../../lib/outside/bol.ts';
import { importOrders } from '../orders/index.ts';
import type { ConnectionRow } from './connections.service.ts';

/** Most pages (of 50 orders) of bol's open orders one pull reads; the rest comes with the next pull. */
export const BOL_PULL_MAX_PAGES = 10;

/** What one pull did (stored on the connection's status, issue 14 item 3). */
export interface BolPullResult {
  /** Orders created in our open orders. */
  imported: number;
  /**
   * bol order ids of orders taken in before whose lines got a cancellation request at this pull (the customer asked
   * after the import).
   */
  cancellationRequests: string[];
  /** Orders held back because an EAN is not a product of the organisation (retried by every pull). */
  unknownEans: { order_id: string; eans: string[] }[];
  /**
   * Orders the order import refused (e.g. an address it cannot use), each with the problem of its faulty row: the
   * order import's code with its values, and in English.
   */
  refused: RefusedBolOrder[];
}

/** The order import's row for one bol order item (spec 1 §3 Import fields), the address from the order details. */
function rowsOf(order: BolOrder, items: BolOrder['orderItems']): OrderImportRow[] {
  const s = order.shipmentDetails;
  return items.map((item) => ({
    order_id: order.orderId,
    product_ean: item.product.ean,
    quantity: String(item.quantity),
    city: s.city,
    countryCode: s.countryCode,
    email: s.email ?? '',
    firstName: s.firstName ?? '',
    surName: s.surname ?? '',
    streetName: s.streetName,
    houseNumber: s.houseNumber,
    houseNumberExtension: s.houseNumberExtension ?? '',
    language: s.language ?? '',
    salutation: s.salutation ?? '',
    zipcode: s.zipCode,
    deliveryPhoneNumber: s.deliveryPhoneNumber ?? '',
    company: s.company ?? '',
    reason: 'webshop_order',
    notesText: '',
  }));
}

/**
 * Pulls the new bol orders of one connection into our open orders (issue 14 item 3; spec 1 §2 order list, spec 3 §7):
 * reads bol's reduced list of open FBR orders page by page, skips the order items taken in before (table
 * `bol_order_items`, idempotent by bol's order item id), fetches each remaining order's details and hands the orders
 * whose every EAN is a product of the connection's organisation to the order import (`importOrders`, platform 'bol' or
 * 'bol_be'), which writes each order whole or not at all. Orders with an unknown EAN are held back and reported (the
 * next pull tries them again, so adding the product brings them in). Every answer of bol is read before anything is
 * written: a malformed answer or a failure of bol throws (an `OutsideServiceError`) and imports nothing of that pull.
 *
 * Every line keeps its bol order item's id (`shop_order_item_id`, also on the parts of a bundle), so two items of one
 * EAN stay apart. Cancellation requests (spec 1 §3 Order product line `cancellationRequest`, §4 Picking state): an
 * item the customer asked to cancel is taken in like the others and its lines are written with `cancellation_request`
 * by the import itself, in the transaction that writes the order (no reader ever sees them unflagged), so they are
 * dimmed, left out of the pick list and the order cannot ship until the merchant
 * accepts the request ({@link acceptBolCancellation}). An item taken in before whose request bol reports now (the
 * customer asked after the import) gets the flag on its existing lines at this pull, while its order is open; a
 * shipped or cancelled order is left as it is (bol lists only items that are still open; a parcel that left before
 * the request reached us stays shipped and the customer returns it through bol).
 */
export async function pullBolOrders(db: Db, conn: ConnectionRow, bol: BolClient): Promise<BolPullResult> {
  const scope = { db, orgIds: [conn.org_id] };
  const q = tenantSql(scope);
  const listed: BolReducedOrder[] = [];
  for (let page = 1; page <= BOL_PULL_MAX_PAGES; page += 1) {
    const orders = await bol.openOrders(page);
    listed.push(...orders);
    if (orders.length < 50) break;
  }
  const itemIds = listed.flatMap((o) => o.orderItems.map((i) => i.orderItemId));
  const taken = itemIds.length
    ? await q
        .selectFrom('bol_order_items as b')
        .select(['b.order_item_id', 'b.order_id', 'b.ean', 'b.cancellation_request'])
        .where(orgScope(scope, 'b'))
        .where('b.connection_id', '=', conn.id)
        .where('b.order_item_id', 'in', itemIds)
        .execute()
    : [];
  const seen = new Set(taken.map((r) => r.order_item_id));
  const fresh = listed.filter((o) => o.orderItems.some((i) => !seen.has(i.orderItemId)));
  // Every detail first: a failure here leaves nothing half-imported.
  const details: BolOrder[] = [];
  for (const o of fresh) details.push(await bol.order(o.orderId));

  const eans = [...new Set(details.flatMap((d) => d.orderItems.map((i) => i.product.ean)))];
  const known = new Set(
    eans.length
      ? (
          await q
            .selectFrom('products as p')
            .select('p.ean')
            .where(orgScope(scope, 'p'))
            .where('p.ean', 'in', eans)
            .execute()
        ).map((r) => r.ean)
      : [],
  );

  const result: BolPullResult = { imported: 0, cancellationRequests: [], unknownEans: [], refused: [] };
  // Items taken in before that bol now lists with a cancellation request (or that miss their EAN, from before 0450).
  const takenById = new Map(taken.map((r) => [r.order_item_id, r]));
  const asked: CancellationOfItem[] = [];
  for (const o of listed)
    for (const i of o.orderItems) {
      const row = takenById.get(i.orderItemId);
      if (!row) continue;
      if (i.cancellationRequest && !row.cancellation_request && row.order_id)
        asked.push({ orderItemId: i.orderItemId, orderId: row.order_id, ean: i.ean });
      else if (row.ean === null)
        await q
          .updateTable('bol_order_items as b')
          .set({ ean: i.ean })
          .where(orgScope(scope, 'b'))
          .where('b.connection_id', '=', conn.id)
          .where('b.order_item_id', '=', i.orderItemId)
          .execute();
    }
  const flagged = await markCancellationRequests(scope, conn.id, asked);
  result.cancellationRequests = [
    ...new Set(
      listed.filter((o) => o.orderItems.some((i) => flagged.has(i.orderItemId))).map((o) => o.orderId),
    ),
  ];
  const rows: OrderImportRow[] = [];
  // Per row its bol order item: the line keeps the item's id and is written flagged when the customer asked already.
  const itemOfRow: { shopOrderItemId: string; cancellationRequest: boolean }[] = [];
  const take: BolOrder[] = [];
  for (const d of details) {
    const items = d.orderItems.filter((i) => !seen.has(i.orderItemId));
    if (!items.length) continue;
    const unknown = [...new Set(items.map((i) => i.product.ean).filter((e) => !known.has(e)))];
    if (unknown.length) {
      result.unknownEans.push({ order_id: d.orderId, eans: unknown });
      continue;
    }
    rows.push(...rowsOf(d, items));
    for (const i of items)
      itemOfRow.push({ shopOrderItemId: i.orderItemId, cancellationRequest: i.cancellationRequest === true });
    take.push(d);
  }
  if (!rows.length) return result;

  const answer = await importOrders(
    { db, currOrgId: conn.org_id },
    { body: new TextEncoder().encode(JSON.stringify(rows)) },
    { platform: conn.platform, itemOfRow },
  );
  result.imported = answer.created;
  const ourId = new Map(answer.orders.map((o) => [o.order_id, o.id]));
  // Orders taken in before (by an earlier pull that stopped before recording its items): skipped by the import.
  const duplicate = new Set(answer.skipped_rows.map((e) => e.order_id));
  // Per order the faulty row's own problem (not 'rejected because of row N': bol's items have no sheet rows).
  for (const e of answer.errors)
    if (
      !duplicate.has(e.order_id) &&
      !result.refused.some((r) => r.order_id === e.order_id) &&
      (e.rejected_by_row === null ||
        !answer.errors.some((o) => o.order_id === e.order_id && o.rejected_by_row === null))
    )
      result.refused.push({ order_id: e.order_id, code: e.code, values: e.values, reason: e.reason });

  // Taken in (or already there from an earlier pull that stopped before this step): never again.
  const done = take.filter((d) => ourId.has(d.orderId) || duplicate.has(d.orderId));
  const values = done.flatMap((d) =>
    d.orderItems
      .filter((i) => !seen.has(i.orderItemId))
      .map((i) => ({
        connection_id: conn.id,
        org_id: conn.org_id,
        order_item_id: i.orderItemId,
        bol_order_id: d.orderId,
        order_id: ourId.get(d.orderId) ?? null,
        ean: i.product.ean,
        // Its lines were written flagged by the import (an order taken in by an earlier pull keeps its own lines).
        cancellation_request: i.cancellationRequest === true && ourId.has(d.orderId),
      })),
  );
  if (values.length)
    await q
      .insertInto('bol_order_items')
      .values(values)
      .onConflict((oc) => oc.columns(['connection_id', 'order_item_id']).doNothing())
      .execute();
  return result;
}

/** A bol order item with a cancellation request: bol's item id, our order's id and the item's EAN. */
interface CancellationOfItem {
  orderItemId: string;
  orderId: string;
  ean: string;
}

/**
 * Records bol's cancellation request of each item (`bol_order_items.cancellation_request`) and flags its lines in our
 * order while the order is open: the lines that keep the item's id (`shop_order_item_id`: the item's line, or the
 * parts of its bundle), so a second item of the same EAN stays unflagged; an item whose lines were taken in before
 * migration 0451 (no line keeps its id) by its EAN among the lines that keep no item id. Not the lines an automation rule added, nor a line cancelled
 * already. The pick aggregates follow through their triggers. Answers
 * the ids of the items whose lines got the flag.
 */
async function markCancellationRequests(
  scope: TenantScope,
  connectionId: string,
  items: readonly CancellationOfItem[],
): Promise<Set<string>> {
  const flagged = new Set<string>();
  if (!items.length) return flagged;
  await scope.db.transaction(async (tx) => {
    const q = tenantSql({ db: tx, orgIds: scope.orgIds });
    const txScope = { db: tx, orgIds: scope.orgIds };
    for (const item of items) {
      await q
        .updateTable('bol_order_items as b')
        .set({ cancellation_request: true, ean: item.ean })
        .where(orgScope(txScope, 'b'))
        .where('b.connection_id', '=', connectionId)
        .where('b.order_item_id', '=', item.orderItemId)
        .execute();
      const lines = await q
        .updateTable('order_lines as l')
        .set({ cancellation_request: true })
        .where(orgScope(txScope, 'l'))
        .where('l.order_id', '=', item.orderId)
        .where('l.automation_id', 'is', null)
        .where('l.cancelled_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('l.shop_order_item_id', '=', item.orderItemId),
            // An item whose lines were taken in before migration 0451 without its id: the lines of its EAN that
            // keep no item id.
            eb.and([
              eb('l.shop_order_item_id', 'is', null),
              eb(eb.fn.coalesce('l.bundle_ean', 'l.ean'), '=', item.ean),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('order_lines as k')
                    .select('k.id')
                    .whereRef('k.order_id', '=', 'l.order_id')
                    .where(orgScope(txScope, 'k'))
                    .where('k.shop_order_item_id', '=', item.orderItemId),
                ),
              ),
            ]),
          ]),
        )
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('orders as o')
              .select('o.id')
              .whereRef('o.id', '=', 'l.order_id')
              .where(orgScope(txScope, 'o'))
              .where('o.status', '=', 'open'),
          ),
        )
        .executeTakeFirst();
      if (Number(lines.numUpdatedRows) > 0) flagged.add(item.orderItemId);
    }
  });
  return flagged;
}

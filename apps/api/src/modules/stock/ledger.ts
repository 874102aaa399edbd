import { newId, type StockMutationReason } from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';

/**
 * One change of stock of a product on a location (issue 9: every unit accounted for). `delta` is signed pieces;
 * `reason` and the optional order, transfer and raw scan go into the ledger row.
 */
export interface StockChange {
  orgId: string;
  productId: string;
  locationId: string;
  delta: number;
  reason: StockMutationReason;
  userId: string | null;
  note?: string | null;
  rawScan?: string | null;
  /** Pairs the two rows of a move between locations. */
  transferId?: string | null;
  orderId?: string | null;
  orderLineId?: string | null;
  /** The caller holds the product's lock already ({@link lockProducts}): the change does not take it again. */
  productLocked?: boolean;
}

/**
 * Locks the rows of `productIds` that the scope sees (`FOR NO KEY UPDATE`, in ascending id order) for the rest of
 * the caller's transaction. The product row is the lock a stock writer holds before it touches any of the product's
 * stock rows (its places in `product_locations`, its `product_stock` row moved by trigger, its pick aggregates) and
 * before its first ledger row; see docs/decisions/0106-one-lock-order-for-stock-writers.md for the whole order
 * (orders, order lines, products ascending, then the product's rows, the ledger last). A writer that changes stock of
 * several products calls it once with all of them before its first change; {@link applyStockChange} calls it for its
 * one product, a no-op when the caller holds the lock already. NO KEY UPDATE so that inserts referencing the product
 * (an order line's foreign key check, `FOR KEY SHARE`) do not wait; it conflicts with the stock module's `FOR UPDATE`
 * of the product (`productOf(…, true)`), so both queue on the one row. When some of the products are parts of a bundle
 * (`product_bundle_items`), a second statement then locks those bundles' kept stock rows (`product_stock`, ascending),
 * which the stock trigger recomputes from their parts (migration 0445; spec 3 §2, ADR 0049's bundle stock): every
 * writer of a part takes them after its products and before its first place or ledger row.
 */
export async function lockProducts(scope: TenantScope, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  const q = tenantSql(scope);
  const locked = await q
    .selectFrom('products as p')
    .select([
      'p.id',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('product_bundle_items as bi')
              .select('bi.id')
              .whereRef('bi.product_id', '=', 'p.id')
              .where(orgScope(scope, 'bi')),
          )
          .as('is_part'),
    ])
    .where('p.id', 'in', [...new Set(productIds)])
    .where(orgScope(scope, 'p'))
    .orderBy('p.id')
    .forNoKeyUpdate('p')
    .execute();
  const parts = locked.filter((r) => r.is_part).map((r) => r.id);
  if (parts.length === 0) return;
  // The kept stock rows of the bundles these products are parts of, which the stock trigger recomputes (migration
  // 0445): taken here, after the products and before any place or ledger row, in product_id order.
  await q
    .selectFrom('product_stock as st')
    .select('st.product_id')
    .where(orgScope(scope, 'st'))
    .where('st.product_id', 'in', (eb) =>
      eb
        .selectFrom('product_bundle_items as bi')
        .select('bi.bundle_id')
        .where(orgScope(scope, 'bi'))
        .where('bi.product_id', 'in', parts),
    )
    .orderBy('st.product_id')
    .forNoKeyUpdate()
    .execute();
}

/**
 * The one way stock changes (docs/architecture.md "Stock ledger"): in the caller's transaction (`scope.db` must be
 * the transaction), locks the product row first ({@link lockProducts}), adds `delta` to the product's stock on the
 * location — creating the product location link, last in the product's order, when there is none — and writes the
 * ledger row, so `product_locations.stock` always equals the sum of the location's `stock_mutations` for the product.
 * One UPSERT statement: concurrent changes of the same place never lose an update. A change of 0 writes a row only for `assign`, `unassign` and `correction` (they record
 * that something happened). A `count` or `correction` (the place counted) closes the place's open shelf reports
 * (`pick_problems.cleared_at`, migration 0464), so the pick list sends pickers there again. Returns the link's id and
 * the new stock.
 */
export async function applyStockChange(
  scope: TenantScope,
  change: StockChange,
): Promise<{ linkId: string; stock: number }> {
  const q = tenantSql(scope);
  if (!change.productLocked) await lockProducts(scope, [change.productId]);
  const link = await q
    .insertInto('product_locations')
    .values({
      id: newId(),
      org_id: change.orgId,
      product_id: change.productId,
      location_id: change.locationId,
      stock: change.delta,
      active: true,
      position: sql<number>`COALESCE((SELECT max(x.position) + 1 FROM product_locations x
                                       WHERE x.product_id = ${change.productId} AND x.org_id = ${change.orgId}), 0)`,
    })
    .onConflict((oc) =>
      oc
        .columns(['product_id', 'location_id'])
        .doUpdateSet({ stock: sql<number>`product_locations.stock + ${change.delta}::int` }),
    )
    .returning(['id', 'stock'])
    .executeTakeFirstOrThrow();
  if (change.delta !== 0 || ['assign', 'unassign', 'correction'].includes(change.reason)) {
    await writeMutation(scope, change);
  }
  if (change.reason === 'count' || change.reason === 'correction') {
    await q
      .updateTable('pick_problems as pp')
      .set({ cleared_at: sql`now()` })
      .where('pp.product_id', '=', change.productId)
      .where('pp.location_id', '=', change.locationId)
      .where('pp.cleared_at', 'is', null)
      .where(orgScope(scope, 'pp'))
      .execute();
  }
  return { linkId: link.id, stock: link.stock };
}

/** Writes one ledger row (the stock itself is the caller's: {@link applyStockChange} does both). */
export async function writeMutation(scope: TenantScope, change: StockChange): Promise<void> {
  await tenantSql(scope)
    .insertInto('stock_mutations')
    .values({
      id: newId(),
      org_id: change.orgId,
      product_id: change.productId,
      location_id: change.locationId,
      quantity: change.delta,
      reason: change.reason,
      user_id: change.userId,
      note: change.note ?? null,
      raw_scan: change.rawScan ?? null,
      transfer_id: change.transferId ?? null,
      order_id: change.orderId ?? null,
      order_line_id: change.orderLineId ?? null,
    })
    .execute();
}

/**
 * The stock of one product location link, locked for the rest of the transaction (`FOR UPDATE`), so a change that
 * depends on it (set an amount, take the location off) cannot race another. Null when the link is not the caller's.
 */
export async function lockLink(
  scope: TenantScope,
  linkId: string,
): Promise<{
  id: string;
  org_id: string;
  product_id: string;
  location_id: string;
  stock: number;
  to_transfer: boolean;
  transfer_quantity: number | null;
  position: number;
} | null> {
  const row = await tenantSql(scope)
    .selectFrom('product_locations as pl')
    .select([
      'pl.id',
      'pl.org_id',
      'pl.product_id',
      'pl.location_id',
      'pl.stock',
      'pl.to_transfer',
      'pl.transfer_quantity',
      'pl.position',
    ])
    .where('pl.id', '=', linkId)
    .where(orgScope(scope, 'pl'))
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

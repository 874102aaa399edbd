import { sql } from 'kysely';
import type { TenantScope } from '../../db/tenant.ts';
import { orgScope, tenantSql } from '../../db/tenant.ts';
import { applyStockChange } from '../stock/index.ts';

/** A line whose picked pieces go back: ids, product, what was picked and the line's pick location. */
export interface PickedLine {
  id: string;
  product_id: string;
  ean: string;
  title: string;
  picked_quantity: number;
  pick_location_id: string | null;
}

/** Pieces booked back onto a location: the line's EAN and title, the location's name and how many. */
export interface ReturnedPieces {
  ean: string;
  title: string;
  location: string;
  quantity: number;
}

/**
 * Books the picked pieces of order lines back onto the locations they were picked from (ADR 0053's order delete, and
 * a cancelled bol item, ADR 0128), in the caller's transaction, which must hold the order, the lines and their
 * products locked already (ADR 0106: orders, lines, products, then stock rows, the ledger last). Per line and location
 * what the ledger's `pick` rows took (less any `unpick` already) comes back through `applyStockChange()` (reason
 * `unpick`, `note` on each row); picked pieces without a pick row (written outside the ledger) go back to the line's
 * pick location. So `product_locations.stock` stays the sum of its ledger rows. Does not change the lines themselves
 * (the caller sets `picked_quantity` to 0). Answers what went back where, in line order.
 */
export async function bookPickedPiecesBack(
  one: TenantScope,
  ref: { orgId: string; orderId: string; userId: string; note: string },
  lines: readonly PickedLine[],
): Promise<ReturnedPieces[]> {
  const returned: ReturnedPieces[] = [];
  for (const line of lines.filter((l) => l.picked_quantity > 0)) {
    const picked = await tenantSql(one)
      .selectFrom('stock_mutations as m')
      .innerJoin('locations as loc', 'loc.id', 'm.location_id')
      .select(['m.location_id', 'loc.name', sql<number>`(-sum(m.quantity))::int`.as('out')])
      .where(orgScope(one, 'm'))
      .where('m.order_line_id', '=', line.id)
      .where('m.reason', 'in', ['pick', 'unpick'])
      .groupBy(['m.location_id', 'loc.name'])
      .orderBy('m.location_id')
      .execute();
    const back = picked
      .filter((p) => Number(p.out) > 0 && p.location_id)
      .map((p) => ({ locationId: p.location_id as string, name: p.name, quantity: Number(p.out) }));
    const rest = line.picked_quantity - back.reduce((n, b) => n + b.quantity, 0);
    if (rest > 0 && line.pick_location_id) {
      const loc = await tenantSql(one)
        .selectFrom('locations')
        .select('name')
        .where('id', '=', line.pick_location_id)
        .executeTakeFirst();
      const same = back.find((b) => b.locationId === line.pick_location_id);
      if (same) same.quantity += rest;
      else back.push({ locationId: line.pick_location_id, name: loc?.name ?? '', quantity: rest });
    }
    for (const b of back) {
      await applyStockChange(one, {
        orgId: ref.orgId,
        productId: line.product_id,
        locationId: b.locationId,
        delta: b.quantity,
        reason: 'unpick',
        userId: ref.userId,
        note: ref.note,
        orderId: ref.orderId,
        orderLineId: line.id,
      });
      returned.push({ ean: line.ean, title: line.title, location: b.name, quantity: b.quantity });
    }
  }
  return returned;
}

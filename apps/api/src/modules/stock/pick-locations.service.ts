import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';

/**
 * The pick location each product's new order lines get (spec 1 §4; issue 3 §1): its first active product_location by
 * position (then age) with stock above 0, one query for all products. Products without one are missing from the map:
 * their lines are written without a pick location (the pick list resolves those to the product's location later).
 * Used by the import, `POST /orders` and the restore of an order, so every way an order arrives reaches the pick list
 * the same way.
 */
export async function pickLocationsOf(
  scope: TenantScope,
  productIds: string[],
): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await tenantSql(scope)
    .selectFrom('product_locations as pl')
    .distinctOn('pl.product_id')
    .select(['pl.product_id', 'pl.location_id'])
    .where(orgScope(scope, 'pl'))
    .where('pl.product_id', 'in', productIds)
    .where('pl.active', '=', true)
    .where('pl.stock', '>', 0)
    .orderBy('pl.product_id')
    .orderBy('pl.position')
    .orderBy('pl.created_at')
    .execute();
  return new Map(rows.map((r) => [r.product_id, r.location_id]));
}

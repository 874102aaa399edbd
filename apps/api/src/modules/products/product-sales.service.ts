import type { MostSold } from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';

/**
 * The scope's best sellers (spec 3 §7 `GET /most_sold_product`): pieces shipped per product on the warehouse days
 * `(day(at) - days, day(at)]` from `product_sales_days` (one index range of the organisation's days, never the order
 * lines), most first (ties by name), at most `limit`, each with the stock it has left (`product_stock`, migration
 * 0410). Only the top `limit` by pieces (with every product tied with the last) visit `products`: the sum over the
 * days is the one part that grows with the catalogue (issue 8, route sweep).
 */
export async function mostSoldProducts(
  scope: TenantScope,
  { days, limit }: { days: number; limit: number },
  at: Date = new Date(),
): Promise<MostSold> {
  const q = tenantSql(scope);
  const day = sql`hoppa_warehouse_day(${at.toISOString()}::timestamptz)`;
  const rows = await q
    .selectFrom(
      q
        .selectFrom('product_sales_days as d')
        .where(orgScope(scope, 'd'))
        .where(sql<boolean>`d.day > ${day} - ${days}::int`)
        .where(sql<boolean>`d.day <= ${day}`)
        .groupBy('d.product_id')
        .having(sql`sum(d.quantity)`, '>', 0)
        .select(['d.product_id', sql<number>`sum(d.quantity)::int`.as('sold')])
        // The products tied with the `limit`-th on pieces come along: their names decide which of them are shown.
        .orderBy('sold', 'desc')
        .offset(0)
        .fetch(limit, 'with ties')
        .as('s'),
    )
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('product_stock as ps', (join) =>
      join.onRef('ps.product_id', '=', 'p.id').on(orgScope(scope, 'ps')),
    )
    .where(orgScope(scope, 'p'))
    .select([
      'p.id',
      'p.name',
      'p.ean',
      'p.img_url',
      's.sold',
      sql<number>`COALESCE(ps.stock, 0)::int`.as('sf_stock'),
    ])
    .orderBy('s.sold', 'desc')
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return {
    days,
    products: rows.map((r) => ({ ...r, sold: Number(r.sold), sf_stock: Number(r.sf_stock) })),
  };
}

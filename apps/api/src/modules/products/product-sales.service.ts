import type { MostSold } from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';

/**
 * The scope's best sellers (spec 3 §7 `GET /most_sold_product`): pieces shipped per product on the warehouse days
 * `(day(at) - days, day(at)]` from `product_sales_days` (one index range of the organisation's days, never the order
 * lines), most first (ties by name), at most `limit`, each with the stock it has left.
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
        .select(['d.product_id', sql<number>`sum(d.quantity)::int`.as('sold')])
        .as('s'),
    )
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('product_locations as x')
          .whereRef('x.product_id', '=', 'p.id')
          .where(orgScope(scope, 'x'))
          .select(sql<number | null>`sum(x.stock)`.as('stock'))
          .as('pl'),
      (join) => join.onTrue(),
    )
    .where(orgScope(scope, 'p'))
    .where('s.sold', '>', 0)
    .select([
      'p.id',
      'p.name',
      'p.ean',
      'p.img_url',
      's.sold',
      sql<number>`COALESCE(pl.stock, 0)::int`.as('sf_stock'),
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

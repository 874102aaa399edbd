import type { Db } from './client.ts';

/**
 * Every product whose kept stock (`product_stock`, migration 0410) is not the sum of its stock places — for a bundle
 * (migration 0445) not the whole bundles its parts' kept stock makes, core's `bundleStock` — or whose row is missing
 * or in another organisation than the product: "product kept live org" strings, empty when in step.
 */
export async function productStockBreaks(db: Db): Promise<string[]> {
  const r = await db.query<{ k: string }>(
    `SELECT p.id || ' ' || coalesce(s.stock::text, 'missing') || ' ' || coalesce(b.whole, l.total, 0) || ' ' ||
            coalesce(s.org_id = p.org_id, false) AS k
       FROM products p
       LEFT JOIN product_stock s ON s.product_id = p.id
       LEFT JOIN (SELECT product_id, sum(stock) AS total FROM product_locations GROUP BY product_id) l
         ON l.product_id = p.id
       LEFT JOIN (SELECT bi.bundle_id, min(floor(greatest(coalesce(pl.total, 0), 0) / bi.quantity)) AS whole
                    FROM product_bundle_items bi
                    LEFT JOIN (SELECT product_id, sum(stock) AS total FROM product_locations GROUP BY product_id) pl
                      ON pl.product_id = bi.product_id
                   GROUP BY bi.bundle_id) b
         ON b.bundle_id = p.id
      WHERE s.stock IS DISTINCT FROM coalesce(b.whole, l.total, 0) OR s.org_id IS DISTINCT FROM p.org_id
      ORDER BY 1`,
  );
  return r.rows.map((x) => x.k);
}

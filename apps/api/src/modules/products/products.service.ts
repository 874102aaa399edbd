import type { Product, ProductHistoryResponse, ProductList, StockMutation } from '@hoppa/core';
import { type Db, escapeLike } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';

interface ProductRow {
  id: string;
  org_id: string;
  name: string;
  ean: string;
  bsku: string | null;
  parent_ean: string | null;
  img_url: string | null;
  note: string | null;
  pick_note: string | null;
  pack_note: string | null;
  weight_kg: string | null;
  length_cm: string | null;
  height_cm: string | null;
  width_cm: string | null;
  customs_hs: string | null;
  customs_value: string | null;
  fulfilled_by_sf: boolean;
  active: boolean;
  needs_recount: boolean;
  sf_stock: number;
  locations: Product['locations'];
}

const num = (v: string | null): number | null => (v === null ? null : Number(v));

function toProduct(r: ProductRow): Product {
  return {
    id: r.id,
    org: r.org_id,
    name: r.name,
    ean: r.ean,
    bsku: r.bsku,
    parent: r.parent_ean,
    img_url: r.img_url,
    note: r.note,
    pick_note: r.pick_note,
    pack_note: r.pack_note,
    weight_kg: num(r.weight_kg),
    length: num(r.length_cm),
    height: num(r.height_cm),
    width: num(r.width_cm),
    customs: { hs: r.customs_hs, value: num(r.customs_value) },
    fullfilled_bysf: r.fulfilled_by_sf,
    active: r.active,
    needs_recount: r.needs_recount,
    sf_stock: Number(r.sf_stock),
    locations: r.locations,
  };
}

// Products with their stock places in one statement: the lateral join aggregates each product's
// locations (by position) and the total stock held by the provider.
const PRODUCT_SELECT = `
  SELECT p.id, p.org_id, p.name, p.ean, p.bsku, p.parent_ean, p.img_url, p.note, p.pick_note, p.pack_note,
         p.weight_kg::text AS weight_kg, p.length_cm::text AS length_cm, p.height_cm::text AS height_cm,
         p.width_cm::text AS width_cm, p.customs_hs, p.customs_value::text AS customs_value,
         p.fulfilled_by_sf, p.active, p.needs_recount,
         COALESCE(pl.stock, 0)::int AS sf_stock, COALESCE(pl.locations, '[]'::json) AS locations
    FROM products p
    LEFT JOIN LATERAL (
      SELECT sum(x.stock) AS stock,
             json_agg(json_build_object('id', x.id, 'location_id', x.location_id, 'name', l.name,
                      'stock', x.stock, 'active', x.active, 'position', x.position)
                      ORDER BY x.position, l.name) AS locations
        FROM product_locations x JOIN locations l ON l.id = x.location_id
       WHERE x.product_id = p.id
    ) pl ON true`;

/**
 * One page of an organisation's products, name ascending, with stock per location (spec 3 §7
 * `GET /products?skip&limit&in_stock`). `inStock` 'true' keeps products with stock above 0,
 * 'false' those with none; anything else keeps all. Returns the page and the total count.
 */
export async function listProducts(
  db: Db,
  orgId: string,
  opts: { skip: number; limit: number; inStock?: 'true' | 'false' | 'null' },
): Promise<ProductList> {
  const stockFilter =
    opts.inStock === 'true'
      ? 'AND COALESCE(pl.stock, 0) > 0'
      : opts.inStock === 'false'
        ? 'AND COALESCE(pl.stock, 0) <= 0'
        : '';
  const [page, count] = await Promise.all([
    db.query<ProductRow>(
      `${PRODUCT_SELECT} WHERE p.org_id = $1 ${stockFilter} ORDER BY p.name, p.id OFFSET $2 LIMIT $3`,
      [orgId, opts.skip, opts.limit],
    ),
    db.query<{ n: number }>(
      `SELECT count(*) AS n FROM products p
         LEFT JOIN LATERAL (SELECT sum(stock) AS stock FROM product_locations x WHERE x.product_id = p.id) pl ON true
        WHERE p.org_id = $1 ${stockFilter}`,
      [orgId],
    ),
  ]);
  return {
    items: page.rows.map(toProduct),
    total: Number(count.rows[0]?.n ?? 0),
    skip: opts.skip,
    limit: opts.limit,
  };
}

/**
 * Products of the given organisations whose EAN or SKU starts with `text` (spec 3 §2 Scanner, §7
 * `GET /products/ean/:text`): exact EAN matches first, then by name; at most 20.
 */
export async function searchProductsByEan(db: Db, orgIds: string[], text: string): Promise<Product[]> {
  const prefix = `${escapeLike(text)}%`;
  const r = await db.query<ProductRow>(
    `${PRODUCT_SELECT}
      WHERE p.org_id = ANY($1) AND (p.ean LIKE $2 OR p.bsku LIKE $2)
      ORDER BY (p.ean = $3) DESC, p.name, p.id
      LIMIT 20`,
    [orgIds, prefix, text],
  );
  return r.rows.map(toProduct);
}

type MutationRow = {
  id: string;
  created_at: Date;
  quantity: number;
  reason: StockMutation['reason'];
  location_id: string | null;
  location_name: string | null;
  order_id: string | null;
  shop_order_id: string | null;
  order_line_id: string | null;
  user_id: string | null;
  first_name: string | null;
  family_name: string | null;
  note: string | null;
};

function toMutation(r: MutationRow): StockMutation {
  return {
    id: r.id,
    created_at: r.created_at.toISOString(),
    quantity: r.quantity,
    reason: r.reason,
    location: r.location_id ? { id: r.location_id, name: r.location_name ?? '' } : null,
    order: r.order_id ? { id: r.order_id, order_id: r.shop_order_id ?? '' } : null,
    order_line_id: r.order_line_id,
    user: r.user_id
      ? { id: r.user_id, first_name: r.first_name ?? '', family_name: r.family_name ?? '' }
      : null,
    note: r.note,
  };
}

/**
 * The stock ledger of one product (spec 3 §7 `GET /product/history_locations/{product_id}`, the product
 * card's location history; spec 2 §6): its `stock_mutations` newest first, at most `limit` rows, and
 * with `before` (plus `before_id`, the cursor of the previous page's `next`) only the rows after that
 * cursor, so paging never skips or repeats rows written in one transaction (they share their time).
 * Times compare at millisecond precision, as the answer gives them. Also returns the current stock per
 * location (`product_locations`, by position). Errors: 404 when the product is not in `orgIds`.
 */
export async function getProductHistory(
  db: Db,
  orgIds: string[],
  productId: string,
  opts: { limit: number; before?: string; beforeId?: string },
): Promise<ProductHistoryResponse> {
  const product = (
    await db.query<{ id: string; name: string; ean: string }>(
      'SELECT id, name, ean FROM products WHERE id = $1 AND org_id = ANY($2::char(24)[])',
      [productId, orgIds],
    )
  ).rows[0];
  if (!product) throw notFound(`Product ${productId} not found`);

  const args: unknown[] = [product.id];
  let cursor = '';
  if (opts.before && opts.beforeId) {
    args.push(opts.before, opts.beforeId);
    cursor = `AND (date_trunc('milliseconds', m.created_at), m.id) < ($2::timestamptz, $3::char(24))`;
  } else if (opts.before) {
    args.push(opts.before);
    cursor = `AND date_trunc('milliseconds', m.created_at) < $2::timestamptz`;
  }
  args.push(opts.limit + 1);
  const [mutations, locations] = await Promise.all([
    db.query<MutationRow>(
      `SELECT m.id, m.created_at, m.quantity, m.reason, m.location_id, l.name AS location_name,
              m.order_id, o.order_id AS shop_order_id, m.order_line_id,
              m.user_id, u.first_name, u.family_name, m.note
         FROM stock_mutations m
         LEFT JOIN locations l ON l.id = m.location_id
         LEFT JOIN orders o ON o.id = m.order_id
         LEFT JOIN users u ON u.id = m.user_id
        WHERE m.product_id = $1 ${cursor}
        ORDER BY date_trunc('milliseconds', m.created_at) DESC, m.id DESC
        LIMIT $${args.length}`,
      args,
    ),
    db.query<{ id: string; name: string; stock: number }>(
      `SELECT l.id, l.name, pl.stock
         FROM product_locations pl JOIN locations l ON l.id = pl.location_id
        WHERE pl.product_id = $1
        ORDER BY pl.position, l.name`,
      [product.id],
    ),
  ]);
  const rows = mutations.rows.slice(0, opts.limit).map(toMutation);
  const last = rows[rows.length - 1];
  return {
    product,
    mutations: rows,
    next: mutations.rows.length > opts.limit && last ? { before: last.created_at, before_id: last.id } : null,
    locations: locations.rows.map((r) => ({ location: { id: r.id, name: r.name }, stock: r.stock })),
  };
}

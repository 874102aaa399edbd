import type { ConfirmAs, Product, ProductCard, ProductDeleteResult, ProductRef } from '@hoppa/core';
import { productDeleteEndpoint, salesFigures } from '@hoppa/core';
import { sql } from 'kysely';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound, problem } from '../../lib/errors.ts';
import { productRows } from './product-list.service.ts';
import { productQuery, toProduct } from './products.service.ts';

/** Most linked children the card lists (a parent with more is a catalogue problem, not a card). */
const CHILDREN_MAX = 200;

/** The product of `id` in the list shape, 404 when the scope may not see it (spec 3 §7 `GET /api/products/product/{id}`). */
export async function getProductRecord(scope: TenantScope, id: string): Promise<Product> {
  const row = await productQuery(scope).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Product ${id} not found`);
  return toProduct(row);
}

/**
 * The card's sales figures (spec 3 §2: sold in 30 days, daily demand, days until out of stock) by the same definition
 * as the product table: pieces shipped on the last 30 warehouse days (`product_sales_days`, ADR 0047).
 */
async function cardSales(scope: TenantScope, id: string, stock: number, leadTimeDays: number | null) {
  const [row] = await productRows(scope, [id], new Date());
  return row ?? salesFigures(0, stock, leadTimeDays);
}

/** Linked products of the card: the parent (by the product's `parent_ean`) and the children (theirs = its EAN). */
async function linkedProducts(
  scope: TenantScope,
  product: { org: string; ean: string; parent: string | null },
): Promise<{ parent: ProductRef | null; children: ProductRef[] }> {
  const refs = (rows: { id: string; name: string; ean: string; sf_stock: number }[]) =>
    rows.map((r) => ({ id: r.id, name: r.name, ean: r.ean, sf_stock: Number(r.sf_stock) }));
  const orgOnly = { db: scope.db, orgIds: [product.org] };
  const [children, parent] = await Promise.all([
    productQuery(orgOnly)
      .where('p.parent_ean', '=', product.ean)
      .orderBy(sql`lower(p.name)`)
      .orderBy('p.id')
      .limit(CHILDREN_MAX)
      .execute(),
    product.parent
      ? productQuery(orgOnly).where('p.ean', '=', product.parent).executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  return { parent: parent ? (refs([parent])[0] ?? null) : null, children: refs(children) };
}

/**
 * The product card (spec 3 §2 Product item card, §7 `GET /product/{id}`; ADR 0048): the product as listed plus its
 * settings, sales figures (sold in 30 days, daily demand, days until out of stock), stored image ids and linked parent
 * and children. 404 when the scope may not see the product.
 */
export async function getProductCard(scope: TenantScope, id: string): Promise<ProductCard> {
  const row = await productQuery(scope)
    .where('p.id', '=', id)
    .select([
      'p.def_shipping_id',
      'p.ship_box_id',
      'p.track_trace_email',
      'p.share_track_trace',
      'p.sync_stock',
      'p.fake_stock',
      'p.lead_time_days',
      'p.ship_time_days',
      'p.stock_min',
      'p.stock_max',
      'p.confirm_as',
      'p.bol_confirm',
    ])
    .executeTakeFirst();
  if (!row) throw notFound(`Product ${id} not found`);
  const product = toProduct(row);
  const [sales, images, links, surcharges] = await Promise.all([
    cardSales(scope, id, product.sf_stock, row.lead_time_days),
    tenantSql(scope)
      .selectFrom('product_images as i')
      .where(orgScope(scope, 'i'))
      .where('i.product_id', '=', id)
      .select('i.id')
      .orderBy('i.position')
      .orderBy('i.created_at')
      .execute(),
    linkedProducts(scope, product),
    tenantSql(scope)
      .selectFrom('product_surcharges as ps')
      .innerJoin('surcharges as s', 's.id', 'ps.surcharge_id')
      .where(orgScope(scope, 'ps'))
      .where('ps.product_id', '=', id)
      .select('s.id')
      .orderBy('s.name')
      .execute(),
  ]);
  return {
    ...product,
    def_shipping_id: row.def_shipping_id,
    ship_box_id: row.ship_box_id,
    track_trace_email: row.track_trace_email,
    share_track_trace: row.share_track_trace,
    sync_stock: row.sync_stock,
    fake_stock: row.fake_stock,
    lead_time_days: row.lead_time_days,
    ship_time_days: row.ship_time_days,
    stock_min: row.stock_min,
    stock_max: row.stock_max,
    confirm_as: row.confirm_as as ConfirmAs | null,
    bol_confirm: row.bol_confirm,
    surcharge_ids: surcharges.map((x) => x.id),
    sold_30d: sales.total_sold_30d,
    daily_demand: sales.daily_demand,
    days_until_out_of_stock: sales.days_until_out_of_stock,
    image_ids: images.map((i) => i.id),
    has_image: images.length > 0 || Boolean(product.img_url),
    parent_product: links.parent,
    children: links.children,
  };
}

/**
 * Deletes a product (spec 3 §7 `DELETE /product/{id}`, §5; ADR 0048), in the caller's transaction, the product row
 * locked first. Refused with 409 `product_has_stock` while any location holds stock of it and 409
 * `product_in_open_orders` while an open order has a line of it. Its linked children are unlinked. When order lines,
 * returns, inbound items or ledger rows refer to it, it is kept and deactivated (`active` false) so that history stays
 * readable; otherwise the row goes (its empty location links and images with it). 404 for another organisation's.
 */
export async function deleteProduct(scope: TenantScope, id: string): Promise<ProductDeleteResult> {
  const q = tenantSql(scope);
  const product = await q
    .selectFrom('products as p')
    .select(['p.id', 'p.ean', 'p.org_id'])
    .where('p.id', '=', id)
    .where(orgScope(scope, 'p'))
    .forUpdate()
    .executeTakeFirst();
  if (!product) throw notFound(`Product ${id} not found`);
  const stock = await q
    .selectFrom('product_locations as pl')
    .where(orgScope(scope, 'pl'))
    .where('pl.product_id', '=', id)
    .select(sql<string>`COALESCE(sum(abs(pl.stock)), 0)::text`.as('n'))
    .executeTakeFirst();
  if (Number(stock?.n ?? 0) > 0)
    throw problem(
      productDeleteEndpoint,
      'product_has_stock',
      `The product still has ${stock?.n} pieces in stock: correct or move them first`,
    );
  const open = await q
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .where(orgScope(scope, 'l'))
    .where(orgScope(scope, 'o'))
    .where('l.product_id', '=', id)
    .where('o.status', '=', 'open')
    .select('o.order_id')
    .limit(3)
    .execute();
  if (open.length > 0)
    throw problem(
      productDeleteEndpoint,
      'product_in_open_orders',
      `The product is on open orders (${open.map((o) => o.order_id).join(', ')}): ship or cancel them first`,
    );
  await q
    .updateTable('products as p')
    .set({ parent_ean: null, updated_at: sql`now()` })
    .where(orgScope(scope, 'p'))
    .where('p.org_id', '=', product.org_id)
    .where('p.parent_ean', '=', product.ean)
    .execute();
  const used = await sql<{ used: boolean }>`
    SELECT EXISTS (SELECT 1 FROM order_lines WHERE product_id = ${id} AND org_id = ${product.org_id})
        OR EXISTS (SELECT 1 FROM stock_mutations WHERE product_id = ${id} AND org_id = ${product.org_id})
        OR EXISTS (SELECT 1 FROM return_items WHERE product_id = ${id} AND org_id = ${product.org_id})
        OR EXISTS (SELECT 1 FROM inbound_items WHERE product_id = ${id} AND org_id = ${product.org_id}) AS used`.execute(
    q,
  );
  if (used.rows[0]?.used) {
    await q
      .updateTable('products as p')
      .set({ active: false, updated_at: sql`now()` })
      .where('p.id', '=', id)
      .where(orgScope(scope, 'p'))
      .execute();
    return { id, outcome: 'deactivated' };
  }
  await q
    .deleteFrom('product_images as i')
    .where(orgScope(scope, 'i'))
    .where('i.product_id', '=', id)
    .execute();
  await q.deleteFrom('products as p').where('p.id', '=', id).where(orgScope(scope, 'p')).execute();
  return { id, outcome: 'deleted' };
}

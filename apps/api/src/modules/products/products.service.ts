import type { Product, ProductHistoryResponse, ReturnInstructionBody, StockMutation } from '@hoppa/core';
import { sql } from 'kysely';
import { escapeLike } from '../../db/client.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound } from '../../lib/errors.ts';

const num = (v: string | null): number | null => (v === null ? null : Number(v));

/**
 * Products of the scope with their stock places in one statement: the lateral join aggregates each product's
 * locations (by position); `sf_stock` is the product's kept stock (`product_stock`, migrations 0410 and 0445: the sum
 * of its places, and for a bundle the whole bundles its parts make, core's `bundleStock`), the figure the product
 * table's stock filters, sort and counts read (spec 3 §2, §7 `GET /products`; tenant-scoped, docs/architecture.md).
 */
export function productQuery(scope: TenantScope) {
  return tenantSql(scope)
    .selectFrom('products as p')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('product_locations as x')
          .innerJoin('locations as l', 'l.id', 'x.location_id')
          .whereRef('x.product_id', '=', 'p.id')
          .where(orgScope(scope, 'x'))
          .select([
            sql<
              Product['locations'] | null
            >`json_agg(json_build_object('id', x.id, 'location_id', x.location_id,
                      'name', l.name, 'stock', x.stock, 'active', x.active, 'position', x.position)
                      ORDER BY x.position, l.name)`.as('locations'),
          ])
          .as('pl'),
      (join) => join.onTrue(),
    )
    .leftJoin('product_stock as st', (join) =>
      join.onRef('st.product_id', '=', 'p.id').on(orgScope(scope, 'st')),
    )
    .where(orgScope(scope, 'p'))
    .select([
      'p.id',
      'p.org_id',
      'p.name',
      'p.ean',
      'p.bsku',
      'p.parent_ean',
      'p.img_url',
      'p.note',
      'p.pick_note',
      'p.pack_note',
      'p.return_instruction',
      sql<string | null>`p.weight_kg::text`.as('weight_kg'),
      sql<string | null>`p.length_cm::text`.as('length_cm'),
      sql<string | null>`p.height_cm::text`.as('height_cm'),
      sql<string | null>`p.width_cm::text`.as('width_cm'),
      'p.customs_hs',
      sql<string | null>`p.customs_value::text`.as('customs_value'),
      'p.fulfilled_by_sf',
      'p.active',
      'p.needs_recount',
      sql<number>`COALESCE(st.stock, 0)::int`.as('sf_stock'),
      sql<Product['locations']>`COALESCE(pl.locations, '[]'::json)`.as('locations'),
    ]);
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof productQuery>['executeTakeFirstOrThrow']>>;

/** A row of {@link productQuery} in the shape of core's `Product` (spec 3 §3). */
export function toProduct(r: ProductRow): Product {
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
    return_instruction: r.return_instruction,
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

/**
 * Products of the request's organisations whose EAN or SKU starts with `text` (spec 3 §2 Scanner, §7
 * `GET /products/ean/:text`): exact EAN matches first, then by name; at most 20.
 */
export async function searchProductsByEan(
  ctx: TenantScope,
  { params }: { params: { text: string } },
): Promise<Product[]> {
  const prefix = `${escapeLike(params.text)}%`;
  const rows = await productQuery(ctx)
    .where((eb) => eb.or([eb('p.ean', 'like', prefix), eb('p.bsku', 'like', prefix)]))
    .orderBy(sql`(p.ean = ${params.text})`, 'desc')
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(20)
    .execute();
  return rows.map(toProduct);
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
  ctx: TenantScope,
  {
    params,
    query,
  }: {
    params: { product_id: string };
    query: { limit: number; before?: string | undefined; before_id?: string | undefined };
  },
): Promise<ProductHistoryResponse> {
  const q = tenantSql(ctx);
  const product = await q
    .selectFrom('products as p')
    .select(['p.id', 'p.name', 'p.ean'])
    .where('p.id', '=', params.product_id)
    .where(orgScope(ctx, 'p'))
    .executeTakeFirst();
  if (!product) throw notFound(`Product ${params.product_id} not found`);

  const at = sql`date_trunc('milliseconds', m.created_at)`;
  const [mutations, locations] = await Promise.all([
    q
      .selectFrom('stock_mutations as m')
      .leftJoin('locations as l', 'l.id', 'm.location_id')
      .leftJoin('orders as o', (j) => j.onRef('o.id', '=', 'm.order_id').on(orgScope(ctx, 'o')))
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .where('m.product_id', '=', product.id)
      .where(orgScope(ctx, 'm'))
      .$if(Boolean(query.before && query.before_id), (w) =>
        w.where(sql<boolean>`(${at}, m.id) < (${query.before}::timestamptz, ${query.before_id}::char(24))`),
      )
      .$if(Boolean(query.before && !query.before_id), (w) =>
        w.where(sql<boolean>`${at} < ${query.before}::timestamptz`),
      )
      .select([
        'm.id',
        'm.created_at',
        'm.quantity',
        'm.reason',
        'm.location_id',
        'l.name as location_name',
        'm.order_id',
        'o.order_id as shop_order_id',
        'm.order_line_id',
        'm.user_id',
        'u.first_name',
        'u.family_name',
        'm.note',
      ])
      .orderBy(at, 'desc')
      .orderBy('m.id', 'desc')
      .limit(query.limit + 1)
      .execute(),
    q
      .selectFrom('product_locations as pl')
      .innerJoin('locations as l', 'l.id', 'pl.location_id')
      .where('pl.product_id', '=', product.id)
      .where(orgScope(ctx, 'pl'))
      .select(['l.id', 'l.name', 'pl.stock'])
      .orderBy('pl.position')
      .orderBy('l.name')
      .execute(),
  ]);
  const rows = mutations.slice(0, query.limit).map((r) => toMutation(r as MutationRow));
  const last = rows[rows.length - 1];
  return {
    product,
    mutations: rows,
    next: mutations.length > query.limit && last ? { before: last.created_at, before_id: last.id } : null,
    locations: locations.map((r) => ({ location: { id: r.id, name: r.name }, stock: r.stock })),
  };
}

/**
 * Sets a product's return instruction (spec 3 §7 `POST /product/return_instruction`; issue 12): empty text clears it.
 * Answers the product id with the instruction as stored; 404 when the product is not one of the caller's
 * organisations'.
 */
export async function setReturnInstruction(
  ctx: TenantScope,
  body: ReturnInstructionBody,
): Promise<{ product_id: string; return_instruction: string | null }> {
  const text = body.return_instruction?.trim() || null;
  const row = await tenantSql(ctx)
    .updateTable('products as p')
    .set({ return_instruction: text, updated_at: sql`now()` })
    .where('p.id', '=', body.product_id)
    .where(orgScope(ctx, 'p'))
    .returning(['p.id', 'p.return_instruction'])
    .executeTakeFirst();
  if (!row) throw notFound(`Product ${body.product_id} not found`);
  return { product_id: row.id, return_instruction: row.return_instruction };
}

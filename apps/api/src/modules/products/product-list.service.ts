import {
  LOW_STOCK_MAX,
  type PRODUCT_SORTS,
  PRODUCTS_COUNT_CAP,
  type ProductCount,
  type ProductList,
  type ProductListQuery,
  type ProductRow,
  parseSort,
  SALES_WINDOW_DAYS,
  salesFigures,
} from '@hoppa/core';
import { type RawBuilder, sql } from 'kysely';
import { type Db, escapeLike } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound } from '../../lib/errors.ts';
import { startScheduled } from '../../lib/scheduled.ts';
import { warehouseDay } from './product-sales.service.ts';
import { productQuery, toProduct } from './products.service.ts';

/**
 * What each sortable column of the product table orders by (core PRODUCT_SORTS; indexed, migration 0250; the stock
 * by `product_stock (org_id, stock, product_id)`, migration 0410) and the column that breaks its ties (the product id,
 * as the stock index holds it for the stock sort).
 */
const SORT_COLUMNS = {
  name: [sql`lower(p.name)`, 'p.id'],
  ean: [sql`p.ean`, 'p.id'],
  sku: [sql`p.bsku`, 'p.id'],
  stock: [sql`st.stock`, 'st.product_id'],
  weight: [sql`p.weight_kg`, 'p.id'],
} as const satisfies Record<(typeof PRODUCT_SORTS)[number], readonly [unknown, string]>;

/**
 * The table's stock filter (`stock_status`, `in_stock`) on the product's kept stock `st.stock` (`product_stock`,
 * migration 0410: the sum of its stock places; every product has a row, 0 without places), or null without one.
 */
function stockCondition(query: ProductListQuery): RawBuilder<boolean> | null {
  const parts: RawBuilder<boolean>[] = [];
  if (query.stock_status === 'in_stock') parts.push(sql`st.stock > ${LOW_STOCK_MAX}`);
  if (query.stock_status === 'low_stock') parts.push(sql`st.stock BETWEEN 1 AND ${LOW_STOCK_MAX}`);
  if (query.stock_status === 'out_of_stock') parts.push(sql`st.stock <= 0`);
  if (query.in_stock === 'true') parts.push(sql`st.stock > 0`);
  if (query.in_stock === 'false') parts.push(sql`st.stock <= 0`);
  return parts.length === 0 ? null : sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}

/**
 * The table's filters on the product itself (spec 3 §2 filter bar), or null without one: `search` a part of the
 * name, EAN or SKU, case-insensitively (trigram indexes), and `fulfilment`.
 */
function productCondition(query: ProductListQuery): RawBuilder<boolean> | null {
  const parts: RawBuilder<boolean>[] = [];
  const search = query.search?.trim().toLowerCase() ?? '';
  if (search !== '') {
    const like = `%${escapeLike(search)}%`;
    parts.push(sql`(lower(p.name) LIKE ${like} OR p.ean LIKE ${like} OR lower(p.bsku) LIKE ${like})`);
  }
  if (query.fulfilment !== 'all') parts.push(sql`p.fulfilled_by_sf = ${query.fulfilment === 'true'}`);
  return parts.length === 0 ? null : sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}

/**
 * The scope's products matching the table's filters, with the product's kept stock joined as `st` when `withStock`
 * (a stock filter or the stock sort: a range or the order of the `product_stock (org_id, stock, product_id)` index
 * rather than a sum over every stock place of the shop).
 */
function filteredProducts(scope: TenantScope, query: ProductListQuery, withStock: boolean) {
  const stock = stockCondition(query);
  const product = productCondition(query);
  const base = tenantSql(scope).selectFrom('products as p');
  return (
    withStock
      ? base.innerJoin('product_stock as st', (join) =>
          join.onRef('st.product_id', '=', 'p.id').on(orgScope(scope, 'st')),
        )
      : base
  )
    .where(orgScope(scope, 'p'))
    .$if(product !== null, (q) => q.where(product as RawBuilder<boolean>))
    .$if(withStock && stock !== null, (q) => q.where(stock as RawBuilder<boolean>));
}

/**
 * How many of the scope's products match the table's filters, counted up to `cap + 1`. A stock filter alone counts a
 * range of the `product_stock` index (index-only: every product has one row there, in its own organisation); a
 * product filter alone counts products; both count their join.
 */
async function countFiltered(scope: TenantScope, query: ProductListQuery, cap: number): Promise<number> {
  const stock = stockCondition(query);
  const matching =
    stock !== null && productCondition(query) === null
      ? tenantSql(scope)
          .selectFrom('product_stock as st')
          .where(orgScope(scope, 'st'))
          .where(stock)
          .select('st.product_id as id')
      : filteredProducts(scope, query, stock !== null).select('p.id');
  const row = await tenantSql(scope)
    .selectFrom(matching.limit(cap + 1).as('c'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The ids of one page of products with a stock filter in a sort other than stock, when at most `cap` products match:
 * the stock range first (the index), each of its products looked up by id (a LATERAL subquery kept apart by
 * `OFFSET 0`, so the planner cannot turn it round into a walk of the name index that probes every product's stock:
 * at 100,000 products that walk met 11,000 products for 25 of low stock, whose names sorted late), then sorted.
 * Its cost is bounded by the matching count, not by where those products fall in the sort order.
 */
function rangeFirstPage(scope: TenantScope, query: ProductListQuery, stock: RawBuilder<boolean>) {
  const product = productCondition(query);
  return tenantSql(scope)
    .selectFrom('product_stock as st')
    .where(orgScope(scope, 'st'))
    .where(stock)
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('products as p')
          .whereRef('p.id', '=', 'st.product_id')
          .where(orgScope(scope, 'p'))
          .$if(product !== null, (q) => q.where(product as RawBuilder<boolean>))
          .select(['p.id', 'p.name', 'p.ean', 'p.bsku', 'p.weight_kg'])
          .offset(0)
          .as('p'),
      (join) => join.onTrue(),
    );
}

/**
 * The table rows of the products `ids` (any order): the product with its stock places, shop name, platform, shipping
 * defaults and the pieces shipped on the warehouse days `(day(at) - 30, day(at)]`, turned into the sales figures of
 * core's `salesFigures`. The pieces come from the kept 30-day total of the best sellers (`product_sales_30d`,
 * migration 0430, one row by key) when the product's organisation has them kept for `at`'s day, else from the
 * product's days of the window (`product_sales_days`, at most 30 rows): the same figure either way.
 */
export async function productRows(
  scope: TenantScope,
  ids: readonly string[],
  at: Date,
): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const day = warehouseDay(at);
  const rows = await productQuery(scope)
    .innerJoin('organisations as o', 'o.id', 'p.org_id')
    .leftJoin('shipment_methods as sm', 'sm.id', 'p.def_shipping_id')
    .leftJoin('shipment_boxes as sb', 'sb.id', 'p.ship_box_id')
    // The organisation's kept 30-day totals (migration 0430), used when they are kept for `at`'s day.
    .leftJoin('product_sales_window as sw', (join) =>
      join.onRef('sw.org_id', '=', 'p.org_id').on(orgScope(scope, 'sw')),
    )
    .leftJoin('product_sales_30d as k', (join) =>
      join.onRef('k.product_id', '=', 'p.id').on(orgScope(scope, 'k')),
    )
    .where('p.id', 'in', [...ids])
    .select([
      'o.name as org_name',
      'p.api_name',
      'p.offer_id',
      'p.track_trace_email',
      'p.share_track_trace',
      'p.lead_time_days',
      'sm.id as method_id',
      'sm.name as method_name',
      'sb.id as box_id',
      'sb.name as box_name',
      (eb) =>
        eb
          .case()
          .when(sql<boolean>`sw.day = ${day}`)
          .then(sql<number>`COALESCE(k.sold, 0)`)
          // Not kept for this day: the product's days of the window (at most 30 rows).
          .else(
            eb
              .selectFrom('product_sales_days as d')
              .whereRef('d.product_id', '=', 'p.id')
              .where(orgScope(scope, 'd'))
              .where(sql<boolean>`d.day > ${day} - ${SALES_WINDOW_DAYS}::int`)
              .where(sql<boolean>`d.day <= ${day}`)
              .select(sql<number>`COALESCE(sum(d.quantity), 0)::int`.as('sold')),
          )
          .end()
          .as('sold'),
    ])
    .execute();
  // The table's fields are added to the product object (Object.assign), not copied with it into a new literal: on
  // Node 20 `{ ...product, more }` costs ≈ 45 µs a row (≈ 20 ms of a 500-row page), the assignment < 1 µs (ADR 0132).
  return rows.map((r) => {
    const product = toProduct(r);
    return Object.assign(
      product,
      {
        org_name: r.org_name,
        platform: r.api_name,
        offer_id: r.offer_id,
        track_trace_email: r.track_trace_email,
        share_track_trace: r.share_track_trace,
        def_shipping_id: r.method_id ? { id: r.method_id, name: r.method_name ?? '' } : null,
        ship_box_id: r.box_id ? { id: r.box_id, name: r.box_name ?? '' } : null,
        lead_time_days: r.lead_time_days,
      },
      salesFigures(Number(r.sold), product.sf_stock, r.lead_time_days),
    );
  });
}

/**
 * One page of the product table of the scope's organisations (spec 3 §2 Product management, §7 `GET /products`,
 * `/products/all`, `/products/org/{id}`): the ids of the page in the `sort` order (ties by id) and the filtered total
 * (counted up to `countCap`, default core's PRODUCTS_COUNT_CAP; `total_capped` says there are more), then the rows of
 * those 25 (or `limit`) ids with their stock places and sales figures as of `at`. Stock filters and the stock sort
 * read the kept stock per product (`product_stock`, migration 0410):
 * - no stock filter: the page reads its sort's index (`(org_id, lower(name), id)`, or `product_stock (org_id, stock,
 *   product_id)` for the stock sort) and stops after it, the count in parallel;
 * - a stock filter with the stock sort: the page is a range of the stock index, in order;
 * - a stock filter with another sort: the count first; up to `countCap` matches the page reads the stock range and
 *   sorts it ({@link rangeFirstPage}), above it (a broad filter) the sort's index, probing each product's stock.
 */
export async function listProductTable(
  scope: TenantScope,
  query: ProductListQuery,
  at: Date = new Date(),
  countCap = PRODUCTS_COUNT_CAP,
): Promise<ProductList> {
  const sort = parseSort(query.sort);
  const dir = sort.desc ? 'desc' : 'asc';
  const stock = stockCondition(query);
  const [column, tie] = SORT_COLUMNS[sort.field];
  const pageOf = (counted: number) =>
    (stock !== null && sort.field !== 'stock' && counted <= countCap
      ? rangeFirstPage(scope, query, stock)
      : filteredProducts(scope, query, stock !== null || sort.field === 'stock')
    )
      .select('p.id')
      .orderBy(column, dir)
      .orderBy(tie, dir)
      .offset(query.skip)
      .limit(query.limit)
      .execute();
  let counted: number;
  let page: { id: string }[];
  if (stock !== null && sort.field !== 'stock') {
    counted = await countFiltered(scope, query, countCap);
    page = await pageOf(counted);
  } else {
    [counted, page] = await Promise.all([
      countFiltered(scope, query, countCap),
      pageOf(Number.POSITIVE_INFINITY),
    ]);
  }
  const ids = page.map((r) => r.id);
  const rows = await productRows(scope, ids, at);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    items: ids.flatMap((id) => byId.get(id) ?? []),
    total: Math.min(counted, countCap),
    total_capped: counted > countCap,
    skip: query.skip,
    limit: query.limit,
  };
}

/**
 * The scope of `GET /products/org/{id}`: organisation `orgId` when the caller may see it (provider staff see every
 * client). Errors: 404 when there is no such organisation or the caller may not see it.
 */
export async function orgProductScope(scope: TenantScope, orgId: string): Promise<TenantScope> {
  const org = scope.orgIds.includes(orgId)
    ? await tenantSql(scope)
        .selectFrom('organisations as o')
        .select('o.id')
        .where('o.id', '=', orgId)
        .executeTakeFirst()
    : undefined;
  if (!org) throw notFound(`Organisation ${orgId} not found`);
  return { db: scope.db, orgIds: [orgId] };
}

/** Rows of `product_stock_counts` an organisation may gather before the background fold makes them one. */
export const STOCK_COUNT_ROWS_FOLD = 64;

/**
 * Folds the rows of `product_stock_counts` (migration 0430: signed counts per stock class, one row per statement that
 * moved a product between classes) of every organisation with more than {@link STOCK_COUNT_ROWS_FOLD} of them into one
 * row with their sums (`hoppa_stock_counts_fold`, one transaction per organisation). Rows that writers add meanwhile
 * stay beside it (they are not in the statement's snapshot); two folds at once each fold the rows they deleted, so the
 * sums never change. Returns how many organisations were folded. Run by {@link startStockCountsFolder}, so the count
 * read stays a read (ADR 0104: a read replica can serve it).
 */
export async function foldStockCounts(db: Db): Promise<number> {
  const due = await systemSql(db)
    .selectFrom('product_stock_counts as c')
    .groupBy('c.org_id')
    .having(sql<number>`count(*)`, '>', STOCK_COUNT_ROWS_FOLD)
    .select('c.org_id')
    .orderBy('c.org_id')
    .execute();
  for (const r of due)
    await db.transaction((tx) => tx.query('SELECT hoppa_stock_counts_fold($1::char(24))', [r.org_id]));
  return due.length;
}

/**
 * Starts the background fold of the product counts' rows ({@link foldStockCounts}) every minute (docs/architecture.md
 * "Background jobs"). A busy shop's picks add a row per class change; a minute of them is what a count read sums at
 * most beyond the folded row. Several processes may fold at once. Returns the stop function.
 */
export function startStockCountsFolder(db: Db, log: (msg: string) => void): () => Promise<void> {
  return startScheduled({
    name: 'Product count fold',
    intervalMs: 60_000,
    round: () => foldStockCounts(db),
    log,
  });
}

/**
 * Counts of the scope's products by the stock they hold (spec 3 §7 `GET /products/count`), in spec 3 §2's stock
 * classification, the one the table's stock filters use: all, in stock (above 5), low (1 to 5) and sold out (0 or
 * below), so in stock + low + sold out = all. Read from the counts kept per organisation and stock class
 * (`product_stock_counts`, migration 0430, ADR 0103: the sums of the organisation's few signed rows, which the
 * triggers on `product_stock` add whenever a product enters, leaves or changes class; {@link foldStockCounts} keeps
 * them few). A read only: it writes nothing.
 */
export async function countProducts(scope: TenantScope): Promise<ProductCount> {
  // With the fold in the background no organisation is looked at on its own: one sum over the scope's rows.
  const sums = await tenantSql(scope)
    .selectFrom('product_stock_counts as c')
    .where(orgScope(scope, 'c'))
    .select([
      sql<number>`COALESCE(sum(c.sold_out), 0)`.as('sold_out'),
      sql<number>`COALESCE(sum(c.low), 0)`.as('low'),
      sql<number>`COALESCE(sum(c.high), 0)`.as('high'),
    ])
    .executeTakeFirstOrThrow();
  const total = (key: 'sold_out' | 'low' | 'high') => Number(sums[key]);
  return {
    totalProducts: total('sold_out') + total('low') + total('high'),
    totalProductsInStock: total('high'),
    soldOutProducts: total('sold_out'),
    lowStockProducts: total('low'),
  };
}

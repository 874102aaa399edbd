import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { reasonParams } from '../common/reason.ts';
import { boundedText } from '../common/text.ts';
import { pageOf, pageQuery, sortQuery } from '../http/page.ts';
import { ProductSchema } from './product.schema.ts';
import { STOCK_STATUSES } from './product-sales.rules.ts';

/** The columns the product table sorts by on the server (spec 3 §2 Product management); name A–Z by default. */
export const PRODUCT_SORTS = ['name', 'ean', 'sku', 'stock', 'weight'] as const;

/** Longest text of the product table's search box (name, EAN or SKU). */
export const PRODUCT_LIST_SEARCH_MAX = 100;

/**
 * Filters of the product table (spec 3 §2 filter bar), shared by `GET /products`, `/products/all` and
 * `/products/org/{id}`: `search` matches name, EAN or SKU anywhere, case-insensitively (an empty search is none);
 * `stock_status` the stock classes of spec 3 §2 (all by default); `fulfilment` 'true'/'false' on `fullfilled_bysf`.
 */
export const ProductFilterSchema = z.object({
  search: boundedText('Search', PRODUCT_LIST_SEARCH_MAX).optional(),
  stock_status: z.enum(['all', ...STOCK_STATUSES]).default('all'),
  fulfilment: z.enum(['all', 'true', 'false']).default('all'),
});
export type ProductFilter = z.infer<typeof ProductFilterSchema>;

/**
 * Query of `GET /products` (spec 3 §7: `skip`, `limit` default 500, `in_stock` unset; `sort` and the filters of
 * {@link ProductFilterSchema} are ours). `in_stock` 'true' keeps products with stock above 0, 'false' those with none.
 */
export const ProductListQuerySchema = pageQuery(500)
  .extend(sortQuery(PRODUCT_SORTS, 'name').shape)
  .extend(ProductFilterSchema.shape)
  .extend({ in_stock: z.enum(['true', 'false', 'null']).optional() });
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;
/** The query as the apps write it (defaults optional). */
export type ProductListQueryInput = z.input<typeof ProductListQuerySchema>;

/** A shipment method or box a product ships with by default: its id and name. */
const NamedRefSchema = z.object({ id: IdSchema, name: z.string() }).nullable();

/**
 * One row of the product table (spec 3 §2 columns, §3 Product): the product with its stock places, its shop's name,
 * the platform it came from (`api_name`), its shipping defaults, track-and-trace switches, lead time and the sales
 * figures of the last 30 days from shipped order lines (see `salesFigures`; ADR 0047).
 */
export const ProductRowSchema = ProductSchema.extend({
  org_name: z.string(),
  platform: z.string().nullable(),
  offer_id: z.string().nullable(),
  track_trace_email: z.boolean(),
  share_track_trace: z.boolean(),
  def_shipping_id: NamedRefSchema,
  ship_box_id: NamedRefSchema,
  lead_time_days: z.number().int().nullable(),
  total_sold_30d: z.number().int(),
  daily_demand: z.number(),
  days_until_out_of_stock: z.number().int().nullable(),
  reorder_point: z.number().int(),
});
export type ProductRow = z.infer<typeof ProductRowSchema>;

/** The product table counts the filtered products up to this many; beyond it the answer says "10,000 or more". */
export const PRODUCTS_COUNT_CAP = 10_000;

/**
 * Answer of `GET /products`, `/products/all`, `/products/org/{id}`: one page of rows and the filtered total, counted
 * up to {@link PRODUCTS_COUNT_CAP} (`total_capped` true: at least that many), so a page's cost does not grow with the
 * catalogue; `GET /products/count` gives the exact totals.
 */
export const ProductListSchema = pageOf(ProductRowSchema, { total_capped: z.boolean() });
export type ProductList = z.infer<typeof ProductListSchema>;

/**
 * Answer of `GET /products/count` (spec 3 §7: totalProducts, totalProductsInStock, soldOutProducts;
 * `lowStockProducts`, stock 1 to 5, is ours): counts of the current organisation's products by spec 3 §2's stock
 * classification: in stock above 5 (the 'In stock' filter), low 1 to 5, sold out 0 or below; the three add up.
 */
export const ProductCountSchema = z.object({
  totalProducts: z.number().int(),
  totalProductsInStock: z.number().int(),
  soldOutProducts: z.number().int(),
  lowStockProducts: z.number().int(),
});
export type ProductCount = z.infer<typeof ProductCountSchema>;

/** Most products one bulk action changes (a page of the table is 25; "select all filtered" stays below this). */
export const PRODUCT_BULK_MAX = 1000;

/** The products a bulk action works on: 1 to {@link PRODUCT_BULK_MAX} distinct ids. */
export const ProductIdsSchema = z
  .array(IdSchema)
  .min(1, 'Select one or more products')
  .max(PRODUCT_BULK_MAX, `At most ${PRODUCT_BULK_MAX} products at once`)
  .refine((ids) => new Set(ids).size === ids.length, {
    message: 'A product is listed twice',
    params: reasonParams('listed_twice'),
  });

/** Body of `POST /products/bulk/active` (spec 3 §2 bulk active): the products and their new active state. */
export const BulkActiveBodySchema = z.object({ ids: ProductIdsSchema, active: z.boolean() });
/** Body of `POST /products/bulk/fulfilment` (spec 3 §2 bulk fulfilment): whether the warehouse fulfils them. */
export const BulkFulfilmentBodySchema = z.object({ ids: ProductIdsSchema, fullfilled_bysf: z.boolean() });
/**
 * Body of `POST /products/bulk/track_trace` (spec 3 §2 bulk track and trace): the track-and-trace email and the
 * sharing of track and trace with the platform; a switch left out stays as it is, one of them is required.
 */
export const BulkTrackTraceBodySchema = z
  .object({
    ids: ProductIdsSchema,
    track_trace_email: z.boolean().optional(),
    share_track_trace: z.boolean().optional(),
  })
  .refine((b) => b.track_trace_email !== undefined || b.share_track_trace !== undefined, {
    message: 'Choose track_trace_email, share_track_trace or both',
    path: ['track_trace_email'],
    params: reasonParams('one_of_fields', { other: 'share_track_trace' }),
  });
export type BulkTrackTraceBody = z.infer<typeof BulkTrackTraceBodySchema>;
/** Body of `POST /products/bulk/delete` (spec 3 §2 delete, §5 confirmation). */
export const BulkDeleteBodySchema = z.object({ ids: ProductIdsSchema });

/** Answer of the bulk changes: how many products changed (the toasts of spec 3 §8 "Updated … for N products"). */
export const BulkUpdateResultSchema = z.object({ updated: z.number().int() });
/**
 * Answer of the bulk delete: how many products were deleted ('Deleted N products') and how many were kept and
 * deactivated because orders, the stock ledger, inbound or returns refer to them (the card's rule, ADR 0048).
 */
export const BulkDeleteResultSchema = z.object({ deleted: z.number().int(), deactivated: z.number().int() });

/** Query of `GET /most_sold_product`: the window in days (1–365, default 30) and how many products (1–50, default 10). */
export const MostSoldQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** Answer of `GET /most_sold_product`: the best sellers by pieces shipped in the window, most first. */
export const MostSoldSchema = z.object({
  days: z.number().int(),
  products: z.array(
    z.object({
      id: IdSchema,
      name: z.string(),
      ean: z.string(),
      img_url: z.string().nullable(),
      sold: z.number().int(),
      sf_stock: z.number().int(),
    }),
  ),
});
export type MostSold = z.infer<typeof MostSoldSchema>;

import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { boundedText } from '../common/text.ts';
import { pageOf, pageQuery, sortValues } from '../http/page.ts';
import { SALE_SORT_FIELDS } from './sale-query.rules.ts';

/**
 * A sales lead of the sales dashboard (spec 3 §3 Sale, §2 Sales dashboard (beta)): a webshop selling on a
 * marketplace that might become a client of the fulfilment provider. `products` is the number of products it
 * offers there, `delivery_time` the delivery promise it shows ('1-2 werkdagen'), `updated` when the lead was last
 * seen or changed (ISO date-time), `contacted` whether sales has contacted it (with `contacted_at`, when that was
 * ticked), `contact_link` and `profile_link` its pages on the marketplace (https, opened in a new tab).
 */
export const SaleSchema = z.object({
  id: IdSchema,
  name: z.string(),
  address: z.string(),
  products: z.number().int(),
  delivery_time: z.string(),
  updated: z.string(),
  contacted: z.boolean(),
  contacted_at: z.string().nullable(),
  contact_link: z.string().nullable(),
  profile_link: z.string(),
});
export type Sale = z.infer<typeof SaleSchema>;

/** Rows per page of the sales dashboard (spec 3 §8: sales 50 rows). */
export const SALES_PAGE_SIZE = 50;

/** Longest query text `GET /sales` takes (characters): a few dozen conditions. */
export const SALE_QUERY_MAX_CHARS = 4000;

/**
 * Query of `GET /sales?query` (spec 3 §7): `query`, the dashboard's aggregation query as JSON text (core
 * `parseSaleQuery` says what it may hold; absent: {@link DEFAULT_SALE_QUERY}), `sort` (a sortable column, `-` for
 * descending: the table's header, which goes before the query's `$sort`), and the page (`skip`, `limit`, 50 by
 * default). A query the rules refuse is a 400 `bad_request` whose issue at `query.query` carries a
 * `query_*` validation code naming the offending part.
 */
export const SaleListQuerySchema = pageQuery(SALES_PAGE_SIZE).extend({
  query: boundedText('Query', SALE_QUERY_MAX_CHARS, { multiLine: true }).optional(),
  sort: z.enum(sortValues(SALE_SORT_FIELDS)).optional(),
});
export type SaleListQuery = z.infer<typeof SaleListQuerySchema>;

/** Answer of `GET /sales`: a page of leads; `total` counts every lead the query selects ('Page x of y'). */
export const SaleListSchema = pageOf(SaleSchema);
export type SaleList = z.infer<typeof SaleListSchema>;

/**
 * Body of `PUT /sales` (spec 3 §7, e.g. ticking 'contacted'): the lead's `id` and whether sales has contacted it.
 * Idempotent: the same value again changes nothing (and keeps `contacted_at`).
 */
export const SaleUpdateSchema = z.object({ id: IdSchema, contacted: z.boolean() });
export type SaleUpdate = z.infer<typeof SaleUpdateSchema>;

/**
 * The dashboard's default query (spec 3 §2: products at most 75, updated within one week either side of now),
 * newest first: the text the screen's textarea starts with, and what `GET /sales` runs without a query.
 */
export const DEFAULT_SALE_QUERY = `[
  { "$match": { "products": { "$lte": 75 }, "updated": { "$gte": "now-7d", "$lte": "now+7d" } } },
  { "$sort": { "updated": -1 } }
]`;

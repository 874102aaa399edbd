import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  BulkActiveBodySchema,
  BulkDeleteBodySchema,
  BulkDeleteResultSchema,
  BulkFulfilmentBodySchema,
  BulkTrackTraceBodySchema,
  BulkUpdateResultSchema,
  MostSoldQuerySchema,
  MostSoldSchema,
  ProductCountSchema,
  ProductListQuerySchema,
  ProductListSchema,
} from './product-list.schema.ts';

const tags = ['products'];

/**
 * `GET /products?skip&limit&in_stock` (spec 3 §7 Products; §2 Product management table): one page of the current
 * organisation's products in the `sort` order (name A–Z by default), filtered by search (name, EAN or SKU), stock
 * class and fulfilment, with stock per location and the sales figures of the last 30 days. 400 without a current
 * organisation.
 */
export const productListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products',
  summary: "List the current organisation's products (table: filters, sort, paging, sales figures)",
  query: ProductListQuerySchema,
  response: ProductListSchema,
  scope: 'org',
  // A page of up to 500 products with their locations and sales (hundreds of KB): written in its shape (ADR 0065, 0131).
  trustedOutput: true,
  tags,
});

/**
 * `GET /products/all` (spec 3 §7 Products): the product table over every client organisation, for the provider's
 * staff (403 for others); same query and rows as `GET /products`, each row with its shop's name.
 */
export const productsAllEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/all',
  summary: "List every client organisation's products (provider staff)",
  query: ProductListQuerySchema,
  response: ProductListSchema,
  scope: 'provider',
  // A page of up to 500 products with their locations and sales (hundreds of KB): written in its shape (ADR 0065, 0131).
  trustedOutput: true,
  tags,
});

/**
 * `GET /products/org/{id}` (spec 3 §7 Products): the product table of one organisation the user may see (the
 * provider's staff: any client; a merchant: one of their own shops); 404 for any other or unknown organisation. Same
 * query and rows as `GET /products`.
 */
export const productsOfOrgEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/org/:id',
  summary: 'List the products of one organisation the user may see',
  params: z.object({ id: IdSchema }),
  query: ProductListQuerySchema,
  response: ProductListSchema,
  // A page of up to 500 products with their locations and sales (hundreds of KB): written in its shape (ADR 0065, 0131).
  trustedOutput: true,
  tags,
});

/**
 * `GET /products/count` (spec 3 §7 Products): the current organisation's products counted by stock (all, with stock
 * above 0, with stock 0 or below, and with 1 to 5 pieces). 400 without a current organisation.
 */
export const productCountEndpoint = defineEndpoint({
  method: 'GET',
  path: '/products/count',
  summary: "Count the current organisation's products by stock",
  response: ProductCountSchema,
  scope: 'org',
  tags,
});

/**
 * `GET /most_sold_product` (spec 3 §7 Relations and history): the current organisation's best sellers by pieces
 * shipped in the last `days` warehouse days (default 30), at most `limit` (default 10), most first.
 */
export const mostSoldProductEndpoint = defineEndpoint({
  method: 'GET',
  path: '/most_sold_product',
  summary: "The current organisation's most sold products",
  query: MostSoldQuerySchema,
  response: MostSoldSchema,
  scope: 'org',
  tags,
});

/**
 * `POST /products/bulk/active {ids, active}` (spec 3 §2 bulk active; the catalogue shows no path for the table's
 * `toggleActive`, so this is ours): sets `active` of the listed products in one transaction. 404 (and nothing
 * changed) when one of them is not a product of the user's organisations.
 */
export const bulkActiveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products/bulk/active',
  summary: 'Activate or deactivate several products',
  body: BulkActiveBodySchema,
  response: BulkUpdateResultSchema,
  tags,
});

/**
 * `POST /products/bulk/fulfilment {ids, fullfilled_bysf}` (spec 3 §2 bulk fulfilment; ours, see
 * {@link bulkActiveEndpoint}): whether the warehouse fulfils the listed products; all or nothing, 404 as there.
 */
export const bulkFulfilmentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products/bulk/fulfilment',
  summary: 'Set whether the warehouse fulfils several products',
  body: BulkFulfilmentBodySchema,
  response: BulkUpdateResultSchema,
  tags,
});

/**
 * `POST /products/bulk/track_trace {ids, track_trace_email?, share_track_trace?}` (spec 3 §2 bulk track and trace;
 * ours): the track-and-trace email and its sharing with the platform for the listed products; a switch left out
 * stays; all or nothing, 404 as in {@link bulkActiveEndpoint}.
 */
export const bulkTrackTraceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products/bulk/track_trace',
  summary: 'Set the track-and-trace switches of several products',
  body: BulkTrackTraceBodySchema,
  response: BulkUpdateResultSchema,
  tags,
});

/**
 * `POST /products/bulk/delete {ids}` (spec 3 §2 delete, §5 confirmation; ours, beside the card's
 * `DELETE /product/{id}`, whose rule it applies to each): deletes the listed products with their images, automations
 * and empty stock places, and deactivates those that orders, the stock ledger, inbound or returns refer to, in one
 * transaction. 409 `product_in_use` (nothing changed) when one still has stock or is on an open order; 404 when one is
 * not a product of the user's organisations.
 */
export const bulkDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products/bulk/delete',
  summary: 'Delete several products (those with history are deactivated)',
  body: BulkDeleteBodySchema,
  response: BulkDeleteResultSchema,
  problems: ['product_in_use'],
  tags,
});

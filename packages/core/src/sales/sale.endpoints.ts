import { defineEndpoint } from '../http/endpoint.ts';
import { SaleListQuerySchema, SaleListSchema, SaleSchema, SaleUpdateSchema } from './sale.schema.ts';

/**
 * `GET /sales?query` (spec 3 §7 Sales and routes, §2 Sales dashboard (beta)): a page of the provider's sales leads
 * that the dashboard's query selects (core `parseSaleQuery`: whitelisted fields and operators, never run as SQL),
 * in its `$sort` order (else newest `updated` first), 50 a page. A refused query: 400 `bad_request` with a `query_*`
 * validation code at `query.query`. The provider's own sales work, so provider staff only.
 */
export const saleListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/sales',
  summary: 'Page the sales leads a query selects (sales dashboard, beta)',
  query: SaleListQuerySchema,
  response: SaleListSchema,
  scope: 'provider',
  tags: ['sales'],
});

/**
 * `PUT /sales` (spec 3 §7; the dashboard's 'contacted' checkbox): sets whether sales has contacted a lead and
 * answers the lead. Idempotent (the same value again keeps `contacted_at`); 404 for an unknown id.
 */
export const saleUpdateEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/sales',
  summary: "Tick or untick a sales lead's 'contacted'",
  body: SaleUpdateSchema,
  response: SaleSchema,
  scope: 'provider',
  tags: ['sales'],
});

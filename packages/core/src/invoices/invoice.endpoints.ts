import { defineEndpoint } from '../http/endpoint.ts';
import {
  InvoicePeriodSchema,
  InvoiceQuerySchema,
  InvoiceSchema,
  StorageLocationPageSchema,
  StorageLocationsQuerySchema,
  StoragePricesSchema,
  XlsxResponseSchema,
} from './invoice.schema.ts';

/**
 * `GET /invoice/get/{start}/{end}?skip&limit` (spec 3 §7 billing, §3 Invoice; issue 16 item 4): the current
 * organisation's invoice for the Amsterdam days `start`–`end` (both included, at most 92): totals over the whole
 * period in cents and euro, storage per day and type, surcharges, inbound surcharges and one page of the shipped
 * orders (25 by default). 400 `validation` for a bad period, `no_current_org` without a current organisation.
 */
export const invoiceEndpoint = defineEndpoint({
  method: 'GET',
  path: '/invoice/get/:start/:end',
  summary: 'The organisation’s invoice for a period',
  scope: 'org',
  params: InvoicePeriodSchema,
  query: InvoiceQuerySchema,
  response: InvoiceSchema,
  tags: ['invoices'],
});

/**
 * `GET /invoice/storage` (spec 3 §7 billing): the provider's storage prices, integer cents per location per day for
 * each location type (pallet, 1/2 pallet, 1/3 pallet, half-box, rack-box, warehousing).
 */
export const storagePricesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/invoice/storage',
  summary: 'Storage prices per location type and day',
  response: StoragePricesSchema,
  tags: ['invoices'],
});

/**
 * `GET /invoice/storage/price/true?start&end&skip&limit` (spec 3 §7 billing): the current organisation's products on
 * locations in the period with the days each held stock there, the price per day and the cost (the export's Product
 * Locations sheet). Paged, 100 by default. The catalogue lists `/true` and `/false` as two calls: two endpoints.
 */
export const storageLocationsPricedEndpoint = defineEndpoint({
  method: 'GET',
  path: '/invoice/storage/price/true',
  summary: 'Products on locations in a period, with prices',
  scope: 'org',
  query: StorageLocationsQuerySchema,
  response: StorageLocationPageSchema,
  tags: ['invoices'],
});

/** `GET /invoice/storage/price/false?start&end&skip&limit` (spec 3 §7 billing): as `/true`, the days without prices. */
export const storageLocationsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/invoice/storage/price/false',
  summary: 'Products on locations in a period, without prices',
  scope: 'org',
  query: StorageLocationsQuerySchema,
  response: StorageLocationPageSchema,
  tags: ['invoices'],
});

/**
 * `GET /invoice/export/{start}/{end}` (ours: spec 3 §7 names the spreadsheet but no path): the invoice as an XLSX
 * file with the sheets Orders, Storage, Product Locations and Product Storage Summary, made on the server from the
 * same queries as the invoice, every order of the period included.
 */
export const invoiceExportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/invoice/export/:start/:end',
  summary: 'The invoice as a spreadsheet (XLSX)',
  scope: 'org',
  params: InvoicePeriodSchema,
  response: XlsxResponseSchema,
  binary: true,
  tags: ['invoices'],
});

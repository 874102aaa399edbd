import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  AttentionPageSchema,
  AttentionQuerySchema,
  FulfilledPageSchema,
  FulfilledQuerySchema,
  LabelPrintedSchema,
  LabelRunBodySchema,
  LabelRunPageSchema,
  LabelRunQuerySchema,
  OrdersPerDayQuerySchema,
  OrdersPerDaySchema,
  PackDetailsSchema,
  ReportRangeQuerySchema,
  ReportTableSchema,
  SetupStatusSchema,
  WeeklyReportSchema,
} from './report.schema.ts';

/**
 * `GET /report/pick?start&end` (spec 1 §7, §2 Home dashboard pick/pack report, Scoreboard picking chart): pieces
 * picked per Amsterdam hour and per person, from the stock ledger's pick rows, as a table whose first row is the
 * header. 400 for a range over 31 days or end before start.
 */
export const reportPickEndpoint = defineEndpoint({
  method: 'GET',
  path: '/report/pick',
  summary: 'Pieces picked per hour and per person',
  query: ReportRangeQuerySchema,
  response: ReportTableSchema,
  tags: ['reports'],
});

/** `GET /report/pack?start&end` (spec 1 §7, Scoreboard packing chart): orders shipped per hour and per person. */
export const reportPackEndpoint = defineEndpoint({
  method: 'GET',
  path: '/report/pack',
  summary: 'Orders packed and shipped per hour and per person',
  query: ReportRangeQuerySchema,
  response: ReportTableSchema,
  tags: ['reports'],
});

/** `GET /report/pack_details?start&end` (spec 1 §7, Scoreboard): packed orders per hour by order type. */
export const reportPackDetailsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/report/pack_details',
  summary: 'Packed orders per hour by order type',
  query: ReportRangeQuerySchema,
  response: PackDetailsSchema,
  tags: ['reports'],
});

/**
 * `GET /report/orders_per_day?days` (spec 1 §2 Home dashboard column chart of the last 30 days; the spec shows no
 * path): orders placed and shipped per Amsterdam day.
 */
export const reportOrdersPerDayEndpoint = defineEndpoint({
  method: 'GET',
  path: '/report/orders_per_day',
  summary: 'Orders placed and shipped per day',
  query: OrdersPerDayQuerySchema,
  response: OrdersPerDaySchema,
  tags: ['reports'],
});

/**
 * `GET /report/attention?skip&limit` (spec 1 §2 Home dashboard 'Orders needing attention', §3 order_report_notes;
 * the spec shows no path): open orders with a red note, newest first, with their products.
 */
export const reportAttentionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/report/attention',
  summary: 'Open orders with a red note',
  query: AttentionQuerySchema,
  response: AttentionPageSchema,
  tags: ['reports'],
});

/**
 * `GET /user/orders/fulfilled` (spec 2 §2 Notification panel, §7): orders shipped in the last 7 days, newest first.
 */
export const fulfilledOrdersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/user/orders/fulfilled',
  summary: 'Recently fulfilled orders',
  query: FulfilledQuerySchema,
  response: FulfilledPageSchema,
  tags: ['reports'],
});

/**
 * `GET /orders/weekly_report` (spec 2 §7, "weekly e-mail of 7 days"): the report of the 7 days ending yesterday,
 * e-mailed to the caller and answered; a state-changing GET (it sends mail). The same report goes out by itself
 * every Monday (docs/decisions/0042-dashboard-reports-and-print-runs.md).
 */
export const weeklyReportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders/weekly_report',
  summary: 'Send and answer the weekly report of 7 days',
  response: WeeklyReportSchema,
  changesState: true,
  tags: ['reports'],
});

/**
 * `POST /labels/ {startDate, endDate}` (spec 2 §2 Label printing, §7 labels): the shipping labels made in the
 * range, oldest first, for the print run's slideshow; each PDF at `GET /shipments/:id/label`.
 */
export const labelRunEndpoint = defineEndpoint({
  method: 'POST',
  path: '/labels/',
  summary: 'The labels of a time range for a print run',
  query: LabelRunQuerySchema,
  body: LabelRunBodySchema,
  response: LabelRunPageSchema,
  tags: ['reports'],
});

/**
 * `POST /labels/printed/:id` (spec 2 §2 Label printing: "after printing, the order is marked shipped"; the spec
 * shows no path): records that the shipment's label was printed and handed over. Idempotent: the first print's
 * moment stays. 404 for a shipment of another organisation.
 */
export const labelPrintedEndpoint = defineEndpoint({
  method: 'POST',
  path: '/labels/printed/:id',
  summary: 'Mark a print run label printed (order handed over)',
  params: z.object({ id: IdSchema }),
  response: LabelPrintedSchema,
  tags: ['reports'],
});

/**
 * `GET /report/setup` (spec 2 §2 setup side panel, 7 steps; the spec shows no path): which steps the current
 * organisation has done, each ticked from its own data (shop: the organisation; APIs: an order from a platform
 * connection; products, inbound, orders, shipments: one exists; dashboard: orders and shipments of the last 30 days).
 * 400 `no_current_org` without a current organisation.
 */
export const setupStatusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/report/setup',
  summary: 'Which setup steps the current organisation has done',
  response: SetupStatusSchema,
  scope: 'org',
  tags: ['reports'],
});

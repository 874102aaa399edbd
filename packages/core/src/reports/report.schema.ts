import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { reasonParams } from '../common/reason.ts';
import { boundedDateTime } from '../common/text.ts';
import { pageOf, pageQuery } from '../http/page.ts';

/** Longest range a report or print run reads, days: the aggregates stay bounded whatever the backlog. */
export const REPORT_MAX_DAYS = 31;

const DAY_MS = 86_400_000;

/**
 * Query of the pick and pack reports (spec 1 §7 `GET /report/pick?start&end` and the like): two ISO instants,
 * `start` before `end`, at most {@link REPORT_MAX_DAYS} days apart (else 400 `validation`).
 */
export const ReportRangeQuerySchema = z
  .object({ start: boundedDateTime('Start'), end: boundedDateTime('End') })
  .refine((q) => Date.parse(q.start) < Date.parse(q.end), {
    message: 'Start must lie before end',
    path: ['end'],
    params: reasonParams('range_reversed', { other: 'start' }),
  })
  .refine((q) => Date.parse(q.end) - Date.parse(q.start) <= REPORT_MAX_DAYS * DAY_MS, {
    message: `The range may span at most ${REPORT_MAX_DAYS} days`,
    path: ['end'],
    params: reasonParams('range_too_long', { limit: REPORT_MAX_DAYS }),
  });
export type ReportRangeQuery = z.infer<typeof ReportRangeQuerySchema>;

/**
 * The pick or pack report (spec 1 §7 `GET /report/pick`, `/report/pack`: "rows of hour plus per-user counts, the
 * first row being headers"): `[['hour', name1, name2, …], ['07:00', 12, 3, …], …]`. One row per Amsterdam hour of
 * the day that has work in the range (a week adds its days up per hour), people by their total, most first. Pick
 * counts are pieces taken from the shelf (the stock ledger's pick rows); pack counts are orders shipped.
 */
export const ReportTableSchema = z.array(z.array(z.union([z.string(), z.number()])));
export type ReportTable = z.infer<typeof ReportTableSchema>;

/**
 * Packed orders by order type per hour (spec 1 §7 `GET /report/pack_details`: "categories and series"):
 * `categories` are the hours ('07:00'), each series an order type with one count per category.
 */
export const PackDetailsSchema = z.object({
  categories: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), data: z.array(z.number().int()) })),
});
export type PackDetails = z.infer<typeof PackDetailsSchema>;

/** Query of the dashboard's orders chart: the last `days` Amsterdam days, today included (1–90, default 30). */
export const OrdersPerDayQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(90).default(30),
});

/** Orders placed per Amsterdam day (spec 1 §2 Home dashboard column chart), oldest first, empty days as 0. */
export const OrdersPerDaySchema = z.object({
  days: z.array(z.object({ day: z.string(), orders: z.number().int(), shipped: z.number().int() })),
});
export type OrdersPerDay = z.infer<typeof OrdersPerDaySchema>;

/** A product of an order needing attention (spec 1 §2: the products with ean and title). */
const NoteProductSchema = z.object({ ean: z.string(), title: z.string(), quantity: z.number().int() });

/**
 * An open order with a red note (spec 1 §2 Home dashboard 'Orders needing attention'; spec 1 §3 Report
 * order_report_notes): the note's colour and text and the order's products.
 */
export const AttentionOrderSchema = z.object({
  id: IdSchema,
  order_id: z.string(),
  org_name: z.string(),
  placed_at: z.string(),
  notes_color: z.string(),
  notes_text: z.string(),
  products: z.array(NoteProductSchema),
});
export type AttentionOrder = z.infer<typeof AttentionOrderSchema>;

export const AttentionQuerySchema = pageQuery(10);
export const AttentionPageSchema = pageOf(AttentionOrderSchema);

/** A recently fulfilled order (spec 2 §2 Notification panel, §7 `GET /user/orders/fulfilled`). */
export const FulfilledOrderSchema = z.object({
  id: IdSchema,
  order_id: z.string(),
  org_name: z.string(),
  shipment_id: IdSchema,
  shipped_at: z.string(),
  carrier: z.string(),
  tracking_number: z.string(),
});
export type FulfilledOrder = z.infer<typeof FulfilledOrderSchema>;

/** How far back the notification panel looks, days. */
export const FULFILLED_WINDOW_DAYS = 7;
export const FulfilledQuerySchema = pageQuery(20);
export const FulfilledPageSchema = pageOf(FulfilledOrderSchema);

/** One day of the weekly report: orders placed, orders shipped and pieces picked on that Amsterdam day. */
const WeeklyDaySchema = z.object({
  day: z.string(),
  orders: z.number().int(),
  shipped: z.number().int(),
  picked: z.number().int(),
});

/**
 * The weekly report (spec 2 §7 `GET /orders/weekly_report`, "weekly e-mail of 7 days"): the 7 Amsterdam days
 * ending yesterday, per day and in total, and where the e-mail went.
 */
export const WeeklyReportSchema = z.object({
  start: z.string(),
  end: z.string(),
  days: z.array(WeeklyDaySchema),
  totals: z.object({ orders: z.number().int(), shipped: z.number().int(), picked: z.number().int() }),
  sent_to: z.string(),
});
export type WeeklyReport = z.infer<typeof WeeklyReportSchema>;

/**
 * A print run's range (spec 2 §7 `POST /labels/ {startDate, endDate}`): labels made between the two instants, at
 * most {@link REPORT_MAX_DAYS} days apart.
 */
export const LabelRunBodySchema = z
  .object({ startDate: boundedDateTime('Start'), endDate: boundedDateTime('End') })
  .refine((q) => Date.parse(q.startDate) < Date.parse(q.endDate), {
    message: 'Start must lie before end',
    path: ['endDate'],
    params: reasonParams('range_reversed', { other: 'startDate' }),
  })
  .refine((q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= REPORT_MAX_DAYS * DAY_MS, {
    message: `The range may span at most ${REPORT_MAX_DAYS} days`,
    path: ['endDate'],
    params: reasonParams('range_too_long', { limit: REPORT_MAX_DAYS }),
  });
export type LabelRunBody = z.infer<typeof LabelRunBodySchema>;

/** A label of a print run: the shipment (its PDF at `GET /shipments/:id/label`), its order and when it was printed. */
export const LabelRunItemSchema = z.object({
  shipment_id: IdSchema,
  order_id: IdSchema,
  order_number: z.string(),
  org_name: z.string(),
  created_at: z.string(),
  carrier: z.string(),
  tracking_number: z.string(),
  printed_at: z.string().nullable(),
});
export type LabelRunItem = z.infer<typeof LabelRunItemSchema>;
export const LabelRunQuerySchema = pageQuery(100);
export const LabelRunPageSchema = pageOf(LabelRunItemSchema);

/** The answer of marking a label printed: the shipment and when (the first print counts; a reprint keeps it). */
export const LabelPrintedSchema = z.object({ shipment_id: IdSchema, printed_at: z.string() });

/**
 * The 7 steps of the setup side panel in their order (spec 2 §2 Main layout and setup panel): create shop; APIs and
 * integrations; import products; pre-announce products; orders; shipments; dashboard.
 */
export const SETUP_STEPS = [
  'shop',
  'apis',
  'products',
  'inbound',
  'orders',
  'shipments',
  'dashboard',
] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** Which setup steps the current organisation has done, each from its own data (`GET /report/setup`). */
export const SetupStatusSchema = z.object({
  steps: z.array(z.object({ key: z.enum(SETUP_STEPS), done: z.boolean() })),
});
export type SetupStatus = z.infer<typeof SetupStatusSchema>;

import { z } from 'zod';
import { reasonParams } from '../common/reason.ts';
import { dayText } from '../common/text.ts';
import { pageOf, pageQuery } from '../http/page.ts';

/**
 * The location types storage is billed by (spec 3 §3 Location: half-box, rack-box, warehousing, 1/2pallet, pallet;
 * "invoice also 1/3pallet"), in the order the invoice lists them.
 */
export const STORAGE_TYPES = [
  'pallet',
  '1/2pallet',
  '1/3pallet',
  'half-box',
  'rack-box',
  'warehousing',
] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];

/** Longest invoice period, days (a quarter): storage is computed per location and day, so the work stays bounded. */
export const INVOICE_MAX_DAYS = 92;

const DAY_MS = 86_400_000;

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 is refused). */
export const InvoiceDaySchema = dayText('A day is written YYYY-MM-DD');

/** An invoice period's end before its start (coded `range_reversed`). */
const PERIOD_REVERSED = {
  message: 'The start day must not lie after the end day',
  path: ['end'],
  params: reasonParams('range_reversed', { other: 'start' }),
};
/** An invoice period longer than {@link INVOICE_MAX_DAYS} (coded `range_too_long`). */
const PERIOD_TOO_LONG = {
  message: `An invoice period spans at most ${INVOICE_MAX_DAYS} days`,
  path: ['end'],
  params: reasonParams('range_too_long', { limit: INVOICE_MAX_DAYS }),
};

/**
 * The period of `GET /invoice/get/{start}/{end}` and the export (spec 3 §7 billing): two Amsterdam calendar days, both
 * included, start not after end, at most {@link INVOICE_MAX_DAYS} days (else 400 `validation`).
 */
export const InvoicePeriodSchema = z
  .object({ start: InvoiceDaySchema, end: InvoiceDaySchema })
  .refine((p) => p.start <= p.end, PERIOD_REVERSED)
  .refine((p) => Date.parse(p.end) - Date.parse(p.start) < INVOICE_MAX_DAYS * DAY_MS, PERIOD_TOO_LONG);
export type InvoicePeriod = z.infer<typeof InvoicePeriodSchema>;

/** Paging of the invoice's orders (25 a page by default, at most 1,000). */
export const InvoiceQuerySchema = pageQuery(25);

/** How a surcharge is charged (spec 3 §3 Surcharge type, §9; docs/decisions/0052-invoices.md). */
export const SurchargeTypeSchema = z.enum(['store', 'order', 'order-line', 'line-amount']);

/** One surcharge charged on a shipped order: `quantity` times `price_cents` = `cents`. */
export const InvoiceOrderSurchargeSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: SurchargeTypeSchema,
  price_cents: z.number().int(),
  quantity: z.number().int(),
  cents: z.number().int(),
});

/**
 * One shipped order of the invoice (spec 3 §3 Invoice `orders`): its box's fulfilment cost, its shipment method's
 * price, the box's packaging cost and its order, order-line and line-amount surcharges, all integer euro cents.
 */
export const InvoiceOrderSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  shipped_at: z.string(),
  lines: z.number().int(),
  pieces: z.number().int(),
  box: z.string().nullable(),
  method: z.string().nullable(),
  fulfilment_cents: z.number().int(),
  shipment_method_cents: z.number().int(),
  packaging_cents: z.number().int(),
  surcharge_cents: z.number().int(),
  total_cents: z.number().int(),
  surcharges: z.array(InvoiceOrderSurchargeSchema),
});
export type InvoiceOrder = z.infer<typeof InvoiceOrderSchema>;

/**
 * One Amsterdam day of storage (spec 3 §3 Invoice: storage lines of date, inbounds, outbounds, total_locations,
 * transfers, price, location_products): pieces checked in and returned (`inbounds`), picked (`outbounds`), moves
 * between locations (`transfers`), locations billed that day (`total_locations`, also `by_type`), product-location
 * pairs holding stock (`location_products`) and the day's cost (`price_cents`).
 */
export const StorageDaySchema = z.object({
  date: z.string(),
  inbounds: z.number().int(),
  outbounds: z.number().int(),
  transfers: z.number().int(),
  total_locations: z.number().int(),
  location_products: z.number().int(),
  by_type: z.record(z.string(), z.number().int()),
  price_cents: z.number().int(),
});
export type StorageDay = z.infer<typeof StorageDaySchema>;

/** Storage of the period per location type: location-days, the price per day and their product. */
export const StorageTypeTotalSchema = z.object({
  type: z.string(),
  location_days: z.number().int(),
  price_cents: z.number().int(),
  cents: z.number().int(),
});

/** A surcharge code's total over the period (the cost table's surcharge rows). */
export const SurchargeTotalSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: SurchargeTypeSchema,
  quantity: z.number().int(),
  cents: z.number().int(),
});

/** A surcharge on an inbound item submitted in the period (spec 2 §3 Inbound item surcharge: cost × amount). */
export const InboundSurchargeLineSchema = z.object({
  inbound_number: z.string(),
  item_id: z.string(),
  /** The surcharge's index on its item (what `DELETE /inbound_item/surcharge/{id}/{index}` names). */
  position: z.number().int(),
  ean: z.string(),
  product: z.string(),
  submitted_at: z.string(),
  description: z.string(),
  cost_cents: z.number().int(),
  amount: z.number().int(),
  cents: z.number().int(),
});

/** A total in euro as exact decimal text with two decimals ('1234.50'), from integer cents. */
const EuroSchema = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * The invoice of the current organisation for a period (spec 3 §3 Invoice, §7 `GET /invoice/get/{start}/{end}`):
 * totals over the whole period as integer cents (`*_cents`) and as euro text under the spec's names
 * (`total_fulfilment`, `total_used_shipment_method`, `total_used_packaging`, `total_used_surcharge`, `total`), storage
 * per day and per type, the surcharges per code, the inbound surcharges, and one page of the shipped orders.
 */
export const InvoiceSchema = z.object({
  org: z.object({ id: z.string(), name: z.string() }),
  start: z.string(),
  end: z.string(),
  currency: z.literal('EUR'),
  orders_count: z.number().int(),
  total_fulfilment_cents: z.number().int(),
  total_used_shipment_method_cents: z.number().int(),
  total_used_packaging_cents: z.number().int(),
  total_used_surcharge_cents: z.number().int(),
  total_inbound_surcharge_cents: z.number().int(),
  total_storage_cents: z.number().int(),
  total_cents: z.number().int(),
  total_fulfilment: EuroSchema,
  total_used_shipment_method: EuroSchema,
  total_used_packaging: EuroSchema,
  total_used_surcharge: EuroSchema,
  total: EuroSchema,
  storage: z.object({
    storage: z.array(StorageDaySchema),
    by_type: z.array(StorageTypeTotalSchema),
    total_cost_cents: z.number().int(),
    total_cost: EuroSchema,
  }),
  surcharges: z.array(SurchargeTotalSchema),
  inbound_surcharges: z.array(InboundSurchargeLineSchema),
  orders: pageOf(InvoiceOrderSchema),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** The provider's storage prices (`GET /invoice/storage`): integer cents per location per day, per location type. */
export const StoragePricesSchema = z.object({
  currency: z.literal('EUR'),
  unit: z.literal('location-day'),
  prices: z.array(z.object({ type: z.enum(STORAGE_TYPES), price_cents: z.number().int() })),
});
export type StoragePrices = z.infer<typeof StoragePricesSchema>;

/** Query of `GET /invoice/storage/price/{bool}`: the period (Amsterdam days, both included) and the page. */
export const StorageLocationsQuerySchema = pageQuery(100)
  .extend({ start: InvoiceDaySchema, end: InvoiceDaySchema })
  .refine((p) => p.start <= p.end, PERIOD_REVERSED)
  .refine((p) => Date.parse(p.end) - Date.parse(p.start) < INVOICE_MAX_DAYS * DAY_MS, PERIOD_TOO_LONG);

/**
 * A product on a location in the period (the export's Product Locations sheet): the Amsterdam days it held stock
 * there, the location's type and, with prices, the location's price per day and `cost_cents`, the product's share:
 * days × price while it has the location to itself. When several of the organisation's products share a location on
 * a day the location is billed once (the invoice's storage total), the rows each show that day and split its price
 * in whole cents (the first products by EAN take the remainder's cents), so the rows add up to the storage total.
 */
export const StorageLocationSchema = z.object({
  product_id: z.string(),
  ean: z.string(),
  product: z.string(),
  location_id: z.string(),
  location: z.string(),
  type: z.string().nullable(),
  first_day: z.string(),
  last_day: z.string(),
  days: z.number().int(),
  price_cents: z.number().int().nullable(),
  cost_cents: z.number().int().nullable(),
});
export type StorageLocation = z.infer<typeof StorageLocationSchema>;

/** A page of {@link StorageLocationSchema} rows, by location name then EAN. */
export const StorageLocationPageSchema = pageOf(StorageLocationSchema);

/** The XLSX export of an invoice (a file). */
export const XlsxResponseSchema = z
  .custom<Blob>(() => true)
  .describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

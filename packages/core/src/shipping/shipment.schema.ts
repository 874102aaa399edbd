import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { codeText, searchText } from '../common/text.ts';
import { TRACKING_STATUSES } from '../delivery/delivery.rules.ts';
import { pageOf, pageQuery, sortQuery } from '../http/page.ts';
import { MarketplaceConfirmationSchema } from '../marketplace/confirmation.schema.ts';
import { OrderLineBaseSchema } from '../orders/order-line.schema.ts';
import { DateTimeParamSchema } from '../pick/pick.schema.ts';
import { MAX_LABELS } from './shipping.rules.ts';

/** Response header of `POST /orders/ship` carrying the carrier's tracking number. */
export const TRACKING_NUMBER_HEADER = 'x-tracking-number';
/** Response header of `POST /orders/ship` carrying the id of the new shipment. */
export const SHIPMENT_ID_HEADER = 'x-shipment-id';

/**
 * Body of `POST /orders/ship` (spec 1 §4 Shipping a card, §7). `order_id` is the order's 24-hex id.
 * `method_code` (spec 1 §9 carrier codes, e.g. SMF-POSTNL-NL) defaults to the order's selected method,
 * else the first active method for the recipient's country; `box_id` and `label_quantity` default to
 * the order's selection (label quantity 1). Answers the label PDF (one A6 page per parcel).
 */
export const ShipOrderBodySchema = z.object({
  order_id: IdSchema,
  method_code: codeText('Shipment method code', 1).optional(),
  box_id: IdSchema.optional(),
  label_quantity: z.number().int().min(1).max(MAX_LABELS).optional(),
});
export type ShipOrderBody = z.infer<typeof ShipOrderBodySchema>;

/** Body of `POST /orders/packing_slip`: the order's 24-hex id. Answers an A4 PDF. */
export const PackingSlipBodySchema = z.object({ order_id: IdSchema });
export type PackingSlipBody = z.infer<typeof PackingSlipBodySchema>;

/**
 * Recipient address of an order (spec 1 §3 shipmentDetails); every field optional because imported
 * and marketplace orders differ in what they carry.
 */
export const ShipmentAddressSchema = z.object({
  company: z.string().nullable().optional(),
  firstName: z.string().nullable().optional(),
  surname: z.string().nullable().optional(),
  streetName: z.string().nullable().optional(),
  houseNumber: z.union([z.string(), z.number()]).nullable().optional(),
  houseNumberExtension: z.string().nullable().optional(),
  zipCode: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  countryCode: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
});
export type ShipmentAddress = z.infer<typeof ShipmentAddressSchema>;

/**
 * A carrier status event (spec 1 §2 Order detail: codes A01, B01, J01, J05, I11 have icons): the carrier's code, its
 * `status` the apps translate (core `trackingStatusOf`; null for a code we do not know) and the carrier's own
 * `description` (Dutch or the carrier's words; shown when `status` is null, and for clients that do not translate).
 */
export const TrackingEventSchema = z.object({
  code: z.string(),
  status: z.enum(TRACKING_STATUSES).nullable(),
  description: z.string(),
  at: z.string(),
});
export type TrackingEvent = z.infer<typeof TrackingEventSchema>;

/** The columns the shipments list sorts by (spec 1 §2 Shipments); `-shipped_at` (newest first) by default. */
export const SHIPMENT_SORTS = ['shipped_at', 'order_id', 'recipient', 'method'] as const;

/**
 * Query of `GET /shipments` (spec 1 §2 Shipments): shipped between `start` and `end` (default the last
 * week up to now); `search` (3 or more characters; `null` or empty means none) matches the shop order
 * number, tracking number, recipient name, postcode, city and e-mail; `sort` by one of {@link SHIPMENT_SORTS}.
 */
export const ShipmentListQuerySchema = pageQuery(200).extend({
  ...sortQuery(SHIPMENT_SORTS, '-shipped_at').shape,
  start: DateTimeParamSchema.optional(),
  end: DateTimeParamSchema.optional(),
  search: searchText().optional(),
});

/** Default window of the shipments list: the last week, in days (spec 1 §9). */
export const SHIPMENTS_DEFAULT_DAYS = 7;
/** Shortest search term of the shipments list (spec 1 §5 Shipments search); the portal waits for it too. */
export const SHIPMENT_SEARCH_MIN = 3;
export type ShipmentListQuery = z.infer<typeof ShipmentListQuerySchema>;

/** A product of a shipped order as the shipments list shows it (image with quantity). */
export const ShipmentProductSchema = z.object({
  product_id: IdSchema,
  ean: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  img_url: z.string().nullable(),
});

/** One shipped order in the shipments list (spec 1 §2 Shipments). */
export const ShipmentListItemSchema = z.object({
  /** The shipment id (24 hex); `/shipments/:id` opens it. */
  id: IdSchema,
  /** The order's internal id. */
  order__id: IdSchema,
  /** The shop's order number. */
  order_id: z.string(),
  org_id: IdSchema,
  org_name: z.string(),
  platform: z.string(),
  order_type: z.string(),
  /** Recipient name as printed on the label (company, else first name and surname). */
  recipient: z.string(),
  zip_code: z.string(),
  city: z.string(),
  country_code: z.string(),
  carrier: z.string(),
  method_code: z.string(),
  method_name: z.string(),
  tracking_number: z.string(),
  /** Public tracking page of the parcel, null when the carrier has none. */
  tracking_url: z.string().nullable(),
  label_quantity: z.number().int(),
  placed_at: z.string(),
  shipped_at: z.string(),
  latest_status: TrackingEventSchema.nullable(),
  /** The print run the shipment left in (`GET /test/batch/{batch_id}`), null when shipped on its own. */
  batch_id: IdSchema.nullable(),
  /** Speed group (core `DELIVERY_GROUPS`): not_sorted, on_the_way, d_24h, d_48h, d_late. */
  delivery_group: z.enum(['not_sorted', 'on_the_way', 'd_48h', 'd_24h', 'd_late']),
  /** When the carrier (or the warehouse, for the local carrier) recorded delivery; null while on the way. */
  delivered_at: z.string().nullable(),
  products: z.array(ShipmentProductSchema),
});
export type ShipmentListItem = z.infer<typeof ShipmentListItemSchema>;

/**
 * Answer of `GET /shipments`: a page of shipments and the date range it covers. `total` counts the shipments the
 * filters select up to {@link SHIPMENTS_COUNT_CAP}; `total_capped` true means "at least that many" (issue 8: the
 * count must not grow with the backlog; a week of a large merchant holds 50,000 parcels).
 */
export const ShipmentListResponseSchema = pageOf(ShipmentListItemSchema, {
  start: z.string(),
  end: z.string(),
  total_capped: z.boolean(),
});

/** The shipments list counts up to this many; beyond it the answer says "10,000 or more" (issue 8). */
export const SHIPMENTS_COUNT_CAP = 10_000;
export type ShipmentListResponse = z.infer<typeof ShipmentListResponseSchema>;

/** Path parameter of the shipment calls: the shipment id. */
export const ShipmentParamsSchema = z.object({ id: IdSchema });

/** An order line in the shipment detail: EAN, quantity and storage location (spec 1 §2 Order detail). */
export const ShipmentLineSchema = OrderLineBaseSchema.extend({
  location: z.string().nullable(),
  img_url: z.string().nullable(),
});
export type ShipmentLine = z.infer<typeof ShipmentLineSchema>;

/** `GET /shipments/:id`: the shipment with its order, lines, address, tracking and dates. */
export const ShipmentDetailSchema = ShipmentListItemSchema.omit({ products: true }).extend({
  delivery_at: z.string().nullable(),
  /** When the parcel was handed to the carrier (B01); null before. */
  handed_over_at: z.string().nullable(),
  shipped_by: z.string().nullable(),
  /** The order's note colour (spec 1 §9: red, green, yellow), null without. */
  notes_color: z.enum(['red', 'green', 'yellow']).nullable(),
  address: ShipmentAddressSchema,
  notes_text: z.string().nullable(),
  is_fulfilled_by_sf: z.boolean(),
  lines: z.array(ShipmentLineSchema),
  events: z.array(TrackingEventSchema),
  /** The confirmation owed to bol for a bol order (ADR 0045), null for an order that did not come from bol. */
  marketplace_confirmation: MarketplaceConfirmationSchema.nullable(),
});
export type ShipmentDetail = z.infer<typeof ShipmentDetailSchema>;

/** Most orders one `POST /orders/ship/batch/single` call may ship. */
export const MAX_BATCH_SHIP_ORDERS = 200;

/**
 * Body of `POST /orders/ship/batch/single` (spec 1 §2 Open orders list 'print single orders', §4
 * Shipping a card, §7): the orders' 24-hex ids in the order their labels are to be printed (duplicates
 * count once), and optionally the organisation they must belong to.
 */
export const BatchShipSingleBodySchema = z.object({
  orderIds: z.array(IdSchema).min(1).max(MAX_BATCH_SHIP_ORDERS),
  orgId: IdSchema.optional(),
});
export type BatchShipSingleBody = z.infer<typeof BatchShipSingleBodySchema>;

/**
 * Why the batch left an order alone: `not_found` (unknown, or of another organisation),
 * `not_single_line` (more or fewer than one order line), `not_open` (shipped or cancelled meanwhile),
 * `cancellation_requested`, `cannot_ship` (no complete address or no shipment method: ship it from its
 * card) or `failed` (the carrier or the server failed; the others still shipped).
 */
export const BatchSkipReasonSchema = z.enum([
  'not_found',
  'not_single_line',
  'not_open',
  'cancellation_requested',
  'cannot_ship',
  'failed',
]);
export type BatchSkipReason = z.infer<typeof BatchSkipReasonSchema>;

/** An order the batch shipped: our order id, the new shipment and its tracking number. */
export const BatchShippedSchema = z.object({
  order_id: IdSchema,
  shipment_id: IdSchema,
  tracking_number: z.string(),
});
/** An order the batch skipped, with the reason. */
export const BatchSkippedSchema = z.object({ order_id: IdSchema, reason: BatchSkipReasonSchema });

/**
 * What `POST /orders/ship/batch/single` did, sent as JSON in the {@link BATCH_SUMMARY_HEADER} header
 * beside the labels PDF. Every value is ASCII (hex ids, tracking numbers, reason codes), so the
 * header needs no encoding; the shop order numbers are on the labels and in the open list.
 */
export const BatchShipSummarySchema = z.object({
  shipped: z.array(BatchShippedSchema),
  skipped: z.array(BatchSkippedSchema),
});
export type BatchShipSummary = z.infer<typeof BatchShipSummarySchema>;

/** Response header of `POST /orders/ship/batch/single`: how many orders shipped (a decimal). */
export const SHIPPED_COUNT_HEADER = 'x-shipped-count';
/** Response header of `POST /orders/ship/batch/single`: the {@link BatchShipSummary} as JSON. */
export const BATCH_SUMMARY_HEADER = 'x-batch-summary';

/**
 * Whether an order ships in the 'print single orders' batch (spec 1 §2, §4): it has exactly one
 * order line (any quantity). The API applies it when shipping, the portal to show the button.
 */
export function isSingleLineOrder(order: { products: readonly unknown[] }): boolean {
  return order.products.length === 1;
}

/** Response headers of `POST /orders/ship`: the new shipment's tracking number and id. */
export const ShipOrderHeadersSchema = z.object({
  [TRACKING_NUMBER_HEADER]: z.string(),
  [SHIPMENT_ID_HEADER]: IdSchema,
});

/**
 * Response headers of `POST /orders/ship/batch/single`: how many shipped, and the summary (JSON in a header so the
 * answer itself stays the one labels PDF).
 */
export const BatchShipHeadersSchema = z.object({
  [SHIPPED_COUNT_HEADER]: z.coerce.number().int(),
  [BATCH_SUMMARY_HEADER]: z
    .string()
    .transform((text) => JSON.parse(text) as unknown)
    .pipe(BatchShipSummarySchema),
});

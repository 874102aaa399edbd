import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { ReasonValuesSchema } from '../common/reason.ts';
import { codeText, searchText } from '../common/text.ts';
import { TRACKING_STATUSES } from '../delivery/delivery.rules.ts';
import { DateTimeParamSchema } from '../pick/pick.schema.ts';
import { SpreadsheetCellSchema } from '../products/product.schema.ts';
import { MAX_LABELS } from '../shipping/shipping.rules.ts';
import { OrderLineBaseSchema } from './order-line.schema.ts';

/** Order types (spec 1 §3 Order types). */
export const ORDER_TYPES = ['manual_order', 'b2b_order', 'amazon_fba_order', 'bol_lvb_order'] as const;
export const OrderTypeSchema = z.enum(ORDER_TYPES);
export type OrderType = z.infer<typeof OrderTypeSchema>;

/** Why an order is created (spec 1 §3 Order reasons); imports default to `webshop_order`. */
export const ORDER_REASONS = [
  'order_not_received',
  'wrong_product',
  'wrong_quantity',
  'damaged_product',
  'webshop_order',
] as const;

/** Note colours of an order (spec 1 §9). Red orders are the 'warning' orders of the open list. */
export const NOTE_COLORS = ['red', 'green', 'yellow'] as const;
export const NoteColorSchema = z.enum(NOTE_COLORS);

/** Lifecycle of an order in the database (spec 1 §4 shipment status). */
export const ORDER_STATUSES = ['open', 'shipped', 'cancelled'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);

/**
 * The delivery address and contact of an order (spec 1 §3 shipmentDetails), stored as
 * `orders.shipment_details`. `zipCode` is normalised ('1234 AB' for NL) and `countryCode` is ISO
 * alpha-2 upper case. `deliveryPhoneNumber` is the name the open list uses for `phone`; the API
 * fills both when it answers.
 */
export const ShipmentDetailsSchema = z.object({
  salutation: z.string().optional(),
  firstName: z.string().optional(),
  surname: z.string().optional(),
  company: z.string().optional(),
  streetName: z.string().optional(),
  houseNumber: z.string().optional(),
  houseNumberExtension: z.string().optional(),
  zipCode: z.string().optional(),
  city: z.string().optional(),
  countryCode: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  deliveryPhoneNumber: z.string().optional(),
  language: z.string().optional(),
});
export type ShipmentDetails = z.infer<typeof ShipmentDetailsSchema>;

/** A location reference as the screens show it: id and name (the VAK). */
export const LocationRefSchema = z.object({ id: IdSchema, name: z.string() });
export type LocationRef = z.infer<typeof LocationRefSchema>;

/**
 * One product line of an order (spec 1 §3 Order product line). `picked` is true when
 * `picked_quantity` reached `quantity` (spec 1 §4 Picking state). `pick_location` is the location
 * assigned at import (the product's first active location with stock), null when none had stock.
 */
export const OrderLineSchema = OrderLineBaseSchema.extend({
  picked: z.boolean(),
  pick_location: LocationRefSchema.nullable(),
  /** Where the picked line waits after order grouping (spec 2 §4 Order grouping flow; ADR 0036), null before. */
  group_location: LocationRefSchema.nullable().optional(),
  img_url: z.string().nullable(),
  pack_note: z.string().nullable(),
  pick_note: z.string().nullable(),
  cancellationRequest: z.boolean(),
  /**
   * True for a line cancelled at the customer's request (the merchant accepted a bol.com cancellation request; ADR
   * 0128): it keeps `cancellationRequest`, is not picked or shipped and no longer blocks shipping the rest of the
   * order (spec 1 §4). Absent or false otherwise.
   */
  cancelled: z.boolean().optional(),
  position: z.number().int(),
  /**
   * The customer's bundle line this line is a part of (issue 15; ADR 0049): a bundle's order line becomes one line per
   * part on arrival; the packing station and the packing slip show the bundle (EAN, title, pieces ordered). Null
   * for a line that is not a part of a bundle.
   */
  bundle: z
    .object({ product_id: IdSchema, ean: z.string(), title: z.string(), quantity: z.number().int() })
    .nullable()
    .optional(),
  /** True for a line an automation rule added (an insert product), ADR 0049. */
  added_by_rule: z.boolean().optional(),
  /**
   * Pieces of the line that may still come back in a return (spec 2 §2 Return creation wizard): shipped minus what the
   * order's returns already expect, the rule `POST /returns/create` holds (409 `return_quantity` beyond it; ADR 0142).
   * Only `GET /order/get/{id}` of a shipped order fills it; absent otherwise.
   */
  returnable: z.number().int().nonnegative().optional(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/**
 * An order as the open list, the order card and `GET /order/get/:id` show it (spec 1 §3 Order).
 * `id` is our id; `orderId` is the shop's own order number. `selected_ship_option` is the code of
 * the chosen shipment method, `selected_packaging_option` the id of the chosen shipment box.
 * `label` is true once a shipping label exists. Dates are ISO 8601 strings.
 * `isFulfilledBySF` is true when every line's product is fulfilled by the provider.
 */
export const OrderSchema = z.object({
  id: IdSchema,
  orderId: z.string(),
  org: IdSchema,
  org_name: z.string(),
  platform: z.string(),
  order_type: z.string(),
  status: OrderStatusSchema,
  reason: z.string().nullable(),
  orderPlacedDateTime: z.string(),
  deliveryDateTime: z.string().nullable(),
  fulfilledDateTime: z.string().nullable(),
  shipmentDetails: ShipmentDetailsSchema,
  notes_text: z.string().nullable(),
  notes_color: NoteColorSchema.nullable(),
  notes_notify: z.boolean(),
  selected_ship_option: z.string().nullable(),
  selected_packaging_option: IdSchema.nullable(),
  label_quantity: z.number().int(),
  label: z.boolean(),
  shipped: z.boolean(),
  track_trace: z.string().nullable(),
  used_shipment_method: z.string().nullable(),
  isFulfilledBySF: z.boolean(),
  products: z.array(OrderLineSchema),
  /**
   * The carrier status events of the order's parcels, oldest first (spec 1 §3 shipment_status: code, description,
   * ISO time; codes in core `EVENT_CODES`; `status` as core `trackingStatusOf`, null for a code we do not know). Only
   * `GET /order/get/{id}` fills it; the lists leave it out.
   */
  events: z
    .array(
      z.object({
        code: z.string(),
        status: z.enum(TRACKING_STATUSES).nullable(),
        description: z.string(),
        at: z.string(),
      }),
    )
    .optional(),
  /** What automation rules did to the order when it arrived, oldest first (ADR 0049). Only `GET /order/get/{id}`. */
  automations: z
    .array(z.object({ automation_id: IdSchema.nullable(), description: z.string(), at: z.string() }))
    .optional(),
});
export type Order = z.infer<typeof OrderSchema>;

/** Shipment method (spec 1 §3): price in euro and in cents; `country_code` null means every country. */
export const ShipmentMethodSchema = z.object({
  id: IdSchema,
  code: z.string(),
  name: z.string(),
  carrier: z.string(),
  price: z.number(),
  price_cents: z.number().int(),
  country_code: z.string().nullable(),
  product_code: z.string().nullable(),
  active: z.boolean(),
});
export type ShipmentMethod = z.infer<typeof ShipmentMethodSchema>;

/** Shipping box (spec 1 §3): prices in euro and in cents. */
export const ShipmentBoxSchema = z.object({
  id: IdSchema,
  name: z.string(),
  label: z.string(),
  price: z.number(),
  price_cents: z.number().int(),
  package_cost: z.number(),
  package_cost_cents: z.number().int(),
});
export type ShipmentBox = z.infer<typeof ShipmentBoxSchema>;

/**
 * Path of `GET /orders/open/:start/:end/:pack_size` (spec 1 §7). `start`/`end` are ISO date-times
 * bounding `placed_at` (inclusive). `pack_size`: 1 single-line orders, 2 multi-line orders, 0 or
 * 'all' both.
 */
export const OpenOrdersParamsSchema = z.object({
  start: DateTimeParamSchema,
  end: DateTimeParamSchema,
  pack_size: z.enum(['0', '1', '2', 'all'], { message: "pack_size must be 1, 2, 0 or 'all'" }),
});

const FlagSchema = z.union([z.boolean(), z.enum(['true', 'false'])]).optional();

/**
 * Query of the open orders list (spec 1 §7). `location`: comma-separated location ids or names
 * (the screen's free tags), orders with a line picked there. `picked_location`: one location id (a
 * scanned location label), orders with a line picked there. `ean`: orders with a line of that EAN.
 * `shipment_method`: comma-separated method codes. `limit`: at most this many orders (default 500).
 * `red_orders`: only orders with a red note. `b2b_orders`: only B2B orders. `current_delivery` is
 * accepted for compatibility and ignored.
 */
export const OpenOrdersQuerySchema = z.object({
  location: searchText('Location').optional(),
  picked_location: codeText('Picked location').optional(),
  ean: codeText('EAN').optional(),
  shipment_method: searchText('Shipment method').optional(),
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
  red_orders: FlagSchema,
  b2b_orders: FlagSchema,
  current_delivery: searchText('Current delivery').optional(),
  /**
   * One organisation of those the user may see (a provider admin or warehouse user at the packing station picks
   * one client, or leaves it out for all); another organisation's id simply selects nothing.
   */
  org_id: IdSchema.optional(),
});
export type OpenOrdersQuery = z.infer<typeof OpenOrdersQuerySchema>;

/**
 * The address of an order as the open list carries it (issue 8 §3): what the order card prints (name, company,
 * street, house number and addition, postcode, city; core `addressLines`) and the country the method choice is
 * filtered by. The e-mail address, phone numbers, salutation and language are only on `GET /order/get/{id}`: no
 * screen of the list shows them (the label and packing slip are written by the API from the stored order).
 */
export const OpenOrderAddressSchema = ShipmentDetailsSchema.pick({
  firstName: true,
  surname: true,
  company: true,
  streetName: true,
  houseNumber: true,
  houseNumberExtension: true,
  zipCode: true,
  city: true,
  countryCode: true,
});
export type OpenOrderAddress = z.infer<typeof OpenOrderAddressSchema>;

/**
 * An order line as the open list carries it (issue 8 §3): what the order card, the scan and the ship dialog read
 * (title, EAN, quantities, pick and group location, pack note, cancellation request, bundle, added by a rule). Each
 * value equals the line of `GET /order/get/{id}`; the product id, photo, pick note, position and `picked` (it is
 * `picked_quantity >= quantity`) are only there.
 */
export const OpenOrderLineSchema = OrderLineSchema.pick({
  id: true,
  ean: true,
  title: true,
  quantity: true,
  picked_quantity: true,
  pick_location: true,
  group_location: true,
  pack_note: true,
  cancellationRequest: true,
  cancelled: true,
  bundle: true,
  added_by_rule: true,
});
export type OpenOrderLine = z.infer<typeof OpenOrderLineSchema>;

/**
 * An order as the open list carries it (spec 1 §2 Open orders list, Order card; issue 8 §3: a page of 100 orders in
 * about 120 KB instead of 170): the fields the packing station reads, each equal to `GET /order/get/{id}`'s. Left
 * out, and only on `GET /order/get/{id}` (the order edit screen): `order_type`, `reason`, `fulfilledDateTime`,
 * `track_trace` and `used_shipment_method` (an open order has neither shipment nor shipped time) and the address's
 * contact fields ({@link OpenOrderAddressSchema}).
 */
export const OpenOrderSchema = OrderSchema.pick({
  id: true,
  orderId: true,
  org: true,
  org_name: true,
  platform: true,
  status: true,
  orderPlacedDateTime: true,
  deliveryDateTime: true,
  notes_text: true,
  notes_color: true,
  notes_notify: true,
  selected_ship_option: true,
  selected_packaging_option: true,
  label_quantity: true,
  label: true,
  shipped: true,
  isFulfilledBySF: true,
}).extend({ shipmentDetails: OpenOrderAddressSchema, products: z.array(OpenOrderLineSchema) });
export type OpenOrder = z.infer<typeof OpenOrderSchema>;

/** A group of the open orders screen: the pick location (null: no pick location) and its orders. */
export const OpenOrderGroupSchema = z.object({
  location: LocationRefSchema.nullable(),
  count: z.number().int(),
  orders: z.array(OpenOrderSchema),
});

/**
 * Answer of the open orders list: groups per pick location in walking order (location sequence,
 * then name; the group without location last), each with its orders oldest first. An order belongs
 * to the pick location of its first line that has one. `total` counts the orders in all groups;
 * `matching` every order the filters select, also beyond `limit` (a count needs only `limit=1`), counted up to
 * {@link OPEN_ORDERS_COUNT_CAP}: `matching_capped` true means "at least that many" (issue 8: the count must not
 * grow with the backlog).
 */
export const OpenOrdersSchema = z.object({
  groups: z.array(OpenOrderGroupSchema),
  total: z.number().int(),
  matching: z.number().int(),
  matching_capped: z.boolean(),
});

/** The open list counts matching orders up to this many; beyond it the answer says "10,000 or more" (issue 8). */
export const OPEN_ORDERS_COUNT_CAP = 10_000;
export type OpenOrders = z.infer<typeof OpenOrdersSchema>;

/** Body of `POST /order/labels/quantity` (spec 1 §7): the order's id and a label count, 1 to MAX_LABELS. */
export const LabelQuantityBodySchema = z.object({
  order_id: IdSchema,
  quantity: z.coerce
    .number()
    .int('Label quantity must be a whole number')
    .min(1, 'Label quantity must be at least 1')
    .max(MAX_LABELS, `Label quantity can be at most ${MAX_LABELS}`),
});

/** Body of `POST /order/shipment_method/:orderId` (spec 1 §7): the code of an active shipment method. */
export const SelectShipmentMethodBodySchema = z.object({ code: codeText('Shipment method code', 1) });

/** Body of `POST /order/shipment_package/:orderId` (spec 1 §7): the id of a shipment box. */
export const SelectShipmentBoxBodySchema = z.object({ id: IdSchema });

/** Params naming an order by our id. */
export const OrderIdParamsSchema = z.object({ orderId: IdSchema });

/**
 * One row of the order import after column mapping (spec 1 §3 Import fields, §7 POST /orders/import).
 * Cells are loose spreadsheet values; the import checks each row and reports the bad ones.
 */
export const OrderImportRowSchema = z.looseObject({
  order_id: SpreadsheetCellSchema,
  product_ean: SpreadsheetCellSchema,
  quantity: SpreadsheetCellSchema,
  city: SpreadsheetCellSchema,
  countryCode: SpreadsheetCellSchema,
  email: SpreadsheetCellSchema,
  firstName: SpreadsheetCellSchema,
  surName: SpreadsheetCellSchema,
  streetName: SpreadsheetCellSchema,
  houseNumber: SpreadsheetCellSchema,
  houseNumberExtension: SpreadsheetCellSchema,
  language: SpreadsheetCellSchema,
  salutation: SpreadsheetCellSchema,
  zipcode: SpreadsheetCellSchema,
  deliveryPhoneNumber: SpreadsheetCellSchema,
  reason: SpreadsheetCellSchema,
  notesText: SpreadsheetCellSchema,
  company: SpreadsheetCellSchema,
});
export type OrderImportRow = z.infer<typeof OrderImportRowSchema>;

/** Body of `POST /orders/import`: the mapped rows, at most 50,000 per call. */
export const OrderImportBodySchema = z
  .array(OrderImportRowSchema)
  .min(1, 'Error: No data available for import')
  .max(50_000, 'At most 50,000 rows per import');

/**
 * Why the order import refused a row or warns about it (spec 1 §5 Import; issue 3 §1; ADR 0118 "Left for later"), a
 * stable code the apps translate: `missing_order_id`, `missing_ean`, `unknown_ean` (values.ean), `bad_quantity`
 * (values.value), `missing_address` (values.field: an import field, or `name` for firstName or surName),
 * `bad_postcode` (values.country, values.value), `bad_country`, `bad_house_number`, `bad_email` (values.value),
 * `no_lines`, `duplicate`, `text_too_long` (values.field, values.limit), `text_invalid` (values.field: control or
 * invalid characters), `not_saved` (values.message: the database's own words) and, as a warning,
 * `no_pick_location` (values.ean).
 */
export const ORDER_IMPORT_REASON_CODES = [
  'missing_order_id',
  'missing_ean',
  'unknown_ean',
  'bad_quantity',
  'missing_address',
  'bad_postcode',
  'bad_country',
  'bad_house_number',
  'bad_email',
  'no_lines',
  'duplicate',
  'text_too_long',
  'text_invalid',
  'not_saved',
  'no_pick_location',
] as const;
export const OrderImportReasonCodeSchema = z.enum(ORDER_IMPORT_REASON_CODES);
export type OrderImportReasonCode = z.infer<typeof OrderImportReasonCodeSchema>;

/**
 * The values a reason code names (see {@link ORDER_IMPORT_REASON_CODES}): the one shape of every coded report (core
 * `ReasonValuesSchema`, ADR 0119 §3); cells as given, trimmed.
 */
export const OrderImportReasonValuesSchema = ReasonValuesSchema;
export type OrderImportReasonValues = z.infer<typeof OrderImportReasonValuesSchema>;

/**
 * A reported row of the order import: 1-based data row number, the shop's order id, the reason as `code` with its
 * `values`, and `rejected_by_row`: when set, this row is refused because another row of its order (that data row)
 * was, and `code`/`values` are that row's problem. `reason` is the same in English, for clients that do not know
 * the codes ('order rejected because of row 3: missing required address field: city').
 */
export const OrderImportIssueSchema = z.object({
  row: z.number().int(),
  order_id: z.string(),
  reason: z.string(),
  code: OrderImportReasonCodeSchema,
  values: OrderImportReasonValuesSchema,
  rejected_by_row: z.number().int().nullable(),
});
export type OrderImportIssue = z.infer<typeof OrderImportIssueSchema>;

/**
 * Answer of `POST /orders/import` (201; spec 1 §2 Import, §7 POST /orders/import): how many orders were created,
 * their ids, the rejected rows to fix (a rejected row rejects its whole order), the orders skipped because their
 * order number was imported before (`skipped`, a count of orders like `created`) with their rows (`skipped_rows`,
 * code `duplicate`: nothing to fix, re-uploading a file never creates an order twice), and warnings for imported
 * lines (no pick location).
 */
export const OrderImportResultSchema = z.object({
  created: z.number().int(),
  orders: z.array(z.object({ order_id: z.string(), id: IdSchema })),
  errors: z.array(OrderImportIssueSchema),
  skipped: z.number().int(),
  skipped_rows: z.array(OrderImportIssueSchema),
  warnings: z.array(OrderImportIssueSchema),
});
export type OrderImportResult = z.infer<typeof OrderImportResultSchema>;

import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { addressLine, boundedText, codeText, nameText, noteText, searchText } from '../common/text.ts';
import { pageQuery } from '../http/page.ts';
import { NoteColorSchema } from '../orders/order.schema.ts';
import { DateTimeParamSchema } from '../pick/pick.schema.ts';
import { DELIVERY_GROUPS } from './delivery.rules.ts';

/** A delivery speed group (spec 1 §4 Sent-order categories; see `deliveryGroup`). */
export const DeliveryGroupSchema = z.enum(DELIVERY_GROUPS);

/** Path of `GET /orders/{start}/{end}` and `GET /orders/perform/{start}/{end}`: ISO date-times bounding the shipping moment. */
export const DateRangeParamsSchema = z.object({ start: DateTimeParamSchema, end: DateTimeParamSchema });

/**
 * Query of `GET /orders/{start}/{end}` (spec 1 §7; §2 Shipments): a page of the shipments shipped in the range,
 * newest first. `orderId` matches the start of the shop order number, `postCode` the start of the postcode (spaces
 * and case ignored), `name` the start of the surname (case ignored); `group` keeps one speed group (the collapsible
 * groups of the screen each page on their own).
 */
export const ShipmentRangeQuerySchema = pageQuery(50).extend({
  orderId: codeText('Order id').optional(),
  postCode: codeText('Postcode').optional(),
  name: nameText('Name').optional(),
  group: DeliveryGroupSchema.optional(),
});
export type ShipmentRangeQuery = z.infer<typeof ShipmentRangeQuerySchema>;

/** Shortest term of `GET /orders/search/{term}` (spec 1 §5 Shipments search: 3 or more characters). */
export const ORDER_SEARCH_MIN = 3;

/** Path of `GET /orders/search/{term}`: 3 to 64 characters. */
export const OrderSearchParamsSchema = z.object({
  term: boundedText('Search', 64, { min: ORDER_SEARCH_MIN }),
});

/** Query of `GET /orders/search/{term}`: the page. */
export const OrderSearchQuerySchema = pageQuery(50);

/** How many parcels of the range fall in each speed group (spec 1 §3 Shipment performance record: counts). */
export const DeliveryCountsSchema = z.object(
  Object.fromEntries(DELIVERY_GROUPS.map((g) => [g, z.number().int()])) as Record<
    (typeof DELIVERY_GROUPS)[number],
    z.ZodNumber
  >,
);

/**
 * Answer of `GET /orders/perform/{start}/{end}` (spec 1 §2 Shipments header, §3 Shipment performance record): the
 * parcels shipped in the range, counted per speed group, and percentages of all of them (one decimal):
 * `percentage_d_24h` delivered within 24 h, `percentage_d_48H` delivered after 24 h within 2 days,
 * `percentage_late` delivered after more than 2 days, `percentage_on_the_way` not delivered yet (including not
 * sorted), `percentage_not_sorted` not handed to the carrier yet. The order lists of each group come from
 * `GET /orders/{start}/{end}?group=…`, paged.
 */
export const DeliveryPerformanceSchema = z.object({
  start: z.string(),
  end: z.string(),
  total: z.number().int(),
  counts: DeliveryCountsSchema,
  percentage_d_24h: z.number(),
  percentage_d_48H: z.number(),
  percentage_late: z.number(),
  percentage_on_the_way: z.number(),
  percentage_not_sorted: z.number(),
});
export type DeliveryPerformance = z.infer<typeof DeliveryPerformanceSchema>;

/** Path naming an order by our id (`/order/shipped/{id}`, `/order/edit/{id}`, the order documents). */
export const OrderParamsSchema = z.object({ id: IdSchema });

/** What `POST /order/shipped/{id}` marks: handed over to the carrier (default) or delivered. */
export const MarkShippedBodySchema = z
  .object({ status: z.enum(['handed_over', 'delivered']).default('handed_over') })
  .default({ status: 'handed_over' });
export type MarkShippedBody = z.infer<typeof MarkShippedBodySchema>;

/** Answer of `POST /order/shipped/{id}`: the event recorded (or the one already there: repeating is harmless). */
export const MarkShippedResultSchema = z.object({
  ok: z.literal(true),
  code: z.string(),
  at: z.string(),
});

/** Path of `GET /test/batch/{batch_id}` (spec 1 §7 direct call: the BATCH link of a shipment). */
export const BatchParamsSchema = z.object({ batch_id: IdSchema });

/**
 * Body of `PUT /order/notes` (spec 1 §7 `{_id, notes_text, notes_color, notes_notify}`, §9 colours): the order's
 * id, the note (empty or null clears it), its colour (red, green, yellow; null none) and whether the customer is
 * e-mailed the note.
 */
export const OrderNotesBodySchema = z.object({
  _id: IdSchema,
  notes_text: noteText('Note').nullable(),
  notes_color: NoteColorSchema.nullable(),
  notes_notify: z.boolean(),
});
export type OrderNotesBody = z.infer<typeof OrderNotesBodySchema>;

/** Answer of `PUT /order/notes`: `mailed` true when the customer was e-mailed the note. */
export const OrderNotesResultSchema = z.object({ ok: z.literal(true), mailed: z.boolean() });
export type OrderNotesResult = z.infer<typeof OrderNotesResultSchema>;

/**
 * The address of `PUT /order/edit/{id}` (spec 1 §2 Edit order fields, §5: a null addition and a null country become
 * empty strings). Required: first name, surname, street, house number, postcode, city, country.
 */
export const EditAddressSchema = z.object({
  firstName: nameText('First name', 1),
  surname: nameText('Last name', 1),
  email: z.union([z.literal(''), z.email('Invalid email address!').max(200)]).default(''),
  streetName: addressLine('Street', 1),
  houseNumber: codeText('House number', 1),
  houseNumberExtension: codeText('Addition')
    .nullable()
    .transform((v) => v ?? ''),
  zipCode: codeText('Postcode', 1),
  city: addressLine('City', 1),
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, 'Country must be a two-letter code')
    .nullable()
    .transform((v) => v ?? ''),
  company: nameText('Company').optional(),
  phone: codeText('Phone').optional(),
});

/**
 * One product line of `PUT /order/edit/{id}`: `id` names an existing line (kept, its quantity possibly changed);
 * without it the line is new. Quantity 1 to 9,999.
 */
export const EditLineSchema = z.object({
  id: IdSchema.optional(),
  product_id: IdSchema,
  quantity: z.coerce.number().int().min(1, 'The number is too small! Minimum: 1').max(9999),
});

/**
 * Body of `PUT /order/edit/{id}` (spec 1 §2 Edit order, §7): the address and the full wished list of product lines
 * (lines left out are removed). 1 to 200 lines.
 */
export const OrderEditBodySchema = z.object({
  shipmentDetails: EditAddressSchema,
  products: z.array(EditLineSchema).min(1, 'Add at least one product').max(200),
});
export type OrderEditBody = z.infer<typeof OrderEditBodySchema>;

/** Query of the edit screen's product search (`GET /order/edit/{id}/products?search=`): 3+ characters, 10 results. */
export const EDIT_SEARCH_MIN = 3;
/** Results of the edit screen's product search (spec 1 §9: 10 results). */
export const EDIT_SEARCH_LIMIT = 10;
/** Debounce of the edit screen's product search in ms (spec 1 §9). */
export const EDIT_SEARCH_DEBOUNCE_MS = 500;
/** Product titles are cut at this length in the edit screen (spec 1 §9). */
export const EDIT_TITLE_MAX = 50;
/** Product titles are cut at this length on the order card (spec 1 §9). */
export const CARD_TITLE_MAX = 120;

/**
 * Query of `GET /order/edit/{id}/products`: `search` of 3+ characters on name, EAN or SKU of the order's shop;
 * without it the first products by name.
 */
export const EditProductSearchQuerySchema = z.object({ search: searchText('Search').optional() });

/** A product the edit screen can add: id, name, EAN and image. */
export const EditProductSchema = z.object({
  id: IdSchema,
  name: z.string(),
  ean: z.string(),
  img_url: z.string().nullable(),
});
export type EditProduct = z.infer<typeof EditProductSchema>;

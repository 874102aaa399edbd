import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { phoneField } from '../common/phone.ts';
import { addressLine, boundedDateTime, codeText, nameText, noteText } from '../common/text.ts';
import { pageOf, pageQuery } from '../http/page.ts';
import { ORDER_REASONS, ORDER_TYPES } from './order.schema.ts';

/** Shipment types of the B2B-like flow (spec 1 §3 Shipment types): pickup or drop-off, default drop-off. */
export const SHIPMENT_TYPES = ['drop_off', 'pickup'] as const;
export type ShipmentType = (typeof SHIPMENT_TYPES)[number];

/** Units of the B2B-like flow's count (spec 1 §3 Shipment types): box or pallet, default box. */
export const DELIVERY_UNITS = ['box', 'pallet'] as const;
export type DeliveryUnit = (typeof DELIVERY_UNITS)[number];

/** Most product lines one new order may have. */
export const NEW_ORDER_MAX_LINES = 200;

/** Optional text of the address form: any bounded single-line text; the rules name what is missing, in order. */
const field = (label: string) => addressLine(label).optional();

/**
 * The address and contact of a new order with the wizard's spelling (spec 1 §3 New order draft, §7 Create order
 * payload): name, surename (sic), streetname, housenumber, houseNumberExtension, postalcode, city, countryCode,
 * email, phone, company. All optional at the edge: `firstNewOrderProblem` reports the first missing one with the
 * spec's message, in the spec's order (spec 1 §5).
 */
export const NewOrderAddressSchema = z.object({
  name: field('First name'),
  surename: field('Surname'),
  streetname: field('Street'),
  housenumber: field('House number'),
  houseNumberExtension: field('Addition'),
  postalcode: field('Postal code'),
  city: field('City'),
  countryCode: field('Country'),
  email: field('Email'),
  phone: phoneField().optional(),
  company: field('Company'),
});
export type NewOrderAddress = z.infer<typeof NewOrderAddressSchema>;

/** One product line of a new order (spec 1 §7 Create order payload): a product of the organisation and how many. */
export const NewOrderLineSchema = z.object({
  product_id: IdSchema,
  quantity: z.coerce
    .number()
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(100_000, 'Quantity can be at most 100,000'),
  /** Sent by the spec's client; the API takes title and EAN from the product itself. */
  title: nameText('Title').optional(),
  ean: codeText('EAN').optional(),
});

/**
 * Body of `POST /orders` (spec 1 §7 Create order payload; §2 New order wizard): products, shipment_details, remark,
 * type (the order reason), ship_option (a shipment method code), attachments `{available, instructions}` (the files
 * follow with `POST /order_attachments/{order_id}`), order_type; B2B-like orders add deliveryDateTime
 * (YYYY-MM-DD or ISO), deliveryBoxes (the count), deliveryUnit (box or pallet; ours, default box) and shipmentType.
 */
export const CreateOrderBodySchema = z.object({
  products: z.array(NewOrderLineSchema).max(NEW_ORDER_MAX_LINES, `At most ${NEW_ORDER_MAX_LINES} products`),
  shipment_details: NewOrderAddressSchema,
  remark: noteText('Remark').optional(),
  type: z.enum(ORDER_REASONS).optional(),
  ship_option: codeText('Shipment method').optional(),
  attachments: z
    .object({ available: z.boolean(), instructions: noteText('Attachment instructions').optional() })
    .optional(),
  order_type: z.enum(ORDER_TYPES).default('manual_order'),
  deliveryDateTime: boundedDateTime('Delivery date').optional(),
  deliveryBoxes: z.coerce.number().int('Count must be a whole number').max(10_000).optional(),
  deliveryUnit: z.enum(DELIVERY_UNITS).optional(),
  shipmentType: z.enum(SHIPMENT_TYPES).optional(),
});
export type CreateOrderBody = z.input<typeof CreateOrderBodySchema>;

/**
 * Answer of `POST /orders` (201): `order_id` is the new order's id (ours, for `/order_attachments/{order_id}`,
 * `/order/get/{id}` and `/shipments/{id}`), `orderId` its order number as the lists show it.
 */
export const CreateOrderResultSchema = z.object({ order_id: IdSchema, orderId: z.string() });
export type CreateOrderResult = z.infer<typeof CreateOrderResultSchema>;

/** Body of `POST /order/restore` (spec 1 §7): the order's id. */
export const RestoreOrderBodySchema = z.object({ _id: IdSchema });

/**
 * One attachment of an order (spec 1 §3 Attachment file; ADR 0040): a PDF of at most 5 MB with the instruction text
 * it was uploaded with. `created_at` is ISO 8601.
 */
export const OrderAttachmentSchema = z.object({
  id: IdSchema,
  order_id: IdSchema,
  filename: z.string(),
  size: z.number().int(),
  instruction: z.string(),
  created_at: z.string(),
});
export type OrderAttachment = z.infer<typeof OrderAttachmentSchema>;

/** Query of `GET /order_attachments/{id}`: paging (default 20, the most one order holds). */
export const OrderAttachmentsQuerySchema = pageQuery(20);

/** Answer of `GET /order_attachments/{id}`: the order's attachments, oldest first, paged. */
export const OrderAttachmentPageSchema = pageOf(OrderAttachmentSchema);
export type OrderAttachmentPage = z.infer<typeof OrderAttachmentPageSchema>;

/** Answer of `POST /order_attachments/{orderId}` (201): the attachments stored by this upload. */
export const OrderAttachmentUploadResultSchema = z.object({ attachments: z.array(OrderAttachmentSchema) });

/**
 * The body of a multipart upload (a `multipartBody` endpoint): parts `files[]` (PDFs) and the text field
 * `instructions`; the API reads the parts itself.
 */
export const AttachmentFormBodySchema = z
  .custom<FormData>(() => true)
  .describe('multipart/form-data: files[] (PDF, at most 5 MB each) and instructions (text)');

import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { reasonParams } from '../common/reason.ts';
import { codeText } from '../common/text.ts';
import { pageOf } from '../http/page.ts';
import { SHIPMENT_ID_HEADER, TRACKING_NUMBER_HEADER } from '../shipping/shipment.schema.ts';
import { CONFIRMATION_STATUSES, MarketplaceConfirmationSchema } from './confirmation.schema.ts';

/** bol's order item id (Retailer API v10 `orderItemId`): digits or letters, at most 64 characters. */
const orderItemId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'An order item id has letters, digits and hyphens only');

/** bol's shipping label offer id (v10 `shippingLabelOfferId`, a UUID in practice): at most 64 characters. */
const labelOfferId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'A shipping label offer id has letters, digits and hyphens only');

/**
 * A marketplace label offer as the order card shows it (spec 1 §3 Ship option: shippingLabelOfferId,
 * transporterCode, labelType, labelPrice.totalPrice in euros excluding VAT, packageRestrictions {maxWeight,
 * maxDimensions}, handoverDetails.latestHandoverDateTime; bol Retailer API v10 DeliveryOption).
 */
export const BolShipOptionSchema = z.object({
  shippingLabelOfferId: z.string(),
  transporterCode: z.string(),
  labelType: z.string(),
  labelDisplayName: z.string().nullable(),
  recommended: z.boolean(),
  validUntilDate: z.string().nullable(),
  labelPrice: z.object({ totalPrice: z.number() }),
  packageRestrictions: z.object({ maxWeight: z.string(), maxDimensions: z.string() }),
  handoverDetails: z
    .object({
      latestHandoverDateTime: z.string().nullable(),
      meetsCustomerExpectation: z.boolean().nullable(),
    })
    .nullable(),
});
export type BolShipOption = z.infer<typeof BolShipOptionSchema>;

/**
 * Why an order has no bol label options: not from bol (or no stored bol order items), already shipped, cancelled,
 * or its bol connection is disabled (ADR 0045).
 */
export const NO_LABEL_REASONS = [
  'not_marketplace_order',
  'order_shipped',
  'order_cancelled',
  'connection_inactive',
] as const;

/**
 * Answer of `GET /orders/bol/ship_options/{id}`: the order's bol order items and the label options bol offers for
 * them, only those the packer may choose (core `visibleLabelOptions`: not priced 6, spec 1 §4); `hidden` counts the
 * rest. An order that cannot ship with a bol label answers no options and `unavailable` says why (bol is not asked).
 */
export const BolShipOptionsSchema = z.object({
  order__id: IdSchema,
  order_id: z.string(),
  platform: z.string(),
  unavailable: z.enum(NO_LABEL_REASONS).nullable(),
  orderItems: z.array(z.object({ orderItemId: z.string() })),
  options: z.array(BolShipOptionSchema),
  hidden: z.number().int(),
});
export type BolShipOptions = z.infer<typeof BolShipOptionsSchema>;

/**
 * Body of `POST /orders/ship/bol` (spec 1 §4 Shipping a card, marketplace label variant: orderItems[{orderItemId}],
 * shippingLabelOfferId, org_id, order_id, code). `order_id` is our order's 24-hex id; `orderItems` defaults to every
 * bol order item of the order the intake stored (when given, each must be one of them); `org_id`, when given, must
 * be the order's organisation; `code` is the method code the card showed (kept as the used shipment method's name
 * when given, else `bol.com <transporter> <labelType>`).
 */
export const ShipBolOrderBodySchema = z.object({
  order_id: IdSchema,
  shippingLabelOfferId: labelOfferId,
  orderItems: z.array(z.object({ orderItemId })).min(1).max(100).optional(),
  org_id: IdSchema.optional(),
  code: codeText('Shipment method code').optional(),
});
export type ShipBolOrderBody = z.infer<typeof ShipBolOrderBodySchema>;

/** Response header of `POST /orders/ship/bol`: the confirmation's state right after shipping (pending or confirmed). */
export const MARKETPLACE_CONFIRMATION_HEADER = 'x-marketplace-confirmation';

/** Response headers of `POST /orders/ship/bol`: tracking number, shipment id and the confirmation's state. */
export const ShipBolOrderHeadersSchema = z.object({
  [TRACKING_NUMBER_HEADER]: z.string(),
  [SHIPMENT_ID_HEADER]: IdSchema,
  [MARKETPLACE_CONFIRMATION_HEADER]: z.enum(CONFIRMATION_STATUSES),
});

/**
 * Body of `POST /orders/bol/shipmentlist` (spec 1 §7 catalogue; payload not shown): the day shipped (YYYY-MM-DD,
 * Europe/Amsterdam; default today), optionally one platform and one confirmation state, and the page (ADR 0045).
 */
export const BolShipmentListBodySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date YYYY-MM-DD')
    .refine(
      (d) => {
        const y = Number(d.slice(0, 4));
        return y >= 2000 && y <= 2100 && !Number.isNaN(Date.parse(`${d}T00:00:00Z`));
      },
      { message: 'Expected a real date between 2000 and 2100', params: reasonParams('date_invalid') },
    )
    .optional(),
  platform: z.enum(['bol', 'bol_be']).optional(),
  status: z.enum(CONFIRMATION_STATUSES).optional(),
  skip: z.number().int().min(0).max(10_000_000).default(0),
  limit: z.number().int().min(1).max(500).default(100),
});
export type BolShipmentListBody = z.input<typeof BolShipmentListBodySchema>;

/** One shipped bol order of the shipment list: our shipment, bol's order, how it left and its confirmation. */
export const BolShipmentListItemSchema = z.object({
  shipment_id: IdSchema,
  order__id: IdSchema,
  order_id: z.string(),
  org_name: z.string(),
  platform: z.enum(['bol', 'bol_be']),
  shipped_at: z.string(),
  carrier: z.string(),
  /** True when the parcel left with a label bought from bol (`POST /orders/ship/bol`). */
  bol_label: z.boolean(),
  tracking_number: z.string(),
  order_items: z.number().int(),
  confirmation: MarketplaceConfirmationSchema.nullable(),
});
export type BolShipmentListItem = z.infer<typeof BolShipmentListItemSchema>;

/** Answer of `POST /orders/bol/shipmentlist`: a page plus the day it covers and counts per confirmation state. */
export const BolShipmentListSchema = pageOf(BolShipmentListItemSchema, {
  date: z.string(),
  counts: z.object({ pending: z.number().int(), confirmed: z.number().int(), failed: z.number().int() }),
});
export type BolShipmentList = z.infer<typeof BolShipmentListSchema>;

/**
 * Answer of `POST /order/bol/cancellation/:id` (spec 1 §3 Order product line `cancellationRequest`; ADR 0128): the
 * bol order items cancelled at bol (reason REQUESTED_BY_CUSTOMER), the lines now cancelled, whether the whole order
 * is cancelled (nothing left to ship) and the picked pieces of those lines booked back onto their locations (one
 * ledger row each, reason `unpick`: put them back on the shelf).
 */
export const BolCancellationResultSchema = z.object({
  order_id: IdSchema,
  /** The shop's order number (bol's order id). */
  orderId: z.string(),
  orderItemIds: z.array(z.string()),
  /** Our ids of the lines now cancelled. */
  lines: z.array(IdSchema),
  order_cancelled: z.boolean(),
  returned: z.array(
    z.object({ ean: z.string(), title: z.string(), location: z.string(), quantity: z.number().int() }),
  ),
});
export type BolCancellationResult = z.infer<typeof BolCancellationResultSchema>;

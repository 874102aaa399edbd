import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { reasonParams } from '../common/reason.ts';
import { codeText, noteText } from '../common/text.ts';
import { pageOf, pageQuery } from '../http/page.ts';
import { ProductSchema } from './product.schema.ts';

/** How a surcharge is charged (spec 3 §3 Surcharge type, §9): per store, per order, per order line, per piece. */
export const SURCHARGE_TYPES = ['store', 'order', 'order-line', 'line-amount'] as const;

/** A surcharge of the provider's list (spec 3 §3 Surcharge: name, code, price in euro, note, type). */
export const SurchargeOptionSchema = z.object({
  id: IdSchema,
  name: z.string(),
  code: z.string(),
  price: z.number(),
  price_cents: z.number().int(),
  note: z.string().nullable(),
  type: z.enum(SURCHARGE_TYPES),
});
export type SurchargeOption = z.infer<typeof SurchargeOptionSchema>;

/** Query of `GET /surcharges`: a page of the active surcharges by name (default 200). */
export const SurchargeListQuerySchema = pageQuery(200);
/** Answer of `GET /surcharges`. */
export const SurchargeListSchema = pageOf(SurchargeOptionSchema);

/** Most surcharges one product may carry. */
export const PRODUCT_SURCHARGES_MAX = 20;

/**
 * Body of `POST /surcharges/select` (spec 3 §7 Admin; payload not shown; ADR 0048): the product and the surcharges
 * that apply to it — the whole set, replacing the previous one (an empty list clears it).
 */
export const SurchargeSelectBodySchema = z.object({
  product_id: IdSchema,
  surcharge_ids: z
    .array(IdSchema)
    .max(PRODUCT_SURCHARGES_MAX, `At most ${PRODUCT_SURCHARGES_MAX} surcharges`),
});

/**
 * How a marketplace is told the product's order was sent (spec 3 §2 Options panel 'marketplace confirm-as'): the
 * transporter code of the confirmation — TNT (PostNL parcel), TNT-EXTRA (PostNL extra@home), TNT_BRIEF (PostNL
 * letterbox) or OTHER.
 */
export const CONFIRM_AS = ['TNT', 'TNT-EXTRA', 'TNT_BRIEF', 'OTHER'] as const;
export const ConfirmAsSchema = z.enum(CONFIRM_AS);
export type ConfirmAs = z.infer<typeof ConfirmAsSchema>;

/** Longest lead or ship time a product may have, days (a year). */
export const PRODUCT_DAYS_MAX = 365;
/** Largest stock minimum / maximum, pieces. */
export const PRODUCT_STOCK_LIMIT_MAX = 1_000_000;
/** Largest customs value (euro) and weight (kg) the customs panel accepts. */
export const CUSTOMS_VALUE_MAX = 1_000_000;
export const CUSTOMS_WEIGHT_MAX = 10_000;

/** A product named by id, EAN and name: a linked parent or child on the card (spec 3 §3 parent, childeren). */
export const ProductRefSchema = z.object({
  id: IdSchema,
  name: z.string(),
  ean: z.string(),
  sf_stock: z.number().int(),
});
export type ProductRef = z.infer<typeof ProductRefSchema>;

/**
 * The product card (spec 3 §2 Product item card, §3 Product; answer of `GET /product/{id}` and of every settings
 * call): the product as listed plus its settings, its sales figures, its images and its linked products.
 * - `def_shipping_id` / `ship_box_id`: the default shipment method and box (ids; null for none), used when an order
 *   with the product arrives (ADR 0048);
 * - `sold_30d`: pieces on order lines placed in the last 30 days (cancelled orders left out); `daily_demand` =
 *   sold_30d / 30 (pieces per day, 2 decimals); `days_until_out_of_stock` = floor(sf_stock / daily_demand), null
 *   without demand;
 * - `image_ids`: stored images by position (`GET /product/get_image/{id}` answers the first); `has_image` is true with
 *   a stored image or an `img_url`;
 * - `parent` (the product this one is linked under) and `children` (linked child products, by name, at most 200).
 */
export const ProductCardSchema = ProductSchema.extend({
  def_shipping_id: IdSchema.nullable(),
  ship_box_id: IdSchema.nullable(),
  track_trace_email: z.boolean(),
  share_track_trace: z.boolean(),
  sync_stock: z.boolean(),
  fake_stock: z.boolean(),
  lead_time_days: z.number().int().nullable(),
  ship_time_days: z.number().int().nullable(),
  stock_min: z.number().int().nullable(),
  stock_max: z.number().int().nullable(),
  confirm_as: ConfirmAsSchema.nullable(),
  bol_confirm: z.boolean(),
  /** The surcharges that apply to the product (ids of `GET /surcharges`), by name. */
  surcharge_ids: z.array(IdSchema),
  sold_30d: z.number().int(),
  daily_demand: z.number(),
  days_until_out_of_stock: z.number().int().nullable(),
  image_ids: z.array(IdSchema),
  has_image: z.boolean(),
  parent_product: ProductRefSchema.nullable(),
  children: z.array(ProductRefSchema),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

/** Body of `POST /product/fulfilment/toggle` (spec 3 §7): the product whose fulfilment by the provider flips. */
export const FulfilmentToggleBodySchema = z.object({ id: IdSchema });

/** Body of `POST /product/assign_shipping` (payload not shown in spec 3 §7): the default method, null for none. */
export const AssignShippingBodySchema = z.object({
  product_id: IdSchema,
  shipment_method_id: IdSchema.nullable(),
});
/** Body of `POST /product/assign_box` (payload not shown in spec 3 §7): the default box, null for none. */
export const AssignBoxBodySchema = z.object({ product_id: IdSchema, box_id: IdSchema.nullable() });

/** Body of `POST /product/track_trace_email {product_id, track_trace_email}` (spec 3 §7). */
export const TrackTraceEmailBodySchema = z.object({ product_id: IdSchema, track_trace_email: z.boolean() });
/** Body of `POST /product/share_track_trace {product_id, share_track_trace}` (spec 3 §7). */
export const ShareTrackTraceBodySchema = z.object({ product_id: IdSchema, share_track_trace: z.boolean() });
/** Body of `POST /product/sync_stock {product_id, stock_sync}` (spec 3 §7: the field is `stock_sync` there). */
export const SyncStockBodySchema = z.object({ product_id: IdSchema, stock_sync: z.boolean() });
/** Body of `POST /product/fake_stock {product_id, fake_stock}` (spec 3 §7). */
export const FakeStockBodySchema = z.object({ product_id: IdSchema, fake_stock: z.boolean() });

/** Body of `POST /product/note` (payload not shown): the merchant's note, ≤ 2000 characters; empty or null clears it. */
export const ProductNoteBodySchema = z.object({ product_id: IdSchema, note: noteText('Note').nullable() });
/** Body of `POST /product/pick_note`: shown to the picker on the pick list item of the product (spec 2 §2). */
export const PickNoteBodySchema = z.object({
  product_id: IdSchema,
  pick_note: noteText('Pick note').nullable(),
});
/** Body of `POST /product/pack_note`: shown to the packer when the product is scanned at the packing station. */
export const PackNoteBodySchema = z.object({
  product_id: IdSchema,
  pack_note: noteText('Pack note').nullable(),
});

const days = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of days` })
    .int(`${label} must be a whole number of days`)
    .min(0, `${label} cannot be negative`)
    .max(PRODUCT_DAYS_MAX, `${label} is at most ${PRODUCT_DAYS_MAX} days`)
    .nullable();
/** Body of `POST /product/set_lead_time` (payload not shown): days between order and dispatch by the supplier, or null. */
export const LeadTimeBodySchema = z.object({ product_id: IdSchema, lead_time_days: days('Lead time') });
/** Body of `POST /product/set_ship_time` (payload not shown): days the parcel travels, or null. */
export const ShipTimeBodySchema = z.object({ product_id: IdSchema, ship_time_days: days('Ship time') });

/** Body of `POST /product/stock/min|max/{product_id} {value}` (spec 3 §7): pieces, or null to clear. */
export const StockLimitBodySchema = z.object({
  value: z
    .number({ error: 'Value must be a whole number' })
    .int('Value must be a whole number')
    .min(0, 'Value cannot be negative')
    .max(PRODUCT_STOCK_LIMIT_MAX)
    .nullable(),
});

/** Body of `POST /product/confirm_as` (our path; spec 3 §2 Options 'marketplace confirm-as'): a code or null. */
export const ConfirmAsBodySchema = z.object({ product_id: IdSchema, confirm_as: ConfirmAsSchema.nullable() });

/** The HS code's shape: 6 to 10 digits (the customs tariff's chapter, heading and subheading), dots or spaces allowed. */
export const HS_CODE_PATTERN = /^\d{4}(?:[.\s]?\d{2}){1,3}$/;

/**
 * Body of `POST /product/customs/{id} {hs, value, weight_kg}` (spec 3 §7; Customs panel of §2): the HS code (6–10
 * digits, stored without dots or spaces), the customs value in euro (0–1,000,000, cents) and the weight in kg (0–10,000,
 * grams). Each may be null to clear it.
 */
export const CustomsBodySchema = z.object({
  hs: codeText('HS code')
    .refine((s) => s === '' || HS_CODE_PATTERN.test(s), {
      message: 'HS code must be 6 to 10 digits',
      params: reasonParams('format_invalid', { format: 'hs_code' }),
    })
    .nullable(),
  value: z
    .number({ error: 'Value must be a number' })
    .min(0, 'Value cannot be negative')
    .max(CUSTOMS_VALUE_MAX, 'Value is at most € 1.000.000')
    .multipleOf(0.01, 'Value has at most 2 decimals')
    .nullable(),
  weight_kg: z
    .number({ error: 'Weight must be a number' })
    .min(0, 'Weight cannot be negative')
    .max(CUSTOMS_WEIGHT_MAX, 'Weight is at most 10,000 kg')
    .multipleOf(0.001, 'Weight has at most 3 decimals (grams)')
    .nullable(),
});
export type CustomsBody = z.infer<typeof CustomsBodySchema>;

/**
 * Answer of `DELETE /product/{id}` (spec 3 §5; ADR 0048): `deleted` when the product had no history and is gone;
 * `deactivated` when orders, returns, inbounds or the stock ledger refer to it, so it is kept, inactive.
 */
export const ProductDeleteResultSchema = z.object({
  id: IdSchema,
  outcome: z.enum(['deleted', 'deactivated']),
});
export type ProductDeleteResult = z.infer<typeof ProductDeleteResultSchema>;

/** Answer of `POST /product/upload_image/{id}`: the stored image. */
export const ProductImageUploadSchema = z.object({ id: IdSchema, mime: z.string(), size: z.number().int() });

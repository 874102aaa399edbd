import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { defineEndpoint, IMAGE_MAX_BYTES, ImageBodySchema } from '../http/endpoint.ts';
import { ProductSchema } from './product.schema.ts';
import {
  AssignBoxBodySchema,
  AssignShippingBodySchema,
  ConfirmAsBodySchema,
  CustomsBodySchema,
  FakeStockBodySchema,
  FulfilmentToggleBodySchema,
  LeadTimeBodySchema,
  PackNoteBodySchema,
  PickNoteBodySchema,
  ProductCardSchema,
  ProductDeleteResultSchema,
  ProductImageUploadSchema,
  ProductNoteBodySchema,
  ShareTrackTraceBodySchema,
  ShipTimeBodySchema,
  StockLimitBodySchema,
  SurchargeListQuerySchema,
  SurchargeListSchema,
  SurchargeSelectBodySchema,
  SyncStockBodySchema,
  TrackTraceEmailBodySchema,
} from './product-card.schema.ts';

const byId = z.object({ id: IdSchema });
const byProductId = z.object({ product_id: IdSchema });

/**
 * `GET /product/:id` (spec 3 §7 Products; the product card of §2): the product with its settings, sales figures,
 * images and linked products. 404 for a product of another organisation.
 */
export const productCardEndpoint = defineEndpoint({
  method: 'GET',
  path: '/product/:id',
  summary: 'The product card: a product with its settings, sales figures and linked products',
  params: byId,
  response: ProductCardSchema,
  tags: ['products'],
});

/**
 * `GET /api/products/product/:id` (spec 3 §7 Products; ADR 0048): the product in the shape of the product list
 * (`GET /products`), for integrations that read one product; no settings or figures. 404 as above.
 */
export const productRecordEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/product/:id',
  summary: 'One product as the product list gives it',
  params: byId,
  response: ProductSchema,
  tags: ['products'],
});

/**
 * `DELETE /product/:id` (spec 3 §7, §5 'This action cannot be undone.'; ADR 0048): refused with 409
 * `product_has_stock` while stock lies on a location and 409 `product_in_open_orders` while an open order has it;
 * otherwise deleted, or deactivated (kept, `active` false) when orders, returns, inbounds or the ledger refer to it.
 * Its linked children are unlinked.
 */
export const productDeleteEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/product/:id',
  summary: 'Delete a product (refused with stock or open orders; kept inactive when it has history)',
  params: byId,
  response: ProductDeleteResultSchema,
  problems: ['product_has_stock', 'product_in_open_orders'],
  tags: ['products'],
});

/** `POST /product/fulfilment/toggle {id}` (spec 3 §7): flips whether the provider fulfils the product; answers the card. */
export const fulfilmentToggleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/product/fulfilment/toggle',
  summary: 'Toggle fulfilment by the provider for a product',
  body: FulfilmentToggleBodySchema,
  response: ProductCardSchema,
  tags: ['products'],
});

/**
 * A per-product settings call of spec 3 §7 'Settings': sets one field of the product and answers the whole card.
 * 404 for a product of another organisation; 400 for an unknown shipment method or box.
 */
function setting<B extends z.ZodType>(path: string, summary: string, body: B) {
  return defineEndpoint({
    method: 'POST',
    path,
    summary,
    body,
    response: ProductCardSchema,
    problems: ['unknown_shipment_method', 'unknown_shipment_box'],
    tags: ['products'],
  });
}

/** `POST /product/assign_shipping {product_id, shipment_method_id}`: the default shipment method (null clears it). */
export const assignShippingEndpoint = setting(
  '/product/assign_shipping',
  "Set a product's default shipment method",
  AssignShippingBodySchema,
);
/** `POST /product/assign_box {product_id, box_id}`: the default box (packaging; null clears it). */
export const assignBoxEndpoint = setting(
  '/product/assign_box',
  "Set a product's default shipment box",
  AssignBoxBodySchema,
);
/** `POST /product/track_trace_email {product_id, track_trace_email}`: whether the customer gets the T&T e-mail. */
export const trackTraceEmailEndpoint = setting(
  '/product/track_trace_email',
  'Switch the track-and-trace e-mail for a product',
  TrackTraceEmailBodySchema,
);
/** `POST /product/share_track_trace {product_id, share_track_trace}`: whether T&T is shared with the sales platform. */
export const shareTrackTraceEndpoint = setting(
  '/product/share_track_trace',
  'Switch sharing track and trace with the sales platform for a product',
  ShareTrackTraceBodySchema,
);
/** `POST /product/sync_stock {product_id, stock_sync}`: whether stock is sent to the sales platform. */
export const syncStockEndpoint = setting(
  '/product/sync_stock',
  'Switch stock synchronisation for a product',
  SyncStockBodySchema,
);
/** `POST /product/fake_stock {product_id, fake_stock}`: whether the platform is told a stock while there is none. */
export const fakeStockEndpoint = setting(
  '/product/fake_stock',
  'Switch fake stock for a product',
  FakeStockBodySchema,
);
/** `POST /product/note {product_id, note}`: the merchant's own note on the product. */
export const productNoteEndpoint = setting('/product/note', "Set a product's note", ProductNoteBodySchema);
/** `POST /product/pick_note {product_id, pick_note}`: shown to the picker on the product's pick list item. */
export const pickNoteEndpoint = setting(
  '/product/pick_note',
  "Set a product's pick note",
  PickNoteBodySchema,
);
/** `POST /product/pack_note {product_id, pack_note}`: shown to the packer when the product is scanned. */
export const packNoteEndpoint = setting(
  '/product/pack_note',
  "Set a product's pack note",
  PackNoteBodySchema,
);
/** `POST /product/set_lead_time {product_id, lead_time_days}`: 0–365 days or null. */
export const leadTimeEndpoint = setting(
  '/product/set_lead_time',
  "Set a product's lead time in days",
  LeadTimeBodySchema,
);
/** `POST /product/set_ship_time {product_id, ship_time_days}`: 0–365 days or null. */
export const shipTimeEndpoint = setting(
  '/product/set_ship_time',
  "Set a product's ship time in days",
  ShipTimeBodySchema,
);
/** `POST /product/confirm_as {product_id, confirm_as}` (our path): how the marketplace is told it was sent. */
export const confirmAsEndpoint = setting(
  '/product/confirm_as',
  "Set how a product's shipments are confirmed to the marketplace",
  ConfirmAsBodySchema,
);

/**
 * `POST /product/stock/min/:product_id {value}` (spec 3 §7): the stock below which the product is to be reordered;
 * null clears it. 400 `out_of_range` above the product's maximum stock.
 */
export const stockMinEndpoint = defineEndpoint({
  method: 'POST',
  path: '/product/stock/min/:product_id',
  summary: "Set a product's minimum stock",
  params: byProductId,
  body: StockLimitBodySchema,
  response: ProductCardSchema,
  tags: ['products'],
});
/**
 * `POST /product/stock/max/:product_id {value}` (spec 3 §7): the most stock the product should have; null clears it.
 * 400 `out_of_range` below the product's minimum stock.
 */
export const stockMaxEndpoint = defineEndpoint({
  method: 'POST',
  path: '/product/stock/max/:product_id',
  summary: "Set a product's maximum stock",
  params: byProductId,
  body: StockLimitBodySchema,
  response: ProductCardSchema,
  tags: ['products'],
});

/** `POST /product/customs/:id {hs, value, weight_kg}` (spec 3 §7; Customs panel): HS code, value (€), weight (kg). */
export const customsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/product/customs/:id',
  summary: "Set a product's customs data",
  params: byId,
  body: CustomsBodySchema,
  response: ProductCardSchema,
  tags: ['products'],
});

/**
 * `GET /product/link/:p1/:p2` (spec 3 §7 Relations; a state-changing GET, so the app header is required): links p2
 * as a child of p1 (both of one organisation). 400 to link a product to itself or under its own child; answers p1's
 * card.
 */
export const productLinkEndpoint = defineEndpoint({
  method: 'GET',
  path: '/product/link/:p1/:p2',
  summary: 'Link a child product under a parent product',
  params: z.object({ p1: IdSchema, p2: IdSchema }),
  response: ProductCardSchema,
  changesState: true,
  tags: ['products'],
});

/** `GET /product/unlink/:parent/:child` (spec 3 §7 Relations; state-changing GET): answers the parent's card. */
export const productUnlinkEndpoint = defineEndpoint({
  method: 'GET',
  path: '/product/unlink/:parent/:child',
  summary: 'Unlink a child product from its parent',
  params: z.object({ parent: IdSchema, child: IdSchema }),
  response: ProductCardSchema,
  changesState: true,
  tags: ['products'],
});

/**
 * `POST /product/upload_image/:id` (our path; spec 3 §2 the card's image): the body is the image itself (JPEG, PNG or
 * WebP by its bytes, at most 5 MB); it becomes the product's first image. 400 with the spec's messages otherwise.
 */
export const productImageUploadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/product/upload_image/:id',
  summary: 'Upload a product image (it becomes the first one)',
  params: byId,
  body: ImageBodySchema,
  imageBody: true,
  bodyLimit: IMAGE_MAX_BYTES + 1024,
  response: ProductImageUploadSchema,
  status: 201,
  problems: ['file_too_large'],
  tags: ['products'],
});

/** `GET /surcharges` (spec 3 §7 Admin): the active surcharges by name, paged; what the card's selector offers. */
export const surchargesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/surcharges',
  summary: 'The active surcharges',
  query: SurchargeListQuerySchema,
  response: SurchargeListSchema,
  tags: ['products'],
});

/**
 * `POST /surcharges/select {product_id, surcharge_ids}` (spec 3 §7 Admin; payload not shown; ADR 0048): the surcharges
 * that apply to a product, replacing the previous set; 400 for an unknown or inactive surcharge. Answers the card.
 */
export const surchargeSelectEndpoint = defineEndpoint({
  method: 'POST',
  path: '/surcharges/select',
  summary: 'Choose the surcharges that apply to a product',
  body: SurchargeSelectBodySchema,
  response: ProductCardSchema,
  tags: ['products'],
});

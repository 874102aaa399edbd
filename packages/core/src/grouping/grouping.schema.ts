import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';

/** Grouping capacities the floor offers (spec 2 §9: 10, 20 or 30 products per cart page). */
export const GROUPING_CAPACITIES = [10, 20, 30] as const;

/**
 * `POST /available-pick-carts {skip, location}` (spec 2 §7 Pick and grouping): `skip` counts pick locations,
 * `location` narrows to one pick location (null: all), `capacity` caps the products per location (spec 2 §9).
 */
export const AvailablePickCartsBodySchema = z.object({
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  location: IdSchema.nullable().default(null),
  capacity: z.union([z.literal(10), z.literal(20), z.literal(30)]).default(10),
});
/** The body of `POST /available-pick-carts`. */
export type AvailablePickCartsBody = z.input<typeof AvailablePickCartsBodySchema>;

/** One picked order line waiting on its pick location (spec 2 §3 Group item `products`: quantity, ean, product_id). */
export const GroupProductSchema = z.object({
  _id: IdSchema,
  order_id: IdSchema,
  order_number: z.string(),
  product_id: IdSchema,
  ean: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  /** Where the order's other lines were grouped already (spec 1 §4 'picked grouped'); only it is accepted. */
  pick_group_location: z.object({ id: IdSchema, name: z.string() }).nullable(),
});
/** One product line of a {@link GroupItem}. */
export type GroupProduct = z.infer<typeof GroupProductSchema>;

/** A group item (spec 2 §3): a pick location with the picked, not yet grouped lines on it. */
export const GroupItemSchema = z.object({
  location_id: IdSchema,
  location_name: z.string(),
  parent_name: z.string().nullable(),
  products: z.array(GroupProductSchema),
  /** Lines on this location beyond `capacity` (they come once these are moved). */
  more: z.number().int(),
});
/** A group item (spec 2 §3 Group item). */
export type GroupItem = z.infer<typeof GroupItemSchema>;

/** The answer of `POST /available-pick-carts`: one page of pick locations (`skip`, `limit`, `total` locations). */
export const AvailablePickCartsSchema = z.object({
  items: z.array(GroupItemSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
/** The answer of `POST /available-pick-carts`. */
export type AvailablePickCarts = z.infer<typeof AvailablePickCartsSchema>;

/** An order with lines picked from a location (spec 1 §3 Orders by location: has_grouped_products, pick_group_location). */
export const OrderByLocationSchema = z.object({
  _id: IdSchema,
  order_number: z.string(),
  lines: z.number().int(),
  has_grouped_products: z.boolean(),
  pick_group_location: z.object({ id: IdSchema, name: z.string() }).nullable(),
});
/** Orders by location (spec 1 §3). */
export type OrderByLocation = z.infer<typeof OrderByLocationSchema>;

/** Set-destination payload (spec 2 §3): the line `_id` of order `orderId` goes from its pick location to a group location. */
export const SetDestinationBodySchema = z.object({
  _id: IdSchema,
  orderId: IdSchema,
  sourceLocationId: IdSchema,
  productEan: z.string().min(1).max(64),
  destinationLocationId: IdSchema,
  quantity: z.number().int().min(1).max(100_000),
  product_id: IdSchema,
});
/** The set-destination payload (spec 2 §3). */
export type SetDestinationBody = z.infer<typeof SetDestinationBodySchema>;

/** The answer of `POST /process-product-scan`: where the order is grouped now and whether all of it is there. */
export const SetDestinationResultSchema = z.object({
  order_id: IdSchema,
  pick_group_location: z.object({ id: IdSchema, name: z.string() }),
  has_grouped_products: z.literal(true),
  /** Every line of the order is in this one location: the order is 'picked grouped' (spec 1 §4). */
  picked_grouped: z.boolean(),
});
/** The answer of `POST /process-product-scan`. */
export type SetDestinationResult = z.infer<typeof SetDestinationResultSchema>;

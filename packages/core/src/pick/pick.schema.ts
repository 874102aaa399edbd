import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { reasonParams } from '../common/reason.ts';
import { boundedDateTime, boundedText, codeText, searchText } from '../common/text.ts';
import { SHELF_PROBLEMS } from '../stock/location.schema.ts';
import { PICK_CLAIM_SECONDS, PICK_ITEM_MAX_ORDERS, PICK_ORDERS_MAX_ITEMS } from './pick.limits.ts';

export { PICK_CLAIM_SECONDS, PICK_ITEM_MAX_ORDERS, PICK_ORDERS_MAX_ITEMS };

/**
 * A boolean query flag as the apps send it (`true`/`false`, also `1`/`0`); `request()` stringifies
 * booleans, so both the typed value and its string form are accepted.
 */
const QueryFlagSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * A date-time path or query parameter: ISO 8601 (`2026-03-02T00:00:00.000Z`) or a plain date, in the years
 * 2000–2100 (issue 7: year 0000 or ±275760 used to pass and crash the lists).
 */
export const DateTimeParamSchema = boundedDateTime('Date');

/** A comma list of 24-hex ids, or `all` for no filter (spec 2 §7 `{locations}` and `{orgs}`). */
export const IdListParamSchema = z
  .string()
  .min(1)
  .refine((s) => s === 'all' || s.split(',').every((p) => /^[0-9a-f]{24}$/.test(p.trim())), {
    message: "Expected 'all' or a comma list of 24-character hex ids",
    params: reasonParams('format_invalid', { format: 'id_list' }),
  });

/**
 * What the pick list holds (spec 2 §7 `{query_type}`): `all` every open, not fully picked line;
 * `located` only lines that have a pick location; `unlocated` only lines whose product has no pick
 * location yet (the picker links one with `POST /pick_list`).
 */
export const PickQueryTypeSchema = z.enum(['all', 'located', 'unlocated']);
export type PickQueryType = z.infer<typeof PickQueryTypeSchema>;

/** Path parameters of `GET /pick_list/pick/:locations/:query_type/:start/:end/:orgs` (spec 2 §7). */
export const PickListParamsSchema = z.object({
  /** Location ids (a hall or rack also selects every bin under it) or `all`. */
  locations: IdListParamSchema,
  query_type: PickQueryTypeSchema,
  /** Orders placed from this moment (inclusive). */
  start: DateTimeParamSchema,
  /** Orders placed up to this moment (inclusive). */
  end: DateTimeParamSchema,
  /** Organisation ids or `all` (always narrowed to the organisations the user may see). */
  orgs: IdListParamSchema,
});
export type PickListParams = z.infer<typeof PickListParamsSchema>;

/** Largest page of the pick list; the floor app pages through with skip until `total` is reached. */
export const PICK_LIST_MAX_LIMIT = 2000;

/**
 * Query of the pick list (spec 2 §2 Pick screen, §7): `skip`/`limit` page over pick items,
 * `delivery` is a comma list of shipment method codes (or `all`), `sequence=reverse` walks the route
 * backwards, `single_orders`/`multi_orders` keep only orders with one line or with several (they
 * exclude each other: both set is a 400), `order_id` keeps one order (shop order number or 24-hex id),
 * `location_group` keeps the pick locations of one zone (`GET /location/groups`) and `cut_off_group` the orders of
 * one cut-off group's shipment methods (`GET /cut_off_groups`); with `locations` or `delivery` as well, both apply.
 */
export const PickListQuerySchema = z
  .object({
    skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(PICK_LIST_MAX_LIMIT).default(PICK_LIST_MAX_LIMIT),
    delivery: searchText('Delivery').optional(),
    sequence: z.enum(['normal', 'reverse']).default('normal'),
    single_orders: QueryFlagSchema,
    multi_orders: QueryFlagSchema,
    order_id: codeText('Order number').optional(),
    location_group: IdSchema.optional(),
    cut_off_group: IdSchema.optional(),
  })
  .refine((q) => !(q.single_orders && q.multi_orders), {
    message: 'single_orders and multi_orders exclude each other',
    path: ['single_orders'],
    params: reasonParams('excludes', { other: 'multi_orders' }),
  });
export type PickListQuery = z.infer<typeof PickListQuerySchema>;

/** One order line behind a pick item. */
export const PickItemOrderSchema = z.object({
  order_line_id: IdSchema,
  /** The order's internal id (24 hex). */
  order_id: IdSchema,
  /** The shop's own order number (spec 1 §3 orderId). */
  shop_order_id: z.string(),
  /** Still to pick on this line (quantity − picked_quantity). */
  qty: z.number().int(),
});
export type PickItemOrder = z.infer<typeof PickItemOrderSchema>;

/**
 * At most this many of a round's orders travel with a pick item in the list, in pick order (oldest first); the card
 * shows the first and counts the others. The rest of the round (`round_orders`, at most {@link PICK_ITEM_MAX_ORDERS})
 * comes from `GET /pick_list/orders/…` ({@link PickItemOrdersResponseSchema}), which the floor calls for its work
 * window after the list (issue 8: a page of the list stays small whatever the backlog).
 */
export const PICK_ITEM_LIST_ORDERS = 3;

/** Most other locations of the product a pick item carries (where the picker goes when this one is empty). */
export const PICK_ITEM_MAX_ALTERNATIVES = 5;

/** Another active location of the item's product with stock, in the product's order (spec 2 §2 Pick sub-menu). */
export const PickAlternativeSchema = z.object({
  loc_id: IdSchema,
  rack: z.string(),
  rack_parent: z.string().nullable(),
  stock: z.number().int(),
});
export type PickAlternative = z.infer<typeof PickAlternativeSchema>;

/**
 * A pick list item (spec 2 §3): one product on one pick location with what is still to pick there for the
 * oldest open orders (at most {@link PICK_ITEM_MAX_ORDERS}). `qty` is what those listed orders need, so a picker
 * confirms exactly them; `more_orders`/`more_qty` say what waits behind them in the same window (0 when all are
 * listed): the next download lists them. `id` (`<product id>:<location id or 'none'>`) is stable across downloads,
 * for the floor app's IndexedDB. `product__stock` is the stock on this pick location (what the picker finds at the
 * rack); `loc_number` the location's walking sequence.
 */
export const PickItemSchema = z.object({
  id: z.string(),
  product__id: IdSchema,
  product__name: z.string(),
  product__stock: z.number().int(),
  product__note: z.string().nullable(),
  pick_note: z.string().nullable(),
  needs_recount: z.boolean(),
  /**
   * The product is a bundle (it has parts; an order line made before it got them): its stock is what its parts make,
   * so its recount is of the parts (`POST /correct_stock/` refuses a bundle). Sent only when true.
   */
  is_bundle: z.boolean().optional(),
  /**
   * An open shelf report on this location (spec 2 §2 Pick screen sub-menu, `POST /pick_list/problem`): the kind of the
   * latest 'product not present' or 'insufficient quantity' report of the product here that no count of the location
   * has answered yet. The list sends such lines to another location of the product with stock; an item still on a
   * reported location had none, and the floor shows the report on its card ('Gemeld: niet aanwezig'). Sent only when
   * there is one; a `count` or `correction` of the product on the location closes it.
   */
  shelf_problem: z.enum(SHELF_PROBLEMS).optional(),
  /** Location name (the rack-location label text); '' when the product has no pick location. */
  rack: z.string(),
  /** Name of the parent location (rack or hall), null at the top. */
  rack_parent: z.string().nullable(),
  loc_number: z.number().int(),
  loc_id: IdSchema.nullable(),
  prod__loc_id: IdSchema.nullable(),
  /** Still to pick for this round's orders (its `round_orders` oldest order lines; the sum of their `qty`). */
  qty: z.number().int(),
  /**
   * Order lines in this round (at most PICK_ITEM_MAX_ORDERS), of which `orders` lists the first PICK_ITEM_LIST_ORDERS;
   * the others come from `GET /pick_list/orders/…`. Absent in lists stored before it existed (then `orders` is the
   * whole round).
   */
  round_orders: z.number().int().min(0).optional(),
  /** Order lines behind this item beyond the round (PICK_ITEM_MAX_ORDERS), and their pieces: a later round. */
  more_orders: z.number().int().min(0),
  more_qty: z.number().int().min(0),
  ean: z.string(),
  image: z.string().nullable(),
  org_id: IdSchema,
  org_name: z.string(),
  /** Shop order number of the first (oldest) order. */
  order_id: z.string(),
  /** The round's first order lines in pick order (oldest first): all of them when `round_orders` ≤ PICK_ITEM_LIST_ORDERS. */
  orders: z.array(PickItemOrderSchema),
  /**
   * The product's other active locations with stock (at most {@link PICK_ITEM_MAX_ALTERNATIVES}, in its order), so the
   * floor can send the picker on when this one is empty, offline too. Absent in lists stored before it existed.
   */
  other_locations: z.array(PickAlternativeSchema).default([]),
});
export type PickItem = z.infer<typeof PickItemSchema>;

/** Answer of the pick list: one page of items and the number of items in the whole list. */
export const PickListResponseSchema = z.object({
  items: z.array(PickItemSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type PickListResponse = z.infer<typeof PickListResponseSchema>;

/** One pick: `quantity` pieces of an order line taken from `location_id`. */
export const PickConfirmLineSchema = z.object({
  order_line_id: IdSchema,
  quantity: z.number().int().min(1).max(100_000),
  location_id: IdSchema,
  /** The raw scan that validated the pick (EAN or location id), kept in the stock ledger. */
  scanned: boundedText('Scanned code', 200).default(''),
});
export type PickConfirmLine = z.infer<typeof PickConfirmLineSchema>;

/**
 * Body of `POST /pick_list/confirm`: one pick, or `{ picks: [...] }` applied all-or-nothing (one
 * conflicting line rejects the batch). The floor app sends one request per order line, so a cancelled
 * order never blocks the picks of the other orders of a pick item. Header `Idempotency-Key` required.
 */
export const PickConfirmBodySchema = z.union([
  PickConfirmLineSchema,
  z.object({ picks: z.array(PickConfirmLineSchema).min(1).max(200) }),
]);
export type PickConfirmBody = z.infer<typeof PickConfirmBodySchema>;

/** Answer of a pick confirm: the state of each touched line and pick location after the change. */
export const PickConfirmResponseSchema = z.object({
  ok: z.literal(true),
  lines: z.array(
    z.object({
      order_line_id: IdSchema,
      order_id: IdSchema,
      quantity: z.number().int(),
      picked_quantity: z.number().int(),
      /** The line is fully picked. */
      picked: z.boolean(),
    }),
  ),
  stock: z.array(
    z.object({
      product_id: IdSchema,
      location_id: IdSchema,
      stock: z.number().int(),
      /** Set when the pick drove the location below zero: the product must be recounted. */
      needs_recount: z.boolean(),
    }),
  ),
});
export type PickConfirmResponse = z.infer<typeof PickConfirmResponseSchema>;

/** Problem codes of a rejected pick (409; terminal for the floor outbox, never retried). */
export const PICK_CONFLICT_CODES = [
  'order_shipped',
  'order_cancelled',
  'cancellation_requested',
  'over_pick',
] as const;
export type PickConflictCode = (typeof PICK_CONFLICT_CODES)[number];

/**
 * Body of `POST /pick_list` (spec 2 §4 Pick flow, §7: link a pick location): after the product is scanned, the
 * location scanned next becomes the pick location of the product's open lines in `order_ids` (those not fully
 * picked), and the product is put on it when it was not (an `assign` ledger row of 0). `quantity` is what the picker
 * is about to take there (checked against what those lines still need).
 */
export const PickLinkBodySchema = z.object({
  link_location: IdSchema,
  order_ids: z.array(IdSchema).min(1).max(200),
  product_id: IdSchema,
  quantity: z.number().int().min(1).max(100_000),
});
export type PickLinkBody = z.infer<typeof PickLinkBodySchema>;

/** Answer of `POST /pick_list`: the lines now picked from the location, and its name. */
export const PickLinkResultSchema = z.object({
  location: z.object({ id: IdSchema, name: z.string() }),
  order_line_ids: z.array(IdSchema),
});
export type PickLinkResult = z.infer<typeof PickLinkResultSchema>;

/** What a picker reports at the shelf (spec 2 §2 Pick screen sub-menu). */
export const PICK_PROBLEMS = [...SHELF_PROBLEMS, 'low_stock'] as const;
export const PickProblemKindSchema = z.enum(PICK_PROBLEMS);
export type PickProblemKind = z.infer<typeof PickProblemKindSchema>;

/**
 * Body of `POST /pick_list/problem` (spec 2 §2 sub-menu 'product not present at location', 'insufficient quantity at
 * location', 'low stock'; our path, the spec shows none): what the picker saw on `location_id` (`seen`: the pieces
 * found, when counted). Records it and raises the product's recount flag.
 */
export const PickProblemBodySchema = z.object({
  product_id: IdSchema,
  location_id: IdSchema,
  kind: PickProblemKindSchema,
  seen: z.number().int().min(0).max(1_000_000).optional(),
});
export type PickProblemBody = z.infer<typeof PickProblemBodySchema>;

/** Answer of `POST /pick_list/problem`: the record and the product's flag after it. */
export const PickProblemResultSchema = z.object({
  id: IdSchema,
  product_id: IdSchema,
  needs_recount: z.literal(true),
});

/** One organisation for the pick screen's filter: with the open lines still to pick of it. */
export const PickOrgSchema = z.object({ id: IdSchema, name: z.string(), open_lines: z.number().int() });
/** Answer of `GET /pick_list/organisations` (spec 2 §7 'organisations list (pick filter)'), by name. */
export const PickOrgListSchema = z.object({ items: z.array(PickOrgSchema) });

/** A pick item's id as the list gives it: `<product id>:<location id or 'none'>`. */
export const PickItemIdSchema = z
  .string()
  .regex(/^[0-9a-f]{24}:([0-9a-f]{24}|none)$/, 'Expected <product id>:<location id or none>');

/** Body of `POST /pick_list/claim` (issue 11; our path): the item the picker is walking to. */
export const PickClaimBodySchema = z.object({ item_id: PickItemIdSchema });

/** Answer of a claim: the item is this picker's until `expires_at` (ISO 8601). */
export const PickClaimResultSchema = z.object({ item_id: z.string(), expires_at: z.string() });

/** A comma list of 1 to {@link PICK_ORDERS_MAX_ITEMS} pick item ids (`<product id>:<location id or none>`). */
export const PickItemIdListSchema = z
  .string()
  .min(1)
  .max(PICK_ORDERS_MAX_ITEMS * 50)
  .refine(
    (s) => {
      const ids = s.split(',');
      return ids.length <= PICK_ORDERS_MAX_ITEMS && ids.every((id) => PickItemIdSchema.safeParse(id).success);
    },
    {
      message: `Expected a comma list of 1 to ${PICK_ORDERS_MAX_ITEMS} pick item ids <product id>:<location id or none>`,
      params: reasonParams('format_invalid', { format: 'pick_item' }),
    },
  );

/** Path parameters of `GET /pick_list/orders/:start/:end/:orgs` (issue 8; our path): the pick list's window. */
export const PickItemOrdersParamsSchema = z.object({
  start: DateTimeParamSchema,
  end: DateTimeParamSchema,
  orgs: IdListParamSchema,
});
export type PickItemOrdersParams = z.infer<typeof PickItemOrdersParamsSchema>;

/** Largest page of one item's orders. */
export const PICK_ORDERS_MAX_LIMIT = 200;

/**
 * Query of `GET /pick_list/orders/…`: `items` (1 to {@link PICK_ORDERS_MAX_ITEMS} item ids of the list), the pick
 * list's order filters (same meaning, so an item's orders are the ones the list counted) and `skip`/`limit` over each
 * item's order lines in pick order (oldest first; the default page is one round, {@link PICK_ITEM_MAX_ORDERS}).
 */
export const PickItemOrdersQuerySchema = z
  .object({
    items: PickItemIdListSchema,
    skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(PICK_ORDERS_MAX_LIMIT).default(PICK_ITEM_MAX_ORDERS),
    delivery: searchText('Delivery').optional(),
    single_orders: QueryFlagSchema,
    multi_orders: QueryFlagSchema,
    order_id: codeText('Order number').optional(),
    cut_off_group: IdSchema.optional(),
  })
  .refine((q) => !(q.single_orders && q.multi_orders), {
    message: 'single_orders and multi_orders exclude each other',
    path: ['single_orders'],
    params: reasonParams('excludes', { other: 'multi_orders' }),
  });
export type PickItemOrdersQuery = z.infer<typeof PickItemOrdersQuerySchema>;

/** One item's page of order lines: `total` is every line of the item in the window (counted up to 10,000). */
export const PickItemOrdersEntrySchema = z.object({
  id: z.string(),
  orders: z.array(PickItemOrderSchema),
  total: z.number().int(),
});

/** Answer of `GET /pick_list/orders/…`: per asked item (in the asked order) its page of order lines. */
export const PickItemOrdersResponseSchema = z.object({
  items: z.array(PickItemOrdersEntrySchema),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type PickItemOrdersResponse = z.infer<typeof PickItemOrdersResponseSchema>;

import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { reasonParams } from '../common/reason.ts';
import { boundedText, codeText, freeText } from '../common/text.ts';
import { pageOf, pageQuery } from '../http/page.ts';

/** Location types (spec 2 §3 Location types, spec 3 §3 Location: the invoice also knows 1/3pallet). */
export const LOCATION_TYPES = [
  'half-box',
  'rack-box',
  'warehousing',
  '1/2pallet',
  '1/3pallet',
  'pallet',
] as const;
export const LocationTypeSchema = z.enum(LOCATION_TYPES);
export type LocationType = z.infer<typeof LocationTypeSchema>;

/** Levels of the warehouse map: a hall holds racks, a rack holds bins (the places stock lies on). */
export const LocationLevelSchema = z.enum(['hall', 'rack', 'bin']);
export type LocationLevel = z.infer<typeof LocationLevelSchema>;

/**
 * The state of a location in the admin map (spec 3 §2 Admin: locations): `free` holds no stock, `used` holds stock,
 * `error` has one of {@link LocationProblemSchema}'s problems.
 */
export const LocationStatusSchema = z.enum(['free', 'used', 'error']);
export type LocationStatus = z.infer<typeof LocationStatusSchema>;

/**
 * Why a location is in error (issue 9): stock below zero, stock on an inactive location, more than one product with
 * stock on it (spec 3 §2), or a product whose stock there differs from the sum of its ledger rows.
 */
export const LocationProblemSchema = z.enum([
  'negative_stock',
  'inactive_with_stock',
  'several_products',
  'ledger_mismatch',
]);
export type LocationProblem = z.infer<typeof LocationProblemSchema>;

/** A location's name as printed on its label and scanned or typed (`A-01-03`): 1 to 64 characters. */
export const locationName = (label = 'Location name') => codeText(label, 1);

/**
 * One location of the warehouse map with what lies on it, over the caller's organisations: `children` counts its
 * sub-locations, `products` the products linked to it, `stock` their pieces; `status` and `problems` as in
 * {@link LocationStatusSchema}. `sequence` is the walking order the pick list follows.
 */
export const LocationNodeSchema = z.object({
  id: IdSchema,
  name: z.string(),
  level: LocationLevelSchema,
  type: LocationTypeSchema.nullable(),
  sequence: z.number().int(),
  active: z.boolean(),
  /**
   * A quarantine location (issue 12): returned goods wait there and are never picked, so check-in puts no stock on it
   * (409 `location_quarantine`). Absent in answers stored before the API sent it: read as false.
   */
  quarantine: z.boolean().optional(),
  parent_id: IdSchema.nullable(),
  group: z.object({ id: IdSchema, name: z.string() }).nullable(),
  children: z.number().int(),
  /**
   * The bins a label run of it prints (`POST /location/labels/:id`): a bin 1 (itself), a rack its bins, a hall its
   * racks' bins. 0: the run is refused (400 `no_bins`), so the map offers none (ADR 0136). Absent from older
   * servers: unknown, the map offers the run.
   */
  bins: z.number().int().optional(),
  products: z.number().int(),
  stock: z.number().int(),
  status: LocationStatusSchema,
  problems: z.array(LocationProblemSchema),
});
export type LocationNode = z.infer<typeof LocationNodeSchema>;

/** Paging of `GET /locations/:parent`: up to 1,000 per page, 500 by default. */
export const LocationChildrenQuerySchema = pageQuery(500);

/**
 * Query of `GET /locations/null`: paging as {@link LocationChildrenQuerySchema}, and `search` (1 to 64 characters),
 * which finds locations at every level whose name contains it, any case, instead of listing the halls (issue 9: the
 * map's search); the location named exactly so (trimmed, any case) comes first (the floor's check-in looks a typed
 * name up with `limit=1`).
 */
export const LocationListQuerySchema = LocationChildrenQuerySchema.extend({
  search: codeText('Search').optional(),
});

/**
 * Answer of `GET /locations/null` (the halls) and `GET /locations/:parent` (a location's children), in walking
 * order (sequence, then name): one page of the paging envelope, with the parent (null for the halls) and its own
 * parent's id (to go up).
 */
export const LocationListSchema = pageOf(LocationNodeSchema, {
  parent: z
    .object({
      id: IdSchema,
      name: z.string(),
      level: LocationLevelSchema,
      parent_id: IdSchema.nullable(),
      /** The parent's ancestors from the hall down (empty for a hall), for the breadcrumb. */
      path: z.array(z.object({ id: IdSchema, name: z.string() })),
      /** Whether the parent is a quarantine location (issue 12); absent from older servers: read as false. */
      quarantine: z.boolean().optional(),
      /** The bins a label run of the parent prints, as {@link LocationNodeSchema}'s `bins`; absent: unknown. */
      bins: z.number().int().optional(),
    })
    .nullable(),
});
export type LocationList = z.infer<typeof LocationListSchema>;

/** `null` (a hall at the top of the map) or the 24-hex id of the parent location. */
export const ParentParamSchema = z.union([z.literal('null'), IdSchema]);

/**
 * Query of `GET /locations/add/:name/:id`: the new location's type (bins; default half-box for a bin, none above)
 * and walking sequence (default: after its last sibling).
 */
export const LocationAddQuerySchema = z.object({
  type: LocationTypeSchema.optional(),
  sequence: z.coerce.number().int().min(0).max(10_000_000).optional(),
});

/** Most bins `POST /locations/bulk` creates in one call. */
export const LOCATION_BULK_MAX = 500;

/**
 * Body of `POST /locations/bulk` (issue 9: a rack's bins at once): bins `{prefix}-{n}` for n from `from` to `to`,
 * numbered with at least `digits` digits (`A-01-01` … `A-01-40`), under the rack `parent_id`; `prefix` defaults to
 * the rack's name. At most {@link LOCATION_BULK_MAX}.
 */
export const LocationBulkBodySchema = z
  .object({
    parent_id: IdSchema,
    prefix: locationName('Prefix').optional(),
    from: z.number().int().min(0).max(99_999),
    to: z.number().int().min(0).max(99_999),
    digits: z.number().int().min(1).max(5).default(2),
    type: LocationTypeSchema.default('half-box'),
  })
  .refine((b) => b.to >= b.from, {
    message: 'to must not be below from',
    path: ['to'],
    params: reasonParams('range_reversed', { other: 'from' }),
  })
  .refine((b) => b.to - b.from < LOCATION_BULK_MAX, {
    message: `At most ${LOCATION_BULK_MAX} locations at once`,
    path: ['to'],
    params: reasonParams('too_many_at_once', { limit: LOCATION_BULK_MAX }),
  });
export type LocationBulkBody = z.infer<typeof LocationBulkBodySchema>;

/** Answer of `POST /locations/bulk`: the new bins in walking order. */
export const LocationBulkResultSchema = z.object({ created: z.array(LocationNodeSchema) });

/** Body of `PUT /locations/:id` (issue 9, the location editor): the fields to change. */
export const LocationUpdateBodySchema = z
  .object({
    name: locationName().optional(),
    type: LocationTypeSchema.nullable().optional(),
    sequence: z.number().int().min(0).max(10_000_000).optional(),
    active: z.boolean().optional(),
    group_id: IdSchema.nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Nothing to change',
    params: reasonParams('nothing_to_change'),
  });
export type LocationUpdateBody = z.infer<typeof LocationUpdateBodySchema>;

/**
 * The shelf reports that hold a place until it is counted (spec 2 §2 Pick screen sub-menu, `POST /pick_list/problem`;
 * migration 0464): 'product not present at location' and 'insufficient quantity at location'. While one is open the
 * pick list sends pickers to the product's other locations with stock; a count or correction of the place closes it.
 */
export const SHELF_PROBLEMS = ['not_present', 'insufficient'] as const;
export type ShelfProblemKind = (typeof SHELF_PROBLEMS)[number];

/**
 * A product on a location (spec 2 §3 Product location link: stock, active, toTransfer, quantity): `id` is the link's
 * id (`location_product_id` in the paths), `position` its place in the product's order (the first active location
 * with stock is where it is picked).
 */
export const ProductLocationLinkSchema = z.object({
  id: IdSchema,
  location: z.object({
    id: IdSchema,
    name: z.string(),
    parent_name: z.string().nullable(),
    type: LocationTypeSchema.nullable(),
    active: z.boolean(),
    /**
     * A quarantine location (issue 12): returned goods wait there and are never picked, so check-in puts no stock on it
     * (409 `location_quarantine`). Absent in answers stored before the API sent it: read as false.
     */
    quarantine: z.boolean().optional(),
  }),
  stock: z.number().int(),
  active: z.boolean(),
  to_transfer: z.boolean(),
  transfer_quantity: z.number().int().nullable(),
  position: z.number().int(),
  /**
   * An open shelf report of the product on this location (spec 2 §2 Pick screen sub-menu, `POST /pick_list/problem`;
   * migration 0464): the newest 'not_present' or 'insufficient' report that no count or correction of the place has
   * closed, with when it was made (ISO 8601). While it is open the pick list sends pickers to the product's other
   * locations with stock, so the place waits for a count. Sent only when there is one.
   */
  shelf_problem: z.object({ kind: z.enum(SHELF_PROBLEMS), reported_at: z.string() }).optional(),
});
export type ProductLocationLink = z.infer<typeof ProductLocationLinkSchema>;

/**
 * A product with its locations, the answer of `GET /product/locations/:id` and of every call that changes them:
 * `stock` is the sum over its locations; `needs_recount` the recount flag (spec 2 §4).
 */
export const ProductLocationsSchema = z.object({
  product: z.object({
    id: IdSchema,
    org_id: IdSchema,
    name: z.string(),
    ean: z.string(),
    needs_recount: z.boolean(),
    stock: z.number().int(),
    /** What the returns desk does with a returned piece (spec 3 §2; `POST /product/return_instruction`). */
    return_instruction: z.string().nullable(),
    /**
     * A bundle (it has parts): its stock is what its parts make (migration 0445), so `POST /correct_stock/` refuses
     * it and a count is of its parts. Absent in answers the floor stored before the API sent it (read as not a bundle).
     */
    is_bundle: z.boolean().optional(),
  }),
  locations: z.array(ProductLocationLinkSchema),
});
export type ProductLocations = z.infer<typeof ProductLocationsSchema>;

/** What the scanner read, kept in the ledger row of the change (issue 9: the raw scan when scanned). */
const rawScan = boundedText('Scan', 200).optional();

/** Body of `POST /product/assign_location` (spec 2 §7): the product and the location's name as scanned or typed. */
export const AssignLocationByNameBodySchema = z.object({
  product_id: IdSchema,
  rack_number: locationName('Location'),
  raw_scan: rawScan,
});

/**
 * Body of `POST /locations/assign` (spec 2 §7): put `amount` pieces (0 or more) of the product on the location.
 * `type` `add` (default) adds them to what lies there, `set` makes it the amount there; with `inbound_item_id`
 * the ledger row is a check-in.
 */
export const AssignLocationBodySchema = z.object({
  product_id: IdSchema,
  location_id: IdSchema,
  amount: z.number().int().min(0).max(1_000_000).default(0),
  type: z.enum(['add', 'set']).default('add'),
  inbound_item_id: IdSchema.nullable().optional(),
  raw_scan: rawScan,
});

/** Path of `GET /locations/stock/update/:product_id/:location_product_id/:amount` (spec 2 §7): the new amount. */
export const StockUpdateParamsSchema = z.object({
  product_id: IdSchema,
  location_product_id: IdSchema,
  amount: z.coerce.number().int().min(0).max(1_000_000),
});

/**
 * Query of the stock update: `expected`, the amount the sender saw before its change (the floor app sends it, so a
 * change queued offline does not overwrite a change made meanwhile: 409 `stock_changed`).
 */
export const StockUpdateQuerySchema = z.object({
  expected: z.coerce.number().int().min(-1_000_000).max(1_000_000).optional(),
});

/** Body of `PUT /product/switch_loc_position` (spec 2 §7): swap the places of two of the product's locations. */
export const SwitchLocationBodySchema = z.object({
  product_id: IdSchema,
  id_to_switch: IdSchema,
  id_to_be: IdSchema,
});

/** Path of `DELETE /locations/clear/:location_product_id/:product_id/:location_id` (spec 3 §7). */
export const ClearLocationParamsSchema = z.object({
  location_product_id: IdSchema,
  product_id: IdSchema,
  location_id: IdSchema,
});

/** The popup when a location to take off still holds stock (spec 2 §2 Product location widget, §8). */
export const LOCATION_NOT_EMPTY_TITLE = 'Oeps! deze locatie is nog niet leeg';
export const LOCATION_NOT_EMPTY_TEXT = 'Controleer en verwijder de juiste locatie om verder te gaan';

/** Body of `POST /product/recount/:id` (spec 3 §7 Recount): set or clear the product's recount flag. */
export const RecountBodySchema = z.object({ recount: z.boolean() });
/** Answer of `POST /product/recount/:id`. */
export const RecountResultSchema = z.object({ id: IdSchema, needs_recount: z.boolean() });

/** Languages of the stock correction (spec 2 §7: the stored user language, else the browser's, else en). */
export const CORRECTION_LANGUAGES = ['nl', 'en', 'fr', 'es'] as const;

/**
 * Body of `POST /correct_stock/` (spec 2 §5 Stock correction, §7, §8): the product by organisation and EAN, the
 * counted amount (a whole number, 0 or more) and the reason. Without `location_id` the amount is the product's
 * total and the difference goes to its first location; with it, the amount counted on that location. Clears the
 * recount flag. Messages as spec 2 §8: 'Missing organization ID', 'Missing product EAN', 'Missing current amount'.
 */
export const CorrectStockBodySchema = z.object({
  org_id: z
    .string({ error: 'Missing organization ID' })
    .min(1, 'Missing organization ID')
    .regex(/^[0-9a-f]{24}$/, 'Expected a 24-character lowercase hex id'),
  ean: z.string({ error: 'Missing product EAN' }).trim().min(1, 'Missing product EAN').max(64),
  curr_amount: z.coerce
    .number({ error: 'Missing current amount' })
    .int('The amount must be a whole number')
    .min(0, 'The amount must be 0 or more')
    .max(1_000_000),
  desc: freeText('Reason').pipe(z.string().min(1, 'Reason is required')),
  language: z.enum(CORRECTION_LANGUAGES).default('en'),
  location_id: IdSchema.optional(),
});
export type CorrectStockBody = z.infer<typeof CorrectStockBodySchema>;

/** The text the apps show after a correction (spec 2 §8). */
export const STOCK_CORRECTED = 'Stock corrected successfully';

/** Answer of `POST /correct_stock/`: the message of spec 2 §8 and the product's locations after the correction. */
export const CorrectStockResultSchema = z.object({
  message: z.literal(STOCK_CORRECTED),
  result: ProductLocationsSchema,
});

/**
 * Body of `POST /product/transfer/:id` (spec 2 §7; the widget's transfer: scan the new location): move `quantity`
 * pieces (default: the open transfer's quantity, else everything there) from the link `:id` to the location given
 * by id or by its scanned name. Completes an open transfer of that link.
 */
export const TransferBodySchema = z
  .object({
    location_id: IdSchema.optional(),
    rack_number: locationName('Location').optional(),
    quantity: z.number().int().min(1).max(1_000_000).optional(),
    raw_scan: rawScan,
  })
  .refine((b) => Boolean(b.location_id) !== Boolean(b.rack_number), {
    message: 'Give the new location by location_id or by rack_number (one of them)',
    params: reasonParams('one_of_fields', { other: 'rack_number' }),
    path: ['location_id'],
  });
export type TransferBody = z.infer<typeof TransferBodySchema>;

/**
 * Body of `POST /product/new_transfer/ass` (spec 2 §7): mark `quantity` pieces on the link `location_product_id` to
 * be moved (an open transfer: they stay there until the new location is scanned).
 */
export const NewTransferBodySchema = z.object({
  location_product_id: IdSchema,
  quantity: z.number().int().min(1).max(1_000_000),
});

/** An open transfer (spec 3 §2 Admin: all open transfers; spec 2 §6 Open transfers panel). */
export const OpenTransferSchema = z.object({
  id: IdSchema,
  product: z.object({
    id: IdSchema,
    name: z.string(),
    ean: z.string(),
    org_id: IdSchema,
    org_name: z.string(),
  }),
  location: z.object({ id: IdSchema, name: z.string() }),
  stock: z.number().int(),
  quantity: z.number().int(),
});
export type OpenTransfer = z.infer<typeof OpenTransferSchema>;

/** Answer of `GET /product/transfers/open/:product_id` and `GET /transfers/open/all` (paged, by location name). */
export const OpenTransferListSchema = pageOf(OpenTransferSchema);
export type OpenTransferList = z.infer<typeof OpenTransferListSchema>;
export const OpenTransferQuerySchema = pageQuery(200);

/** A zone of the warehouse (spec 2 §3 Other pick lookups: location groups {name, locations}). */
export const LocationGroupSchema = z.object({
  id: IdSchema,
  name: z.string(),
  locations: z.array(z.object({ id: IdSchema, name: z.string() })),
});
export type LocationGroup = z.infer<typeof LocationGroupSchema>;
/** Answer of `GET /location/groups`: the zones by name, paged. */
export const LocationGroupListSchema = pageOf(LocationGroupSchema);
export const LookupQuerySchema = pageQuery(200);

/** Body of `POST /location/groups` (issue 9; no path in the spec): a new zone and the locations in it. */
export const LocationGroupBodySchema = z.object({
  name: boundedText('Name', 100, { min: 1 }),
  location_ids: z.array(IdSchema).max(5000).default([]),
});

/** A cut-off time `HH:MM` (24 h, Amsterdam time). */
const cutOffTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 15:30');

/** A cut-off group (spec 2 §3: cut_off, methods): orders of these shipment methods leave today until the time. */
export const CutOffGroupSchema = z.object({
  id: IdSchema,
  name: z.string(),
  cut_off: cutOffTime,
  method_codes: z.array(z.string()),
});
export type CutOffGroup = z.infer<typeof CutOffGroupSchema>;
/** Answer of the cut-off groups list: by cut-off time, paged. */
export const CutOffGroupListSchema = pageOf(CutOffGroupSchema);

/** Body of `POST /cut_off_groups` (issue 9; no path in the spec): name, time and shipment method codes. */
export const CutOffGroupBodySchema = z.object({
  name: boundedText('Name', 100, { min: 1 }),
  cut_off: cutOffTime,
  method_codes: z.array(codeText('Shipment method', 1)).max(200).default([]),
});

/** A pick area for the pick screen's location filter (`GET /picking_locations`): a hall or a rack. */
export const PickingLocationSchema = z.object({
  id: IdSchema,
  name: z.string(),
  level: LocationLevelSchema,
  parent_name: z.string().nullable(),
});
/** Answer of `GET /picking_locations`: the active halls and racks in walking order, paged. */
export const PickingLocationListSchema = pageOf(PickingLocationSchema);

/**
 * Answer of `GET /stock/analysis/:org_id/:ean` (spec 3 §2 Product item card: stock analysis; issue 9: expected versus
 * counted, mutations over time): the stock on its locations against the sum of its ledger rows (`difference` 0 when
 * they agree), per location; the ledger per reason; and per Amsterdam day of the last 90 the pieces in, out and the
 * balance at the end of the day.
 */
export const StockAnalysisSchema = z.object({
  product: z.object({ id: IdSchema, name: z.string(), ean: z.string(), needs_recount: z.boolean() }),
  stock: z.number().int(),
  ledger: z.number().int(),
  difference: z.number().int(),
  locations: z.array(
    z.object({
      location: z.object({ id: IdSchema, name: z.string() }),
      stock: z.number().int(),
      ledger: z.number().int(),
    }),
  ),
  reasons: z.array(z.object({ reason: z.string(), quantity: z.number().int(), rows: z.number().int() })),
  days: z.array(
    z.object({ day: z.string(), in: z.number().int(), out: z.number().int(), balance: z.number().int() }),
  ),
});
export type StockAnalysis = z.infer<typeof StockAnalysisSchema>;

/** Label sizes (issue 9): A6 landscape for sheet or large label printers, 62 mm roll labels cut at 100 mm. */
export const LabelFormatSchema = z.enum(['a6', '62mm']);
export type LabelFormat = z.infer<typeof LabelFormatSchema>;

/** Most pages one label call renders (bins under a hall, EAN labels of a delivery). */
export const LABELS_MAX = 2000;

/** Body of `POST /location/labels/:id` (spec 3 §7): the label size (default A6). */
export const LocationLabelsBodySchema = z.object({ format: LabelFormatSchema.default('a6') });

/** Body of `POST /location/label` (spec 3 §7): one location's label. */
export const LocationLabelBodySchema = z.object({
  location_id: IdSchema,
  format: LabelFormatSchema.default('a6'),
});

/** Path of `POST /product/label/:ean/:amount` (spec 3 §7): the EAN and how many labels (1 to 500). */
export const EanLabelParamsSchema = z.object({
  ean: codeText('EAN', 1),
  amount: z.coerce.number().int().min(1).max(500),
});

/** Body of the EAN labels: size, and the organisation when the caller sees several with that EAN. */
export const EanLabelBodySchema = z.object({
  format: LabelFormatSchema.default('a6'),
  org_id: IdSchema.optional(),
});

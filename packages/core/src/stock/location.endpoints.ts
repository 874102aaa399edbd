import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { codeText } from '../common/text.ts';
import { defineEndpoint, PdfResponseSchema } from '../http/endpoint.ts';
import {
  AssignLocationBodySchema,
  AssignLocationByNameBodySchema,
  ClearLocationParamsSchema,
  CorrectStockBodySchema,
  CorrectStockResultSchema,
  CutOffGroupBodySchema,
  CutOffGroupListSchema,
  CutOffGroupSchema,
  EanLabelBodySchema,
  EanLabelParamsSchema,
  LocationAddQuerySchema,
  LocationBulkBodySchema,
  LocationBulkResultSchema,
  LocationChildrenQuerySchema,
  LocationGroupBodySchema,
  LocationGroupListSchema,
  LocationGroupSchema,
  LocationLabelBodySchema,
  LocationLabelsBodySchema,
  LocationListQuerySchema,
  LocationListSchema,
  LocationNodeSchema,
  LocationUpdateBodySchema,
  LookupQuerySchema,
  locationName,
  NewTransferBodySchema,
  OpenTransferListSchema,
  OpenTransferQuerySchema,
  ParentParamSchema,
  PickingLocationListSchema,
  ProductLocationsSchema,
  RecountBodySchema,
  RecountResultSchema,
  StockAnalysisSchema,
  StockUpdateParamsSchema,
  StockUpdateQuerySchema,
  SwitchLocationBodySchema,
  TransferBodySchema,
} from './location.schema.ts';

/**
 * `GET /locations/null` (spec 2 §7, spec 3 §7 Locations): the halls of the warehouse map in walking order, each with
 * its counts and status over the caller's organisations. Paged (`skip`, `limit` ≤ 1,000, default 500).
 */
export const locationRootsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/locations/null',
  summary: 'The top of the warehouse map (halls)',
  query: LocationListQuerySchema,
  response: LocationListSchema,
  tags: ['locations'],
});

/**
 * `GET /locations/:parent` (spec 2 §7, spec 3 §7): the children of a location in walking order, with counts and
 * status (free / used / error). 404 for an unknown parent.
 */
export const locationChildrenEndpoint = defineEndpoint({
  method: 'GET',
  path: '/locations/:parent',
  summary: 'The locations inside a location',
  params: z.object({ parent: IdSchema }),
  query: LocationChildrenQuerySchema,
  response: LocationListSchema,
  tags: ['locations'],
});

/**
 * `GET /locations/add/:name/:id` (spec 2 §7, spec 3 §7; a state-changing GET, so it needs the app header): adds the
 * location `name` under `id` (`null`: a new hall); a hall's child is a rack, a rack's a bin. 409 `location_exists`
 * when the warehouse already has a location of that name (names are unique: they are scanned); 404 for an unknown
 * parent; 400 under a bin.
 */
export const locationAddEndpoint = defineEndpoint({
  method: 'GET',
  path: '/locations/add/:name/:id',
  summary: 'Add a location to the warehouse map',
  params: z.object({ name: locationName(), id: ParentParamSchema }),
  query: LocationAddQuerySchema,
  response: LocationNodeSchema,
  changesState: true,
  problems: ['location_exists'],
  scope: 'provider',
  tags: ['locations'],
});

/**
 * `POST /locations/bulk` (issue 9; the spec shows no path for it): a rack's bins at once, `A-01-01` … `A-01-40`.
 * All or nothing: 409 `location_exists` names the first name already taken.
 */
export const locationBulkEndpoint = defineEndpoint({
  method: 'POST',
  path: '/locations/bulk',
  summary: "Create a rack's bins at once",
  body: LocationBulkBodySchema,
  response: LocationBulkResultSchema,
  status: 201,
  problems: ['location_exists'],
  scope: 'provider',
  tags: ['locations'],
});

/**
 * `PUT /locations/:id` (issue 9, the location editor; the spec shows no path): rename, retype, resequence, activate
 * or deactivate a location, or put it in a location group. 409 `location_exists` for a name already taken.
 */
export const locationUpdateEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/locations/:id',
  summary: 'Change a location',
  params: z.object({ id: IdSchema }),
  body: LocationUpdateBodySchema,
  response: LocationNodeSchema,
  problems: ['location_exists'],
  scope: 'provider',
  tags: ['locations'],
});

/**
 * `GET /product/locations/:id` (spec 2 §7, spec 3 §7): a product's locations in their order, with stock, transfer
 * marks and the recount flag. 404 when the product is not one of the caller's organisations'.
 */
export const productLocationsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/product/locations/:id',
  summary: "A product's locations and stock",
  params: z.object({ id: IdSchema }),
  response: ProductLocationsSchema,
  tags: ['locations'],
});

/**
 * `POST /product/assign_location` (spec 2 §7): put the product on the location named `rack_number` (as scanned or
 * typed, any case), with no pieces yet; nothing changes when it already lies there. 404 for an unknown location
 * name or product. Answers the product's locations. 405 `location_held` when other products (of any shop) lie on
 * the location (spec 2 §4, spec 3 §4: the UI offers to clear them); its `issues` name each one, with `path`
 * `location_products.<link id>.<product id>` for `DELETE /locations/clear/…`. An `Idempotency-Key` makes a resend harmless.
 */
export const assignLocationByNameEndpoint = defineEndpoint({
  method: 'POST',
  path: '/product/assign_location',
  summary: 'Put a product on a location by its name',
  body: AssignLocationByNameBodySchema,
  response: ProductLocationsSchema,
  problems: ['location_inactive', 'location_held', 'location_reserved'],
  tags: ['locations'],
});

/**
 * `POST /locations/assign` (spec 2 §7): put `amount` pieces of the product on the location (adding, or with `type`
 * `set` making it the amount there), writing the ledger. 409 `location_inactive` on an inactive location. 405
 * `location_held` when other products lie on a location the product is not on yet (spec 2 §4: '202 or 405 means other
 * products hold the location (offer to clear)'), with the same issues as `POST /product/assign_location`'s; not for
 * inbound placing (`inbound_item_id`), which follows the item's reserved locations and refuses a quarantine location
 * (409 `location_quarantine`, issue 12).
 */
export const assignLocationEndpoint = defineEndpoint({
  method: 'POST',
  path: '/locations/assign',
  summary: 'Put pieces of a product on a location',
  body: AssignLocationBodySchema,
  response: ProductLocationsSchema,
  problems: [
    'location_inactive',
    'location_held',
    'wrong_location',
    'inbound_item_submitted',
    'location_quarantine',
    'location_reserved',
  ],
  tags: ['locations'],
});

/**
 * `GET /locations/stock/update/:product_id/:location_product_id/:amount` (spec 2 §7; a state-changing GET, so it
 * needs the app header): set the amount on one of the product's locations, writing the difference to the ledger.
 * With `?expected=` a changed amount answers 409 `stock_changed` instead of overwriting it.
 */
export const stockUpdateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/locations/stock/update/:product_id/:location_product_id/:amount',
  summary: 'Set the stock of a product on a location',
  params: StockUpdateParamsSchema,
  query: StockUpdateQuerySchema,
  response: ProductLocationsSchema,
  changesState: true,
  problems: ['stock_changed'],
  tags: ['locations'],
});

/** `PUT /product/switch_loc_position` (spec 2 §7): swap two of the product's locations in its order (drag-reorder). */
export const switchLocationEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/product/switch_loc_position',
  summary: "Reorder a product's locations",
  body: SwitchLocationBodySchema,
  response: ProductLocationsSchema,
  tags: ['locations'],
});

/**
 * `DELETE /locations/clear/:location_product_id/:product_id/:location_id` (spec 3 §7, spec 2 §2): take an empty
 * location off the product. 409 `location_not_empty` (message 'Oeps! deze locatie is nog niet leeg') while it holds
 * stock or is marked for a transfer.
 */
export const clearLocationEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/locations/clear/:location_product_id/:product_id/:location_id',
  summary: 'Take an empty location off a product',
  params: ClearLocationParamsSchema,
  response: ProductLocationsSchema,
  problems: ['location_not_empty'],
  tags: ['locations'],
});

/** `POST /product/recount/:id` (spec 3 §7 Recount, spec 2 §4): set or clear the product's recount flag. */
export const recountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/product/recount/:id',
  summary: "Set or clear a product's recount flag",
  params: z.object({ id: IdSchema }),
  body: RecountBodySchema,
  response: RecountResultSchema,
  tags: ['locations'],
});

/**
 * `POST /correct_stock/` (spec 2 §5, §7, §8; spec 3 §7 Recount): set the counted amount of a product, with a reason,
 * through the ledger, and clear its recount flag. 404 for an unknown product; 400 when it has no location, and for a
 * bundle, whose stock is what its parts make (migration 0445: correct the parts).
 */
export const correctStockEndpoint = defineEndpoint({
  method: 'POST',
  path: '/correct_stock/',
  summary: 'Correct the stock of a product with a reason',
  body: CorrectStockBodySchema,
  response: CorrectStockResultSchema,
  tags: ['locations'],
});

/**
 * `POST /product/transfer/:id` (spec 2 §7): move pieces from the link `:id` to another location (by id or scanned
 * name): two `transfer` ledger rows with one `transfer_id`, −n at the source and +n at the destination, in one
 * transaction; completes the link's open transfer. 400 for the same location or more pieces than lie there; 409
 * `location_inactive` for an inactive destination; 405 `location_held` when other products lie on a destination the
 * product is not on yet (spec 2 §4, spec 3 §2: a bin with several products is in error), with the same body as
 * `POST /product/assign_location` (core `locationHolders` reads the holders for the offer to clear).
 */
export const transferEndpoint = defineEndpoint({
  method: 'POST',
  path: '/product/transfer/:id',
  summary: 'Move stock to another location',
  params: z.object({ id: IdSchema }),
  body: TransferBodySchema,
  response: ProductLocationsSchema,
  problems: ['location_inactive', 'location_held', 'location_reserved'],
  tags: ['locations'],
});

/**
 * `POST /product/new_transfer/ass` (spec 2 §7): open a transfer, marking pieces of a link to be moved. 400 for more
 * than lie there.
 */
export const newTransferEndpoint = defineEndpoint({
  method: 'POST',
  path: '/product/new_transfer/ass',
  summary: 'Mark stock on a location to be moved',
  body: NewTransferBodySchema,
  response: ProductLocationsSchema,
  tags: ['locations'],
});

/** `DELETE /product/transfer/:loc_prod_id` (spec 2 §7, spec 3 §7): cancel the link's open transfer. */
export const cancelTransferEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/product/transfer/:loc_prod_id',
  summary: 'Cancel an open transfer',
  params: z.object({ loc_prod_id: IdSchema }),
  response: ProductLocationsSchema,
  tags: ['locations'],
});

/** `GET /product/transfers/open/:product_id` (spec 2 §7, spec 3 §7): a product's open transfers. */
export const productOpenTransfersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/product/transfers/open/:product_id',
  summary: "A product's open transfers",
  params: z.object({ product_id: IdSchema }),
  query: OpenTransferQuerySchema,
  response: OpenTransferListSchema,
  tags: ['locations'],
});

/** `GET /transfers/open/all` (spec 2 §7, spec 3 §2 Admin: all open transfers): every open transfer, paged. */
export const allOpenTransfersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/transfers/open/all',
  summary: 'All open transfers of the warehouse',
  query: OpenTransferQuerySchema,
  response: OpenTransferListSchema,
  tags: ['locations'],
});

/** `GET /location/groups` (spec 2 §7 pick lookups, spec 3 §7): the zones with their locations, by name. */
export const locationGroupsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/location/groups',
  summary: 'Location groups (zones) with their locations',
  query: LookupQuerySchema,
  response: LocationGroupListSchema,
  tags: ['locations'],
});

/**
 * `POST /location/groups` (issue 9; the spec shows no path): a new zone holding the given locations (taken out of
 * the zone they were in). 409 `group_exists` for a name in use; 404 for an unknown location.
 */
export const locationGroupCreateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/location/groups',
  summary: 'Create a location group (zone)',
  body: LocationGroupBodySchema,
  response: LocationGroupSchema,
  status: 201,
  problems: ['group_exists'],
  scope: 'provider',
  tags: ['locations'],
});

/** Cut-off groups list for the pick filter (spec 2 §7 pick: 'cut-off groups list', path not shown): by time. */
export const cutOffGroupsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/cut_off_groups',
  summary: 'Cut-off groups with their time and shipment methods',
  query: LookupQuerySchema,
  response: CutOffGroupListSchema,
  catalogue: 'cut-off groups list',
  tags: ['locations'],
});

/** `POST /cut_off_groups` (issue 9; no path in the spec): a new cut-off group. 409 `group_exists`. */
export const cutOffGroupCreateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/cut_off_groups',
  summary: 'Create a cut-off group',
  body: CutOffGroupBodySchema,
  response: CutOffGroupSchema,
  status: 201,
  problems: ['group_exists'],
  scope: 'provider',
  tags: ['locations'],
});

/** `GET /picking_locations` (spec 2 §7 pick lookups, spec 3 §7): the halls and racks the pick screen filters on. */
export const pickingLocationsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/picking_locations',
  summary: 'Pick areas (halls and racks) for the pick filter',
  query: LookupQuerySchema,
  response: PickingLocationListSchema,
  tags: ['locations'],
});

/**
 * `GET /stock/analysis/:org_id/:ean` (spec 3 §7 Relations and history; the product card's stock analysis): stock
 * against the ledger per location, the ledger per reason and 90 days of movement. 404 for an unknown product.
 */
export const stockAnalysisEndpoint = defineEndpoint({
  method: 'GET',
  path: '/stock/analysis/:org_id/:ean',
  summary: 'Stock against its ledger, and its movement over 90 days',
  params: z.object({ org_id: IdSchema, ean: codeText('EAN', 1) }),
  response: StockAnalysisSchema,
  tags: ['locations'],
});

/**
 * `POST /location/labels/:id` (spec 2 §7, spec 3 §7; a PDF): a label for every bin under the location (or the bin
 * itself), in walking order, at most LABELS_MAX. 404 for an unknown location; 400 for more bins than that.
 */
export const locationLabelsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/location/labels/:id',
  summary: 'Labels of every bin under a location (PDF)',
  params: z.object({ id: IdSchema }),
  body: LocationLabelsBodySchema,
  response: PdfResponseSchema,
  binary: true,
  tags: ['locations'],
});

/** `POST /location/label` (spec 2 §7, spec 3 §7; a PDF): the label of one location. 404 for an unknown location. */
export const locationLabelEndpoint = defineEndpoint({
  method: 'POST',
  path: '/location/label',
  summary: 'The label of one location (PDF)',
  body: LocationLabelBodySchema,
  response: PdfResponseSchema,
  binary: true,
  tags: ['locations'],
});

/**
 * `POST /product/label/:ean/:amount` (spec 3 §7; a PDF): `amount` EAN labels of the product with that EAN among the
 * caller's organisations (`org_id` picks one when several have it). 404 for an unknown EAN.
 */
export const eanLabelEndpoint = defineEndpoint({
  method: 'POST',
  path: '/product/label/:ean/:amount',
  summary: 'EAN labels of a product (PDF)',
  params: EanLabelParamsSchema,
  body: EanLabelBodySchema,
  response: PdfResponseSchema,
  binary: true,
  tags: ['locations'],
});

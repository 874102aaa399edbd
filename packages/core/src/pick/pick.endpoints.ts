import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  PickClaimBodySchema,
  PickClaimResultSchema,
  PickConfirmBodySchema,
  PickConfirmResponseSchema,
  PickItemIdSchema,
  PickItemOrdersParamsSchema,
  PickItemOrdersQuerySchema,
  PickItemOrdersResponseSchema,
  PickLinkBodySchema,
  PickLinkResultSchema,
  PickListParamsSchema,
  PickListQuerySchema,
  PickListResponseSchema,
  PickOrgListSchema,
  PickProblemBodySchema,
  PickProblemResultSchema,
} from './pick.schema.ts';

/**
 * The pick list (spec 2 §7, §3 Pick list item): open, not fully picked order lines of the visible
 * organisations aggregated per product and pick location, sorted by the location's walking sequence.
 * The floor app downloads every page (skip/limit up to `total`) for offline work.
 */
export const pickListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/pick_list/pick/:locations/:query_type/:start/:end/:orgs',
  summary: 'Pick list: open order lines per product and pick location',
  params: PickListParamsSchema,
  query: PickListQuerySchema,
  response: PickListResponseSchema,
  // A hot read (issue 8): written in the response's shape without checking every value (ADR 0065).
  trustedOutput: true,
  tags: ['pick'],
});

/**
 * The order lines behind pick items (issue 8; our path): per item of `items` (1 to PICK_ORDERS_MAX_ITEMS ids of the
 * list) its open order lines in the same window and order filters as the pick list, in pick order (oldest first), paged
 * by skip/limit per item with the item's total. The list carries only the first PICK_ITEM_LIST_ORDERS of a round; the
 * floor fetches the rest of each round (limit PICK_ITEM_MAX_ORDERS) for its offline work window. An item without open
 * lines answers no orders and total 0. 400 for a bad item id or dates; 404 for an unknown cut-off group.
 */
export const pickItemOrdersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/pick_list/orders/:start/:end/:orgs',
  summary: 'Order lines of pick items, paged per item',
  params: PickItemOrdersParamsSchema,
  query: PickItemOrdersQuerySchema,
  response: PickItemOrdersResponseSchema,
  // A hot read (issue 8): written in the response's shape without checking every value (ADR 0065).
  trustedOutput: true,
  tags: ['pick'],
});

/**
 * Confirms a pick (spec 2 §4 Pick flow): raises picked_quantity, lowers the location's stock and
 * writes the stock ledger in one transaction. Requires the `Idempotency-Key` header (400 without);
 * a replay of a key returns the first answer. 409 problem codes: order_shipped, order_cancelled,
 * over_pick. 404 when the order line is not visible to the user.
 */
export const pickConfirmEndpoint = defineEndpoint({
  method: 'POST',
  path: '/pick_list/confirm',
  summary: 'Confirm a pick (idempotent by Idempotency-Key)',
  body: PickConfirmBodySchema,
  response: PickConfirmResponseSchema,
  problems: [
    'order_shipped',
    'order_cancelled',
    'cancellation_requested',
    'over_pick',
    'conflict',
    'idempotency_key_required',
    'idempotency_key_reused',
  ],
  tags: ['pick'],
});

/**
 * Links a pick location (spec 2 §4 Pick flow, §7 `POST /pick_list`): the scanned location becomes the pick location of
 * the product's open lines of the given orders. 404 when the location, product or no open line is visible; 409
 * `location_inactive`, `over_pick` when `quantity` exceeds what those lines still need. An `Idempotency-Key` makes a
 * resend harmless (the floor sends it through its outbox).
 */
export const pickLinkEndpoint = defineEndpoint({
  method: 'POST',
  path: '/pick_list',
  summary: 'Link a pick location to order lines of a product',
  body: PickLinkBodySchema,
  response: PickLinkResultSchema,
  problems: ['location_inactive', 'over_pick', 'idempotency_key_reused'],
  tags: ['pick'],
});

/**
 * Reports a problem at the shelf (spec 2 §2 Pick screen sub-menu; our path): records what the picker saw and raises
 * the product's recount flag (spec 2 §4). 'not_present' and 'insufficient' also send the pick list's lines of that
 * place to the product's other location with stock until the place is counted (migration 0464, ADR 0140); 'low_stock'
 * is only a signal. 404 when the product or location is not visible. Idempotent by key.
 */
export const pickProblemEndpoint = defineEndpoint({
  method: 'POST',
  path: '/pick_list/problem',
  summary:
    'Report a product not present, too few or low stock at a pick location; the first two send the pick list elsewhere until the place is counted',
  body: PickProblemBodySchema,
  response: PickProblemResultSchema,
  problems: ['idempotency_key_reused'],
  tags: ['pick'],
});

/**
 * The organisations of the pick screen's filter (spec 2 §7 'organisations list (pick filter)'; path ours): the
 * organisations the user may see, with their open lines still to pick, by name.
 */
export const pickOrgsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/pick_list/organisations',
  summary: 'Organisations for the pick filter, with their open lines',
  response: PickOrgListSchema,
  catalogue: 'organisations list (pick filter)',
  tags: ['pick'],
});

/**
 * Claims a pick item for the picker walking to it (issue 11, several pickers at once; our path): the item is theirs for
 * PICK_CLAIM_SECONDS, renewed by claiming again. 409 `claimed` while another picker holds it (the message names who
 * and until when); 404 when the product is not visible. Claims only steer pickers apart: the pick confirm refuses a
 * second pick of the same line (`over_pick`) whatever the claims say.
 */
export const pickClaimEndpoint = defineEndpoint({
  method: 'POST',
  path: '/pick_list/claim',
  summary: 'Claim a pick item for a short time (several pickers at once)',
  body: PickClaimBodySchema,
  response: PickClaimResultSchema,
  problems: ['claimed'],
  tags: ['pick'],
});

/** Releases the caller's claim of a pick item (issue 11: on skip); nothing when it holds none. */
export const pickReleaseEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/pick_list/claim/:item_id',
  summary: 'Release a claimed pick item',
  params: z.object({ item_id: PickItemIdSchema }),
  response: z.object({ released: z.boolean() }),
  tags: ['pick'],
});

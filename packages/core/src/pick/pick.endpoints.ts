import { defineEndpoint } from '../http/endpoint.ts';
import {
  PickConfirmBodySchema,
  PickConfirmResponseSchema,
  PickListParamsSchema,
  PickListQuerySchema,
  PickListResponseSchema,
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

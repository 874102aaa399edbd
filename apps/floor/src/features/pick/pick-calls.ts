import {
  type createApiClient,
  type EndpointInput,
  type pickClaimEndpoint,
  type pickItemOrdersEndpoint,
  type pickListEndpoint,
  type pickReleaseEndpoint,
  requestTrustedCall,
} from '@hoppa/core';
import type { EndpointRef } from '../../app/task.ts';

/**
 * The calls of the pick screen's first minutes, by method and path as their contracts in @hoppa/core declare them
 * (`pick-calls.test.ts` fails when one no longer names its endpoint): the list's pages and rounds, the claim and its
 * release. They go out through `requestTrustedCall`, without zod and the endpoints' schemas (≈31 KB of gzip and their
 * construction at start; ADR 0072): the API writes the list and the rounds in their contract's shape (ADR 0065) and
 * checks the claim's answers with its serializer. The other pick calls (the filter's choices, the outbox's sends)
 * keep `request` and load the schemas when they are first used.
 */
export const PICK_CALLS = {
  list: { method: 'GET', path: '/pick_list/pick/:locations/:query_type/:start/:end/:orgs' },
  rounds: { method: 'GET', path: '/pick_list/orders/:start/:end/:orgs' },
  claim: { method: 'POST', path: '/pick_list/claim' },
  release: { method: 'DELETE', path: '/pick_list/claim/:item_id' },
} as const satisfies Record<string, EndpointRef>;

type Client = ReturnType<typeof createApiClient>;

/** A page of the pick list (`GET /pick_list/pick/…`, spec 2 §7). Errors: `ApiError` as `request`. */
export const fetchPickListPage = (client: Client, input: EndpointInput<typeof pickListEndpoint>) =>
  requestTrustedCall<typeof pickListEndpoint>(client, PICK_CALLS.list, input);

/** The rounds of pick items (`GET /pick_list/orders/…`, issue 8). Errors: `ApiError` as `request`. */
export const fetchPickRounds = (client: Client, input: EndpointInput<typeof pickItemOrdersEndpoint>) =>
  requestTrustedCall<typeof pickItemOrdersEndpoint>(client, PICK_CALLS.rounds, input);

/** Claims a pick item (`POST /pick_list/claim`, issue 11): 409 `claimed` as an `ApiError` while another holds it. */
export const claimPickItem = (client: Client, itemId: string) =>
  requestTrustedCall<typeof pickClaimEndpoint>(client, PICK_CALLS.claim, { body: { item_id: itemId } });

/** Releases this picker's claim of a pick item (`DELETE /pick_list/claim/:item_id`, issue 11). */
export const releasePickItem = (client: Client, itemId: string) =>
  requestTrustedCall<typeof pickReleaseEndpoint>(client, PICK_CALLS.release, { params: { item_id: itemId } });

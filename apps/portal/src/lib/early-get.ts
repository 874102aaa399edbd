/**
 * A screen's first GET started from its route's loader, before the screen's code and the session are in, and handed
 * to the first call of the portal's API client for the same URL (issue 8 §1, ADR 0093). The packing station's list is
 * the screen's largest paint; its request otherwise waits for the contracts (zod and every schema) to evaluate, which
 * the request itself does not need: the client still parses and checks the answer when it takes it.
 *
 * Safe by construction: an early answer is taken only by a GET for exactly its URL, only once, only within
 * EARLY_GET_MS of its start and only before any other kind of call (a write could make it stale). An early answer no
 * call takes (no session, a role that may not see the screen) is simply dropped.
 */
import { APP_HEADER } from '@hoppa/core';

/** How long an early answer may wait for its call (ms): the time a first load takes to ask for it, with margin. */
export const EARLY_GET_MS = 10_000;

/** The early answers not taken yet, by absolute URL. */
const pending = new Map<string, { at: number; response: Promise<Response> }>();

/**
 * Starts `GET /api/<path>` now (`path` without the leading slash, with its query string, encoded as the client
 * encodes it), with the portal's credentials and app header, replacing an earlier early GET of the same URL.
 */
export function startEarlyGet(path: string): void {
  const url = new URL(`/api/${path}`, window.location.href).href;
  const response = globalThis.fetch(url, { credentials: 'include', headers: { [APP_HEADER]: 'portal' } });
  // A failure is the taker's to see; until then it must not be an unhandled rejection.
  response.catch(() => undefined);
  pending.set(url, { at: Date.now(), response });
}

/**
 * The API client's `fetch` (lib/api.ts): a GET for the URL of a fresh early answer gets that answer (once); any
 * other call goes to the network, and a call that is not a GET drops every early answer.
 */
export const fetchTakingEarly: typeof fetch = (input, init) => {
  const request = input instanceof Request ? input : null;
  const method = (request?.method ?? init?.method ?? 'GET').toUpperCase();
  if (method !== 'GET') pending.clear();
  else if (request) {
    const early = pending.get(request.url);
    if (early) {
      pending.delete(request.url);
      if (Date.now() - early.at <= EARLY_GET_MS) return early.response;
    }
  }
  return globalThis.fetch(input, init);
};

import { createApiClient } from '@hoppa/core';
import { reportingFetch } from './connectivity.ts';

/**
 * The floor's API client: `/api` on the same origin, session cookie included, the `x-hoppa-app: floor`
 * header on every call (state-changing GETs need it), no automatic retries (the outbox retries). Every attempt
 * reports whether the server answered (connectivity.ts), which the status bar shows.
 */
export const api = createApiClient({ app: 'floor', fetch: reportingFetch });

/** Router base of the app (vite `base` without the trailing slash), e.g. `/floor`. */
export const ROUTER_BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

/** URL of a file in `public/` under the app's base, e.g. `asset('sounds/ok.wav')`. */
export function asset(path: string): string {
  return `${import.meta.env.BASE_URL}${path}`;
}

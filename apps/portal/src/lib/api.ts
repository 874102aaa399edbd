/**
 * The portal's one API client: `createApiClient({ app: 'portal' })` from core (base `/api`,
 * cookies included, the `x-hoppa-app` header on every call, no retries) and `call()`, which runs
 * one endpoint contract of `packages/core/src/<domain>/*.endpoints.ts` through core's `request()`.
 * Features wrap `call()` in react-query hooks; failures throw core's `ApiError` (status 0 = network).
 */
import {
  createApiClient,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
  request,
} from '@hoppa/core';

export const api = createApiClient({ app: 'portal' });

/** Calls one endpoint with the portal client; see core `request()` for parsing and errors. */
export function call<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<EndpointOutput<E>> {
  return request(api, endpoint, input);
}

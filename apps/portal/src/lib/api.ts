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
  requestTrustedCall,
} from '@hoppa/core';

export const api = createApiClient({ app: 'portal' });

/** Calls one endpoint with the portal client; see core `request()` for parsing and errors. */
export function call<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<EndpointOutput<E>> {
  return request(api, endpoint, input);
}

/**
 * Calls one endpoint and, when the API writes its answer in the contract's shape (`trustedOutput`: the hot reads of
 * ADR 0065, whose every answer the API's tests encode with zod and compare byte for byte), takes the answer as sent,
 * without zod's parse in the browser (ADR 0117; the floor's pick calls do the same, ADR 0072). Any other endpoint is
 * parsed as `call()` parses it. Failures as `call()`.
 */
export function callTrusted<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
): Promise<EndpointOutput<E>> {
  if (!endpoint.trustedOutput || endpoint.binary || endpoint.responseHeaders) return call(endpoint, input);
  return requestTrustedCall<E>(api, endpoint, input);
}

/**
 * TanStack Query options derived from a core endpoint, so a screen never invents a query key: the key is
 * `[method, path, input]`, and everything cached from one endpoint shares the prefix `[method, path]`
 * (`endpointKey(endpoint)`) for invalidation after a change.
 */
import type { Endpoint, EndpointInput, EndpointOutput } from '@hoppa/core';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api.ts';

/** The key prefix of everything cached from `endpoint`: invalidate it after a change the endpoint shows. */
export function endpointKey(endpoint: Endpoint): readonly [string, string] {
  return [endpoint.method, endpoint.path];
}

/** Query options calling `endpoint` with `input` through the portal client. */
export function endpointQuery<E extends Endpoint>(endpoint: E, input: EndpointInput<E>) {
  return queryOptions({
    queryKey: [...endpointKey(endpoint), input] as const,
    queryFn: (): Promise<EndpointOutput<E>> => call(endpoint, input),
  });
}

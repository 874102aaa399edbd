/**
 * The portal's react-query client. Failed queries are retried once only for network errors and 5xx
 * (4xx answers are final); mutations are never retried (an order must not be created twice).
 * A 401 on any call re-checks the current user, so an expired session sends the user to /login
 * through the routing guard instead of leaving a screen full of 'not authorized' banners.
 */
import { ApiError } from '@hoppa/core';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from './session.ts';

function onAnyError(client: () => QueryClient, error: unknown, key?: readonly unknown[]): void {
  if (error instanceof ApiError && error.status === 401 && key?.[0] !== CURRENT_USER_KEY[0]) {
    void client().invalidateQueries({ queryKey: CURRENT_USER_KEY });
  }
}

export function createQueryClient(): QueryClient {
  const qc: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onAnyError(() => qc, error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onAnyError(() => qc, error) }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 1 && error instanceof ApiError && (error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return qc;
}

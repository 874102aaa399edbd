import { driveOrdersEndpoint, routePlanEndpoint } from '@hoppa/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/**
 * How many open orders wait for the own drivers (`GET /orders/drive`, spec 3 §7; one row asked, the page's `total`
 * read), for the line above the 'Get planning' button.
 */
export function useDriveOrderCount() {
  return useQuery({
    ...endpointQuery(driveOrdersEndpoint, { query: { limit: 1 } }),
    select: (page) => page.total,
    staleTime: 30_000,
  });
}

/** The route plan for `agents` agents (`POST /route_plan`, spec 3 §7 getRoutePlan): asked when the user presses the button. */
export function useRoutePlan() {
  return useMutation({
    mutationFn: (agents: number) => call(routePlanEndpoint, { body: { agents } }),
  });
}

import {
  EDIT_SEARCH_MIN,
  type OrderEditBody,
  orderEditEndpoint,
  orderEditProductsEndpoint,
  orderGetEndpoint,
} from '@hoppa/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** The order to edit (`GET /order/get/{id}`). */
export function useOrderToEdit(id: string) {
  return useQuery(endpointQuery(orderGetEndpoint, { params: { id } }));
}

/**
 * Products of the order's shop matching `term` (`GET /order/edit/{id}/products`, spec 1 §5: from 3 characters, 10
 * results); idle below 3 characters. The caller debounces (500 ms).
 */
export function useEditProductSearch(id: string, term: string) {
  const search = term.trim();
  return useQuery({
    ...endpointQuery(orderEditProductsEndpoint, { params: { id }, query: { search } }),
    enabled: search.length >= EDIT_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
}

/** Saves the address and lines (`PUT /order/edit/{id}`); every cached order list is refreshed afterwards. */
export function useEditOrder(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderEditBody) => call(orderEditEndpoint, { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries(),
  });
}

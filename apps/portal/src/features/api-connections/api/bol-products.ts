import { bolConfirmEndpoint, bolProductsEndpoint } from '@hoppa/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { endpointKey, endpointQuery } from '../../../lib/endpoint-query.ts';

/** Rows per page of the bol product list. */
export const BOL_PRODUCTS_PAGE_SIZE = 50;

/**
 * One page (1-based) of the bol offers of the organisation's active bol or bol_be connection, each with our linked
 * product (`GET /bol/products/get/{api_name}`, spec 3 §7): bol's offer export runs on the server, so a page can take
 * a few seconds; errors (no active connection: 404; bol refused: 502) are not retried.
 */
export function useBolProducts(apiName: 'bol' | 'bol_be', page: number) {
  return useQuery({
    ...endpointQuery(bolProductsEndpoint, {
      params: { api_name: apiName },
      query: { skip: (page - 1) * BOL_PRODUCTS_PAGE_SIZE, limit: BOL_PRODUCTS_PAGE_SIZE },
    }),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}

/** Sets a product's bol_confirm flag (`PUT /product/bol_confirm`, spec 3 §7) and refetches the list. */
export function useSetBolConfirm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { product_id: string; bol_confirm: boolean }) => call(bolConfirmEndpoint, { body: v }),
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointKey(bolProductsEndpoint) }),
  });
}

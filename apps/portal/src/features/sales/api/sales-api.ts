import { SALES_PAGE_SIZE, type SaleUpdate, saleListEndpoint, saleUpdateEndpoint } from '@hoppa/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { endpointKey, endpointQuery } from '../../../lib/endpoint-query.ts';

/**
 * `GET /sales?query` (spec 3 §7): page `page` (1-based, 50 rows) of the leads `query` selects, sorted by the table's
 * `sort` header when given. The previous page stays shown while the next one loads.
 */
export function useSales(query: string, page: number, sort: string) {
  return useQuery({
    ...endpointQuery(saleListEndpoint, {
      query: {
        query,
        skip: (page - 1) * SALES_PAGE_SIZE,
        limit: SALES_PAGE_SIZE,
        ...(sort ? { sort: sort as never } : {}),
      },
    }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** `PUT /sales`: ticks or unticks a lead's 'contacted'; the list is fetched again afterwards. */
export function useSetContacted() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaleUpdate) => call(saleUpdateEndpoint, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointKey(saleListEndpoint) }),
  });
}

import {
  bulkActiveEndpoint,
  bulkDeleteEndpoint,
  bulkFulfilmentEndpoint,
  bulkTrackTraceEndpoint,
  MAX_PAGE_LIMIT,
  type ProductListQuery,
  type ProductRow,
  productCountEndpoint,
  productListEndpoint,
} from '@hoppa/core';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { productLoadRetry, useEmptyProductLoadRetry } from '../../../lib/product-load.ts';
import { productKeys } from './get-products.ts';

/** The table's query without paging: search, filters and sort (core ProductListQuerySchema). */
export type ProductTableFilter = Pick<ProductListQuery, 'sort' | 'stock_status' | 'fulfilment'> & {
  search: string;
};

/** One page of the product table (`GET /products?skip&limit&sort&search&stock_status&fulfilment`, spec 3 §2, §7). */
export function productTableQueryOptions(filter: ProductTableFilter, skip: number, limit: number) {
  const query = { ...filter, search: filter.search || undefined, skip, limit };
  return queryOptions({
    queryKey: [...productKeys.all, 'table', query] as const,
    queryFn: () => call(productListEndpoint, { query }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One page of the product table, with spec 3 §4's product load rule: a failed load is retried after 500 ms and 1 s,
 * and so is an empty first page without search or filters (the shop's products may still be arriving).
 */
export function useProductTable(filter: ProductTableFilter, skip: number, limit: number) {
  const options = productTableQueryOptions(filter, skip, limit);
  const q = useQuery({ ...options, ...productLoadRetry });
  const unfiltered =
    !filter.search &&
    (filter.stock_status ?? 'all') === 'all' &&
    (filter.fulfilment ?? 'all') === 'all' &&
    skip === 0;
  const empty = unfiltered && q.isSuccess && !q.isPlaceholderData && q.data.total === 0;
  useEmptyProductLoadRetry(options.queryKey, empty, q.dataUpdatedAt);
  return q;
}

/** Counts of the current organisation's products by stock (`GET /products/count`, spec 3 §7). */
export function useProductCount() {
  return useQuery({
    queryKey: [...productKeys.all, 'count'] as const,
    queryFn: () => call(productCountEndpoint, {}),
  });
}

/**
 * Every product matching `filter` for an export (spec 3 §2 export scopes all and filtered): pages of
 * {@link MAX_PAGE_LIMIT} in the filter's sort order, one after the other; `onProgress` gets the rows read so far and the
 * total.
 */
export async function fetchAllProducts(
  filter: ProductTableFilter,
  onProgress?: (done: number, total: number) => void,
): Promise<ProductRow[]> {
  const out: ProductRow[] = [];
  for (let skip = 0; ; skip += MAX_PAGE_LIMIT) {
    const page = await call(productListEndpoint, {
      query: { ...filter, search: filter.search || undefined, skip, limit: MAX_PAGE_LIMIT },
    });
    out.push(...page.items);
    onProgress?.(out.length, page.total_capped ? Math.max(page.total, out.length) : page.total);
    if (page.items.length < MAX_PAGE_LIMIT || (!page.total_capped && out.length >= page.total)) return out;
  }
}

/** A bulk action of the table (spec 3 §2): which call, on which products. */
export type BulkAction =
  | { kind: 'active'; ids: string[]; active: boolean }
  | { kind: 'fulfilment'; ids: string[]; fullfilled_bysf: boolean }
  | { kind: 'track_trace'; ids: string[]; track_trace_email?: boolean; share_track_trace?: boolean }
  | { kind: 'delete'; ids: string[] };

/**
 * Runs a bulk action (`POST /products/bulk/active|fulfilment|track_trace|delete`); answers how many products changed
 * and, for a delete, how many of those were kept and deactivated because they have history. The product lists and
 * counts are read again afterwards.
 */
export function useBulkAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (a: BulkAction): Promise<{ count: number; deactivated: number }> => {
      const changed = (updated: number) => ({ count: updated, deactivated: 0 });
      if (a.kind === 'active') return changed((await call(bulkActiveEndpoint, { body: a })).updated);
      if (a.kind === 'fulfilment') return changed((await call(bulkFulfilmentEndpoint, { body: a })).updated);
      if (a.kind === 'track_trace') {
        const { kind: _kind, ...body } = a;
        return changed((await call(bulkTrackTraceEndpoint, { body })).updated);
      }
      const r = await call(bulkDeleteEndpoint, { body: { ids: a.ids } });
      return { count: r.deleted + r.deactivated, deactivated: r.deactivated };
    },
    onSettled: () => qc.invalidateQueries({ queryKey: productKeys.all }),
  });
}

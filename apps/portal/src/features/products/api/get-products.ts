import {
  PRODUCT_SEARCH_MAX,
  PRODUCT_SEARCH_MIN,
  type ProductListQuery,
  productEanSearchEndpoint,
  productListEndpoint,
} from '@hoppa/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** Query keys of the products area; invalidate `productKeys.all` after an import. */
export const productKeys = {
  all: ['products'] as const,
  list: (skip: number, limit: number, sort: ProductSort) =>
    ['products', 'list', { skip, limit, sort }] as const,
  ean: (text: string) => ['products', 'ean', text] as const,
};

/** A products list sort (core PRODUCT_SORTS). */
export type ProductSort = ProductListQuery['sort'];

/** One page of the current organisation's products (`GET /products?skip&limit&sort`, spec 3 §7). */
export function productsQueryOptions(skip: number, limit: number, sort: ProductSort) {
  return queryOptions({
    queryKey: productKeys.list(skip, limit, sort),
    queryFn: () => call(productListEndpoint, { query: { skip, limit, sort } }),
    placeholderData: keepPreviousData,
  });
}

/** Products whose EAN or SKU starts with `text` (`GET /products/ean/:text`, core's PRODUCT_SEARCH_MIN to _MAX characters). */
export function productEanSearchQueryOptions(text: string) {
  return queryOptions({
    queryKey: productKeys.ean(text),
    queryFn: () => call(productEanSearchEndpoint, { params: { text } }),
    enabled: text.length >= PRODUCT_SEARCH_MIN && text.length <= PRODUCT_SEARCH_MAX,
    placeholderData: keepPreviousData,
  });
}

export function useProducts(skip: number, limit: number, sort: ProductSort) {
  return useQuery(productsQueryOptions(skip, limit, sort));
}

export function useProductEanSearch(text: string) {
  return useQuery(productEanSearchQueryOptions(text));
}

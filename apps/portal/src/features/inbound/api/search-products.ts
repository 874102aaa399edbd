import { productsOrgEanEndpoint, productsSearchEndpoint } from '@hoppa/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { searchRuns } from '../inbound.rules.ts';

/** How many products the search lists (spec 2 §9 'search limit 10'). */
export const PRODUCT_SEARCH_LIMIT = 10;

/**
 * The current organisation's products whose name, EAN or SKU contains `text` (`GET /products/search`, spec 2 §5
 * 'Zoek op EAN / naam'); asked only when {@link searchRuns} allows (more than 3 characters, or none).
 */
export function useProductSearch(text: string) {
  const term = text.trim();
  return useQuery({
    ...endpointQuery(productsSearchEndpoint, { query: { search: term, limit: PRODUCT_SEARCH_LIMIT } }),
    enabled: searchRuns(term),
    placeholderData: keepPreviousData,
  });
}

/** A scanned barcode: the organisation's products whose EAN or SKU starts with it, exact EAN first (`GET /products_org/ean/{text}`). */
export function lookupProductByCode(code: string) {
  return call(productsOrgEanEndpoint, { params: { text: code.trim() } });
}

import { productsOfOrgEndpoint, productsOrgEanEndpoint, productsSearchEndpoint } from '@hoppa/core';
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
export function useProductSearch(text: string, orgId?: string) {
  const term = text.trim();
  const current = useQuery({
    ...endpointQuery(productsSearchEndpoint, { query: { search: term, limit: PRODUCT_SEARCH_LIMIT } }),
    enabled: !orgId && searchRuns(term),
    placeholderData: keepPreviousData,
  });
  const ofOrg = useQuery({
    ...endpointQuery(productsOfOrgEndpoint, {
      params: { id: orgId ?? '' },
      query: { ...(term ? { search: term } : {}), limit: PRODUCT_SEARCH_LIMIT },
    }),
    enabled: !!orgId && searchRuns(term),
    placeholderData: keepPreviousData,
    select: (page) => ({ products: page.items.map((p) => ({ id: p.id, ean: p.ean, name: p.name })) }),
  });
  return orgId ? ofOrg : current;
}

/**
 * A scanned barcode: the organisation's products whose EAN or SKU starts with it, exact EAN first (`GET
 * /products_org/ean/{text}`); with `orgId`, the products of that organisation (an inbound's shop, which for the
 * warehouse staff is not their own) whose name, EAN or SKU holds it (`GET /products/org/{id}`).
 */
export async function lookupProductByCode(
  code: string,
  orgId?: string,
): Promise<{ products: { id: string; ean: string; name: string }[] }> {
  const text = code.trim();
  if (!orgId) return call(productsOrgEanEndpoint, { params: { text } });
  const page = await call(productsOfOrgEndpoint, {
    params: { id: orgId },
    query: { search: text, limit: PRODUCT_SEARCH_LIMIT },
  });
  return { products: page.items.map((p) => ({ id: p.id, ean: p.ean, name: p.name })) };
}

import { PRODUCT_SEARCH_MIN, productEanSearchEndpoint } from '@hoppa/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/**
 * Products of the user's shops whose EAN or SKU starts with `text` (`GET /products/ean/:text`), asked 300 ms after the
 * last key and from 3 characters on (spec 3 §9 search debounce and EAN search minimum); empty below that.
 */
export function useProductSearch(text: string) {
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const enabled = debounced.length >= PRODUCT_SEARCH_MIN;
  const q = useQuery({
    ...endpointQuery(productEanSearchEndpoint, { params: { text: debounced.slice(0, 20) } }),
    enabled,
    select: (r) => r.products,
  });
  return enabled ? q : { ...q, data: undefined };
}

import {
  currentOrgEndpoint,
  directCheckinEndpoint,
  type EndpointInput,
  locationRootsEndpoint,
  productLocationsEndpoint,
  productsOrgEanEndpoint,
} from '@hoppa/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { endpointKey, endpointQuery } from '../../../lib/endpoint-query.ts';

/** The current organisation (`GET /current_org`): whose stock is checked in, and the contact form's defaults. */
export function useCurrentOrg() {
  return useQuery({ ...endpointQuery(currentOrgEndpoint, {}), staleTime: 60_000 });
}

/**
 * The current organisation's products whose EAN or SKU starts with `text` (`GET /products_org/ean/{text}`), for the
 * search box; asked only from 3 characters on (the endpoint's minimum).
 */
export function useProductSearch(text: string) {
  const t = text.trim();
  return useQuery({
    ...endpointQuery(productsOrgEanEndpoint, { params: { text: t } }),
    enabled: t.length >= 3,
    staleTime: 30_000,
  });
}

/** Looks a scanned code up once (`GET /products_org/ean/{code}`), through the query cache. */
export function useProductLookup() {
  const qc = useQueryClient();
  return (code: string) =>
    qc.fetchQuery({
      ...endpointQuery(productsOrgEanEndpoint, { params: { text: code.trim() } }),
      staleTime: 30_000,
    });
}

/** Looks a product's locations up (`GET /product/locations/{id}`), to preselect where its pieces go. */
export function useProductLocationsLookup() {
  const qc = useQueryClient();
  return (id: string) =>
    qc.fetchQuery({ ...endpointQuery(productLocationsEndpoint, { params: { id } }), staleTime: 30_000 });
}

/** A product's locations (`GET /product/locations/{id}`) for its row's location choice. */
export function useProductLocations(id: string) {
  return useQuery({ ...endpointQuery(productLocationsEndpoint, { params: { id } }), staleTime: 30_000 });
}

/**
 * Warehouse locations whose name contains `search` (`GET /locations/null?search=`), for a row's location choice;
 * asked from 1 character on, at most 20.
 */
export function useLocationSearch(search: string) {
  const s = search.trim();
  return useQuery({
    ...endpointQuery(locationRootsEndpoint, { query: { search: s, limit: 20 } }),
    enabled: s.length >= 1,
    staleTime: 30_000,
  });
}

/**
 * Direct check-in (`POST /inventory/direct_checkin`): one inbound made and checked in at once, the stock on the
 * chosen locations. Afterwards the product locations and inbound lists are read again.
 */
export function useDirectCheckin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointInput<typeof directCheckinEndpoint>['body']) =>
      call(directCheckinEndpoint, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: endpointKey(productLocationsEndpoint) });
      void qc.invalidateQueries({ queryKey: ['GET', '/inbounds'] });
    },
  });
}

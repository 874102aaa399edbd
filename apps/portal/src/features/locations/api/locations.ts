import {
  allOpenTransfersEndpoint,
  type LocationBulkBody,
  type LocationList,
  type LocationType,
  locationAddEndpoint,
  locationBulkEndpoint,
  locationChildrenEndpoint,
  locationLabelsEndpoint,
  locationRootsEndpoint,
  locationUpdateEndpoint,
} from '@hoppa/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { endpointKey, endpointQuery } from '../../../lib/endpoint-query.ts';

/** Rows per page of the map and of the transfers list. */
export const LOCATIONS_PAGE_SIZE = 100;

/**
 * One level of the warehouse map (`GET /locations/null` for the halls, `GET /locations/:parent` for a location's
 * children), or with `search` the locations of every level whose name contains it; a page of
 * {@link LOCATIONS_PAGE_SIZE}.
 */
export function useLocations(parent: string | null, page: number, search = '') {
  const paging = { skip: (page - 1) * LOCATIONS_PAGE_SIZE, limit: LOCATIONS_PAGE_SIZE };
  // The two endpoints answer the same shape; their query keys differ in type only.
  const options = parent
    ? endpointQuery(locationChildrenEndpoint, { params: { parent }, query: paging })
    : endpointQuery(locationRootsEndpoint, { query: search ? { ...paging, search } : paging });
  return useQuery({
    queryKey: options.queryKey as readonly unknown[],
    queryFn: options.queryFn as () => Promise<LocationList>,
    placeholderData: keepPreviousData,
  });
}

/** After a change of the map: every level shown again from the server. */
function useRefreshMap() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: endpointKey(locationRootsEndpoint) }),
      qc.invalidateQueries({ queryKey: endpointKey(locationChildrenEndpoint) }),
    ]);
}

/** `GET /locations/add/:name/:id`: a hall (parent null), a rack in a hall or a bin in a rack. */
export function useAddLocation() {
  const refresh = useRefreshMap();
  return useMutation({
    mutationFn: (v: { name: string; parent: string | null; type?: LocationType }) =>
      call(locationAddEndpoint, {
        params: { name: v.name, id: v.parent ?? 'null' },
        query: v.type ? { type: v.type } : {},
      }),
    onSuccess: refresh,
  });
}

/** `POST /locations/bulk`: a rack's bins at once. */
export function useAddBins() {
  const refresh = useRefreshMap();
  return useMutation({
    mutationFn: (body: LocationBulkBody) => call(locationBulkEndpoint, { body }),
    onSuccess: refresh,
  });
}

/** `PUT /locations/:id`: here to switch a location active or inactive. */
export function useSetLocationActive() {
  const refresh = useRefreshMap();
  return useMutation({
    mutationFn: (v: { id: string; active: boolean }) =>
      call(locationUpdateEndpoint, { params: { id: v.id }, body: { active: v.active } }),
    onSuccess: refresh,
  });
}

/**
 * `POST /location/labels/:id`: the labels of every bin under a location, opened in a new tab to print. The tab is
 * opened on the click itself (a tab opened after the answer would be blocked as a pop-up) and shown the PDF when it
 * arrives.
 */
export function usePrintLabels() {
  return useMutation({
    mutationFn: async (v: { id: string; format: 'a6' | '62mm'; tab: Window | null }) => {
      const blob = await call(locationLabelsEndpoint, { params: { id: v.id }, body: { format: v.format } });
      const url = URL.createObjectURL(blob);
      if (v.tab) v.tab.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    onError: (_e, v) => v.tab?.close(),
  });
}

/** `GET /transfers/open/all`: every open transfer of the warehouse, a page. */
export function useOpenTransfers(page: number) {
  return useQuery({
    ...endpointQuery(allOpenTransfersEndpoint, {
      query: { skip: (page - 1) * LOCATIONS_PAGE_SIZE, limit: LOCATIONS_PAGE_SIZE },
    }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The packing station's first requests, started by the router when /orders is entered (its route's `loader`, once the
 * page's code is in), before the layout's and the page's first render instead of after it (issue 8 §1, ADR 0080;
 * first tried in ADR 0075): once the session is
 * known, the open orders for the filters in the URL (the page's own query key: `openOrdersFilter` without a scan),
 * the shipment methods and boxes and the organisations, each only when the role in force may call it.
 */
import {
  canCall,
  listOrgsEndpoint,
  openOrdersEndpoint,
  shipmentBoxesEndpoint,
  shipmentMethodsEndpoint,
} from '@hoppa/core';
import type { RoutePrefetch } from '../../app/area.ts';
import { currentOrgAuthQuery, currentUserQuery, roleInForce } from '../../app/session.ts';
import { endpointQuery } from '../../lib/endpoint-query.ts';
import { parseUrlState } from '../../lib/url-state.ts';
import { openOrdersQueryOptions } from './api/get-open-orders.ts';
import { shipmentBoxesQueryOptions, shipmentMethodsQueryOptions } from './api/get-shipment-options.ts';
import { filtersFromUrl, OpenOrdersUrlState, openOrdersFilter } from './use-open-orders-filters.ts';

/**
 * Prefetches what /orders shows first into the query cache (see the file comment). Resolves when the requests have
 * started; nothing is started without a session and an organisation (the routing guard sends the user elsewhere),
 * and a failed session call starts nothing (the guard shows its error).
 */
export const prefetchOpenOrders: RoutePrefetch = async ({ queryClient: qc, url }) => {
  const user = await qc.ensureQueryData(currentUserQuery).catch(() => null);
  if (!user) return;
  const orgAuth = await qc.ensureQueryData(currentOrgAuthQuery).catch(() => null);
  if (!orgAuth?.org) return;
  const role = roleInForce(user, orgAuth);
  if (!canCall(role, openOrdersEndpoint)) return;
  const filters = filtersFromUrl(parseUrlState(OpenOrdersUrlState, url.searchParams));
  void qc.prefetchQuery(
    openOrdersQueryOptions(openOrdersFilter(filters, { selectedEan: null, pickedLocation: null })),
  );
  if (canCall(role, shipmentMethodsEndpoint)) void qc.prefetchQuery(shipmentMethodsQueryOptions);
  if (canCall(role, shipmentBoxesEndpoint)) void qc.prefetchQuery(shipmentBoxesQueryOptions);
  if (canCall(role, listOrgsEndpoint))
    void qc.prefetchQuery({ ...endpointQuery(listOrgsEndpoint, {}), staleTime: 5 * 60_000 });
};

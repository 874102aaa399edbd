import {
  checkedInInboundsEndpoint,
  currentOrgEndpoint,
  inboundEndpoint,
  pendingInboundsEndpoint,
  pendingItemsReportEndpoint,
} from '@hoppa/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** Rows per page of the inbound lists and of the pending-items report. */
export const INBOUNDS_PAGE_SIZE = 25;

const page = (n: number) => ({ skip: (n - 1) * INBOUNDS_PAGE_SIZE, limit: INBOUNDS_PAGE_SIZE });

/**
 * One page (1-based) of the caller's inbounds by status (spec 2 §2 /checkin_inventory: pending first, then checked
 * in): `GET /inbounds/status/pending` (soonest expected first) or `GET /inbounds/status/checked_in` (newest first).
 */
export function useInboundList(status: 'pending' | 'checked_in', n: number) {
  const endpoint = status === 'pending' ? pendingInboundsEndpoint : checkedInInboundsEndpoint;
  return useQuery({ ...endpointQuery(endpoint, { query: page(n) }), placeholderData: keepPreviousData });
}

/** One page of the announced items not yet fully received (`GET /pending-items-report`, spec 2 §7). */
export function usePendingItems(n: number) {
  return useQuery({
    ...endpointQuery(pendingItemsReportEndpoint, { query: page(n) }),
    placeholderData: keepPreviousData,
  });
}

/** One inbound with its items and totals (`GET /inbound/{id}`, spec 2 §2 /checkin_inventory/{id}); 404 when not ours. */
export function useInbound(id: string) {
  return useQuery(endpointQuery(inboundEndpoint, { params: { id } }));
}

/** The current organisation (`GET /current_org`), whose contact data prefill the information (spec 2 §5). */
export function useCurrentOrg() {
  return useQuery({ ...endpointQuery(currentOrgEndpoint, {}), staleTime: 60_000 });
}

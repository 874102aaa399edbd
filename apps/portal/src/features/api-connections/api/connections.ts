import {
  type ApiConnection,
  getApisEndpoint,
  type StoreApiBody,
  storeApiEndpoint,
  type UpdateApiBody,
  updateApiEndpoint,
  updateApiInvoiceEndpoint,
} from '@hoppa/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { endpointKey, endpointQuery } from '../../../lib/endpoint-query.ts';

/** Rows per page of the connections list. */
export const CONNECTIONS_PAGE_SIZE = 25;

/**
 * One page (1-based) of the organisation's API connections with their status (`GET /get-apis`, spec 3 §7), fetched
 * again every 30 s so a scheduled pull's result shows without a reload.
 */
export function useConnections(page: number) {
  return useQuery({
    ...endpointQuery(getApisEndpoint, {
      query: { skip: (page - 1) * CONNECTIONS_PAGE_SIZE, limit: CONNECTIONS_PAGE_SIZE },
    }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** Enables/disables a connection (`PUT /update-api`) or sets its send-invoice flag (`PUT /update-api-invoice/{id}`). */
export function useChangeConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: string; active?: boolean; send_invoice?: boolean }): Promise<ApiConnection> =>
      change.send_invoice !== undefined
        ? call(updateApiInvoiceEndpoint, {
            params: { id: change.id },
            body: { send_invoice: change.send_invoice },
          })
        : call(updateApiEndpoint, { body: { _id: change.id, active: change.active } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointKey(getApisEndpoint) }),
  });
}

/** Saves a new connection (`POST /store-api`). */
export function useStoreConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreApiBody) => call(storeApiEndpoint, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointKey(getApisEndpoint) }),
  });
}

/** Saves the changes of the edit dialog (`PUT /update-api`: an empty secret is not sent, so the stored one stays). */
export function useEditConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateApiBody) => call(updateApiEndpoint, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointKey(getApisEndpoint) }),
  });
}

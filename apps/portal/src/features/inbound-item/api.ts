import {
  addSurchargeEndpoint,
  buildPath,
  clearReservedLocationsEndpoint,
  deleteReservedLocationEndpoint,
  deleteSurchargeEndpoint,
  type EndpointInput,
  editInboundItemCheckinEndpoint,
  findLocationsEndpoint,
  type InboundItem,
  inboundEndpoint,
  inboundImageEndpoint,
  inboundItemEndpoint,
  placeInboundItemEndpoint,
  submitInboundItemEndpoint,
} from '@hoppa/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../lib/api.ts';
import { endpointQuery } from '../../lib/endpoint-query.ts';

/** One inbound item (`GET /inbound_item/{id}`, spec 2 §7). */
export function useInboundItem(id: string) {
  return useQuery(endpointQuery(inboundItemEndpoint, { params: { id } }));
}

/** The inbound an item belongs to (`GET /inbound/{id}`): its client, contact and track and trace for the page. */
export function useInboundOfItem(inboundId: string) {
  return useQuery(endpointQuery(inboundEndpoint, { params: { id: inboundId } }));
}

/** The URL of one damage photo of the item (`GET /api/inbound_item/image/{id}/{image_id}`), sent with the session. */
export function itemImageUrl(itemId: string, imageId: string): string {
  return `/api${buildPath(inboundImageEndpoint.path, { id: itemId, image_id: imageId })}`;
}

/** One change of the item at the desk: what it sends; every call answers the item as it is after the change. */
export type ItemChange =
  | { kind: 'edit'; body: EndpointInput<typeof editInboundItemCheckinEndpoint>['body'] }
  | { kind: 'surcharge'; body: EndpointInput<typeof addSurchargeEndpoint>['body'] }
  | { kind: 'surcharge_delete'; index: number }
  | { kind: 'find'; amount: number }
  | { kind: 'drop'; locationId: string }
  | { kind: 'clear' }
  | { kind: 'place'; body: EndpointInput<typeof placeInboundItemEndpoint>['body'] }
  | { kind: 'photo'; file: File }
  | { kind: 'submit' };

/**
 * Sends one change of an inbound item (spec 2 §5, §7 Inbound) with an Idempotency-Key, and puts the item it answers
 * into the query cache, so the page shows the server's state after every change.
 */
export function useItemChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: ItemChange): Promise<InboundItem> => {
      const params = { id };
      switch (change.kind) {
        case 'edit':
          return call(editInboundItemCheckinEndpoint, { params, body: change.body });
        case 'surcharge':
          return call(addSurchargeEndpoint, { params, body: change.body });
        case 'surcharge_delete':
          return call(deleteSurchargeEndpoint, { params: { id, index: change.index } });
        case 'find':
          return call(findLocationsEndpoint, { params, body: { amount: change.amount } });
        case 'drop':
          return call(deleteReservedLocationEndpoint, { params: { id, locationId: change.locationId } });
        case 'clear':
          return call(clearReservedLocationsEndpoint, { params });
        case 'place':
          return call(placeInboundItemEndpoint, { params, body: change.body });
        case 'submit':
          return call(submitInboundItemEndpoint, { params });
        case 'photo':
          return api
            .put(`inventory/checkin/images/${encodeURIComponent(id)}`, {
              body: change.file,
              headers: {
                'content-type': change.file.type,
                'x-file-name': encodeURIComponent(change.file.name),
                'idempotency-key': crypto.randomUUID(),
              },
            })
            .json<InboundItem>();
      }
    },
    onSuccess: (item) => {
      client.setQueryData(endpointQuery(inboundItemEndpoint, { params: { id } }).queryKey, item);
    },
  });
}

import {
  buildPath,
  inboundImageEndpoint,
  inboundPackingSlipEndpoint,
  inboundQrEndpoint,
  pendingInventoryPdfEndpoint,
} from '@hoppa/core';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** Which PDF of an inbound to open: the QR label for its boxes or the inventory ticket (spec 2 §2, §7). */
export type InboundDocument = 'qr' | 'ticket';

/**
 * The URL of an inbound's PDF as the API serves it inline (`GET /api/inbounds/qr/{id}`, `GET
 * /api/inbound_item/packing_slip/{id}`), to open in a new tab where the browser shows and prints it (spec 2 §7
 * 'opened and printed'). The session cookie goes along; neither call changes anything.
 */
export function inboundDocumentUrl(doc: InboundDocument, id: string): string {
  const endpoint = doc === 'qr' ? inboundQrEndpoint : inboundPackingSlipEndpoint;
  return `/api${buildPath(endpoint.path, { id })}`;
}

/**
 * The URL of one damage photo of an inbound item (`GET /api/inbound_item/image/{id}/{image_id}`, spec 2 §7), for an
 * `<img>` or a link: the session cookie goes along; the API answers only the item's organisation and the warehouse.
 */
export function inboundImageUrl(itemId: string, imageId: string): string {
  return `/api${buildPath(inboundImageEndpoint.path, { id: itemId, image_id: imageId })}`;
}

/**
 * The inventory tickets of every pending inbound in one PDF (`POST /inventory/pending_inventory_pdf`, spec 2 §7),
 * opened in a new tab (opened before the call, so no pop-up blocker stops it).
 */
export function usePendingTicketsPdf() {
  return useMutation({
    mutationFn: async () => {
      const tab = window.open('', '_blank');
      try {
        const pdf = await call(pendingInventoryPdfEndpoint, { body: {} });
        if (tab) tab.location.href = URL.createObjectURL(pdf);
      } catch (err) {
        tab?.close();
        throw err;
      }
    },
  });
}

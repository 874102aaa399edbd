import { orderAttachmentsEndpoint, orderAttachmentUploadEndpoint } from '@hoppa/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { endpointKey, endpointQuery } from '../../lib/endpoint-query.ts';

/** `POST /order_attachments/{orderId}`: the PDFs as `files[]` with the instruction text, all or nothing. */
export function uploadAttachments(orderId: string, files: File[], instructions: string) {
  const form = new FormData();
  form.append('instructions', instructions);
  for (const f of files) form.append('files[]', f, f.name);
  return call(orderAttachmentUploadEndpoint, { params: { orderId }, body: form });
}

/** The attachments of an order, one page (`GET /order_attachments/{id}`; at most 20 per order). */
export function useOrderAttachments(orderId: string) {
  return useQuery(endpointQuery(orderAttachmentsEndpoint, { params: { id: orderId }, query: { limit: 20 } }));
}

/** Uploads to an order and reads its attachment list again. */
export function useUploadAttachments(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ files, instructions }: { files: File[]; instructions: string }) =>
      uploadAttachments(orderId, files, instructions),
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointKey(orderAttachmentsEndpoint) }),
  });
}

/** The address of one attachment's PDF, for a download link (the session cookie goes along). */
export function attachmentUrl(orderId: string, attachmentId: string): string {
  return `/api/order_attachments/${orderId}/${attachmentId}`;
}

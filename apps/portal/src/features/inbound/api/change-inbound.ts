import {
  addInboundItemEndpoint,
  type CreateInboundBody,
  createInboundEndpoint,
  deleteInboundItemEndpoint,
  type EndpointInput,
  editInboundEndpoint,
  type InboundExcelRow,
  inboundEmailEndpoint,
  inboundExcelCheckEndpoint,
  inboundExcelEndpoint,
} from '@hoppa/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import type { InfoValues } from '../inbound.rules.ts';

/**
 * After any change of an inbound: its lists (their summaries), the own calendar's list, the report, the inbound itself
 * and the items an opened calendar event read are read again.
 */
function useRefreshInbounds() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      [
        '/inbounds/status/pending',
        '/inbounds/status/checked_in',
        '/inbounds',
        '/pending-items-report',
        '/inbound/:id',
        '/inbound_item/inbound/:id',
      ].map((path) => qc.invalidateQueries({ queryKey: ['GET', path] })),
    );
}

/** `POST /inbound` (spec 2 §7, the wizard's confirmation): answers the inbound made with its items. */
export function useCreateInbound() {
  const refresh = useRefreshInbounds();
  return useMutation({
    mutationFn: (body: CreateInboundBody) => call(createInboundEndpoint, { body }),
    onSuccess: refresh,
  });
}

/** `POST /inbound/excel` (spec 2 §7, /add_inventory_excel): all rows or nothing (400 with one issue per row). */
export function useInboundExcel() {
  const refresh = useRefreshInbounds();
  return useMutation({
    mutationFn: (body: EndpointInput<typeof inboundExcelEndpoint>['body']) =>
      call(inboundExcelEndpoint, { body }),
    onSuccess: refresh,
  });
}

/**
 * `POST /inbound/excel/check {rows}` (/add_inventory_excel): every problem of the sheet's rows as reason codes,
 * `{ unknown: [ean], issues: [{ row, ean, field, code, values, reason }] }`; changes nothing.
 */
export function useInboundExcelCheck() {
  return useMutation({
    mutationFn: (rows: InboundExcelRow[]) => call(inboundExcelCheckEndpoint, { body: { rows } }),
  });
}

/** `PUT /inbound/edit/{id}` (spec 2 §7, /overview_checkin/{id}): the information, while pending (409 otherwise). */
export function useEditInbound(id: string) {
  const refresh = useRefreshInbounds();
  return useMutation({
    mutationFn: (info: InfoValues) => call(editInboundEndpoint, { params: { id }, body: info }),
    onSuccess: refresh,
  });
}

/** `POST /inbound_item/add/{inbound_id}` (spec 2 §2 Add product): a product added to a pending inbound. */
export function useAddInboundItem(inboundId: string) {
  const refresh = useRefreshInbounds();
  return useMutation({
    mutationFn: (body: EndpointInput<typeof addInboundItemEndpoint>['body']) =>
      call(addInboundItemEndpoint, { params: { inbound_id: inboundId }, body }),
    onSuccess: refresh,
  });
}

/** `DELETE /inbound_item/delete/{inbound_id}/{item_id}` (spec 2 §6): while pending and nothing is checked in. */
export function useDeleteInboundItem(inboundId: string) {
  const refresh = useRefreshInbounds();
  return useMutation({
    mutationFn: (itemId: string) =>
      call(deleteInboundItemEndpoint, { params: { inbound_id: inboundId, item_id: itemId } }),
    onSuccess: refresh,
  });
}

/** `POST /inventory/email {_id}` (spec 2 §7): mails the check-in summary to the inbound's contact. */
export function useSendInboundEmail() {
  return useMutation({
    mutationFn: (id: string) => call(inboundEmailEndpoint, { body: { _id: id } }),
  });
}

import { invoiceEndpoint, invoiceExportEndpoint } from '@hoppa/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** Orders per page of the invoice's order table. */
export const INVOICE_PAGE_SIZE = 25;

/**
 * The current organisation's invoice for the Amsterdam days `start`–`end` (`GET /invoice/get/{start}/{end}`, spec 3
 * §7 billing) with page `page` (1-based) of its shipped orders; the totals cover the whole period. Not fetched while
 * `enabled` is false (a period the server would refuse).
 */
export function useInvoice(start: string, end: string, page: number, enabled = true) {
  return useQuery({
    ...endpointQuery(invoiceEndpoint, {
      params: { start, end },
      query: { skip: (page - 1) * INVOICE_PAGE_SIZE, limit: INVOICE_PAGE_SIZE },
    }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

/** Saves a blob as a file through a temporary link. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads the invoice as XLSX (`GET /invoice/export/{start}/{end}`: the sheets Orders, Storage, Product Locations
 * and Product Storage Summary, made on the server) and saves it as `invoice-<start>-<end>.xlsx`.
 */
export function useExportInvoice() {
  return useMutation({
    mutationFn: async (v: { start: string; end: string }) => {
      const blob = await call(invoiceExportEndpoint, { params: v });
      saveBlob(blob, `invoice-${v.start}-${v.end}.xlsx`);
    },
  });
}

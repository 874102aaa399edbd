import { shipmentLabelEndpoint, shipmentPackingSlipEndpoint } from '@hoppa/core';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** Which stored document of a shipment to download again. */
export type ShipmentDocument = 'label' | 'packing_slip';

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
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
 * Downloads the stored label or packing slip of a shipment again (`GET /shipments/:id/label`,
 * `GET /shipments/:id/packing_slip`) and saves it as `<kind>-<order number>.pdf`.
 */
export function useDownloadShipmentDocument() {
  return useMutation({
    mutationFn: async (v: { id: string; orderNumber: string; doc: ShipmentDocument }) => {
      const endpoint = v.doc === 'label' ? shipmentLabelEndpoint : shipmentPackingSlipEndpoint;
      const blob = await call(endpoint, { params: { id: v.id } });
      const safe = v.orderNumber.replace(/[^A-Za-z0-9_-]+/g, '') || v.id;
      saveBlob(blob, `${v.doc === 'label' ? 'label' : 'packing-slip'}-${safe}.pdf`);
    },
  });
}

import {
  type PrintFrame,
  requestWithHeaders,
  SHIPMENT_ID_HEADER,
  type ShipOrderBody,
  type ShipVariant,
  shipOrderEndpoint,
  shipPostnlEndpoint,
  shipStampEndpoint,
  stampAmount,
  TRACKING_NUMBER_HEADER,
} from '@hoppa/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { orderKeys } from './get-open-orders.ts';

/** What shipping an order gives back: the label PDF (the packing slip for an own shipment) and the shipment. */
export interface ShipResult {
  orderId: string;
  label: Blob;
  trackingNumber: string | null;
  shipmentId: string | null;
}

/** A ship request: the body of `POST /orders/ship`, the method's variant (core `shipVariant`) and PostNL's print frame. */
export interface ShipRequest extends ShipOrderBody {
  variant: ShipVariant;
  printFrame?: PrintFrame | null;
}

/**
 * Ships an order by its method's variant (spec 1 §4 Shipping a card; ADR 0044): PostNL through
 * `POST /orders/ship/postnl` (with the print frame), a STAMP code through `POST /orders/ship/smf` (the code's amount),
 * everything else — OWN-SHIPMENT too — through `POST /orders/ship`. Answers the PDF with the tracking number and
 * shipment id from the typed response headers.
 */
export async function shipOrder(req: ShipRequest): Promise<ShipResult> {
  const { variant, printFrame, ...body } = req;
  const done = (res: { data: Blob; headers: Record<string, string | undefined> }): ShipResult => ({
    orderId: body.order_id,
    label: res.data,
    trackingNumber: res.headers[TRACKING_NUMBER_HEADER] ?? null,
    shipmentId: res.headers[SHIPMENT_ID_HEADER] ?? null,
  });
  if (variant === 'postnl' && body.method_code)
    return done(
      await requestWithHeaders(api, shipPostnlEndpoint, {
        body: { ...body, method_code: body.method_code, ...(printFrame ? { print_frame: printFrame } : {}) },
      }),
    );
  if (variant === 'stamp' && body.method_code) {
    const amount = stampAmount(body.method_code) ?? 1;
    return done(
      await requestWithHeaders(api, shipStampEndpoint, {
        body: {
          order_id: body.order_id,
          method_code: body.method_code,
          amount,
          ...(body.box_id ? { box_id: body.box_id } : {}),
        },
      }),
    );
  }
  return done(await requestWithHeaders(api, shipOrderEndpoint, { body }));
}

export function useShipOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    // Only the open lists: the shipment methods and boxes did not change, and refetching them
    // after every scan-ship would double the calls of a packing run.
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.open }),
  });
}

import {
  isStampCode,
  POSTNL_CARRIER,
  type ShipPostnlBody,
  type ShipStampBody,
  stampAmount,
} from '@hoppa/core';
import { type ShippingContext, type ShipResult, shipOrder } from './ship-order.service.ts';

/**
 * Ships an order with PostNL (spec 1 §4 'a postal carrier (order, code, method code, print frame)', §7
 * `POST /orders/ship/postnl`): {@link shipOrder} with a PostNL method only (400 for another) and the labels on A6
 * pages or A4 frames (`print_frame`). With the organisation's active PostNL connection PostNL makes the label, else the
 * local carrier (ADR 0044). Errors as {@link shipOrder}.
 */
export function shipWithPostnl(ctx: ShippingContext, body: ShipPostnlBody): Promise<ShipResult> {
  const { print_frame, ...ship } = body;
  return shipOrder(ctx, ship, { requireCarrier: POSTNL_CARRIER, printFrame: print_frame ?? null });
}

/**
 * Ships an order as a stamp product (spec 1 §4 'a stamp/letter product (with an amount, 1 or 2 depending on the code)',
 * §7 `POST /orders/ship/smf`): {@link shipOrder} with a STAMP method (the schema refuses other codes, 400) and the
 * code's amount of stamps on our A6 stamp label. Errors as {@link shipOrder}.
 */
export function shipWithStamps(ctx: ShippingContext, body: ShipStampBody): Promise<ShipResult> {
  const amount = stampAmount(body.method_code) ?? 1;
  return shipOrder(
    ctx,
    { order_id: body.order_id, method_code: body.method_code, box_id: body.box_id, label_quantity: 1 },
    {
      requireMethod: { test: (m) => isStampCode(m.code), why: 'not a stamp product', format: 'stamp_code' },
      stampAmount: amount,
    },
  );
}

import { defineEndpoint, PdfResponseSchema } from '../http/endpoint.ts';
import { ShipPostnlBodySchema, ShipStampBodySchema } from './carrier-ship.schema.ts';
import { ShipOrderHeadersSchema } from './shipment.schema.ts';

/**
 * Ships an order with the postal carrier PostNL (spec 1 §4 Shipping a card 'a postal carrier (order, code, method
 * code, print frame)', §7 `POST /orders/ship/postnl`): as `POST /orders/ship`, with a PostNL method only (400
 * otherwise; 6440, 6942 and 6945 only within the Netherlands). With the organisation's active PostNL connection the
 * parcel is registered at PostNL (barcode, label with confirm) and PostNL's label is answered, one page per parcel or
 * on A4 frames (`print_frame`); without one the built-in local carrier labels it (ADR 0044). 502 `outside_service`
 * when PostNL refuses, times out or answers something unreadable: the message names PostNL and its reason and the
 * order stays open.
 */
export const shipPostnlEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/ship/postnl',
  summary: 'Ship an order with PostNL: label PDF, order marked shipped',
  body: ShipPostnlBodySchema,
  response: PdfResponseSchema,
  binary: true,
  problems: ['order_shipped', 'order_cancelled', 'cancellation_requested', 'conflict', 'outside_service'],
  responseHeaders: ShipOrderHeadersSchema,
  tags: ['shipping'],
});

/**
 * Ships an order as a stamp (letter) product (spec 1 §4 'a stamp/letter product (with an amount, 1 or 2 depending on
 * the code)', §7 `POST /orders/ship/smf`): the method code must contain STAMP (400 otherwise). Answers our A6 stamp
 * label (how many stamps, the address, the reference); there is no tracking at the carrier, so `x-tracking-number` is
 * our own reference. 409 as `POST /orders/ship`.
 */
export const shipStampEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/ship/smf',
  summary: 'Ship an order with stamps: stamp label PDF, order marked shipped',
  body: ShipStampBodySchema,
  response: PdfResponseSchema,
  binary: true,
  problems: ['order_shipped', 'order_cancelled', 'cancellation_requested', 'conflict'],
  responseHeaders: ShipOrderHeadersSchema,
  tags: ['shipping'],
});

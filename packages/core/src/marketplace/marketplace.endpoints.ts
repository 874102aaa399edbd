import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { defineEndpoint, PdfResponseSchema } from '../http/endpoint.ts';
import {
  BolCancellationResultSchema,
  BolShipmentListBodySchema,
  BolShipmentListSchema,
  BolShipOptionsSchema,
  ShipBolOrderBodySchema,
  ShipBolOrderHeadersSchema,
} from './marketplace.schema.ts';

/**
 * The bol label options of an open bol order (spec 1 §3 Ship option, §4 Shipping a card; path not shown, ADR 0045):
 * asks bol for the delivery options of the order's bol order items (`POST /retailer/shipping-labels/delivery-options`)
 * and answers those the packer may choose (not priced 6). An order that cannot ship with a bol label (not from bol,
 * shipped, cancelled, its connection disabled) answers no options with the reason in `unavailable`, without asking
 * bol; 404 for another organisation's order; 502 `outside_service` when bol refuses or answers unreadably.
 */
export const bolShipOptionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders/bol/ship_options/:id',
  summary: 'The bol.com label options of an open bol order',
  params: z.object({ id: IdSchema }),
  response: BolShipOptionsSchema,
  problems: ['outside_service'],
  tags: ['shipping', 'bol.com'],
});

/**
 * Ships a bol order with a label bought from bol (spec 1 §4 Shipping a card, marketplace label variant; path not
 * shown: `POST /orders/ship/bol`, ADR 0045): buys the label of the chosen `shippingLabelOfferId`, fetches its PDF and
 * track and trace, and in one transaction marks the order shipped, stores the shipment (carrier `bol`) with the
 * label and packing slip and queues the confirmation to bol, which is then sent at once (and retried by the queue if
 * bol does not take it). Answers the label PDF with `x-tracking-number`, `x-shipment-id` and
 * `x-marketplace-confirmation` (`confirmed` or `pending`). A refusal, timeout or unreadable answer of bol before the
 * commit leaves the order open: 502 `outside_service` naming bol and the reason.
 */
export const shipBolOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/ship/bol',
  summary: 'Ship a bol order with a bol.com label: label PDF, order shipped, shipment confirmed to bol',
  body: ShipBolOrderBodySchema,
  response: PdfResponseSchema,
  binary: true,
  problems: [
    'order_shipped',
    'order_cancelled',
    'cancellation_requested',
    'not_marketplace_order',
    'marketplace_connection_inactive',
    'outside_service',
  ],
  responseHeaders: ShipBolOrderHeadersSchema,
  tags: ['shipping', 'bol.com'],
});

/**
 * The bol shipment list of a day (spec 1 §7 catalogue `POST /orders/bol/shipmentlist`; payload not shown, read in
 * ADR 0045): the bol and bol_be orders shipped that day (Europe/Amsterdam) with how they left (bol label or our
 * carrier), their track and trace and the state of their confirmation to bol, newest first, server-paged, with the
 * day's counts per state. Reads our own records: no call to bol.
 */
export const bolShipmentListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/bol/shipmentlist',
  summary: 'The bol.com shipments of a day with their confirmation to bol',
  body: BolShipmentListBodySchema,
  response: BolShipmentListSchema,
  tags: ['shipping', 'bol.com'],
});

/**
 * Accepts the customer's cancellation request of a bol order (spec 1 §3 Order product line `cancellationRequest`, §4
 * Picking state; our path, no catalogue call: ADR 0128): every bol order item of the order with an open request is
 * cancelled at bol (`PUT /retailer/orders/cancellation`, reason REQUESTED_BY_CUSTOMER, one item per call, each waited
 * for), then in one transaction its lines get `cancelled_at`, their picked pieces go back to their locations and the
 * order becomes cancelled when no line is left to ship. bol has no call to decline a request: an order with one
 * cannot ship (409 `cancellation_requested` on every ship call) until it is accepted. Errors: 404 another
 * organisation's order; 409 `order_shipped`, `order_cancelled`, `not_marketplace_order`,
 * `marketplace_connection_inactive`, `no_cancellation_request`; 502 `outside_service` when bol refuses or does not
 * answer (the items bol cancelled before that are cancelled here too).
 */
export const acceptBolCancellationEndpoint = defineEndpoint({
  method: 'POST',
  path: '/order/bol/cancellation/:id',
  summary: "Accept a bol.com customer's cancellation request: cancel the items at bol and here",
  params: z.object({ id: IdSchema }),
  response: BolCancellationResultSchema,
  problems: [
    'order_shipped',
    'order_cancelled',
    'not_marketplace_order',
    'marketplace_connection_inactive',
    'no_cancellation_request',
    'outside_service',
  ],
  tags: ['orders', 'bol.com'],
});

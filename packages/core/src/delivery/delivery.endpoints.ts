import { z } from 'zod';
import { defineEndpoint, PdfResponseSchema } from '../http/endpoint.ts';
import { OrderSchema } from '../orders/order.schema.ts';
import { ShipmentListResponseSchema } from '../shipping/shipment.schema.ts';
import {
  BatchParamsSchema,
  DateRangeParamsSchema,
  DeliveryPerformanceSchema,
  EditProductSchema,
  EditProductSearchQuerySchema,
  MarkShippedBodySchema,
  MarkShippedResultSchema,
  OrderEditBodySchema,
  OrderNotesBodySchema,
  OrderNotesResultSchema,
  OrderParamsSchema,
  OrderSearchParamsSchema,
  OrderSearchQuerySchema,
  ShipmentRangeQuerySchema,
} from './delivery.schema.ts';

/**
 * `PUT /order/edit/{id}` (spec 1 §2 Edit order, §7; ADR 0041): replaces the address and the product lines of an
 * open order and answers the order as `GET /order/get/{id}` does. Lines not listed are removed; new lines get the
 * product's first stocked pick location. Refused with 409 `order_shipped` / `order_cancelled` once the order left
 * the open state, 409 `fulfilled_by_provider` for an order fulfilled by the provider (isFulfilledBySF, spec 1 §2),
 * and 409 `picking_started` when a change would undo picking: removing a line with picked pieces, or lowering a
 * quantity below what is picked; 409 `cancellation_requested` when a line with a cancellation request of its customer
 * (or cancelled at it; ADR 0128) would change its quantity or be removed. 400 for a product of another shop.
 */
export const orderEditEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/order/edit/:id',
  summary: 'Edit the address and product lines of an open order',
  params: OrderParamsSchema,
  body: OrderEditBodySchema,
  response: OrderSchema,
  problems: [
    'order_shipped',
    'order_cancelled',
    'fulfilled_by_provider',
    'picking_started',
    'cancellation_requested',
  ],
  tags: ['orders'],
});

/**
 * `GET /order/edit/{id}/products?search=` (spec 1 §5 Edit order: search from 3 characters, 10 results): products
 * of the order's shop whose name, EAN or SKU contains the term, by name. 400 below 3 characters.
 */
export const orderEditProductsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/order/edit/:id/products',
  summary: 'Products of the order’s shop to add to the order',
  params: OrderParamsSchema,
  query: EditProductSearchQuerySchema,
  response: z.object({ items: z.array(EditProductSchema) }),
  tags: ['orders'],
});

/**
 * `PUT /order/notes` (spec 1 §2 Order card note editor, §7 `{_id, notes_text, notes_color, notes_notify}`): sets the
 * order's note and colour; with `notes_notify` and a note the customer (address e-mail) gets it by mail through the
 * mail transport. Red notes are the 'warning' orders of the open list and the packing station.
 */
export const orderNotesEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/order/notes',
  summary: 'Set the note of an order',
  body: OrderNotesBodySchema,
  response: OrderNotesResultSchema,
  tags: ['orders'],
});

/**
 * `GET /orders/{start}/{end}?orderId&postCode&name` (spec 1 §7; §2 Shipments): a page of the shipments shipped in
 * the range (inclusive), newest first, optionally of one speed group. 400 when start lies after end.
 */
export const shipmentRangeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders/:start/:end',
  summary: 'Shipments of a date range, paged',
  params: DateRangeParamsSchema,
  query: ShipmentRangeQuerySchema,
  response: ShipmentListResponseSchema,
  tags: ['shipping'],
});

/**
 * `GET /orders/search/{term}` (spec 1 §5 Shipments search, §7): shipped orders of any date whose shop order
 * number, tracking number, postcode or surname starts with the term (case and postcode spaces ignored), newest
 * first, paged. 400 below 3 characters.
 */
export const orderSearchEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders/search/:term',
  summary: 'Search shipped orders',
  params: OrderSearchParamsSchema,
  query: OrderSearchQuerySchema,
  response: ShipmentListResponseSchema,
  tags: ['shipping'],
});

/** `GET /orders/perform/{start}/{end}` (spec 1 §2 Shipments header, §7): delivery performance of the range. */
export const deliveryPerformanceEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders/perform/:start/:end',
  summary: 'Delivery performance of the shipments of a date range',
  params: DateRangeParamsSchema,
  response: DeliveryPerformanceSchema,
  tags: ['shipping'],
});

/**
 * `POST /order/shipped/{id}` (spec 1 §7; spec 2 §2 Label printing marks the order shipped): records that the parcel
 * of a shipped order was handed over to the carrier (event B01), or with `{status: 'delivered'}` that it was
 * delivered (I11). Repeating answers the event already recorded. 409 `not_shipped` while the order has no label.
 */
export const orderShippedEndpoint = defineEndpoint({
  method: 'POST',
  path: '/order/shipped/:id',
  summary: 'Mark the parcel of an order handed over (or delivered)',
  params: OrderParamsSchema,
  body: MarkShippedBodySchema,
  response: MarkShippedResultSchema,
  problems: ['not_shipped'],
  tags: ['shipping'],
});

/**
 * `GET /test/batch/{batch_id}` (spec 1 §7 direct call: the BATCH link of a shipment): the labels of every shipment of
 * that print run (`POST /orders/ship/batch/single`) in one PDF, in shipping order. 404 for an unknown batch or
 * one of another organisation.
 */
export const batchLabelsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/test/batch/:batch_id',
  summary: 'Labels of a batch print run',
  params: BatchParamsSchema,
  response: PdfResponseSchema,
  binary: true,
  tags: ['shipping'],
});

/**
 * `GET /order/packing_list/{id}` (spec 1 §2 Order card 'P', Order detail 'download packing list'): the packing slip
 * PDF of the order (the stored one once shipped), as `POST /orders/packing_slip`, openable in a tab.
 */
export const orderPackingListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/order/packing_list/:id',
  summary: 'Packing list PDF of an order',
  params: OrderParamsSchema,
  response: PdfResponseSchema,
  binary: true,
  tags: ['orders'],
});

/**
 * `GET /order/order_list/{id}` (spec 1 §2 Order card 'O'): the order list PDF — the order's facts (shop, dates,
 * platform, method, status, note with colour), address, and every line with EAN, title, quantity, picked and storage
 * location, for the merchant's or warehouse's file.
 */
export const orderListDocumentEndpoint = defineEndpoint({
  method: 'GET',
  path: '/order/order_list/:id',
  summary: 'Order list PDF of an order',
  params: OrderParamsSchema,
  response: PdfResponseSchema,
  binary: true,
  tags: ['orders'],
});

import { defineEndpoint, PdfResponseSchema } from '../http/endpoint.ts';
import {
  BatchShipHeadersSchema,
  BatchShipSingleBodySchema,
  PackingSlipBodySchema,
  ShipmentDetailSchema,
  ShipmentListQuerySchema,
  ShipmentListResponseSchema,
  ShipmentParamsSchema,
  ShipOrderBodySchema,
  ShipOrderHeadersSchema,
} from './shipment.schema.ts';

/**
 * Ships an order (spec 1 §4 Shipping a card, §7 POST /orders/ship): creates the carrier label, marks
 * the order shipped and stores label and packing slip. Answers `application/pdf` (label, one page per
 * parcel) with headers `x-tracking-number` and `x-shipment-id`. 409 `order_shipped`, `order_cancelled`
 * or `cancellation_requested`; 404 for an order of another organisation; 400 for an unknown method.
 * The method decides the carrier (ADR 0044): a PostNL method with the organisation's active PostNL connection goes
 * through PostNL (502 `outside_service` naming PostNL and its reason when it refuses or does not answer; the order
 * stays open), a stamp method makes the stamp label, OWN-SHIPMENT ('Eigen verzendwijze') answers the packing slip
 * instead of a label (the merchant ships it). 409 `conflict` while another station is shipping the same order.
 */
export const shipOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/ship',
  summary: 'Ship an order: label PDF, order marked shipped',
  body: ShipOrderBodySchema,
  response: PdfResponseSchema,
  binary: true,
  problems: ['order_shipped', 'order_cancelled', 'cancellation_requested', 'conflict', 'outside_service'],
  responseHeaders: ShipOrderHeadersSchema,
  tags: ['shipping'],
});

/**
 * Ships the single-line orders of a pick location at once (spec 1 §2 Open orders list 'print single
 * orders', §4 Shipping a card, §7 `POST /orders/ship/batch/single {orderIds, orgId}`). Each listed
 * order that is open and has exactly one line ships in its own transaction exactly as
 * `POST /orders/ship` would (its selected method, box and label quantity), so one failure undoes no
 * other; the rest are skipped with a reason (`BatchSkipReason`; another organisation's order, or one
 * outside `orgId`, is `not_found`).
 *
 * Answers one `application/pdf` holding the labels of every shipped order, in the given order, for
 * one print run, with headers `x-shipped-count` (a decimal) and `x-batch-summary`: JSON
 * `{ shipped: [{order_id, shipment_id, tracking_number}], skipped: [{order_id, reason}] }`
 * (`BatchShipSummarySchema`). When nothing could ship there is no PDF to give: 409 `nothing_shipped`,
 * whose `issues` list each order (`path` the order id, `message` the reason). 400 for an empty list
 * or more than 200 ids.
 */
export const batchShipSingleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/ship/batch/single',
  summary: 'Ship the single-line orders of a pick location: one PDF with all labels',
  body: BatchShipSingleBodySchema,
  response: PdfResponseSchema,
  binary: true,
  problems: ['nothing_shipped'],
  responseHeaders: BatchShipHeadersSchema,
  tags: ['shipping'],
});

/** The packing slip of an order (spec 1 §7 POST /orders/packing_slip): A4 PDF with the order lines. */
export const packingSlipEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/packing_slip',
  summary: 'Packing slip PDF of an order',
  body: PackingSlipBodySchema,
  response: PdfResponseSchema,
  binary: true,
  tags: ['shipping'],
});

/** Shipped orders of the user's organisations (spec 1 §2 Shipments); default the last week. */
export const shipmentListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/shipments',
  summary: 'List shipments',
  query: ShipmentListQuerySchema,
  response: ShipmentListResponseSchema,
  // A hot read (issue 8, 100 shipments a page with their products): written in the response's shape without checking
  // every value (ADR 0065); under test the answer must equal zod's byte for byte.
  trustedOutput: true,
  tags: ['shipping'],
});

/**
 * One shipment with its order (spec 1 §2 Order detail); 404 for another organisation's shipment. Serves the spec's
 * external 'carrier tracking link' too: `tracking_url` is built by core `carrierTrackingUrl` from the carrier,
 * tracking number, country and postcode (ADR 0041), and the screens open it on the carrier's site.
 */
export const shipmentDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/shipments/:id',
  summary: 'Shipment detail, with the carrier tracking link',
  params: ShipmentParamsSchema,
  response: ShipmentDetailSchema,
  catalogue: 'carrier tracking link (tracking no., country, postcode)',
  tags: ['shipping'],
  coverageNote:
    'the link rule (core carrierTrackingUrl) serves PostNL, DHL Parcel NL, DPD, UPS, GLS and bol; the DHL page ' +
    '(dhlparcel.nl volg-uw-zending, tc and pc) is taken from DHL’s public site, not confirmed with a recorded parcel; ' +
    'parcels of the built-in local carrier have no outside page (ADR 0046)',
});

/** Downloads the stored label PDF of a shipment again. */
export const shipmentLabelEndpoint = defineEndpoint({
  method: 'GET',
  path: '/shipments/:id/label',
  summary: 'Shipment label PDF',
  params: ShipmentParamsSchema,
  response: PdfResponseSchema,
  binary: true,
  tags: ['shipping'],
});

/** Downloads the stored packing slip PDF of a shipment again. */
export const shipmentPackingSlipEndpoint = defineEndpoint({
  method: 'GET',
  path: '/shipments/:id/packing_slip',
  summary: 'Shipment packing slip PDF',
  params: ShipmentParamsSchema,
  response: PdfResponseSchema,
  binary: true,
  tags: ['shipping'],
});

/**
 * Ships an order with DHL Parcel NL (spec 1 §7 catalogue `POST /dhl/ship` (PDF blob); §4 Shipping a card; ADR 0046):
 * the same body and answer as `POST /orders/ship` — the label PDF DHL made, with headers `x-tracking-number` (DHL's
 * tracker code) and `x-shipment-id` —, but the label comes from the current organisation's active DHL connection
 * (`/settings/apis`). 409 `carrier_not_connected` without one; 502 `outside_service` when DHL refuses, does not answer
 * or answers something unreadable — the order then stays open and no shipment is stored. 409 `order_shipped`,
 * `order_cancelled`, `cancellation_requested` as `POST /orders/ship`.
 */
export const dhlShipEndpoint = defineEndpoint({
  method: 'POST',
  path: '/dhl/ship',
  summary: 'Ship an order with DHL Parcel NL: DHL label PDF, order marked shipped',
  body: ShipOrderBodySchema,
  response: PdfResponseSchema,
  binary: true,
  problems: [
    'order_shipped',
    'order_cancelled',
    'cancellation_requested',
    'carrier_not_connected',
    'outside_service',
  ],
  responseHeaders: ShipOrderHeadersSchema,
  tags: ['shipping'],
  coverageNote:
    'the DHL Parcel NL adapter and its fake are built from DHL’s public API documentation (api-gw.dhlparcel.nl/docs) ' +
    'without recordings: authentication, POST /labels and GET /track-trace are untried against a real account; ' +
    'parcel type, options (DOOR), the track-trace key encoding and the event categories must be confirmed there (ADR 0046)',
});

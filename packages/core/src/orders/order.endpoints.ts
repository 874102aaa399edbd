import { z } from 'zod';
import { IdSchema, OkSchema } from '../common/common.schema.ts';
import { defineEndpoint, IMPORT_BODY_LIMIT } from '../http/endpoint.ts';
import {
  LabelQuantityBodySchema,
  OpenOrdersParamsSchema,
  OpenOrdersQuerySchema,
  OpenOrdersSchema,
  OrderIdParamsSchema,
  OrderImportBodySchema,
  OrderImportResultSchema,
  OrderSchema,
  SelectShipmentBoxBodySchema,
  SelectShipmentMethodBodySchema,
  ShipmentBoxSchema,
  ShipmentMethodSchema,
} from './order.schema.ts';

/**
 * `GET /orders/open/:start/:end/:pack_size` (spec 1 §2 Open orders list, §7): open orders of the
 * user's organisations placed between start and end, grouped per pick location in walking order.
 * pack_size 1 = single-line orders, 2 = multi-line orders, 0 or 'all' = both.
 */
export const openOrdersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders/open/:start/:end/:pack_size',
  summary: 'Open orders in a date range, grouped per pick location',
  params: OpenOrdersParamsSchema,
  query: OpenOrdersQuerySchema,
  response: OpenOrdersSchema,
  // A hot read (issue 8): written in the response's shape without checking every value (ADR 0065).
  trustedOutput: true,
  tags: ['orders'],
});

/** `GET /order/get/:id` (spec 1 §7): one order with its lines; 404 when not of the user's organisations. */
export const orderGetEndpoint = defineEndpoint({
  method: 'GET',
  path: '/order/get/:id',
  summary: 'Get one order',
  params: z.object({ id: IdSchema }),
  response: OrderSchema,
  tags: ['orders'],
});

/** `POST /order/labels/quantity` (spec 1 §7): sets how many shipping labels an order gets (≥ 1). */
export const orderLabelQuantityEndpoint = defineEndpoint({
  method: 'POST',
  path: '/order/labels/quantity',
  summary: 'Set the label quantity of an order',
  body: LabelQuantityBodySchema,
  response: OkSchema,
  tags: ['orders'],
});

/**
 * `POST /order/shipment_method/:orderId` {code} (spec 1 §7): selects the order's shipment method
 * (its `selected_ship_option`). 400 for an unknown or inactive code; 404 for an unknown order.
 */
export const orderShipmentMethodEndpoint = defineEndpoint({
  method: 'POST',
  path: '/order/shipment_method/:orderId',
  summary: 'Select the shipment method of an order',
  params: OrderIdParamsSchema,
  body: SelectShipmentMethodBodySchema,
  response: OkSchema,
  tags: ['orders'],
});

/**
 * `POST /order/shipment_package/:orderId` {id} (spec 1 §7): selects the order's shipment box
 * (its `selected_packaging_option`). 400 for an unknown box; 404 for an unknown order.
 */
export const orderShipmentPackageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/order/shipment_package/:orderId',
  summary: 'Select the shipment box of an order',
  params: OrderIdParamsSchema,
  body: SelectShipmentBoxBodySchema,
  response: OkSchema,
  tags: ['orders'],
});

/** `GET /shipment_methods` (spec 1 §7, spec 3 §7 Admin): the active shipment methods, by name. */
export const shipmentMethodsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/shipment_methods',
  summary: 'List the active shipment methods',
  response: z.array(ShipmentMethodSchema),
  tags: ['orders'],
});

/** `GET /shipment_boxes` (spec 1 §7, spec 3 §7 Admin): the shipment boxes, by name. */
export const shipmentBoxesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/shipment_boxes',
  summary: 'List the shipment boxes',
  response: z.array(ShipmentBoxSchema),
  tags: ['orders'],
});

/**
 * `POST /orders/import` (spec 1 §2 Import, §7): creates orders of the current organisation from
 * mapped spreadsheet rows. Rows sharing an order_id form one order; a rejected row rejects its
 * order; each order is written whole or not at all; re-uploading creates no duplicates: an order whose number was
 * imported before is skipped and reported apart from the rows to fix. Answers 201
 * `{ created, orders: [{order_id, id}], errors: [{row, order_id, reason}], skipped, skipped_rows, warnings }`; 400
 * when no current organisation is chosen.
 */
export const orderImportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/import',
  bodyLimit: IMPORT_BODY_LIMIT,
  rawJsonBody: true,
  summary: 'Import orders from mapped spreadsheet rows',
  body: OrderImportBodySchema,
  response: OrderImportResultSchema,
  status: 201,
  scope: 'org',
  tags: ['orders'],
});

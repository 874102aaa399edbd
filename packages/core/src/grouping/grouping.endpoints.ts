import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  AvailablePickCartsBodySchema,
  AvailablePickCartsSchema,
  OrderByLocationSchema,
  SetDestinationBodySchema,
  SetDestinationResultSchema,
} from './grouping.schema.ts';

/**
 * `POST /available-pick-carts {skip, location}` (spec 2 §7 Pick and grouping, §2 Order grouping): a page of pick
 * locations in walking order, each with up to `capacity` picked order lines not yet grouped (spec 2 §3 Group item).
 */
export const availablePickCartsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/available-pick-carts',
  summary: 'Order grouping: picked lines per pick location',
  body: AvailablePickCartsBodySchema,
  response: AvailablePickCartsSchema,
  tags: ['grouping'],
});

/**
 * `GET /orders-by-picked-location/{id}` (spec 2 §7; spec 1 §3 Orders by location): the open orders with lines picked
 * from location `id` or grouped into it, each with has_grouped_products and pick_group_location. At most 500.
 */
export const ordersByPickedLocationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders-by-picked-location/:id',
  summary: 'Order grouping: orders by picked location',
  params: z.object({ id: IdSchema }),
  response: z.array(OrderByLocationSchema),
  tags: ['grouping'],
});

/**
 * `POST /process-product-scan` (spec 2 §4 Order grouping flow, §3 Set-destination payload): moves a picked line to
 * a group location. 409 `wrong_group_location` when the order has grouped products in another location; 409
 * `location_holds_stock` for a first destination holding stock (ADR 0142); 409 `location_inactive`; 404 for an
 * unknown line or location; a line already there answers the same again.
 */
export const processProductScanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/process-product-scan',
  summary: 'Order grouping: set the destination of a picked line',
  body: SetDestinationBodySchema,
  response: SetDestinationResultSchema,
  problems: ['wrong_group_location', 'location_holds_stock', 'location_inactive', 'over_pick'],
  tags: ['grouping'],
});

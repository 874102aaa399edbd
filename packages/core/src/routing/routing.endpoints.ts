import { defineEndpoint } from '../http/endpoint.ts';
import {
  DriveOrderPageSchema,
  DriveOrdersQuerySchema,
  RoutePlanBodySchema,
  RoutePlanSchema,
  RouteRequestSchema,
  RouteResultSchema,
} from './routing.schema.ts';

/**
 * `GET /orders/drive` (spec 3 §7 'GET orders/drive exists'): a page of the open orders of every shop whose shipment
 * method is delivered by the warehouse's own drivers (carrier {@link DRIVE_CARRIER_CODE}), oldest first, each with the
 * position the offline geocoder found for its place or `placeable: false`. The provider's own staff only (403 else).
 */
export const driveOrdersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders/drive',
  summary: 'Open orders for the own drivers, with their geocoded position',
  scope: 'provider',
  query: DriveOrdersQuerySchema,
  response: DriveOrderPageSchema,
  tags: ['routes'],
});

/**
 * `POST /route_plan` (spec 3 §7 store action getRoutePlan, path not shown; spec 3 §3 Route plan): divides the open
 * drive orders (or the given ones) over `agents` routes that start and end at the warehouse (the provider's address)
 * and answers the GeoJSON FeatureCollection of spec 3 §3. A POST, not a GET: the body carries the agent count and an
 * order selection of up to 500 ids, and the answer is computed, not a stored record. Deterministic. 400 for an
 * unknown order id or one that is not an open drive order; 409 `no_depot` when the provider has no placeable address.
 */
export const routePlanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/route_plan',
  summary: 'Plan the routes of the own drivers',
  scope: 'provider',
  body: RoutePlanBodySchema,
  response: RoutePlanSchema,
  problems: ['no_depot'],
  catalogue: 'getRoutePlan',
  tags: ['routes'],
});

/**
 * `POST /routing/route` (spec 3 §7 'a routing service is called with waypoints and mode drive'): distance and time of
 * driving along the waypoints in their order, from the routing provider the API is configured with (the in-process
 * one: great-circle distance × a road factor at an average speed; no hosted service is reached and no key is sent).
 */
export const routingRouteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/routing/route',
  summary: 'Distance and time of a drive along waypoints',
  scope: 'provider',
  body: RouteRequestSchema,
  response: RouteResultSchema,
  catalogue: 'routing service (waypoints, mode drive) + map style',
  coverageNote:
    'In-process routing provider (haversine × road factor, average speed; ADR 0133): no hosted routing service, ' +
    'no key; the map is drawn offline from Natural Earth borders (world-atlas) instead of a loaded map style.',
  tags: ['routes'],
});

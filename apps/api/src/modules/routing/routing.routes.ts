import { driveOrdersEndpoint, routePlanEndpoint, routingRouteEndpoint } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { placeGeocoder } from './geocoder.ts';
import { listDriveOrders, planRoutes, type RoutingDeps, routeDrive } from './route-plan.service.ts';
import { inProcessRouting } from './routing-provider.ts';

/**
 * Registers the route plan (spec 3 §7 'sales/routes': `GET /orders/drive`, getRoutePlan as `POST /route_plan`, the
 * routing service as `POST /routing/route`). `deps` are the geocoder and routing provider: the offline ones unless
 * others are given (a hosted service plugs in here; ADR 0133). Every endpoint is the provider's staff's.
 */
export function registerRoutingRoutes(
  app: FastifyInstance,
  deps: RoutingDeps = { geocoder: placeGeocoder, routing: inProcessRouting },
): void {
  route(app, driveOrdersEndpoint, ({ query }, ctx) => listDriveOrders(ctx, query, deps.geocoder));
  route(app, routePlanEndpoint, ({ body }, ctx) => planRoutes(ctx, body, deps));
  route(app, routingRouteEndpoint, ({ body }) => routeDrive(body, deps.routing));
}

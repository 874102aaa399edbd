import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { pageOf, pageQuery } from '../http/page.ts';

/**
 * The carrier of a shipment method whose orders the warehouse's own drivers deliver (spec 3 §7 'GET orders/drive'):
 * an open order with such a method is a "drive" order and a stop of the route plan (ADR 0133).
 */
export const DRIVE_CARRIER_CODE = 'drive';

/** Most agents (drivers, vans) one route plan divides the stops over. */
export const MAX_ROUTE_AGENTS = 20;

/** Most stops one route plan takes (the day's drive orders of a regional warehouse are a few hundred at most). */
export const MAX_ROUTE_STOPS = 500;

/** A position on earth as GeoJSON writes it: `[longitude, latitude]` in degrees (WGS 84). */
export const LonLatSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
export type LonLat = z.infer<typeof LonLatSchema>;

/** Query of `GET /orders/drive`: a page of the open drive orders, oldest first (100 by default). */
export const DriveOrdersQuerySchema = pageQuery(100);

/**
 * One open drive order (spec 3 §7 `GET orders/drive`): its delivery address and where the offline geocoder placed
 * it. `location` is null and `placeable` false when the city is not in the place list (the order is listed, never
 * dropped: the planner leaves it out and the screen names it).
 */
export const DriveOrderSchema = z.object({
  id: IdSchema,
  order_id: z.string(),
  org_id: IdSchema,
  org_name: z.string(),
  placed_at: z.string(),
  name: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  /** `[lon, lat]` of the place the address lies in (the place's centre, not the house), or null. */
  location: LonLatSchema.nullable(),
  /** The place the geocoder matched (GeoNames name), or null. */
  place: z.string().nullable(),
  placeable: z.boolean(),
});
export type DriveOrder = z.infer<typeof DriveOrderSchema>;

export const DriveOrderPageSchema = pageOf(DriveOrderSchema);

/**
 * Body of the route plan (spec 3 §7 store action getRoutePlan): how many agents drive (1 … {@link MAX_ROUTE_AGENTS},
 * 3 by default) and optionally which drive orders (ids; default every open drive order). The same input always gives
 * the same plan.
 */
export const RoutePlanBodySchema = z.object({
  agents: z.number().int().min(1).max(MAX_ROUTE_AGENTS).default(3),
  order_ids: z.array(IdSchema).min(1).max(MAX_ROUTE_STOPS).optional(),
});
export type RoutePlanBody = z.input<typeof RoutePlanBodySchema>;

/** One waypoint of a route: the depot (start and end) or a stop with its order. */
export const RouteWaypointSchema = z.object({
  location: LonLatSchema,
  kind: z.enum(['depot', 'stop']),
  /** The drive order of a stop (`orders.id`), null for the depot. */
  order: IdSchema.nullable(),
  /** The shop's order number and the place, for the list and the map's tooltips; null for the depot. */
  order_id: z.string().nullable(),
  label: z.string(),
});
export type RouteWaypoint = z.infer<typeof RouteWaypointSchema>;

/**
 * One agent's route (spec 3 §3 Route plan): a GeoJSON Feature whose properties carry agent_index, agent_id, time
 * (seconds), distance (meters) and the waypoints with location, depot first and last. Stops = waypoints − 1.
 */
export const RouteFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(LonLatSchema) }),
  properties: z.object({
    agent_index: z.number().int().min(0),
    agent_id: z.string(),
    time: z.number().int().min(0),
    distance: z.number().int().min(0),
    waypoints: z.array(RouteWaypointSchema),
  }),
});
export type RouteFeature = z.infer<typeof RouteFeatureSchema>;

/**
 * Answer of the route plan: a GeoJSON FeatureCollection of one feature per agent (an agent without stops is left
 * out), the depot, and the drive orders the geocoder could not place (`unplaced`, listed by the screen).
 */
export const RoutePlanSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(RouteFeatureSchema),
  depot: z.object({ location: LonLatSchema, label: z.string() }),
  unplaced: z.array(DriveOrderSchema),
  /** Which planner answered (`in-process` today; a hosted routing service later). */
  provider: z.string(),
  /**
   * The estimates behind distance and time, for the screen to say so: road distance per straight-line distance,
   * average speed (km/h) and time per stop (seconds). Null from a provider that routes on real roads.
   */
  assumptions: z
    .object({
      road_factor: z.number(),
      average_speed_kmh: z.number(),
      service_time_s: z.number().int(),
    })
    .nullable(),
});
export type RoutePlan = z.infer<typeof RoutePlanSchema>;

/**
 * Body of the routing service call (spec 3 §7: 'a routing service is called with waypoints and mode drive'): 2 … 100
 * waypoints in driving order; mode is `drive` (the only one offered).
 */
export const RouteRequestSchema = z.object({
  mode: z.literal('drive'),
  waypoints: z
    .array(z.object({ location: LonLatSchema }))
    .min(2)
    .max(100),
});
export type RouteRequest = z.input<typeof RouteRequestSchema>;

/** Answer of the routing service: the whole route's and each leg's distance (meters) and time (seconds). */
export const RouteResultSchema = z.object({
  mode: z.literal('drive'),
  distance: z.number().int().min(0),
  time: z.number().int().min(0),
  legs: z.array(z.object({ distance: z.number().int().min(0), time: z.number().int().min(0) })),
  provider: z.string(),
});
export type RouteResult = z.infer<typeof RouteResultSchema>;

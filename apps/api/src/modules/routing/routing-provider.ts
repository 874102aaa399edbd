import type { LonLat } from '@hoppa/core';
import {
  AVERAGE_SPEED_KMH,
  measurePath,
  type PlannedRoute,
  type PlanStop,
  planRoutes,
  ROAD_FACTOR,
  SERVICE_TIME_S,
} from './planner.ts';

/**
 * The routing service of the route plan (spec 3 §7: 'a routing service is called with waypoints and mode drive'):
 * measures a drive along waypoints and plans agents' routes. {@link inProcessRouting} answers today; a hosted service
 * (with its key and map style) can implement the same interface without changing the routes or the screen (ADR 0133).
 */
export interface RoutingProvider {
  /** Short name shown in the plan's `provider` field. */
  readonly name: string;
  /** The estimates its distances and times rest on (null when it routes on real roads): the plan's `assumptions`. */
  readonly assumptions: { road_factor: number; average_speed_kmh: number; service_time_s: number } | null;
  /** Distance (meters) and time (seconds) of driving along `waypoints` in order, in total and per leg. */
  route(waypoints: readonly LonLat[]): Promise<{
    distance: number;
    time: number;
    legs: { distance: number; time: number }[];
  }>;
  /** Routes from `depot` over `stops` for `agents` agents: every stop on exactly one route. */
  plan(depot: LonLat, stops: readonly PlanStop[], agents: number): Promise<PlannedRoute[]>;
}

/** The in-process provider: the planner's estimates (planner.ts); no network, no key. */
export const inProcessRouting: RoutingProvider = {
  name: 'in-process',
  assumptions: {
    road_factor: ROAD_FACTOR,
    average_speed_kmh: AVERAGE_SPEED_KMH,
    service_time_s: SERVICE_TIME_S,
  },
  async route(waypoints) {
    return measurePath(waypoints);
  },
  async plan(depot, stops, agents) {
    return planRoutes(depot, stops, agents);
  },
};

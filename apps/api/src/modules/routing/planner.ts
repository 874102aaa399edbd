import type { LonLat } from '@hoppa/core';

/**
 * The in-process route planner (spec 3 §7 'sales/routes', §3 Route plan; ADR 0133): pure functions, no I/O. A plan
 * divides stops over agents by a sweep around the depot, orders each agent's stops by nearest neighbour and improves
 * that order with 2-opt. Distances are great-circle (haversine) distances times {@link ROAD_FACTOR}; times follow from
 * {@link AVERAGE_SPEED_KMH} plus {@link SERVICE_TIME_S} per stop. Every constant is an estimate for van deliveries in
 * the Netherlands, not a measurement: a hosted routing service replaces them behind the `RoutingProvider` interface.
 */

/** Mean earth radius, meters (IUGG). */
export const EARTH_RADIUS_M = 6_371_008.8;

/**
 * Road distance per straight-line distance: Dutch roads are about 1.3 × the crow-flies distance between places
 * (a common circuity figure for western Europe's road networks).
 */
export const ROAD_FACTOR = 1.3;

/** Average driving speed of a delivery van over a day's mix of motorway and town roads, km/h. */
export const AVERAGE_SPEED_KMH = 60;

/** Time at each stop (parking, walking to the door, handing over), seconds. */
export const SERVICE_TIME_S = 5 * 60;

/** Largest number of 2-opt improvement rounds per route (each round tries every pair; bounds the worst case). */
export const MAX_TWO_OPT_ROUNDS = 50;

/** A stop to plan: an id of the caller's (the order) and where it lies. */
export interface PlanStop {
  id: string;
  location: LonLat;
}

/** One agent's planned route: its stops in driving order, the road distance (meters) and time (seconds). */
export interface PlannedRoute {
  agentIndex: number;
  stops: PlanStop[];
  distance: number;
  time: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance between two `[lon, lat]` points, meters (haversine formula). */
export function haversineMeters(a: LonLat, b: LonLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLon = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Estimated road distance between two points, meters: {@link haversineMeters} × {@link ROAD_FACTOR}. */
export function roadMeters(a: LonLat, b: LonLat): number {
  return haversineMeters(a, b) * ROAD_FACTOR;
}

/** Driving time for `meters` of road at {@link AVERAGE_SPEED_KMH}, seconds. */
export function driveSeconds(meters: number): number {
  return meters / ((AVERAGE_SPEED_KMH * 1000) / 3600);
}

/**
 * Distance (meters) and time (seconds) of driving along `points` in order, per leg and in total, each leg rounded to
 * whole units. With `serviceStops` (a route: depot, stops, depot) the legs that end at a stop add
 * {@link SERVICE_TIME_S}: every leg but the last, which returns to the depot; without it the time is driving only.
 */
export function measurePath(
  points: readonly LonLat[],
  serviceStops = false,
): { distance: number; time: number; legs: { distance: number; time: number }[] } {
  const legs: { distance: number; time: number }[] = [];
  for (let i = 1; i < points.length; i++) {
    const d = roadMeters(points[i - 1] as LonLat, points[i] as LonLat);
    const service = serviceStops && i < points.length - 1 ? SERVICE_TIME_S : 0;
    legs.push({ distance: Math.round(d), time: Math.round(driveSeconds(d) + service) });
  }
  return {
    distance: legs.reduce((s, l) => s + l.distance, 0),
    time: legs.reduce((s, l) => s + l.time, 0),
    legs,
  };
}

/** Length of the closed tour depot → stops in order → depot, meters of road (unrounded). */
export function tourMeters(depot: LonLat, stops: readonly PlanStop[]): number {
  let total = 0;
  let prev = depot;
  for (const s of stops) {
    total += roadMeters(prev, s.location);
    prev = s.location;
  }
  return total + roadMeters(prev, depot);
}

/** Bearing of `p` seen from `depot`, radians in (−π, π], on a plane scaled by cos(latitude) (a local projection). */
function bearing(depot: LonLat, p: LonLat): number {
  return Math.atan2(p[1] - depot[1], (p[0] - depot[0]) * Math.cos(rad(depot[1])));
}

/**
 * Divides `stops` into at most `agents` groups of consecutive bearings around the depot (the sweep). The circle is
 * cut at the widest empty angle, so no group straddles a cluster; groups differ by at most one stop. Stops at the
 * depot itself (no bearing) count as bearing 0. Ties break on id, so equal input gives equal groups.
 */
export function sweepGroups(depot: LonLat, stops: readonly PlanStop[], agents: number): PlanStop[][] {
  if (stops.length === 0 || agents < 1) return [];
  const sorted = stops
    .map((s) => ({ s, a: bearing(depot, s.location) }))
    .sort((x, y) => x.a - y.a || (x.s.id < y.s.id ? -1 : x.s.id > y.s.id ? 1 : 0));
  let cut = 0;
  let widest = -1;
  for (let i = 0; i < sorted.length; i++) {
    const next = sorted[(i + 1) % sorted.length] as { a: number };
    const here = sorted[i] as { a: number };
    const gap = i === sorted.length - 1 ? next.a + 2 * Math.PI - here.a : next.a - here.a;
    if (gap > widest) {
      widest = gap;
      cut = (i + 1) % sorted.length;
    }
  }
  const ring = [...sorted.slice(cut), ...sorted.slice(0, cut)].map((x) => x.s);
  const n = Math.min(agents, ring.length);
  const groups: PlanStop[][] = [];
  let at = 0;
  for (let g = 0; g < n; g++) {
    const size = Math.floor(ring.length / n) + (g < ring.length % n ? 1 : 0);
    groups.push(ring.slice(at, at + size));
    at += size;
  }
  return groups;
}

/** Orders `stops` by nearest neighbour from the depot (ties: the stop given first). */
export function nearestNeighbour(depot: LonLat, stops: readonly PlanStop[]): PlanStop[] {
  const left = [...stops];
  const out: PlanStop[] = [];
  let at = depot;
  while (left.length > 0) {
    let best = 0;
    let bestD = Number.POSITIVE_INFINITY;
    for (let i = 0; i < left.length; i++) {
      const d = roadMeters(at, (left[i] as PlanStop).location);
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    const [next] = left.splice(best, 1) as [PlanStop];
    out.push(next);
    at = next.location;
  }
  return out;
}

/**
 * Improves the closed tour depot → `stops` → depot with 2-opt: reverses a stretch of stops whenever that shortens
 * the tour, until no reversal helps or after {@link MAX_TWO_OPT_ROUNDS} rounds. Never lengthens the tour; keeps
 * every stop exactly once.
 */
export function twoOpt(depot: LonLat, stops: readonly PlanStop[]): PlanStop[] {
  const tour = [...stops];
  const at = (i: number) => (i < 0 || i >= tour.length ? depot : (tour[i] as PlanStop).location);
  for (let round = 0; round < MAX_TWO_OPT_ROUNDS; round++) {
    let improved = false;
    for (let i = 0; i < tour.length - 1; i++) {
      for (let k = i + 1; k < tour.length; k++) {
        // Edges (i−1 → i) and (k → k+1) become (i−1 → k) and (i → k+1).
        const before = roadMeters(at(i - 1), at(i)) + roadMeters(at(k), at(k + 1));
        const after = roadMeters(at(i - 1), at(k)) + roadMeters(at(i), at(k + 1));
        if (after < before - 1e-6) {
          const mid = tour.slice(i, k + 1).reverse();
          tour.splice(i, mid.length, ...mid);
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return tour;
}

/**
 * Plans `agents` routes from `depot` over `stops` (spec 3 §3 Route plan): sweep, nearest neighbour, 2-opt. Each route
 * starts and ends at the depot; an agent without stops gets no route (fewer stops than agents). Every stop is on
 * exactly one route. Deterministic: the same input gives the same routes.
 */
export function planRoutes(depot: LonLat, stops: readonly PlanStop[], agents: number): PlannedRoute[] {
  return sweepGroups(depot, stops, agents).map((group, agentIndex) => {
    const ordered = twoOpt(depot, nearestNeighbour(depot, group));
    const m = measurePath([depot, ...ordered.map((s) => s.location), depot], true);
    return { agentIndex, stops: ordered, distance: m.distance, time: m.time };
  });
}

import type { LonLat, RouteFeature } from '@hoppa/core';

/**
 * The route colours of the map and the list (spec 3 §2 Route plan map: 'route colours cycle over 5 agents'): agent
 * `i` gets colour `i mod 5`. Chosen to stay apart for colour-blind eyes (Okabe–Ito) and to read on the light map.
 */
export const ROUTE_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00'] as const;

/** The colour of agent `agentIndex` (0-based), cycling over {@link ROUTE_COLOURS}. */
export function routeColour(agentIndex: number): string {
  return ROUTE_COLOURS[
    ((agentIndex % ROUTE_COLOURS.length) + ROUTE_COLOURS.length) % ROUTE_COLOURS.length
  ] as string;
}

/**
 * The name a driver goes by in the list and on the map: the planner's own numbering ('agent-2') as the UI's word for
 * a driver with that number ('Rijder 2'), so nobody reads a code; an id of another form (a real driver's) as it is.
 */
export function agentName(agentId: string, driverWord: string): string {
  const n = /^agent-(\d+)$/.exec(agentId)?.[1];
  return n ? `${driverWord} ${Number(n)}` : agentId;
}

/** A route's time as HH:mm:ss (spec 3 §2), hours not wrapped at 24: 3725 s → '01:02:05', 90000 s → '25:00:00'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** A distance in meters as kilometres with one decimal in the UI's language: 123456 → '123,5 km' in Dutch. */
export function formatKm(meters: number, lang: string): string {
  return `${(meters / 1000).toLocaleString(lang === 'nl' ? 'nl-NL' : 'en-GB', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })} km`;
}

/** A route's stops (spec 3 §2: 'stop count (waypoints minus one)': the depot is the first waypoint). */
export function stopCount(feature: RouteFeature): number {
  return Math.max(0, feature.properties.waypoints.length - 1);
}

/** The centre of the map before a plan and its zoom level (spec 3 §2: 'centred on the Netherlands at zoom 5'). */
export const START_CENTRE: LonLat = [5.29, 52.13];
export const START_ZOOM = 5;

/**
 * The d3 Mercator scale of a web map's zoom level `z`: the world is 256 × 2^z pixels wide at zoom z, and Mercator's
 * world width is 2π × scale.
 */
export function mercatorScale(zoom: number): number {
  return (256 * 2 ** zoom) / (2 * Math.PI);
}

/**
 * Where to draw the numbered dot of each stop: stops sharing a place (the geocoder places an address at its place's
 * centre) are spread on a small circle of `radius` pixels around it, in their order, so each number stays readable.
 * `points` are projected pixel positions; answers one offset position per point.
 */
export function spreadOverlaps(points: readonly [number, number][], radius: number): [number, number][] {
  const groups = new Map<string, number[]>();
  points.forEach((p, i) => {
    const key = `${Math.round(p[0])},${Math.round(p[1])}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const out = points.map((p) => [p[0], p[1]] as [number, number]);
  for (const idx of groups.values()) {
    if (idx.length < 2) continue;
    idx.forEach((i, k) => {
      const a = (2 * Math.PI * k) / idx.length - Math.PI / 2;
      const p = points[i] as [number, number];
      out[i] = [p[0] + radius * Math.cos(a), p[1] + radius * Math.sin(a)];
    });
  }
  return out;
}

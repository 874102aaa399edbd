import type { LonLat } from '@hoppa/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AVERAGE_SPEED_KMH,
  haversineMeters,
  measurePath,
  nearestNeighbour,
  type PlanStop,
  planRoutes,
  ROAD_FACTOR,
  SERVICE_TIME_S,
  sweepGroups,
  tourMeters,
  twoOpt,
} from './planner.ts';

const AMSTERDAM: LonLat = [4.88969, 52.37403];
const UTRECHT: LonLat = [5.12222, 52.09083];

/** Random stops around the Netherlands (lon 3.4…7.2, lat 50.8…53.5) with unique ids. */
const stopsArb = fc
  .array(
    fc.tuple(
      fc.double({ min: 3.4, max: 7.2, noNaN: true }),
      fc.double({ min: 50.8, max: 53.5, noNaN: true }),
    ),
    {
      minLength: 0,
      maxLength: 40,
    },
  )
  .map((pts) => pts.map((p, i) => ({ id: `s${String(i).padStart(3, '0')}`, location: p as LonLat })));

describe('distances and times', () => {
  it('measures Amsterdam–Utrecht as about 35 km in a straight line (GeoNames centres)', () => {
    expect(haversineMeters(AMSTERDAM, UTRECHT) / 1000).toBeCloseTo(35.3, 0);
  });

  it('drives a leg at the road factor and average speed, and adds the service time at each stop only', () => {
    const m = measurePath([AMSTERDAM, UTRECHT, AMSTERDAM], true);
    const leg = haversineMeters(AMSTERDAM, UTRECHT) * ROAD_FACTOR;
    expect(m.distance).toBe(Math.round(leg) * 2);
    const drive = leg / ((AVERAGE_SPEED_KMH * 1000) / 3600);
    expect(m.legs.map((l) => l.time)).toEqual([Math.round(drive + SERVICE_TIME_S), Math.round(drive)]);
    expect(measurePath([AMSTERDAM, UTRECHT]).time).toBe(Math.round(drive));
  });
});

describe('planRoutes', () => {
  it('puts every stop on exactly one route, never twice, with at most `agents` routes', () => {
    fc.assert(
      fc.property(stopsArb, fc.integer({ min: 1, max: 8 }), (stops, agents) => {
        const routes = planRoutes(AMSTERDAM, stops, agents);
        expect(routes.length).toBe(Math.min(agents, stops.length));
        const ids = routes.flatMap((r) => r.stops.map((s) => s.id));
        expect(ids.length).toBe(new Set(ids).size);
        expect([...ids].sort()).toEqual(stops.map((s) => s.id).sort());
        for (const r of routes) expect(r.stops.length).toBeGreaterThan(0);
      }),
    );
  });

  it('is deterministic: the same input gives the same plan', () => {
    fc.assert(
      fc.property(stopsArb, fc.integer({ min: 1, max: 5 }), (stops, agents) => {
        expect(planRoutes(AMSTERDAM, stops, agents)).toEqual(planRoutes(AMSTERDAM, [...stops], agents));
      }),
    );
  });

  it("reports each route's distance as its closed tour and its time as driving plus a service time per stop", () => {
    fc.assert(
      fc.property(stopsArb, fc.integer({ min: 1, max: 4 }), (stops, agents) => {
        for (const r of planRoutes(UTRECHT, stops, agents)) {
          expect(Math.abs(r.distance - tourMeters(UTRECHT, r.stops))).toBeLessThanOrEqual(r.stops.length + 1);
          expect(r.time).toBeGreaterThanOrEqual(r.stops.length * SERVICE_TIME_S);
        }
      }),
    );
  });

  it('divides a balanced load: route sizes differ by at most one stop', () => {
    fc.assert(
      fc.property(stopsArb, fc.integer({ min: 1, max: 6 }), (stops, agents) => {
        const sizes = sweepGroups(AMSTERDAM, stops, agents).map((g) => g.length);
        if (sizes.length) expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('keeps a cluster on one side together: the north and the south get separate agents', () => {
    const north = ['Groningen', 'Leeuwarden', 'Assen'].map((id, i) => ({
      id,
      location: [6.5 + i * 0.2, 53.1 + i * 0.05] as LonLat,
    }));
    const south = ['Maastricht', 'Venlo', 'Roermond'].map((id, i) => ({
      id,
      location: [5.7 + i * 0.1, 50.9 + i * 0.3] as LonLat,
    }));
    const routes = planRoutes(UTRECHT, [...north, ...south], 2);
    const sets = routes.map((r) => r.stops.map((s) => s.id).sort());
    expect(sets).toContainEqual(['Assen', 'Groningen', 'Leeuwarden']);
    expect(sets).toContainEqual(['Maastricht', 'Roermond', 'Venlo']);
  });
});

describe('twoOpt', () => {
  it('never lengthens a tour and keeps its stops', () => {
    fc.assert(
      fc.property(stopsArb, (stops) => {
        const better = twoOpt(AMSTERDAM, stops);
        expect(tourMeters(AMSTERDAM, better)).toBeLessThanOrEqual(tourMeters(AMSTERDAM, stops) + 1e-6);
        expect(better.map((s) => s.id).sort()).toEqual(stops.map((s) => s.id).sort());
      }),
    );
  });

  it('untangles a crossing: a square visited corner to corner becomes its perimeter', () => {
    const sq = (id: string, lon: number, lat: number): PlanStop => ({ id, location: [lon, lat] });
    // Depot at the south-west corner; the crossed order visits NE before SE.
    const crossed = [sq('nw', 5, 53), sq('se', 6, 52), sq('ne', 6, 53)];
    const depot: LonLat = [5, 52];
    // Either direction around the square is the perimeter.
    expect([['nw', 'ne', 'se'].join(), ['se', 'ne', 'nw'].join()]).toContain(
      twoOpt(depot, crossed)
        .map((s) => s.id)
        .join(),
    );
    expect(tourMeters(depot, twoOpt(depot, crossed))).toBeLessThan(tourMeters(depot, crossed));
  });
});

describe('nearestNeighbour', () => {
  it('starts at the stop nearest the depot', () => {
    const order = nearestNeighbour(AMSTERDAM, [
      { id: 'far', location: [6.56667, 53.21917] },
      { id: 'near', location: UTRECHT },
    ]);
    expect(order.map((s) => s.id)).toEqual(['near', 'far']);
  });
});

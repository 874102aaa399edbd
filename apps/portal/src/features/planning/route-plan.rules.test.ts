import type { RouteFeature } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import {
  agentName,
  formatDuration,
  formatKm,
  mercatorScale,
  ROUTE_COLOURS,
  routeColour,
  spreadOverlaps,
  stopCount,
} from './route-plan.rules.ts';

describe('route plan texts', () => {
  it('writes a time as HH:mm:ss without wrapping at a day', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(3725)).toBe('01:02:05');
    expect(formatDuration(90_000)).toBe('25:00:00');
    expect(formatDuration(59.6)).toBe('00:01:00');
  });

  it('writes kilometres with a Dutch decimal comma in Dutch and a point in English', () => {
    expect(formatKm(123_456, 'nl')).toBe('123,5 km');
    expect(formatKm(1_234_567, 'nl')).toBe('1.234,6 km');
    expect(formatKm(123_456, 'en')).toBe('123.5 km');
  });

  it("names a driver by the planner's number in the UI's word, not by its code", () => {
    expect(agentName('agent-1', 'Rijder')).toBe('Rijder 1');
    expect(agentName('agent-12', 'Driver')).toBe('Driver 12');
    expect(agentName('Jan de Rijder', 'Rijder')).toBe('Jan de Rijder');
  });

  it('counts the stops as the waypoints minus the depot', () => {
    const f = (n: number) =>
      ({ properties: { waypoints: Array.from({ length: n }, () => ({})) } }) as unknown as RouteFeature;
    expect(stopCount(f(5))).toBe(4);
    expect(stopCount(f(0))).toBe(0);
  });
});

describe('route colours', () => {
  it('cycle over five agents', () => {
    expect(new Set(ROUTE_COLOURS).size).toBe(5);
    expect([0, 1, 2, 3, 4].map(routeColour)).toEqual([...ROUTE_COLOURS]);
    expect(routeColour(5)).toBe(routeColour(0));
    expect(routeColour(7)).toBe(routeColour(2));
  });
});

describe('map helpers', () => {
  it('scales Mercator as a web map: zoom 0 is a 256-pixel world', () => {
    expect(2 * Math.PI * mercatorScale(0)).toBeCloseTo(256);
    expect(mercatorScale(5) / mercatorScale(4)).toBeCloseTo(2);
  });

  it('spreads stops at one place on a circle and leaves lone stops where they are', () => {
    const out = spreadOverlaps(
      [
        [10, 10],
        [10.2, 10.1],
        [50, 50],
      ],
      6,
    );
    expect(out[2]).toEqual([50, 50]);
    const d = Math.hypot((out[0]?.[0] ?? 0) - (out[1]?.[0] ?? 0), (out[0]?.[1] ?? 0) - (out[1]?.[1] ?? 0));
    expect(d).toBeGreaterThan(10);
  });
});

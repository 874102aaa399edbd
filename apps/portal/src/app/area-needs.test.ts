import * as core from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { AREAS } from './areas.ts';

/** Every endpoint contract @hoppa/core exports, as `METHOD path`. */
const ENDPOINTS = new Set(
  (Object.values(core) as unknown[])
    .filter((v): v is { method: string; path: string; response: unknown } =>
      Boolean(v && typeof v === 'object' && 'method' in v && 'path' in v && 'response' in v),
    )
    .map((e) => `${e.method} ${e.path}`),
);

describe('the calls portal menu entries need', () => {
  it('name endpoints that exist (unless planned), so a renamed path fails here rather than hiding a menu entry', () => {
    expect(ENDPOINTS.size).toBeGreaterThan(50);
    let checked = 0;
    for (const area of AREAS)
      for (const item of area.nav ?? []) {
        const needs = item.needs;
        if (!needs || needs === 'admin' || 'planned' in needs) continue;
        expect(ENDPOINTS.has(`${needs.method} ${needs.path}`), `${area.id} ${item.key}`).toBe(true);
        checked += 1;
      }
    expect(checked).toBeGreaterThan(3);
  });

  it("and so do the routes' own needs", () => {
    let checked = 0;
    for (const area of AREAS)
      for (const route of area.routes ?? []) {
        const needs = route.needs;
        if (!needs || needs === 'admin' || 'planned' in needs) continue;
        expect(ENDPOINTS.has(`${needs.method} ${needs.path}`), `${area.id} ${route.path}`).toBe(true);
        checked += 1;
      }
    expect(checked).toBeGreaterThanOrEqual(4);
  });
});

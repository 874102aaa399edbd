import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from './router.tsx';
import { SCREENS } from './screen-manifest.ts';

function paths(routes: RouteObject[], prefix = ''): string[] {
  return routes.flatMap((r) => {
    const here = r.path ? `${prefix}/${r.path}`.replace(/\/+/g, '/') : prefix;
    return [...(r.path || r.index ? [here || '/'] : []), ...(r.children ? paths(r.children, here) : [])];
  });
}

describe('the screen manifest', () => {
  it('names only paths the router serves, and every built area route that serves a spec screen', () => {
    const routed = new Set(paths(buildRoutes()));
    for (const s of SCREENS) expect(routed.has(s.path), s.path).toBe(true);
    expect(SCREENS.map((s) => s.screen)).toEqual(
      expect.arrayContaining(['Open orders list / packing station', 'Shipments list', 'Order detail']),
    );
  });
});

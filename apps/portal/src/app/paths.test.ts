import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PATHS, pathTo } from './paths.ts';
import { buildRoutes } from './router.tsx';

function routed(routes: RouteObject[], prefix = ''): string[] {
  return routes.flatMap((r) => {
    const here = r.path ? `${prefix}/${r.path}`.replace(/\/+/g, '/') : prefix;
    return [...(r.path ? [here] : []), ...(r.children ? routed(r.children, here) : [])];
  });
}

describe('typed portal paths', () => {
  it('lists exactly the paths the router serves', () => {
    const served = routed(buildRoutes()).filter((p) => p !== '/*');
    expect(new Set(served)).toEqual(new Set(Object.values(PATHS)));
  });

  it('fills in and encodes parameters, and takes none where the path has none', () => {
    expect(pathTo('shipment', { id: 'ab12' })).toBe('/shipments/ab12');
    expect(pathTo('inboundItemDetail', { id: 'a b/c' })).toBe('/inbound/item/a%20b%2Fc');
    expect(pathTo('orders')).toBe('/orders');
    expect(pathTo('settingsBolProducts', { api_name: 'bol be' })).toBe('/settings/apis/bol/bol%20be');
    // @ts-expect-error: the shipment path needs its id
    expect(pathTo('shipment')).toBe('/shipments/');
    // @ts-expect-error: the orders path takes no parameters
    expect(pathTo('orders', { id: 'x' })).toBe('/orders');
  });
});

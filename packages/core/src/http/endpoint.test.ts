import { describe, expect, it } from 'vitest';
import { buildPath } from './endpoint.ts';

describe('buildPath', () => {
  it('fills and encodes every :param', () => {
    expect(buildPath('/order/get/:id', { id: 'abc' })).toBe('/order/get/abc');
    expect(
      buildPath('/orders/open/:start/:end/:pack_size', {
        start: '2026-11-17T00:00',
        end: 'x y',
        pack_size: 1,
      }),
    ).toBe('/orders/open/2026-11-17T00%3A00/x%20y/1');
  });

  it('throws on a missing parameter instead of calling a wrong path', () => {
    expect(() => buildPath('/order/get/:id', {})).toThrow(/Missing path parameter "id"/);
    expect(() => buildPath('/order/get/:id', { id: '' })).toThrow();
  });
});

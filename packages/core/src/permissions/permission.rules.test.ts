import { describe, expect, it } from 'vitest';
import { can, canCall, matchesPattern, normalisePath } from './permission.rules.ts';
import type { Role } from './permission.schema.ts';

const role = (grants: Role['grants']): Role => ({ name: 'test', grants });

describe('normalisePath', () => {
  it('strips the /api prefix and the query string', () => {
    expect(normalisePath('/api/orders/open/a/b/1?limit=5')).toBe('/orders/open/a/b/1');
    expect(normalisePath('/api')).toBe('/');
    expect(normalisePath('orders')).toBe('/orders');
  });

  it('keeps a path that merely starts with "api"', () => {
    expect(normalisePath('/apikeys')).toBe('/apikeys');
  });
});

describe('matchesPattern', () => {
  it('lets * match within and across segments', () => {
    expect(matchesPattern('/products/ean/*', '/products/ean/8700001234016')).toBe(true);
    expect(matchesPattern('/orders/*', '/orders/open/2026-01-01/2026-01-02/1')).toBe(true);
    expect(matchesPattern('/shipments*', '/shipments')).toBe(true);
    expect(matchesPattern('/shipments*', '/shipments/abc/label')).toBe(true);
  });

  it('anchors the pattern at both ends', () => {
    expect(matchesPattern('/orders', '/orders/open')).toBe(false);
    expect(matchesPattern('/orders', '/x/orders')).toBe(false);
    expect(matchesPattern('/products/ean/*', '/products/import')).toBe(false);
  });

  it('treats a trailing slash as optional and regex characters literally', () => {
    expect(matchesPattern('/orders', '/orders/')).toBe(true);
    expect(matchesPattern('/correct_stock/', '/correct_stock')).toBe(true);
    expect(matchesPattern('/a.b', '/aXb')).toBe(false);
    expect(matchesPattern('/o/validate_address?x', '/o/validate_addressx')).toBe(false);
  });
});

describe('can', () => {
  it('allows nothing without a role or without grants', () => {
    expect(can(null, 'GET', '/orders')).toBe(false);
    expect(can(undefined, 'GET', '/orders')).toBe(false);
    expect(can(role([]), 'GET', '/current_user')).toBe(false);
  });

  it('compares methods case-insensitively and honours the * method', () => {
    const r = role([{ methods: ['get'], path: '/orders' }]);
    expect(can(r, 'GET', '/orders')).toBe(true);
    expect(can(r, 'get', '/orders')).toBe(true);
    expect(can(r, 'POST', '/orders')).toBe(false);
    const all = role([{ methods: ['*'], path: '/*' }]);
    expect(can(all, 'DELETE', '/orgs/delete/abc')).toBe(true);
    expect(can(all, 'PATCH', '/')).toBe(true);
  });

  it('ignores the /api prefix and the query string of the checked path', () => {
    const r = role([{ methods: ['GET'], path: '/orders/open/*' }]);
    expect(can(r, 'GET', '/api/orders/open/a/b/2?limit=5&ean=1')).toBe(true);
    expect(can(r, 'GET', '/api/orders/closed')).toBe(false);
  });

  it('checks app-side catalogue patterns against grants (menu items use /products/ean/*)', () => {
    const r = role([{ methods: ['GET'], path: '/products*' }]);
    expect(can(r, 'GET', '/products/ean/*')).toBe(true);
    expect(can(role([{ methods: ['GET'], path: '/orders' }]), 'GET', '/products/ean/*')).toBe(false);
  });

  it('leaves out paths listed in a grant’s except patterns', () => {
    const r = role([
      { methods: ['GET'], path: '/product/*', except: ['/product/link/*', '/product/unlink/*'] },
    ]);
    expect(can(r, 'GET', '/product/0123456789abcdef01234567')).toBe(true);
    expect(can(r, 'GET', '/product/link/a/b')).toBe(false);
    expect(can(r, 'GET', '/product/unlink/a/b')).toBe(false);
  });

  it('allows when any grant allows, even if another grant excludes the path', () => {
    const r = role([
      { methods: ['GET'], path: '/products*', except: ['/products/sync/*'] },
      { methods: ['GET'], path: '/products/sync/*' },
    ]);
    expect(can(r, 'GET', '/products/sync/woo')).toBe(true);
  });

  it('keeps methods and paths of different grants apart', () => {
    const r = role([
      { methods: ['GET'], path: '/orders*' },
      { methods: ['POST'], path: '/orders/import' },
    ]);
    expect(can(r, 'POST', '/orders/import')).toBe(true);
    expect(can(r, 'POST', '/orders/ship')).toBe(false);
    expect(can(r, 'GET', '/orders/ship')).toBe(true);
  });
});

describe('canCall', () => {
  const shipments = { method: 'GET', path: '/shipments' };
  const shipment = { method: 'GET', path: '/shipments/:id' };
  const openOrders = { method: 'GET', path: '/orders/open/:start/:end/:pack_size' };

  it('decides by the endpoint’s own method and path, parameters matching any segment', () => {
    const packer = role([{ methods: ['GET'], path: '/shipments*' }]);
    expect(canCall(packer, shipments)).toBe(true);
    expect(canCall(packer, shipment)).toBe(true);
    expect(canCall(packer, openOrders)).toBe(false);
    expect(canCall(packer, { method: 'POST', path: '/shipments' })).toBe(false);
  });

  it('honours exceptions and refuses without a role', () => {
    const r = role([{ methods: ['*'], path: '/orders/*', except: ['/orders/open/*'] }]);
    expect(canCall(r, openOrders)).toBe(false);
    expect(canCall(null, shipments)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { merchantOwner, merchantUser, noGrants, role, warehouseStaff } from '../../test/fixtures.ts';
import { mayOpenPath, NAV_ITEMS, navItemOf, routeMatches, visibleNavItems } from './navigation.rules.ts';

const keys = (...args: Parameters<typeof visibleNavItems>) => visibleNavItems(...args).map((i) => i.key);

describe('visibleNavItems (spec 2 §2 Main layout, §6)', () => {
  it('shows Orders and Shipments only with GET /orders', () => {
    expect(keys(merchantUser, false)).toEqual(expect.arrayContaining(['orders', 'shipments']));
    expect(keys(warehouseStaff, false)).not.toContain('orders');
    expect(keys(warehouseStaff, false)).not.toContain('shipments');
  });

  it('shows Products only with GET /products and the scanner only with GET /products/ean/*', () => {
    expect(keys(merchantUser, false)).toContain('products');
    expect(keys(merchantUser, false)).not.toContain('scanner');
    expect(keys(warehouseStaff, false)).toContain('scanner');
    expect(keys(warehouseStaff, false)).not.toContain('products');
  });

  it('shows the organisation settings only with PUT /orgs, the API connections only with GET /get-apis', () => {
    expect(keys(merchantOwner, false)).toEqual(expect.arrayContaining(['settingsOrg', 'settingsApis']));
    expect(keys(merchantUser, false)).not.toContain('settingsOrg');
    expect(keys(role('reader', [{ methods: ['GET'], path: '/orgs' }]), false)).not.toContain('settingsApis');
    expect(keys(role('apis', [{ methods: ['GET'], path: '/get-api*' }]), false)).toEqual([
      'home',
      'settingsApis',
    ]);
  });

  it('shows the admin link only to is_admin users, whatever the role', () => {
    expect(keys(merchantOwner, false)).not.toContain('admin');
    expect(keys(noGrants, true)).toContain('admin');
  });

  it('always shows the dashboard, in the spec order, and nothing else without grants', () => {
    expect(keys(noGrants, false)).toEqual(['home']);
    expect(keys(null, false)).toEqual(['home']);
    expect(keys(role('all', [{ methods: ['*'], path: '/*' }]), true)).toEqual([
      'home',
      'orders',
      'newOrder',
      'shipments',
      'products',
      'inbounds',
      'announce',
      'inboundCalendar',
      'directCheckin',
      'scanner',
      'planning',
      'sales',
      'orgs',
      'settingsOrg',
      'settingsUser',
      'settingsUsers',
      'settingsSubscription',
      'settingsApis',
      'settingsInvoices',
      'orgsAdd',
      'locations',
      'transfers',
      'labels',
      'admin',
    ]);
  });
});

describe('menu entries follow the endpoint their screen calls', () => {
  it('shows Invoices only to a role that may read invoices (docs/roles.md: merchant owners, the provider)', () => {
    expect(keys(role('billing', [{ methods: ['GET'], path: '/invoice/*' }]), false)).toEqual([
      'home',
      'settingsInvoices',
    ]);
    expect(keys(role('orders_only', [{ methods: ['GET'], path: '/orders*' }]), false)).not.toContain(
      'settingsInvoices',
    );
  });

  it('shows Shipments only to a role that may list shipments, whatever it may do with orders', () => {
    const ordersOnly = role('orders_only', [{ methods: ['GET'], path: '/orders*' }]);
    const shipmentsOnly = role('shipments_only', [{ methods: ['GET'], path: '/shipments*' }]);
    expect(keys(ordersOnly, false)).toEqual(['home', 'orders']);
    expect(keys(shipmentsOnly, false)).toEqual(['home', 'shipments']);
  });
});

describe('the sales dashboard (spec 3 §2 Sales dashboard (beta))', () => {
  it('is in the menu and opens only for a role that may call GET /sales (the provider administrator)', () => {
    const sales = role('sales', [{ methods: ['GET'], path: '/sales' }]);
    expect(keys(sales, false)).toEqual(['home', 'sales']);
    expect(keys(merchantOwner, false)).not.toContain('sales');
    expect(mayOpenPath('/sales', merchantOwner, false, true)).toBe(false);
    expect(mayOpenPath('/sales', sales, false, true)).toBe(true);
  });
});

describe('mayOpenPath (spec 3 §6: a typed address of a screen the menu does not offer)', () => {
  it('refuses the admin screens and every page under them to a user without is_admin, whatever the role', () => {
    for (const path of ['/admin', '/admin/surcharge', '/admin/shipment_method/add', '/admin/users']) {
      expect(mayOpenPath(path, merchantUser, false, true), path).toBe(false);
      expect(mayOpenPath(path, merchantOwner, false, true), path).toBe(false);
      expect(mayOpenPath(path, noGrants, true, true), path).toBe(true);
    }
  });

  it('refuses the organisation settings without PUT /orgs and a new shop without POST /orgs', () => {
    expect(mayOpenPath('/settings/org', merchantUser, false, true)).toBe(false);
    expect(mayOpenPath('/settings/org', merchantOwner, false, true)).toBe(true);
    expect(mayOpenPath('/orgs/add', merchantUser, false, true)).toBe(false);
  });

  it('keeps /orgs/add open to a user without a shop (the routing guard sends them there)', () => {
    expect(mayOpenPath('/orgs/add', merchantUser, false, false)).toBe(true);
  });

  it('leaves paths under no menu entry and without needs to their screens, and the dashboard to everyone', () => {
    expect(navItemOf(NAV_ITEMS, '/shipments/abc')?.key).toBe('shipments');
    expect(mayOpenPath('/home', noGrants, false, true)).toBe(true);
  });

  it("refuses a read-only role the pages of actions it may not call (a route's own needs)", () => {
    const ownerWithReturns = role('owner_returns', [
      { methods: ['*'], path: '/orders*' },
      { methods: ['*'], path: '/order/*' },
      { methods: ['*'], path: '/returns*' },
    ]);
    for (const path of ['/orders/import', '/order/edit/abc', '/returns/create/abc', '/new_order']) {
      expect(mayOpenPath(path, merchantUser, false, true), path).toBe(false);
      expect(mayOpenPath(path, ownerWithReturns, false, true), path).toBe(true);
    }
    expect(navItemOf(NAV_ITEMS, '/order/edit/abc')).toBeNull();
    expect(mayOpenPath('/order/edit/abc', noGrants, false, true)).toBe(false);
    // the list itself stays open to the reader
    expect(mayOpenPath('/orders', merchantUser, false, true)).toBe(true);
    expect(mayOpenPath('/orders/importx', merchantUser, false, true)).toBe(true);
  });

  it('matches a route path segment by segment, a parameter standing for one segment', () => {
    expect(routeMatches('order/edit/:id', '/order/edit/abc')).toBe(true);
    expect(routeMatches('order/edit/:id', '/order/edit')).toBe(false);
    expect(routeMatches('order/edit/:id', '/order/edit/abc/x')).toBe(false);
    expect(routeMatches('orders/import', '/orders/import/')).toBe(true);
  });

  it('takes the longest matching entry: /orgs/add is not the shops list', () => {
    expect(navItemOf(NAV_ITEMS, '/orgs/add')?.key).toBe('orgsAdd');
    expect(navItemOf(NAV_ITEMS, '/orgs')?.key).toBe('orgs');
    expect(navItemOf(NAV_ITEMS, '/orgsx')).toBeNull();
  });
});

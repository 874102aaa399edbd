import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { can, GrantSchema } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { DEFAULT_ROLES } from './roles.ts';

const role = (key: string) => {
  const r = DEFAULT_ROLES.find((x) => x.key === key);
  if (!r) throw new Error(key);
  return { name: r.name, grants: r.grants };
};

describe('default roles (docs/roles.md)', () => {
  it('are valid grants and all documented in docs/roles.md', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs/roles.md'), 'utf8');
    for (const r of DEFAULT_ROLES) {
      expect(doc).toContain(`## ${r.key}`);
      for (const g of r.grants) {
        GrantSchema.parse(g);
        expect(doc, `${r.key} ${g.path}`).toContain(`\`${g.path}\``);
      }
    }
  });

  it('keep the catalogue’s state-changing GETs out of read-only grants', () => {
    const user = role('merchant_user');
    for (const path of [
      '/products/sync/woo',
      '/product/link/a/b',
      '/product/unlink/a/b',
      '/orders/weekly_report',
      '/locations/stock/update/a/b/3',
    ]) {
      expect(can(user, 'GET', path), path).toBe(false);
    }
    expect(can(user, 'GET', '/orders/open/2026-01-01/2026-01-02/1')).toBe(true);
    expect(can(user, 'GET', '/product/0123456789abcdef01234567')).toBe(true);
    expect(can(role('merchant_owner'), 'GET', '/products/sync/woo')).toBe(true);
  });

  it('cover the fulfilment areas of the catalogue by wildcard', () => {
    const picker = role('warehouse_staff');
    expect(can(picker, 'GET', '/pick_list/pick/all/all/a/b/all')).toBe(true);
    expect(can(picker, 'POST', '/pick_list/confirm')).toBe(true);
    expect(can(picker, 'POST', '/orders/ship/batch/single')).toBe(true);
    expect(can(picker, 'GET', '/shipments/0123456789abcdef01234567/label')).toBe(true);
    expect(can(picker, 'GET', '/locations/stock/update/a/b/3')).toBe(true);
    expect(can(picker, 'POST', '/orders/import')).toBe(false);
    expect(can(picker, 'POST', '/products/import')).toBe(false);
    const owner = role('merchant_owner');
    expect(can(owner, 'POST', '/products/import-bundles')).toBe(true);
    expect(can(owner, 'POST', '/orders/import')).toBe(true);
    expect(can(owner, 'POST', '/orders/ship')).toBe(false);
    expect(can(owner, 'POST', '/pick_list/confirm')).toBe(false);
    expect(can(owner, 'POST', '/shipment_methods/add')).toBe(false);
    expect(can(role('provider_admin'), 'DELETE', '/orders/searchOrderId/123')).toBe(true);
  });

  it('let merchants announce and edit inbounds but leave counting, placing and extra work to the warehouse', () => {
    const owner = role('merchant_owner');
    expect(can(owner, 'POST', '/inbound')).toBe(true);
    expect(can(owner, 'PUT', '/inbound/edit/0123456789abcdef01234567')).toBe(true);
    expect(can(owner, 'POST', '/inbound/excel')).toBe(true);
    expect(can(owner, 'POST', '/inbound_item/add/0123456789abcdef01234567')).toBe(true);
    for (const [method, path] of [
      ['PUT', '/inbound_item/submitInboundItem/0123456789abcdef01234567'],
      ['POST', '/inbound_item/place/0123456789abcdef01234567'],
      ['PUT', '/inbound_item/surcharge/0123456789abcdef01234567'],
      ['POST', '/inbound_item/locations/find/0123456789abcdef01234567'],
      ['PUT', '/inbound_item/edit/checkin0123456789abcdef01234567'],
      ['POST', '/inventory/direct_checkin'],
    ] as const)
      expect(can(owner, method, path), `${method} ${path}`).toBe(false);
    expect(
      can(role('warehouse_staff'), 'PUT', '/inbound_item/submitInboundItem/0123456789abcdef01234567'),
    ).toBe(true);
  });
});

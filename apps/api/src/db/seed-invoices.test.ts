import type { Invoice } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_USERS } from './seed.ts';
import { DEMO_INVOICE_ORDERS, seedLiveInvoices } from './seed-invoices.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 24 } });
});
afterAll(async () => {
  await t?.close();
});

describe('demo invoice month (issue 16 item 7)', () => {
  it('gives last month’s invoice real lines: orders, surcharges, storage and inbound surcharges', async () => {
    const made = await seedLiveInvoices(t.app, t.db);
    expect(made.shipped).toBe(2 * DEMO_INVOICE_ORDERS);
    const cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/invoice/get/${made.start}/${made.end}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const inv = res.json<Invoice>();
    expect(inv.orders_count).toBe(DEMO_INVOICE_ORDERS);
    expect(inv.total_fulfilment_cents).toBeGreaterThan(0);
    expect(inv.total_used_shipment_method_cents).toBeGreaterThan(0);
    expect(inv.total_used_packaging_cents).toBeGreaterThan(0);
    expect(inv.surcharges.map((s) => s.type).sort()).toEqual([
      'line-amount',
      'order',
      'order-line',
      'order-line',
      'store',
    ]);
    expect(inv.inbound_surcharges).toHaveLength(2);
    // The warehouse's stock was there all month: every day is billed, on more than one location type.
    expect(inv.storage.storage.every((d) => d.total_locations > 0)).toBe(true);
    expect(inv.storage.by_type.length).toBeGreaterThan(1);
    expect(inv.total_cents).toBe(
      inv.total_fulfilment_cents +
        inv.total_used_shipment_method_cents +
        inv.total_used_packaging_cents +
        inv.total_used_surcharge_cents +
        inv.total_inbound_surcharge_cents +
        inv.total_storage_cents,
    );
  });
});

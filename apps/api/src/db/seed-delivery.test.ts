import type { DeliveryPerformance, Order } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_USERS } from './seed.ts';
import { seedLiveDelivery } from './seed-delivery.ts';
import { seedLiveOrders } from './seed-orders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 40 } });
  if (!t.seed) throw new Error('seed expected');
  await seedLiveOrders(t.app, t.db, t.seed, {
    mix: { open: 6, partly_picked: 0, picked: 0, shipped: 20, cancelled: 0 },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the demo deliveries (issue 13 §3)', () => {
  it('gives the week of parcels delivered, late, on-the-way and unsorted states, notes and editable orders', async () => {
    const d = await seedLiveDelivery(t.app, t.db);
    expect(d.delivered24h).toBeGreaterThan(0);
    expect(d.late).toBeGreaterThan(0);
    expect(d.onTheWay + d.notSorted).toBeGreaterThan(0);
    expect(d.notes).toBe(4);
    expect(d.editable).toBeGreaterThan(0);
    const owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const end = new Date().toISOString();
    const start = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/perform/${start}/${end}`,
      headers: { cookie: owner },
    });
    const perf = res.json<DeliveryPerformance>();
    expect(perf.total).toBe(20);
    expect(perf.percentage_d_24h).toBeGreaterThan(0);
    expect(perf.percentage_late).toBeGreaterThan(0);
    // No event lies in the future, and every delivered parcel was handed over first.
    const bad = await t.db.query(
      `SELECT 1 FROM order_events e JOIN shipments s ON s.id = e.shipment_id
        WHERE e.at > now() OR e.at < s.created_at OR (s.delivered_at IS NOT NULL AND s.handed_over_at > s.delivered_at)`,
    );
    expect(bad.rows).toEqual([]);
    const red = await t.db.query<{ id: string }>(
      `SELECT id FROM orders WHERE notes_color = 'red' ORDER BY id LIMIT 1`,
    );
    const order = (
      await t.app.inject({
        method: 'GET',
        url: `/api/order/get/${red.rows[0]?.id}`,
        headers: { cookie: owner },
      })
    ).json<Order>();
    expect(order.notes_text).toContain('breekbaar');
    const editable = await t.db.query(
      `SELECT 1 FROM orders o WHERE o.status = 'open'
          AND EXISTS (SELECT 1 FROM order_lines l JOIN products p ON p.id = l.product_id
                       WHERE l.order_id = o.id AND NOT p.fulfilled_by_sf)`,
    );
    expect(editable.rows.length).toBeGreaterThan(0);
  });
});

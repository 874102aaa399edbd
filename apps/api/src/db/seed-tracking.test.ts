import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedLiveDelivery } from './seed-delivery.ts';
import { seedLiveOrders } from './seed-orders.ts';
import { seedLiveTracking } from './seed-tracking.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 40 } });
  if (!t.seed) throw new Error('seed expected');
  await seedLiveOrders(t.app, t.db, t.seed, {
    mix: { open: 2, partly_picked: 0, picked: 0, shipped: 30, cancelled: 0 },
  });
  await seedLiveDelivery(t.app, t.db);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('the demo carrier scans (issue 14; ADR 0046)', () => {
  it('adds sorting and delivery-round scans to PostNL parcels, none in the future, once', async () => {
    const r = await seedLiveTracking(t.db);
    expect(r.sorted).toBeGreaterThan(0);
    expect(r.outForDelivery).toBeGreaterThan(0);
    const codes = await t.db.query<{ code: string }>('SELECT DISTINCT code FROM order_events ORDER BY code');
    expect(codes.rows.map((c) => c.code)).toEqual(
      expect.arrayContaining(['A01', 'B01', 'I11', 'J01', 'J05']),
    );
    const bad = await t.db.query(
      `SELECT 1 FROM order_events e JOIN shipments s ON s.id = e.shipment_id
        WHERE e.at > now() OR e.at < s.created_at OR (e.code IN ('J01', 'J05') AND e.at < s.handed_over_at)
           OR (e.code IN ('J01', 'J05') AND s.delivered_at IS NOT NULL AND e.at > s.delivered_at)`,
    );
    expect(bad.rows).toEqual([]);
    // Through the tracking job's service: a second run stores nothing new.
    expect(await seedLiveTracking(t.db)).toEqual({ sorted: 0, outForDelivery: 0 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLocation, addOrder, orgId, testWindow } from '../modules/pick/test/fulfilment.fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedLiveGrouping } from './seed-grouping.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 4 } });
});
afterAll(async () => {
  await t?.close();
});

describe('the order grouping demo (issue 11 item 3)', () => {
  it('makes carts, groups one picked line of an order and leaves the rest groupable', async () => {
    const w = testWindow();
    const org = await orgId(t.db, 'Bakkerij Bol');
    const bin = await addLocation(t.db, { name: `DEMO-G-${w.start.getTime()}`, sequence: 1 });
    const products = await t.db.query<{ id: string }>(
      'SELECT id FROM products WHERE org_id = $1 ORDER BY name LIMIT 2',
      [org],
    );
    await addOrder(t.db, org, {
      orderId: 'DEMO-GRP-1',
      placedAt: w.at(1),
      lines: products.rows.map((p) => ({ productId: p.id, quantity: 1, locationId: bin, picked: 1 })),
    });
    const made = await seedLiveGrouping(t.app);
    expect(made.carts).toBe(3);
    expect(made.grouped).toBe(1);
    expect(made.waiting).toBeGreaterThanOrEqual(1);
    const r = await t.db.query<{ name: string }>(
      `SELECT loc.name FROM order_lines l JOIN locations loc ON loc.id = l.group_location_id`,
    );
    expect(r.rows).toEqual([{ name: 'KAR-01' }]);
  });
});

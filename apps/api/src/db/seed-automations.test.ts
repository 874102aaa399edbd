import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedLiveAutomations } from './seed-automations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 20 } });
});
afterAll(async () => {
  await t?.close();
});

describe('the demo bundles and automation rules (issue 15 item 4)', () => {
  it('makes two bundles, two rules, an order both rules changed and a gift box order picked as its parts', async () => {
    expect(await seedLiveAutomations(t.app, t.db)).toEqual({ bundles: 2, rules: 2, orders: 2 });
    const be = await t.db.query<{ code: string; applied: number; lines: number }>(
      `SELECT m.code, (SELECT count(*)::int FROM order_automations oa WHERE oa.order_id = o.id) AS applied,
              (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS lines
         FROM orders o JOIN shipment_methods m ON m.id = o.selected_ship_method_id WHERE o.order_id = 'DEMO-BE-3001'`,
    );
    expect(be.rows).toEqual([{ code: 'SMF-POSTNL-BE', applied: 2, lines: 2 }]);
    const gift = await t.db.query<{ bundle_title: string; quantity: number; placed: boolean }>(
      `SELECT l.bundle_title, l.quantity, l.pick_location_id IS NOT NULL AS placed
         FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.order_id = 'DEMO-GIFT-3002' ORDER BY l.position`,
    );
    expect(gift.rows.map((r) => [r.bundle_title, r.quantity, r.placed])).toEqual([
      ['Cadeaubox Bakkerij Bol', 1, true],
      ['Cadeaubox Bakkerij Bol', 2, true],
      ['Cadeaubox Bakkerij Bol', 1, true],
    ]);
  });
});

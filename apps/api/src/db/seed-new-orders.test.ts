import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedLiveNewOrders } from './seed-new-orders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 20 } });
});
afterAll(async () => {
  await t?.close();
});

describe('the demo wizard orders (issue 13 item 1)', () => {
  it('makes manual orders, one with a PDF attachment, and a B2B pallet order, all open with pick locations', async () => {
    expect(await seedLiveNewOrders(t.app, t.db)).toEqual({ manual: 3, b2b: 1, attachments: 1 });
    const orders = await t.db.query<{ order_type: string; status: string; lines: number; placed: number }>(
      `SELECT o.order_type, o.status, count(l.id)::int AS lines, count(l.pick_location_id)::int AS placed
         FROM orders o JOIN order_lines l ON l.order_id = o.id
        WHERE o.platform = 'portal' GROUP BY o.id ORDER BY o.order_type`,
    );
    expect(orders.rows.map((o) => o.order_type)).toEqual([
      'b2b_order',
      'manual_order',
      'manual_order',
      'manual_order',
    ]);
    for (const o of orders.rows) {
      expect(o.status).toBe('open');
      expect(o.placed).toBe(o.lines);
    }
    const b2b = await t.db.query<{ delivery_unit: string; delivery_boxes: number }>(
      `SELECT delivery_unit, delivery_boxes FROM orders WHERE order_type = 'b2b_order'`,
    );
    expect(b2b.rows).toEqual([{ delivery_unit: 'pallet', delivery_boxes: 1 }]);
    const files = await t.db.query<{ file_name: string; size: number; instruction: string }>(
      'SELECT file_name, size, instruction FROM order_attachments',
    );
    expect(files.rows).toHaveLength(1);
    expect(files.rows[0]?.file_name).toBe('pakbon-klant.pdf');
    expect(files.rows[0]?.size).toBeGreaterThan(500);
  });
});

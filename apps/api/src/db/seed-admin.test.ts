import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedLiveAdmin } from './seed-admin.ts';
import { seedLiveProductCards } from './seed-product-card.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 6 } });
});
afterAll(async () => {
  await t?.close();
});

describe('demo admin area (issue 16 item 7)', () => {
  it('gives every method a group and purchase price, every box a size, adds an XL box and surcharges of each type', async () => {
    const made = await seedLiveAdmin(t.app);
    expect(made.methods).toBeGreaterThan(3);
    const methods = await t.db.query<{
      code: string;
      group_name: string | null;
      purchase_price_cents: number;
    }>('SELECT code, group_name, purchase_price_cents FROM shipment_methods ORDER BY code');
    expect(methods.rows.every((m) => m.group_name)).toBe(true);
    expect(methods.rows.find((m) => m.code === 'LOCAL-NL')).toMatchObject({
      group_name: 'Lokale bezorging',
      purchase_price_cents: 310,
    });
    // The groups are Dutch like the demo's method names: the own shipment is under 'Overig', not 'Other'.
    const groups = new Set(methods.rows.map((m) => m.group_name));
    expect(groups.has('Other')).toBe(false);
    expect(methods.rows.find((m) => m.code === 'OWN-SHIPMENT')?.group_name).toBe('Overig');
    const boxes = await t.db.query<{
      name: string;
      max_length_mm: number | null;
      package_code: string | null;
    }>('SELECT name, max_length_mm, package_code FROM shipment_boxes ORDER BY name');
    expect(boxes.rows.every((b) => b.max_length_mm && b.package_code)).toBe(true);
    expect(boxes.rows.map((b) => b.name)).toContain('Doos XL (60x40x40)');
    const types = await t.db.query<{ type: string }>('SELECT DISTINCT type FROM surcharges ORDER BY type');
    expect(types.rows.map((r) => r.type)).toEqual(['line-amount', 'order', 'order-line', 'store']);
    // Run again (a second start seeds nothing twice), then the product card's demo picks from this list.
    await seedLiveAdmin(t.app);
    const count = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shipment_boxes');
    expect(count.rows[0]?.n).toBe(boxes.rows.length);
    expect(await seedLiveProductCards(t.app, t.db)).not.toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct, orgId, testWindow } from './test/fulfilment.fixtures.ts';
import { ledgerCheck, runRush, setUpRush } from './test/pick-rush.ts';

/**
 * Issue 7 item 7, the concurrency proof: 50 pickers, each with a session of its own, confirm 200-odd order lines on
 * shared products and bins at the same time; every line is also replayed with its Idempotency-Key and grabbed by a
 * second picker with another key. On PostgreSQL (TEST_DATABASE_URL, as `npm test` runs it) this is real
 * concurrency over a connection pool; on PGlite the same requests interleave on one connection.
 */
describe('50 pickers on shared stock (issue 7)', { timeout: 180_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 4 } });
  });
  afterAll(async () => t.close());

  it('applies every pick exactly once, refuses the doubles cleanly, and the ledger adds up to the stock everywhere', async () => {
    const setup = await setUpRush(t, { pickers: 50, products: 6, locations: 4, orders: 120 });
    const result = await runRush(t, setup);

    // Every line taken once: by its own key or by the rival's, never both, never neither.
    expect(result.confirms).toBe(setup.lines.length);
    expect(result.overPicks.other).toEqual([]);
    expect(result.overPicks.refused).toBe(setup.lines.length);
    // A replay of the same key answers what the first request answered.
    expect(result.replays.differed).toBe(0);
    expect(Object.keys(result.statusCounts).sort()).toEqual(['200', '409']);

    const after = await ledgerCheck(t, setup);
    for (const line of after.lines) {
      expect(line.picked_quantity, line.id).toBe(line.quantity);
      expect(line.ledger, line.id).toBe(line.quantity);
      expect(line.rows, line.id).toBe(1);
    }
    for (const place of after.places) {
      expect(place.stock, `${place.product_id}@${place.location_id}`).toBe(0);
      expect(place.ledger, `${place.product_id}@${place.location_id}`).toBe(place.stock);
    }
    expect(after.places.some((p) => p.stock < 0)).toBe(false);
  });

  it('batches that take the same products in opposite orders all go through (no deadlock)', async () => {
    const bol = await orgId(t.db, 'Bakkerij Bol');
    const window = testWindow();
    const x = await addLocation(t.db, { name: 'BATCH-X', sequence: 9100 });
    const y = await addLocation(t.db, { name: 'BATCH-Y', sequence: 9101 });
    const cookie = await t.login('picker@demo.hoppa.nl', 'Hoppa-picker-2026');
    const pairs = 12;
    const product = async (name: string, locationId: string) =>
      (await addProduct(t.db, bol, { name, stock: [{ locationId, stock: 2 * pairs }] })).id;
    const [p, q] = [await product('Batch P', x), await product('Batch Q', y)];
    // Each order's lines get ids in the order written: half the batches are P then Q, half Q then P.
    const batches: { order_line_id: string; quantity: number; location_id: string }[][] = [];
    for (let i = 0; i < 2 * pairs; i++) {
      const lines = [
        { productId: p, locationId: x, quantity: 1 },
        { productId: q, locationId: y, quantity: 1 },
      ];
      if (i % 2) lines.reverse();
      const order = await addOrder(t.db, bol, { orderId: `BATCH-${i}`, placedAt: window.at(i), lines });
      batches.push(
        order.lineIds.map((id, k) => ({
          order_line_id: id,
          quantity: 1,
          location_id: (lines[k] as (typeof lines)[number]).locationId,
        })),
      );
    }
    const statuses = await Promise.all(
      batches.map(async (picks, i) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/pick_list/confirm',
          headers: { cookie, 'idempotency-key': `batch-${i}-${p}`, 'content-type': 'application/json' },
          payload: { picks },
        });
        return res.statusCode;
      }),
    );
    expect(statuses).toEqual(batches.map(() => 200));
    const left = await t.db.query<{ stock: number }>(
      'SELECT stock FROM product_locations WHERE product_id = ANY($1::char(24)[]) ORDER BY product_id = $2',
      [[p, q], p],
    );
    expect(left.rows.map((r) => r.stock)).toEqual([0, 0]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrder, orgId, testWindow } from '../modules/pick/test/fulfilment.fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedLiveReturns } from './seed-returns.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 20 } });
});
afterAll(async () => {
  await t?.close();
});

describe('the demo returns (issue 12 §5)', () => {
  it('gives each merchant an announced, an open and a closed return, stock back through the ledger', async () => {
    const w = testWindow();
    for (const name of ['Bakkerij Bol', 'Stroopwafel & Co']) {
      const org = await orgId(t.db, name);
      const products = await t.db.query<{ id: string }>(
        'SELECT id FROM products WHERE org_id = $1 ORDER BY name LIMIT 2',
        [org],
      );
      for (let i = 0; i < 3; i++)
        await addOrder(t.db, org, {
          orderId: `DEMO-RET-${name.slice(0, 4)}-${i}`,
          placedAt: w.at(i),
          status: 'shipped',
          lines: products.rows.map((p) => ({ productId: p.id, quantity: 2, picked: 2 })),
        });
    }
    expect(await seedLiveReturns(t.app, t.db)).toEqual({ announced: 2, open: 2, closed: 2 });
    const q = async <T>(sql: string) => (await t.db.query<T>(sql)).rows;
    expect(
      await q<{ n: number }>(`SELECT count(*)::int AS n FROM returns WHERE closed_at IS NOT NULL`),
    ).toEqual([{ n: 2 }]);
    const back = await q<{ reason: string; quarantine: boolean; n: number }>(
      `SELECT m.reason, l.quarantine, count(*)::int AS n FROM stock_mutations m JOIN locations l ON l.id = m.location_id
       WHERE m.reason = 'return' GROUP BY 1, 2 ORDER BY 2`,
    );
    expect(back).toEqual([
      { reason: 'return', quarantine: false, n: 2 },
      { reason: 'return', quarantine: true, n: 2 },
    ]);
    const breaks = await q(
      `SELECT 1 FROM product_locations pl
        WHERE pl.stock <> (SELECT coalesce(sum(quantity), 0) FROM stock_mutations m
                            WHERE m.product_id = pl.product_id AND m.location_id = pl.location_id)`,
    );
    expect(breaks).toEqual([]);
    // Each merchant's announced return has a product with a return instruction for the desk to show.
    expect(
      await q<{ n: number }>(`SELECT count(*)::int AS n FROM products WHERE return_instruction IS NOT NULL`),
    ).toEqual([{ n: 2 }]);
  });
});

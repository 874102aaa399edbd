import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedLiveStock } from './seed-stock.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 200 } });
});
afterAll(async () => {
  await t?.close();
});

describe('the demo warehouse work (issue 9 §5)', () => {
  it('builds a receiving rack, zones, cut-off groups, done and open transfers and one bin in error, ledger intact', async () => {
    const made = await seedLiveStock(t.app, t.db);
    expect(made).toEqual({
      locations: 12,
      locationGroups: 2,
      cutOffGroups: 2,
      transfersDone: 4,
      transfersOpen: 4,
      errorLocations: 1,
    });
    const q = async <T>(sql: string) => (await t.db.query<T>(sql)).rows;
    expect(await q(`SELECT name FROM locations WHERE name LIKE 'R-01-%' ORDER BY name`)).toHaveLength(10);
    expect(
      (await q<{ n: number }>('SELECT count(*)::int AS n FROM product_locations WHERE to_transfer'))[0]?.n,
    ).toBe(4);
    const transferRows = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM stock_mutations WHERE reason = 'transfer'`,
    );
    // Four done transfers and the move that puts the bin in error, two rows each.
    expect(transferRows[0]?.n).toBe(10);
    const several = await q(
      `SELECT location_id FROM product_locations WHERE stock > 0 GROUP BY location_id HAVING count(*) > 1`,
    );
    expect(several).toHaveLength(1);
    const breaks = await q(
      `SELECT 1 FROM product_locations pl
        WHERE pl.stock <> (SELECT coalesce(sum(quantity), 0) FROM stock_mutations m
                            WHERE m.product_id = pl.product_id AND m.location_id = pl.location_id)`,
    );
    expect(breaks).toEqual([]);
  });
});

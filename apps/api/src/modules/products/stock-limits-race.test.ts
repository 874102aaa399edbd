import { APP_HEADER } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addProduct } from '../pick/test/fulfilment.fixtures.ts';

/**
 * A product's minimum and maximum stock set at the same moment (spec 3 §7 `POST /product/stock/min|max/{id}`): each
 * call alone is within the other limit, together they would cross (minimum 40 above maximum 30). Before session 42
 * `setStockLimit` read the row and wrote it without a lock, so on PostgreSQL (TEST_DATABASE_URL, as `npm test` runs
 * it) both calls could read the old pair, both pass and leave minimum > maximum. Now at most one of them is saved and
 * the other is refused with 400 `out_of_range`; the stored pair never crosses. On PGlite the calls interleave on its
 * one connection and the same rule is checked.
 */
describe('minimum and maximum stock set at once (session 42)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let owner: string;
  let bol: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 1 } });
    bol = (t.seed as NonNullable<TestApp['seed']>).orgs.bol;
    owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  });
  afterAll(async () => t?.close());

  const set = (limit: 'min' | 'max', id: string, value: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/product/stock/${limit}/${id}`,
      headers: { cookie: owner, [APP_HEADER]: 'portal' },
      payload: { value },
    });

  it('saves at most one of two crossing limits and refuses the other with out_of_range', async () => {
    const rounds = 25;
    let bothSaved = 0;
    for (let round = 0; round < rounds; round++) {
      const p = await addProduct(t.db, bol, { name: `Limits race ${round}` });
      expect((await set('min', p.id, 10)).statusCode).toBe(200);
      expect((await set('max', p.id, 50)).statusCode).toBe(200);
      const [min, max] = await Promise.all([set('min', p.id, 40), set('max', p.id, 30)]);
      const statuses = [min.statusCode, max.statusCode].sort();
      if (statuses[0] === 200 && statuses[1] === 200) bothSaved++;
      else {
        expect(statuses, `${min.body} ${max.body}`).toEqual([200, 400]);
        const refused = min.statusCode === 400 ? min : max;
        expect(refused.json().issues[0]).toMatchObject({ path: 'body.value', code: 'out_of_range' });
      }
      const row = await t.db.query<{ stock_min: number | null; stock_max: number | null }>(
        'SELECT stock_min, stock_max FROM products WHERE id = $1',
        [p.id],
      );
      const stored = row.rows[0];
      expect(stored && stored.stock_min !== null && stored.stock_max !== null).toBe(true);
      expect(Number(stored?.stock_min), `round ${round}`).toBeLessThanOrEqual(Number(stored?.stock_max));
    }
    expect(bothSaved).toBe(0);
  });
});

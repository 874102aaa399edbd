import type { MostSold, ProductList } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_USERS } from './seed.ts';
import { seedLiveOrders } from './seed-orders.ts';

/**
 * The demo's month of sales (issue 15): shipped orders over the last 30 days, made through the import, pick and ship
 * routes, give the product table real sales figures on a fresh start.
 */
describe('demo sales history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 60 } });
    if (!t.seed) throw new Error('no seed');
    await seedLiveOrders(t.app, t.db, t.seed, {
      mix: { open: 0, partly_picked: 0, picked: 0, shipped: 2, cancelled: 0 },
      salesHistory: 12,
    });
  }, 240_000);
  afterAll(async () => t.close());

  it('ships orders over the month before this week, and the table shows what the best sellers sold', async () => {
    const days = await t.db.query<{ d: number }>(
      `SELECT count(DISTINCT (now() AT TIME ZONE 'Europe/Amsterdam')::date - day)::int AS d FROM product_sales_days
        WHERE day < (now() AT TIME ZONE 'Europe/Amsterdam')::date - 6`,
    );
    expect(days.rows[0]?.d).toBeGreaterThanOrEqual(10);
    const cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const best = (
      await t.app.inject({ method: 'GET', url: '/api/most_sold_product', headers: { cookie } })
    ).json() as MostSold;
    const top = best.products[0];
    expect(top?.sold).toBeGreaterThan(1);
    const page = (
      await t.app.inject({ method: 'GET', url: `/api/products?search=${top?.ean}`, headers: { cookie } })
    ).json() as ProductList;
    const row = page.items[0];
    expect(row?.total_sold_30d).toBe(top?.sold);
    expect(row?.days_until_out_of_stock).toBe(Math.floor((row?.sf_stock ?? 0) / ((top?.sold ?? 1) / 30)));
    // The pieces left the shelf through the pick route: the ledger holds their picks.
    const picks = await t.db.query<{ n: number }>(
      `SELECT -sum(quantity)::int AS n FROM stock_mutations WHERE product_id = $1 AND reason = 'pick'`,
      [top?.id],
    );
    expect(picks.rows[0]?.n).toBeGreaterThanOrEqual(top?.sold ?? 0);
  });
});

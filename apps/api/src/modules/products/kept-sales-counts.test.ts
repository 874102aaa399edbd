import { LOW_STOCK_MAX, type MostSold, newId, type ProductCount } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  countProducts,
  foldStockCounts,
  productRows,
  STOCK_COUNT_ROWS_FOLD,
} from './product-list.service.ts';
import { mostSoldProducts, rollDueSalesWindows } from './product-sales.service.ts';

const DAY = 24 * 3600 * 1000;
/** On PostgreSQL (TEST_DATABASE_URL) the roll and the shipment overlap; PGlite has one connection. */
const concurrent = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The kept forms of migration 0430 (ADR 0103) against a recount from the base tables after a mix of writes:
 * - the best sellers of the 30-day window (`product_sales_30d`, rolled per warehouse day) against the sum over
 *   `product_sales_days` that the route computed before (top 1, 3, 10 and 50, ties by name), after shipments, moved
 *   and taken-back shipments, deleted orders, renamed, deactivated and deleted products, and days leaving the window
 *   (the totals rolled forward by reading as of later days, across a few days and across more than 30);
 * - the product counts (`product_stock_counts`) against a count of the products with the sum of their stock places,
 *   after new products, stock moved across every class boundary, places moved and deleted, deleted products, a
 *   product moved to another organisation, and a fold of the rows.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('kept best sellers and product counts equal a recount', () => {
  let t: TestApp;
  let org: string;
  let other: string;
  let locations: string[];
  const now = new Date();
  /** `days` warehouse days from now (the tests roll the kept window forward by reading as of later days). */
  const at = (days: number) => new Date(now.getTime() + days * DAY);

  const addProduct = async (orgId: string, name: string) => {
    const id = newId();
    await t.db.query(`INSERT INTO products (id, org_id, name, ean) VALUES ($1, $2, $3, $4)`, [
      id,
      orgId,
      name,
      `98${id.slice(-11)}`,
    ]);
    return id;
  };
  /** An open order of `quantity` pieces of each product (one line each); returns its id. */
  const addOrder = async (orgId: string, lines: [string, number][]) => {
    const id = newId();
    await t.db.query(`INSERT INTO orders (id, org_id, order_id) VALUES ($1, $2, $3)`, [id, orgId, `K-${id}`]);
    for (const [productId, quantity] of lines)
      await t.db.query(
        `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity)
         SELECT $1, $2, $3, p.id, p.ean, p.name, $4 FROM products p WHERE p.id = $5`,
        [newId(), id, orgId, quantity, productId],
      );
    return id;
  };
  const ship = (orderIds: string[], when: Date) =>
    t.db.query(`UPDATE orders SET status = 'shipped', shipped_at = $1 WHERE id = ANY($2::char(24)[])`, [
      when,
      orderIds,
    ]);
  const shipped = async (orgId: string, lines: [string, number][], when: Date) => {
    const id = await addOrder(orgId, lines);
    await ship([id], when);
    return id;
  };

  /** The best sellers as the route summed them before migration 0430: every sales day of the window. */
  const recountTop = async (orgId: string, when: Date, limit: number) =>
    (
      await t.db.query<{ id: string; name: string; sold: number; sf_stock: number }>(
        `SELECT p.id, p.name, s.sold, COALESCE(sum(pl.stock), 0)::int AS sf_stock
           FROM (SELECT product_id, sum(quantity)::int AS sold FROM product_sales_days
                  WHERE org_id = $1 AND day > hoppa_warehouse_day($2::timestamptz) - 30
                    AND day <= hoppa_warehouse_day($2::timestamptz)
                  GROUP BY product_id HAVING sum(quantity) > 0) s
           JOIN products p ON p.id = s.product_id
           LEFT JOIN product_locations pl ON pl.product_id = p.id
          GROUP BY p.id, p.name, s.sold
          ORDER BY s.sold DESC, p.name, p.id LIMIT $3`,
        [orgId, when.toISOString(), limit],
      )
    ).rows;
  /** Every kept total of the organisation against the sum of its window's days (not only the top), names too. */
  const keptBreaks = async (orgId: string) =>
    (
      await t.db.query(
        `WITH w AS (SELECT day FROM product_sales_window WHERE org_id = $1),
              counted AS (SELECT d.product_id, p.name, sum(d.quantity)::int AS sold
                            FROM product_sales_days d JOIN products p ON p.id = d.product_id, w
                           WHERE d.org_id = $1 AND d.day > w.day - 30 AND d.day <= w.day
                           GROUP BY d.product_id, p.name HAVING sum(d.quantity) > 0),
              kept AS (SELECT product_id, name, sold FROM product_sales_30d WHERE org_id = $1)
         SELECT * FROM ((TABLE counted EXCEPT TABLE kept) UNION ALL (TABLE kept EXCEPT TABLE counted)) x`,
        [orgId],
      )
    ).rows;
  const keptDay = async (orgId: string) =>
    (
      await t.db.query<{ day: string }>(
        'SELECT day::text AS day FROM product_sales_window WHERE org_id = $1',
        [orgId],
      )
    ).rows[0]?.day;
  const warehouseDay = async (when: Date) =>
    (
      await t.db.query<{ day: string }>('SELECT hoppa_warehouse_day($1::timestamptz)::text AS day', [
        when.toISOString(),
      ])
    ).rows[0]?.day;

  /** The best sellers as of `days` from now equal the recount for several limits, read from the kept totals. */
  const expectBestSellers = async (orgId: string, days = 0) => {
    for (const limit of [1, 3, 10, 50]) {
      const best = await mostSoldProducts({ db: t.db, orgIds: [orgId] }, { days: 30, limit }, at(days));
      expect(best.products.map((p) => [p.id, p.name, p.sold, p.sf_stock])).toEqual(
        (await recountTop(orgId, at(days), limit)).map((r) => [r.id, r.name, r.sold, r.sf_stock]),
      );
    }
    expect(await keptDay(orgId)).toBe(await warehouseDay(at(days)));
    expect(await keptBreaks(orgId)).toEqual([]);
    await expectTableSales(orgId, days);
  };
  /** The product table's "sold in 30 days" of every product of the organisation equals the recount too. */
  const expectTableSales = async (orgId: string, days: number) => {
    const all = await t.db.query<{ id: string }>('SELECT id FROM products WHERE org_id = $1', [orgId]);
    const rows = await productRows(
      { db: t.db, orgIds: [orgId] },
      all.rows.map((r) => r.id),
      at(days),
    );
    const counted = new Map((await recountTop(orgId, at(days), 10_000)).map((r) => [r.id, r.sold]));
    expect(rows.filter((r) => r.total_sold_30d !== 0).length).toBe(counted.size);
    for (const r of rows) expect([r.id, r.total_sold_30d]).toEqual([r.id, counted.get(r.id) ?? 0]);
  };

  /** The counts from the products and the sum of their stock places (no kept table read). */
  const recountCounts = async (orgId: string): Promise<ProductCount> => {
    const r = (
      await t.db.query<{ total: number; in_stock: number; sold_out: number; low: number }>(
        `SELECT count(*)::int AS total, (count(*) FILTER (WHERE s > $2))::int AS in_stock,
                (count(*) FILTER (WHERE s <= 0))::int AS sold_out,
                (count(*) FILTER (WHERE s BETWEEN 1 AND $2))::int AS low
           FROM (SELECT p.id, COALESCE(sum(pl.stock), 0) AS s FROM products p
                   LEFT JOIN product_locations pl ON pl.product_id = p.id
                  WHERE p.org_id = $1 GROUP BY p.id) x`,
        [orgId, LOW_STOCK_MAX],
      )
    ).rows[0];
    return {
      totalProducts: Number(r?.total),
      totalProductsInStock: Number(r?.in_stock),
      soldOutProducts: Number(r?.sold_out),
      lowStockProducts: Number(r?.low),
    };
  };
  const expectCounts = async () => {
    for (const orgId of [org, other])
      expect(await countProducts({ db: t.db, orgIds: [orgId] })).toEqual(await recountCounts(orgId));
  };
  const addPlace = async (productId: string, stock: number, place = 0) => {
    const id = newId();
    await t.db.query(
      `INSERT INTO product_locations (id, org_id, product_id, location_id, stock) VALUES ($1, $2, $3, $4, $5)`,
      [id, org, productId, locations[place], stock],
    );
    return id;
  };
  const setStock = (placeId: string, stock: number) =>
    t.db.query('UPDATE product_locations SET stock = $1 WHERE id = $2', [stock, placeId]);

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 10 } });
    if (!t.seed) throw new Error('seed missing');
    org = t.seed.orgs.bol;
    other = t.seed.orgs.stroop;
    locations = (await t.db.query<{ id: string }>('SELECT id FROM locations ORDER BY id LIMIT 2')).rows.map(
      (r) => r.id,
    );
  });
  afterAll(async () => t.close());

  it('best sellers: shipments, corrections and deletions, then days leaving the window', async () => {
    // Four tied on pieces, made in reverse name order; others below them; sales in and around the window.
    const tied: string[] = [];
    for (const letter of 'DCBA') tied.unshift(await addProduct(org, `Kept tie ${letter}`));
    const [a, b, c, d] = tied as [string, string, string, string];
    const slow = await addProduct(org, 'Kept slow');
    const old = await addProduct(org, 'Kept old');
    await addPlace(a, 4);
    for (const p of tied) await shipped(org, [[p, 20]], at(-1));
    await shipped(org, [[slow, 3]], at(-29));
    const leaving = await shipped(org, [[slow, 4]], at(-20));
    await shipped(org, [[old, 50]], at(-31));
    const future = await shipped(org, [[old, 9]], at(2)); // a day after today: enters the window later
    await expectBestSellers(org); // the first read fills the organisation's totals

    // Through the API, the same answer.
    const owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/most_sold_product?limit=3',
      headers: { cookie: owner },
    });
    expect((res.json() as MostSold).products.map((p) => p.id)).toEqual(
      (await recountTop(org, now, 3)).map((r) => r.id),
    );

    // More shipments (two orders in one statement, one order of several products), on today and earlier days.
    const o1 = await addOrder(org, [[b, 1]]);
    const o2 = await addOrder(org, [
      [c, 2],
      [slow, 5],
    ]);
    await ship([o1, o2], at(0));
    await expectBestSellers(org);
    // A shipment moved out of the window and one back into it; an order taken back out of 'shipped'; a deleted one.
    await t.db.query('UPDATE orders SET shipped_at = $1 WHERE id = $2', [at(-45), o1]);
    await t.db.query('UPDATE orders SET shipped_at = $1 WHERE id = $2', [at(-3), leaving]);
    await t.db.query(`UPDATE orders SET status = 'open', shipped_at = NULL WHERE id = $1`, [o2]);
    const gone = await shipped(org, [[d, 7]], at(-2));
    await expectBestSellers(org);
    await t.db.query('DELETE FROM orders WHERE id = $1', [gone]);
    // A rename changes the tie-break; a deactivated product still counts; a deleted product's days go with it.
    await t.db.query(`UPDATE products SET name = 'Kept tie 0' WHERE id = $1`, [d]);
    await t.db.query('UPDATE products SET active = false WHERE id = $1', [b]);
    const dropped = await addProduct(org, 'Kept dropped');
    await t.db.query(
      `INSERT INTO product_sales_days (product_id, day, org_id, quantity)
       VALUES ($1, hoppa_warehouse_day(now()), $2, 100), ($1, hoppa_warehouse_day(now()) - 3, $2, 5)`,
      [dropped, org],
    );
    await expectBestSellers(org);
    // A day's row removed by hand (a correction in SQL), then the product with its other days.
    await t.db.query(
      'DELETE FROM product_sales_days WHERE product_id = $1 AND day = hoppa_warehouse_day(now())',
      [dropped],
    );
    await expectBestSellers(org);
    await t.db.query('DELETE FROM products WHERE id = $1', [dropped]);
    await expectBestSellers(org);

    // Days leaving (and the future shipment entering) the window: one day, then a few, then up to its edge.
    await expectBestSellers(org, 1);
    await shipped(org, [[a, 2]], at(1));
    await expectBestSellers(org, 3);
    await t.db.query('UPDATE orders SET shipped_at = $1 WHERE id = $2', [at(5), future]);
    await expectBestSellers(org, 10);
    await expectBestSellers(org, 28);
    await expectBestSellers(org, 29);
    await expectBestSellers(org, 30);
    // More than 30 days at once: counted afresh.
    await shipped(org, [[c, 1]], at(70));
    await expectBestSellers(org, 75);
    // The background roll moves the organisations with kept totals behind the day (the other has none yet).
    expect(await rollDueSalesWindows(t.db, at(77))).toBe(1);
    expect(await rollDueSalesWindows(t.db, at(77))).toBe(0);
    expect(await keptDay(org)).toBe(await warehouseDay(at(77)));
    expect(await keptBreaks(org)).toEqual([]);
    await expectBestSellers(org, 78);
    // Another organisation's shipments, before and after its first read; a read as of an earlier day than the kept
    // one sums the days (kept day unchanged).
    const theirs = await addProduct(other, 'Kept theirs');
    await shipped(other, [[theirs, 3]], at(-1));
    await expectBestSellers(other);
    await shipped(other, [[theirs, 2]], at(0));
    await expectBestSellers(other);
    const before = await keptDay(org);
    const earlier = await mostSoldProducts({ db: t.db, orgIds: [org] }, { days: 30, limit: 10 }, at(0));
    expect(earlier.products.map((p) => [p.id, p.sold])).toEqual(
      (await recountTop(org, at(0), 10)).map((r) => [r.id, r.sold]),
    );
    expect(await keptDay(org)).toBe(before);
    await expectTableSales(org, 0);
  });

  it(`best sellers: a roll waits for a shipment in flight and counts it (${concurrent ? 'overlapping on PostgreSQL' : 'one after the other on PGlite'})`, async () => {
    const p = await addProduct(other, 'Kept in flight');
    await expectBestSellers(other);
    // A shipment of tomorrow (after the kept day: not added by its trigger) is still open when tomorrow's first read
    // rolls the window; the roll must wait for it and then read its day, or the pieces are lost.
    let roll: Promise<unknown> | undefined;
    const read = () => mostSoldProducts({ db: t.db, orgIds: [other] }, { days: 30, limit: 10 }, at(1));
    await t.db.transaction(async (tx) => {
      const o = newId();
      await tx.query(`INSERT INTO orders (id, org_id, order_id) VALUES ($1, $2, $3)`, [o, other, `K-${o}`]);
      await tx.query(
        `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity)
         SELECT $1, $2, $3, p.id, p.ean, p.name, 11 FROM products p WHERE p.id = $4`,
        [newId(), o, other, p],
      );
      await tx.query(`UPDATE orders SET status = 'shipped', shipped_at = $1 WHERE id = $2`, [at(1), o]);
      const holder = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      if (!concurrent) return;
      roll = read();
      const deadline = Date.now() + 30_000;
      for (;;) {
        const waiting = await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND $1::int = ANY(pg_blocking_pids(pid))`,
          [holder],
        );
        if ((waiting.rows[0]?.n ?? 0) > 0) break;
        if (Date.now() > deadline) throw new Error('the roll never waited on the shipment');
        await new Promise((r) => setTimeout(r, 10));
      }
    });
    if (!concurrent) roll = read();
    const best = (await roll) as MostSold;
    expect(best.products.find((x) => x.id === p)?.sold).toBe(11);
    await expectBestSellers(other, 1);
  });

  it('product counts: stock across every class boundary, places, products added, deleted and moved', async () => {
    await expectCounts();
    const ps: string[] = [];
    for (let i = 0; i < 6; i++) ps.push(await addProduct(org, `Telling ${i}`));
    const [p0, p1, p2, p3, p4, p5] = ps as [string, string, string, string, string, string];
    await expectCounts();
    const x0 = await addPlace(p0, 3);
    const x1 = await addPlace(p1, 6);
    await addPlace(p2, -1);
    const x3 = await addPlace(p3, LOW_STOCK_MAX);
    await expectCounts();
    // Across each boundary and back: 6 → 5 → 1 → 0 → -2 → 12, and within a class (no row written).
    for (const stock of [LOW_STOCK_MAX, 1, 0, -2, 12, 13]) {
      await setStock(x1, stock);
      await expectCounts();
    }
    // Two places of one product (the sum decides), a place moved to another product, a place deleted.
    const x4 = await addPlace(p4, 2);
    await addPlace(p4, 4, 1);
    await expectCounts();
    await t.db.query('UPDATE product_locations SET product_id = $1 WHERE id = $2', [p5, x4]);
    await expectCounts();
    await t.db.query('DELETE FROM product_locations WHERE id = $1', [x3]);
    await expectCounts();
    // Several products in one statement (the ledger's bulk correction), new products in one statement.
    await t.db.query('UPDATE product_locations SET stock = stock + 4 WHERE id = ANY($1::char(24)[])', [
      [x0, x1],
    ]);
    await t.db.query(
      `INSERT INTO products (id, org_id, name, ean)
       SELECT 'kc' || lpad(g::text, 22, '0'), $1, 'Telling bulk ' || g, '97' || lpad(g::text, 11, '0')
         FROM generate_series(1, 20) g`,
      [org],
    );
    await expectCounts();
    // Deleted products (with and without places), and a product moved to the other organisation.
    await t.db.query('DELETE FROM products WHERE id = ANY($1::char(24)[])', [[p0, p2]]);
    await t.db.query(`DELETE FROM products WHERE id LIKE 'kc%' AND name LIKE '%1_'`);
    await expectCounts();
    await t.db.query('UPDATE products SET org_id = $1 WHERE id = $2', [other, p1]);
    await expectCounts();

    // Many class changes leave many rows; a read leaves them, the background fold makes them one, the counts stay.
    for (let i = 0; i <= STOCK_COUNT_ROWS_FOLD; i++) await setStock(x4, i % 2 === 0 ? 0 : 9);
    const rows = async () =>
      Number(
        (
          await t.db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM product_stock_counts WHERE org_id = $1',
            [org],
          )
        ).rows[0]?.n,
      );
    const many = await rows();
    expect(many).toBeGreaterThan(STOCK_COUNT_ROWS_FOLD);
    await expectCounts();
    expect(await rows()).toBe(many);
    expect(await foldStockCounts(t.db)).toBe(1);
    expect(await rows()).toBe(1);
    await expectCounts();
    // Nothing is due now: no organisation has more than the threshold.
    expect(await foldStockCounts(t.db)).toBe(0);
    await setStock(x4, 2);
    await expectCounts();

    // Through the API, the same answer.
    const owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const res = await t.app.inject({ method: 'GET', url: '/api/products/count', headers: { cookie: owner } });
    expect(res.json()).toEqual(await recountCounts(org));
  });
});

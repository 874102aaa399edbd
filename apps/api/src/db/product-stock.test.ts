import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { Db } from './client.ts';
import { productStockBreaks } from './product-stock.test-helpers.ts';

/** On PostgreSQL (TEST_DATABASE_URL) the concurrency test's transactions overlap; PGlite has one connection. */
const concurrent = Boolean(process.env.TEST_DATABASE_URL);

/**
 * product_stock (migration 0410) keeps each product's stock, the sum of product_locations.stock over its stock
 * places, for the product table's stock filters, sort and counts. After every kind of write to product_locations
 * and products, written the way the services write (one row, many rows, upserts), it must equal the sum counted
 * from the places themselves, for every product of every organisation.
 */
describe('product_stock follows the stock places', () => {
  let t: TestApp;
  let org: string;
  let other: string;
  let locations: string[];
  const hex = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;
  const productId = (n: number) => hex('ps', n);
  const placeId = (p: number, l: number) => hex('pl', p * 100 + l);

  const kept = async (n: number) =>
    (
      await t.db.query<{ stock: number }>('SELECT stock FROM product_stock WHERE product_id = $1', [
        productId(n),
      ])
    ).rows[0]?.stock;
  const expectInStep = async () => expect(await productStockBreaks(t.db)).toEqual([]);
  const addProducts = async (db: Db, from: number, count: number, orgId = org) => {
    const ns = Array.from({ length: count }, (_, i) => from + i);
    await db.query(
      `INSERT INTO products (id, org_id, name, ean)
         SELECT x.id, $1, 'Voorraad ' || x.n, '77' || lpad(x.n::text, 11, '0')
         FROM unnest($2::char(24)[], $3::int[]) AS x(id, n)`,
      [orgId, ns.map(productId), ns],
    );
  };
  /** The ledger's upsert (stock/ledger.ts applyStockChange): a new place, or `delta` added to the existing one. */
  const upsert = (db: Db, p: number, l: number, delta: number) =>
    db.query(
      `INSERT INTO product_locations (id, org_id, product_id, location_id, stock)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (product_id, location_id) DO UPDATE SET stock = product_locations.stock + $5::int`,
      [placeId(p, l), org, productId(p), locations[l], delta],
    );

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 5 } });
    if (!t.seed) throw new Error('seed missing');
    org = t.seed.orgs.bol;
    other = t.seed.orgs.stroop;
    locations = (await t.db.query<{ id: string }>('SELECT id FROM locations ORDER BY id LIMIT 4')).rows.map(
      (r) => r.id,
    );
  });
  afterAll(async () => t.close());

  it('was filled for the seeded products, and gives a new product a row of 0', async () => {
    await expectInStep();
    const seeded = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM product_stock WHERE stock > 0 AND org_id = $1',
      [org],
    );
    expect(seeded.rows[0]?.n).toBeGreaterThan(0);
    await addProducts(t.db, 1, 10);
    expect(await kept(1)).toBe(0);
    await expectInStep();
  });

  it('follows inserts of places, one and many per statement, and the ledger’s upsert', async () => {
    // One statement for many places of several products, as an import or the seed writes them.
    await t.db.query(
      `INSERT INTO product_locations (id, org_id, product_id, location_id, stock, position)
         SELECT x.id, $1, x.product_id, x.loc, x.stock, 0
         FROM unnest($2::char(24)[], $3::char(24)[], $4::char(24)[], $5::int[]) AS x(id, product_id, loc, stock)`,
      [
        org,
        [placeId(1, 0), placeId(1, 1), placeId(2, 0), placeId(3, 2)],
        [productId(1), productId(1), productId(2), productId(3)],
        [locations[0], locations[1], locations[0], locations[2]],
        [10, 5, 3, 0],
      ],
    );
    expect([await kept(1), await kept(2), await kept(3)]).toEqual([15, 3, 0]);
    await expectInStep();
    await upsert(t.db, 2, 1, 7); // a new place
    await upsert(t.db, 2, 1, -2); // the same place again: the upsert's UPDATE
    await upsert(t.db, 4, 0, 0); // assigned with 0 pieces
    expect([await kept(2), await kept(4)]).toEqual([8, 0]);
    await expectInStep();
  });

  it('follows stock moves, picks below 0, corrections and updates of position only', async () => {
    // A move between places of one product (two upserts in one transaction, as transfers.service.ts does).
    await t.db.transaction(async (tx) => {
      await upsert(tx, 1, 0, -4);
      await upsert(tx, 1, 3, 4);
    });
    expect(await kept(1)).toBe(15);
    // A pick of more than the system counted: the place goes below 0, so does the product.
    await upsert(t.db, 3, 2, -2);
    expect(await kept(3)).toBe(-2);
    // A correction sets an amount (a plain UPDATE of stock).
    await t.db.query('UPDATE product_locations SET stock = 9 WHERE id = $1', [placeId(3, 2)]);
    expect(await kept(3)).toBe(9);
    // Many places of many products in one UPDATE.
    await t.db.query(
      'UPDATE product_locations SET stock = stock + 1 WHERE product_id = ANY($1::char(24)[])',
      [[productId(1), productId(2), productId(3)]],
    );
    expect([await kept(1), await kept(2), await kept(3)]).toEqual([18, 10, 10]);
    // A swap of positions and a transfer mark change no stock.
    await t.db.query(
      'UPDATE product_locations SET position = position + 1, to_transfer = true, transfer_quantity = 1 WHERE product_id = $1',
      [productId(1)],
    );
    expect(await kept(1)).toBe(18);
    await expectInStep();
  });

  it('follows deleted places, a place moved to another product, and deleted products', async () => {
    await t.db.query('DELETE FROM product_locations WHERE id = $1', [placeId(1, 1)]);
    expect(await kept(1)).toBe(12);
    // A place moved to another product (and one statement that moves one and changes another's stock).
    await t.db.query('UPDATE product_locations SET product_id = $1 WHERE id = $2', [
      productId(5),
      placeId(1, 3),
    ]);
    expect([await kept(1), await kept(5)]).toEqual([7, 5]);
    await t.db.query(
      `UPDATE product_locations SET product_id = CASE WHEN id = $1 THEN $2 ELSE product_id END,
                                    stock = CASE WHEN id = $3 THEN stock + 100 ELSE stock END
        WHERE id IN ($1, $3)`,
      [placeId(1, 3), productId(6), placeId(2, 0)],
    );
    expect([await kept(5), await kept(6), await kept(2)]).toEqual([0, 5, 110]);
    await expectInStep();
    // A product deleted with its places (they go by cascade, and so does its row).
    await t.db.query('DELETE FROM products WHERE id = ANY($1::char(24)[])', [[productId(2), productId(6)]]);
    const rows = await t.db.query('SELECT 1 FROM product_stock WHERE product_id IN ($1, $2)', [
      productId(2),
      productId(6),
    ]);
    expect(rows.rows).toEqual([]);
    await expectInStep();
    // Deleting many places of many products in one statement.
    await upsert(t.db, 7, 0, 3);
    await upsert(t.db, 7, 1, 4);
    await upsert(t.db, 8, 0, 6);
    await t.db.query('DELETE FROM product_locations WHERE product_id IN ($1, $2) AND location_id = $3', [
      productId(7),
      productId(8),
      locations[0],
    ]);
    expect([await kept(7), await kept(8)]).toEqual([4, 0]);
    await expectInStep();
  });

  it('follows a product moved to another organisation, and rolls back with the transaction', async () => {
    await t.db.query('UPDATE products SET org_id = $1 WHERE id = $2', [other, productId(7)]);
    await expectInStep();
    await t.db.query('UPDATE products SET org_id = $1 WHERE id = $2', [org, productId(7)]);
    await expect(
      t.db.transaction(async (tx) => {
        await upsert(tx, 7, 1, 50);
        await addProducts(tx, 20, 2);
        await upsert(tx, 20, 0, 5);
        throw new Error('pick failed');
      }),
    ).rejects.toThrow('pick failed');
    expect([await kept(7), await kept(20)]).toEqual([4, undefined]);
    await expectInStep();
  });

  it(`stays exact when two transactions change one product's stock at once (${concurrent ? 'overlapping on PostgreSQL' : 'one after the other on PGlite'})`, async () => {
    await addProducts(t.db, 30, 1);
    await upsert(t.db, 30, 0, 10);
    await upsert(t.db, 30, 1, 10);
    // A pick on one place holds the product's row until it commits; a check-in on another place of the same
    // product (before this migration it met no lock of the pick) waits for it, then adds to the committed sum.
    let second: Promise<unknown> | undefined;
    await t.db.transaction(async (tx) => {
      await upsert(tx, 30, 0, -3);
      const holder = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      if (!concurrent) return;
      second = upsert(t.db, 30, 1, 5);
      // Asked from outside the transaction: inside it pg_stat_activity is read once and kept.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const waiting = await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND $1::int = ANY(pg_blocking_pids(pid))`,
          [holder],
        );
        if ((waiting.rows[0]?.n ?? 0) > 0) break;
        if (Date.now() > deadline) throw new Error('the second writer never waited on the first');
        await new Promise((r) => setTimeout(r, 10));
      }
    });
    if (!concurrent) second = upsert(t.db, 30, 1, 5);
    await second;
    expect(await kept(30)).toBe(22);

    // Many writers at once, each changing two places of the product in its own transaction; some roll back.
    const deltas = Array.from({ length: 24 }, (_, i) => (i % 3 === 2 ? -(i + 1) : i + 1));
    const write = (i: number) =>
      t.db.transaction(async (tx) => {
        await upsert(tx, 30, i % 2, deltas[i] as number);
        await tx.query('SELECT pg_sleep(0.005)');
        await upsert(tx, 30, 2 + (i % 2), 1);
        if (i % 6 === 5) throw new Error(`rolled back ${i}`);
      });
    const results = await Promise.allSettled(deltas.map((_, i) => write(i)));
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason?.message)] : []));
    expect(failed).toEqual([5, 11, 17, 23].map((i) => `rolled back ${i}`));
    const committed = deltas.filter((_, i) => i % 6 !== 5);
    expect(await kept(30)).toBe(22 + committed.reduce((n, d) => n + d + 1, 0));
    await expectInStep();
  });
});

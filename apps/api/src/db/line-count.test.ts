import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * orders.line_count (migration 0080) follows the order's lines in the same transaction: inserted in one statement or
 * many, deleted, moved to another order, and cascaded away with the order. The open list and the pick list filter
 * single- and multi-line orders on it (issue 8), so a drift would hide or show the wrong orders.
 */
describe('orders.line_count', () => {
  let t: TestApp;
  let org: string;
  let product: string;

  const order = (n: number) => `lc${String(n).padStart(22, '0')}`;
  const line = (o: number, n: number) => `ll${String(o * 1000 + n).padStart(22, '0')}`;
  const counts = async () =>
    Object.fromEntries(
      (
        await t.db.query<{ order_id: string; line_count: number; actual: number }>(
          `SELECT o.order_id, o.line_count, (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS actual
             FROM orders o WHERE o.order_id LIKE 'LC-%' ORDER BY o.order_id`,
        )
      ).rows.map((r) => [r.order_id, [r.line_count, r.actual]]),
    );
  const addLines = (o: number, from: number, to: number) =>
    t.db.query(
      `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity)
         SELECT 'll' || lpad(($1::int * 1000 + g)::text, 22, '0'), $2, $3, p.id, p.ean, p.name, 1
         FROM generate_series($4::int, $5::int) g, products p WHERE p.id = $6`,
      [o, order(o), org, from, to, product],
    );

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 5 } });
    if (!t.seed) throw new Error('seed missing');
    org = t.seed.orgs.bol;
    product = (await t.db.query<{ id: string }>('SELECT id FROM products WHERE org_id = $1 LIMIT 1', [org]))
      .rows[0]?.id as string;
    await t.db.query(
      `INSERT INTO orders (id, org_id, order_id) SELECT 'lc' || lpad(g::text, 22, '0'), $1, 'LC-' || g
         FROM generate_series(1, 3) g`,
      [org],
    );
  });
  afterAll(async () => t.close());

  it('counts lines inserted in one statement and one by one', async () => {
    await addLines(1, 1, 4);
    await addLines(2, 1, 1);
    await addLines(2, 2, 2);
    expect(await counts()).toEqual({ 'LC-1': [4, 4], 'LC-2': [2, 2], 'LC-3': [0, 0] });
  });

  it('follows deleted and moved lines, and leaves picks alone', async () => {
    await t.db.query('DELETE FROM order_lines WHERE id = $1', [line(1, 1)]);
    await t.db.query('UPDATE order_lines SET order_id = $1 WHERE id = $2', [order(3), line(1, 2)]);
    await t.db.query('UPDATE order_lines SET picked_quantity = 1 WHERE order_id = $1', [order(2)]);
    expect(await counts()).toEqual({ 'LC-1': [2, 2], 'LC-2': [2, 2], 'LC-3': [1, 1] });
  });

  it('rolls back with the transaction that wrote the lines', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity)
             SELECT 'll' || lpad((3000 + g)::text, 22, '0'), $1, $2, p.id, p.ean, p.name, 1
             FROM generate_series(10, 12) g, products p WHERE p.id = $3`,
          [order(3), org, product],
        );
        throw new Error('import failed');
      }),
    ).rejects.toThrow('import failed');
    expect((await counts())['LC-3']).toEqual([1, 1]);
  });

  it('keeps a count given with the order for the lines of one statement, and counts every other write (ADR 0068)', async () => {
    // An order written with its count and then all its lines in one statement (the order import): nothing to add,
    // and the order row is not rewritten (its ctid stays that of the INSERT).
    await t.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO orders (id, org_id, order_id, line_count) VALUES ('lc' || lpad('7', 22, '0'), $1, 'LC-7', 3)`,
        [org],
      );
      const before = await tx.query<{ ctid: string }>('SELECT ctid::text FROM orders WHERE id = $1', [
        order(7),
      ]);
      await tx.query(
        `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity)
           SELECT 'll' || lpad((7000 + g)::text, 22, '0'), $1, $2, p.id, p.ean, p.name, 1
           FROM generate_series(1, 3) g, products p WHERE p.id = $3`,
        [order(7), org, product],
      );
      const after = await tx.query<{ ctid: string }>('SELECT ctid::text FROM orders WHERE id = $1', [
        order(7),
      ]);
      expect(after.rows[0]?.ctid).toBe(before.rows[0]?.ctid);
    });
    // Later lines of that order, and lines of an existing order, are added as before.
    await addLines(7, 4, 4);
    await addLines(3, 20, 21);
    // A writer that leaves the default gets every line of its statement counted.
    await t.db.query(
      `INSERT INTO orders (id, org_id, order_id) VALUES ('lc' || lpad('8', 22, '0'), $1, 'LC-8')`,
      [org],
    );
    await addLines(8, 1, 2);
    const c = await counts();
    expect([c['LC-3'], c['LC-7'], c['LC-8']]).toEqual([
      [3, 3],
      [4, 4],
      [2, 2],
    ]);
  });

  it('deleting an order cascades its lines without touching the others', async () => {
    await t.db.query('DELETE FROM orders WHERE id = $1', [order(1)]);
    expect(await counts()).toEqual({ 'LC-2': [2, 2], 'LC-3': [3, 3], 'LC-7': [4, 4], 'LC-8': [2, 2] });
  });
});

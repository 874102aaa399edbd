import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * pick_item_days (migration 0090) is the pick list's aggregate: after every kind of write it must equal the same
 * numbers counted from the order lines themselves, or the floor would show pieces that are not there (or hide
 * pieces that are). Each step below writes the way a service does and compares the two.
 */
describe('pick_item_days follows the order lines', () => {
  let t: TestApp;
  let org: string;
  let products: string[];
  let locations: string[];

  const hex = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;
  const orderId = (n: number) => hex('aa', n);
  const lineId = (o: number, n: number) => hex('bb', o * 100 + n);

  /** The aggregate and the live count, each as sorted "day product location qty lines" strings. */
  const both = async () => {
    const kept = await t.db.query<{ k: string }>(
      `SELECT placed_day::text || ' ' || product_id || ' ' || coalesce(location_id, '-') || ' ' || qty || ' ' || lines AS k
         FROM pick_item_days WHERE org_id = $1 ORDER BY 1`,
      [org],
    );
    const live = await t.db.query<{ k: string }>(
      `SELECT d::text || ' ' || product_id || ' ' || coalesce(loc, '-') || ' ' || q || ' ' || n AS k FROM (
         SELECT (o.placed_at AT TIME ZONE 'Europe/Amsterdam')::date AS d, l.product_id, l.pick_location_id AS loc,
                sum(l.quantity - l.picked_quantity)::int AS q, count(*)::int AS n
           FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE o.org_id = $1 AND o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
          GROUP BY 1, 2, 3) x ORDER BY 1`,
      [org],
    );
    return { kept: kept.rows.map((r) => r.k), live: live.rows.map((r) => r.k) };
  };
  const expectInStep = async (nonEmpty = true) => {
    const { kept, live } = await both();
    expect(kept).toEqual(live);
    // Each line's order_open (migration 0310, the pick rounds' index) follows its order's status as well.
    const drift = await t.db.query<{ id: string }>(
      `SELECT l.id FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE l.org_id = $1 AND l.order_open IS DISTINCT FROM (o.status = 'open')`,
      [org],
    );
    expect(drift.rows).toEqual([]);
    // Each line's order_multi follows its order's line count, and the aggregate keeps single and multi apart
    // (migration 0330, the pick list's single/multi-line filter).
    const multiDrift = await t.db.query<{ id: string }>(
      `SELECT l.id FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE l.org_id = $1 AND l.order_multi IS DISTINCT FROM (o.line_count > 1)`,
      [org],
    );
    expect(multiDrift.rows).toEqual([]);
    const keptMulti = await t.db.query<{ k: string }>(
      `SELECT placed_day::text || ' ' || product_id || ' ' || coalesce(location_id, '-') || ' ' || multi || ' ' || qty || ' ' || lines AS k
         FROM pick_item_days WHERE org_id = $1 ORDER BY 1`,
      [org],
    );
    const liveMulti = await t.db.query<{ k: string }>(
      `SELECT d::text || ' ' || product_id || ' ' || coalesce(loc, '-') || ' ' || m || ' ' || q || ' ' || n AS k FROM (
         SELECT (o.placed_at AT TIME ZONE 'Europe/Amsterdam')::date AS d, l.product_id, l.pick_location_id AS loc,
                (SELECT count(*) FROM order_lines x WHERE x.order_id = o.id) > 1 AS m,
                sum(l.quantity - l.picked_quantity)::int AS q, count(*)::int AS n
           FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE o.org_id = $1 AND o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
          GROUP BY 1, 2, 3, 4) x ORDER BY 1`,
      [org],
    );
    expect(keptMulti.rows.map((r) => r.k)).toEqual(liveMulti.rows.map((r) => r.k));
    if (nonEmpty) expect(kept.length).toBeGreaterThan(0);
    return kept;
  };
  const addOrder = async (n: number, placedAt: string, lines: Array<[number, number | null, number]>) => {
    await t.db.query(`INSERT INTO orders (id, org_id, order_id, placed_at) VALUES ($1, $2, $3, $4)`, [
      orderId(n),
      org,
      `PID-${n}`,
      placedAt,
    ]);
    // One statement for all lines, as the import writes them.
    await t.db.query(
      `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity, pick_location_id, position)
         SELECT x.id, $1, $2, x.product_id, p.ean, p.name, x.qty, x.loc, x.pos
         FROM unnest($3::char(24)[], $4::char(24)[], $5::char(24)[], $6::int[], $7::int[]) AS x(id, product_id, loc, qty, pos)
         JOIN products p ON p.id = x.product_id`,
      [
        orderId(n),
        org,
        lines.map((_, i) => lineId(n, i)),
        lines.map(([p]) => products[p]),
        lines.map(([, l]) => (l === null ? null : locations[l])),
        lines.map(([, , q]) => q),
        lines.map((_, i) => i),
      ],
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 5 } });
    if (!t.seed) throw new Error('seed missing');
    org = t.seed.orgs.bol;
    products = (
      await t.db.query<{ id: string }>('SELECT id FROM products WHERE org_id = $1 ORDER BY id LIMIT 3', [org])
    ).rows.map((r) => r.id);
    locations = (await t.db.query<{ id: string }>('SELECT id FROM locations ORDER BY id LIMIT 2')).rows.map(
      (r) => r.id,
    );
    // Only this test's orders count: the seed's own open orders of this merchant are shipped out of the way.
    await t.db.query(`UPDATE orders SET status = 'shipped', shipped_at = now() WHERE org_id = $1`, [org]);
  });
  afterAll(async () => t.close());

  it('counts imported lines per Amsterdam day, product and pick location (none included)', async () => {
    // 22:30 UTC on 1 March is 23:30 in Amsterdam (1 March); 23:30 UTC is already 2 March there.
    await addOrder(1, '2026-03-01T22:30:00Z', [
      [0, 0, 2],
      [1, null, 1],
    ]);
    await addOrder(2, '2026-03-01T23:30:00Z', [
      [0, 0, 3],
      [0, 1, 1],
    ]);
    await addOrder(3, '2026-03-01T23:45:00Z', [[2, null, 5]]);
    const kept = await expectInStep();
    expect(kept.filter((k) => k.startsWith('2026-03-01'))).toHaveLength(2);
    expect(kept.filter((k) => k.startsWith('2026-03-02'))).toHaveLength(3);
  });

  it('follows partial and full picks, cancellation requests, new pick locations and quantity changes', async () => {
    await t.db.query('UPDATE order_lines SET picked_quantity = 1 WHERE id = $1', [lineId(1, 0)]);
    await expectInStep();
    await t.db.query('UPDATE order_lines SET picked_quantity = quantity WHERE id = $1', [lineId(2, 0)]);
    await expectInStep();
    await t.db.query('UPDATE order_lines SET cancellation_request = true WHERE id = $1', [lineId(2, 1)]);
    await expectInStep();
    await t.db.query('UPDATE order_lines SET pick_location_id = $1 WHERE id = $2', [
      locations[1],
      lineId(1, 1),
    ]);
    await expectInStep();
    await t.db.query('UPDATE order_lines SET quantity = 7 WHERE id = $1', [lineId(3, 0)]);
    await expectInStep();
  });

  it('follows shipped, cancelled, reopened and re-dated orders, deleted lines and deleted orders', async () => {
    await t.db.query(`UPDATE orders SET status = 'shipped' WHERE id = $1`, [orderId(1)]);
    await expectInStep();
    await t.db.query(`UPDATE orders SET status = 'open' WHERE id = $1`, [orderId(1)]);
    await expectInStep();
    await t.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [orderId(3)]);
    await expectInStep();
    // A line added to the cancelled order, then moved to an open one (order_open follows both).
    await t.db.query(
      `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity, position)
         SELECT $1, $2, $3, p.id, p.ean, p.name, 2, 9 FROM products p WHERE p.id = $4`,
      [lineId(3, 9), orderId(3), org, products[0]],
    );
    await expectInStep();
    await t.db.query('UPDATE order_lines SET order_id = $1 WHERE id = $2', [orderId(1), lineId(3, 9)]);
    await expectInStep();
    await t.db.query(`UPDATE orders SET placed_at = '2026-03-05T10:00:00Z' WHERE id = $1`, [orderId(2)]);
    await expectInStep(false);
    // Each line carries its order's placed_at (the pick list reads a product's oldest lines by it).
    const drift = await t.db.query(
      'SELECT l.id FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.placed_at <> o.placed_at',
    );
    expect(drift.rows).toEqual([]);
    expect(
      (
        await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_lines WHERE order_id = $1', [
          orderId(2),
        ])
      ).rows[0]?.n,
    ).toBe(2);
    await t.db.query('DELETE FROM order_lines WHERE id = $1', [lineId(1, 0)]);
    await expectInStep();
    await t.db.query('DELETE FROM orders WHERE id = $1', [orderId(1)]);
    await expectInStep(false);
  });

  it('moves an order between single and multi when its line count crosses 1 and 2', async () => {
    await addOrder(5, '2026-03-07T10:00:00Z', [[0, 0, 2]]);
    expect(await expectInStep()).toContain(`2026-03-07 ${products[0]} ${locations[0]} 2 1`);
    // A second line on its own (the order form adds lines one by one): both lines are now of a multi-line order.
    await t.db.query(
      `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity, pick_location_id, position)
         SELECT $1, $2, $3, p.id, p.ean, p.name, 1, $5, 1 FROM products p WHERE p.id = $4`,
      [lineId(5, 1), orderId(5), org, products[1], locations[0]],
    );
    await expectInStep();
    const multi = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pick_item_days WHERE org_id = $1 AND placed_day = '2026-03-07' AND multi`,
      [org],
    );
    expect(multi.rows[0]?.n).toBe(2);
    // A pick of the first line, then the second line removed: a single-line order again, with what is left.
    await t.db.query('UPDATE order_lines SET picked_quantity = 1 WHERE id = $1', [lineId(5, 0)]);
    await expectInStep();
    await t.db.query('DELETE FROM order_lines WHERE id = $1', [lineId(5, 1)]);
    const kept = await expectInStep();
    expect(kept).toContain(`2026-03-07 ${products[0]} ${locations[0]} 1 1`);
    const single = await t.db.query<{ multi: boolean }>(
      `SELECT multi FROM pick_item_days WHERE org_id = $1 AND placed_day = '2026-03-07'`,
      [org],
    );
    expect(single.rows).toEqual([{ multi: false }]);
    // Cancelled: the order leaves the aggregate whatever its flag.
    await t.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [orderId(5)]);
    expect((await expectInStep(false)).some((k) => k.startsWith('2026-03-07'))).toBe(false);
  });

  it('leaves no rows that count nothing, and rolls back with the transaction', async () => {
    await addOrder(4, '2026-03-06T10:00:00Z', [[0, 0, 1]]);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query('UPDATE order_lines SET picked_quantity = 1 WHERE id = $1', [lineId(4, 0)]);
        throw new Error('pick failed');
      }),
    ).rejects.toThrow('pick failed');
    expect(await expectInStep()).toContain(`2026-03-06 ${products[0]} ${locations[0]} 1 1`);
    await t.db.query('UPDATE order_lines SET picked_quantity = 1 WHERE id = $1', [lineId(4, 0)]);
    await expectInStep(false);
    const zero = await t.db.query('SELECT 1 FROM pick_item_days WHERE lines <= 0 OR qty <= 0');
    expect(zero.rows).toEqual([]);
  });
});

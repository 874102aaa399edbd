import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { Db } from './client.ts';

/** pick_item_totals (migration 0360) of `org` as sorted "product location multi qty lines" strings. */
async function keptTotals(db: Db, org: string): Promise<string[]> {
  const r = await db.query<{ k: string }>(
    `SELECT product_id || ' ' || coalesce(location_id, '-') || ' ' || multi || ' ' || qty || ' ' || lines AS k
       FROM pick_item_totals WHERE org_id = $1 ORDER BY 1`,
    [org],
  );
  return r.rows.map((x) => x.k);
}

/** The same numbers counted from scratch from the order lines and their orders (nothing maintained is read). */
async function liveTotals(db: Db, org: string): Promise<string[]> {
  const r = await db.query<{ k: string }>(
    `SELECT product_id || ' ' || coalesce(loc, '-') || ' ' || m || ' ' || q || ' ' || n AS k FROM (
       SELECT l.product_id, l.pick_location_id AS loc,
              (SELECT count(*) FROM order_lines x WHERE x.order_id = o.id) > 1 AS m,
              sum(l.quantity - l.picked_quantity)::int AS q, count(*)::int AS n
         FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE o.org_id = $1 AND o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
        GROUP BY 1, 2, 3) x ORDER BY 1`,
    [org],
  );
  return r.rows.map((x) => x.k);
}

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
      `SELECT placed_day::text || ' ' || product_id || ' ' || coalesce(location_id, '-') || ' ' || sum(qty) || ' ' || sum(lines) AS k
         FROM pick_item_days WHERE org_id = $1 GROUP BY placed_day, product_id, location_id ORDER BY 1`,
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
    // Each line's shop_order_id is its order's number (migration 0390: the pick rounds read it from their index).
    const shopDrift = await t.db.query<{ id: string }>(
      `SELECT l.id FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE l.org_id = $1 AND l.shop_order_id IS DISTINCT FROM o.order_id`,
      [org],
    );
    expect(shopDrift.rows).toEqual([]);
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
    // The open totals without the day (migration 0360) equal the same recount summed over the days.
    expect(await keptTotals(t.db, org)).toEqual(await liveTotals(t.db, org));
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
    // An order renumbered: its lines' shop numbers follow (checked in expectInStep).
    await t.db.query(`UPDATE orders SET order_id = 'PID-1-NEW' WHERE id = $1`, [orderId(1)]);
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

  it('corrects only the lines whose flags are wrong when one statement adds lines to several orders', async () => {
    // The flag triggers decide from the statement's lines and their orders first (migration 0380, ADR 0074); one
    // statement here mixes every case they must tell apart.
    await addOrder(20, '2026-03-08T10:00:00Z', [[0, 0, 1]]);
    await t.db.query(
      `INSERT INTO orders (id, org_id, order_id, placed_at, status, line_count)
       VALUES ($1, $5, 'PID-21', '2026-03-08T11:00:00Z', 'open', 3),
              ($2, $5, 'PID-22', '2026-03-08T12:00:00Z', 'shipped', 0),
              ($3, $5, 'PID-23', '2026-03-08T13:00:00Z', 'open', 2),
              ($4, $5, 'PID-24', '2026-03-08T14:00:00Z', 'open', 0)`,
      [orderId(21), orderId(22), orderId(23), orderId(24), org],
    );
    // Order 20 had one line (its old line must become multi), 21 comes whole with its count but mixed flags,
    // 22 is shipped (its line must not stay open), 23 comes whole and right, 24 comes with the column defaults.
    const lines: Array<[number, number, number, boolean]> = [
      [20, 1, 1, false],
      [21, 0, 0, true],
      [21, 1, 1, false],
      [21, 2, 2, true],
      [22, 0, 0, false],
      [23, 0, 1, true],
      [23, 1, 2, true],
      [24, 0, 0, false],
      [24, 1, 1, false],
    ];
    await t.db.query(
      `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity, pick_location_id, position,
                                order_multi)
       SELECT x.id, x.order_id, $1, p.id, p.ean, p.name, 2, $2, x.pos, x.multi
         FROM unnest($3::char(24)[], $4::char(24)[], $5::char(24)[], $6::int[], $7::boolean[])
              AS x(id, order_id, product_id, pos, multi)
         JOIN products p ON p.id = x.product_id`,
      [
        org,
        locations[0],
        lines.map(([o, i]) => lineId(o, i)),
        lines.map(([o]) => orderId(o)),
        lines.map(([, , p]) => products[p]),
        lines.map(([, i]) => i),
        lines.map(([, , , m]) => m),
      ],
    );
    await expectInStep();
    const flags = await t.db.query<{ id: string; order_multi: boolean; order_open: boolean }>(
      'SELECT id, order_multi, order_open FROM order_lines WHERE order_id = ANY($1::char(24)[]) ORDER BY id',
      [[20, 21, 22, 23, 24].map(orderId)],
    );
    expect(flags.rows.map((r) => `${r.order_multi ? 'M' : 'S'}${r.order_open ? 'O' : 'C'}`).join(' ')).toBe(
      'MO MO MO MO MO SC MO MO MO MO',
    );
    await t.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = ANY($1::char(24)[])`, [
      [20, 21, 23, 24].map(orderId),
    ]);
    await expectInStep(false);
  });

  it('keeps the days and the open totals exact under concurrent picks, edits, cancellations and imports', async () => {
    // A deterministic mix of writes, each in its own transaction the way a service writes, run 8 at a time (on
    // PostgreSQL on separate connections; PGlite has one and runs them one after the other). Some roll back.
    let seed = 67;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const mixOrder = (n: number) => hex('cd', n);
    const mixLine = (o: number, k: number) => hex('ce', o * 10 + k);
    const importOrders = async (tx: Db, from: number, count: number) => {
      const ids = Array.from({ length: count }, (_, i) => from + i);
      await tx.query(
        `INSERT INTO orders (id, org_id, order_id, placed_at)
           SELECT x.id, $1, 'MIX-' || x.n, now() - make_interval(days => x.n % 5, hours => x.n % 24)
           FROM unnest($2::char(24)[], $3::int[]) AS x(id, n)`,
        [org, ids.map(mixOrder), ids],
      );
      // All lines of the chunk in one statement, as the import writes them (one or two lines per order).
      const lines = ids.flatMap((n) =>
        Array.from({ length: 1 + (n % 2) }, (_, k) => ({
          n,
          k,
          p: (n + k) % 3,
          l: (n + k) % 3 === 2 ? null : k,
        })),
      );
      await tx.query(
        `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity, pick_location_id, position)
           SELECT x.id, x.order_id, $1, p.id, p.ean, p.name, x.qty, x.loc, x.pos
           FROM unnest($2::char(24)[], $3::char(24)[], $4::char(24)[], $5::char(24)[], $6::int[], $7::int[])
             AS x(id, order_id, product_id, loc, qty, pos)
           JOIN products p ON p.id = x.product_id`,
        [
          org,
          lines.map((x) => mixLine(x.n, x.k)),
          lines.map((x) => mixOrder(x.n)),
          lines.map((x) => products[x.p]),
          lines.map((x) => (x.l === null ? null : locations[x.l])),
          lines.map((x) => 1 + ((x.n + x.k) % 4)),
          lines.map((x) => x.k),
        ],
      );
    };
    await importOrders(t.db, 1, 40);
    let nextOrder = 41;
    const write = async (step: number) => {
      const o = 1 + rnd(nextOrder - 1);
      const kind = rnd(8);
      const rollBack = rnd(10) === 0;
      // Every choice is drawn before the first await, so the mix is the same on every run.
      const [a, b, c] = [rnd(2), rnd(3), rnd(2)];
      const newOrders = kind === 7 ? nextOrder : 0;
      if (kind === 7) nextOrder += 5;
      const run = () =>
        t.db.transaction(async (tx) => {
          if (kind <= 2) {
            // A pick of one piece (confirmPicks raises picked_quantity of a locked line).
            await tx.query(
              `UPDATE order_lines SET picked_quantity = picked_quantity + 1
                 WHERE id = (SELECT id FROM order_lines WHERE order_id = $1 AND picked_quantity < quantity
                             ORDER BY id LIMIT 1 FOR UPDATE)`,
              [mixOrder(o)],
            );
          } else if (kind === 3) {
            // An edit: a line added to the order (1 → 2 lines moves it to multi), or its quantity changed.
            if (a === 0) {
              await tx.query(
                `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity, pick_location_id, position)
                   SELECT $1, $2, $3, p.id, p.ean, p.name, 2, $5, 5 FROM products p WHERE p.id = $4
                   ON CONFLICT (id) DO NOTHING`,
                [mixLine(o, 5), mixOrder(o), org, products[b], locations[c]],
              );
            } else {
              await tx.query(
                'UPDATE order_lines SET quantity = quantity + 1 WHERE order_id = $1 AND position = 0',
                [mixOrder(o)],
              );
            }
          } else if (kind === 4) {
            // A line removed from the order (2 → 1 lines moves the other to single).
            await tx.query('DELETE FROM order_lines WHERE id = $1', [mixLine(o, 1)]);
          } else if (kind === 5) {
            // A cancellation: a request on one line, or the whole order cancelled (or shipped).
            if (a === 0) {
              await tx.query('UPDATE order_lines SET cancellation_request = true WHERE id = $1', [
                mixLine(o, 0),
              ]);
            } else {
              await tx.query(`UPDATE orders SET status = $2 WHERE id = $1 AND status = 'open'`, [
                mixOrder(o),
                c === 0 ? 'cancelled' : 'shipped',
              ]);
            }
          } else if (kind === 6) {
            // A reopened order, or one moved to another day.
            await tx.query(
              `UPDATE orders SET status = 'open', placed_at = placed_at - interval '1 day' * $2 WHERE id = $1`,
              [mixOrder(o), b],
            );
          } else {
            await importOrders(tx, newOrders, 5);
          }
          if (rollBack) throw new Error(`rolled back ${step}`);
        });
      // Two writers can wait for each other's rows (a deadlock PostgreSQL breaks by failing one): retried, as the
      // services' callers do.
      for (let attempt = 0; ; attempt++) {
        try {
          await run();
          return;
        } catch (e) {
          const code = (e as { code?: string }).code;
          if ((e as Error).message === `rolled back ${step}`) return;
          if ((code === '40P01' || code === '40001') && attempt < 5) continue;
          throw e;
        }
      }
    };
    for (let round = 0; round < 15; round++) {
      await Promise.all(Array.from({ length: 8 }, (_, i) => write(round * 8 + i)));
    }
    await expectInStep();
    expect((await keptTotals(t.db, org)).length).toBeGreaterThan(3);
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
    const zero = await t.db.query(
      'SELECT 1 FROM pick_item_days WHERE lines <= 0 OR qty <= 0 UNION ALL SELECT 1 FROM pick_item_totals WHERE lines <= 0 OR qty <= 0',
    );
    expect(zero.rows).toEqual([]);
  });
});

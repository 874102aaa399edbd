import { randomUUID } from 'node:crypto';
import { newId, type ReportRangeQuery } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { deliveryPerformance } from '../delivery/performance.service.ts';
import { addLocation, addOrder, addProduct } from '../pick/test/fulfilment.fixtures.ts';
import { fulfilledOrders, ordersPerDay } from './dashboard.service.ts';
import { packDetails, packReport, toReportTable, wholeHours } from './pick-pack-report.service.ts';

/**
 * The counts migration 0415 keeps for the dashboard's orders chart and the pack reports (ADR 0098) must equal the same
 * counts made from the orders and shipments themselves after every kind of write, and the reports read from them must
 * answer what the reports read from every row answered (the statements of before, kept here as the reference).
 */

/** order_place_days as sorted "org day orders" strings. */
async function keptDays(db: Db): Promise<string[]> {
  const r = await db.query<{ k: string }>(
    `SELECT org_id || ' ' || to_char(day, 'YYYY-MM-DD') || ' ' || orders AS k FROM order_place_days ORDER BY 1`,
  );
  return r.rows.map((x) => x.k);
}

/** The same from scratch: every order by its Amsterdam day. */
async function liveDays(db: Db): Promise<string[]> {
  const r = await db.query<{ k: string }>(
    `SELECT org_id || ' ' || day || ' ' || count(*) AS k
       FROM (SELECT org_id, to_char(placed_at AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM-DD') AS day FROM orders) x
      GROUP BY org_id, day ORDER BY 1`,
  );
  return r.rows.map((x) => x.k);
}

/** shipment_hours as sorted "org UTC-hour packer type group shipments" strings (a row must start on its hour). */
async function keptHours(db: Db): Promise<string[]> {
  const r = await db.query<{ k: string }>(
    `SELECT org_id || ' ' || to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || ' ' ||
            coalesce(shipped_by, '-') || ' ' || order_type || ' ' || speed_group || ' ' || shipments AS k
       FROM shipment_hours ORDER BY 1`,
  );
  return r.rows.map((x) => x.k);
}

/** The same from scratch: every shipment by its UTC hour, packer, its order's type and its speed group. */
async function liveHours(db: Db): Promise<string[]> {
  const r = await db.query<{ k: string }>(
    `SELECT org_id || ' ' || hour || ' ' || coalesce(shipped_by, '-') || ' ' || order_type || ' ' || speed_group || ' ' ||
            count(*) AS k
       FROM (SELECT s.org_id, to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:00:00.000000') AS hour,
                    s.shipped_by, o.order_type, s.speed_group
               FROM shipments s JOIN orders o ON o.id = s.order_id) x
      GROUP BY org_id, hour, shipped_by, order_type, speed_group ORDER BY 1`,
  );
  return r.rows.map((x) => x.k);
}

async function inStep(db: Db): Promise<boolean> {
  const [kd, ld, kh, lh] = await Promise.all([keptDays(db), liveDays(db), keptHours(db), liveHours(db)]);
  return JSON.stringify(kd) === JSON.stringify(ld) && JSON.stringify(kh) === JSON.stringify(lh);
}

/** The pack report as it was read before migration 0415: every shipment of the range grouped per row. */
async function packFromScratch(db: Db, orgs: string[], range: ReportRangeQuery) {
  const r = await db.query<{ hour: string; person: string; n: number }>(
    `SELECT to_char(s.created_at AT TIME ZONE 'Europe/Amsterdam', 'HH24') || ':00' AS hour,
            coalesce(u.first_name || ' ' || u.family_name, '?') AS person, count(*)::int AS n
       FROM shipments s LEFT JOIN users u ON u.id = s.shipped_by
      WHERE s.org_id = any($1::char(24)[]) AND s.created_at >= $2 AND s.created_at <= $3
      GROUP BY 1, 2`,
    [orgs, new Date(range.start), new Date(range.end)],
  );
  return toReportTable(r.rows);
}

/** The pack details as they were read before migration 0415: every shipment of the range joined to its order. */
async function detailsFromScratch(db: Db, orgs: string[], range: ReportRangeQuery) {
  const { rows } = await db.query<{ hour: string; type: string; n: number }>(
    `SELECT to_char(s.created_at AT TIME ZONE 'Europe/Amsterdam', 'HH24') || ':00' AS hour, o.order_type AS type,
            count(*)::int AS n
       FROM shipments s JOIN orders o ON o.id = s.order_id
      WHERE s.org_id = any($1::char(24)[]) AND o.org_id = any($1::char(24)[])
        AND s.created_at >= $2 AND s.created_at <= $3
      GROUP BY 1, 2`,
    [orgs, new Date(range.start), new Date(range.end)],
  );
  const categories = [...new Set(rows.map((r) => r.hour))].sort();
  const types = [...new Set(rows.map((r) => r.type))].sort();
  return {
    categories,
    series: types.map((name) => ({
      name,
      data: categories.map((h) => rows.find((r) => r.hour === h && r.type === name)?.n ?? 0),
    })),
  };
}

/** The delivery-performance counts as they were read before migration 0454: every shipment of the range by group. */
async function groupsFromScratch(db: Db, orgs: string[], range: ReportRangeQuery) {
  const r = await db.query<{ g: string; n: number }>(
    `SELECT speed_group AS g, count(*)::int AS n FROM shipments
      WHERE org_id = any($1::char(24)[]) AND created_at >= $2 AND created_at <= $3 GROUP BY 1`,
    [orgs, new Date(range.start), new Date(range.end)],
  );
  const counts = { not_sorted: 0, on_the_way: 0, d_24h: 0, d_48h: 0, d_late: 0 };
  for (const x of r.rows) counts[x.g as keyof typeof counts] = x.n;
  return counts;
}

/** The orders chart as it was read before migration 0415, for the days `ordersPerDay` lists. */
async function perDayFromScratch(db: Db, orgs: string[], days: string[]) {
  const count = async (table: string, column: string) => {
    const r = await db.query<{ day: string; n: number }>(
      `SELECT to_char(${column} AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM-DD') AS day, count(*)::int AS n
         FROM ${table} WHERE org_id = any($1::char(24)[]) GROUP BY 1`,
      [orgs],
    );
    return new Map(r.rows.map((x) => [x.day, x.n]));
  };
  const [placed, shipped] = await Promise.all([
    count('orders', 'placed_at'),
    count('shipments', 'created_at'),
  ]);
  return { days: days.map((day) => ({ day, orders: placed.get(day) ?? 0, shipped: shipped.get(day) ?? 0 })) };
}

describe('wholeHours', () => {
  it('splits a range into its whole hours and two edge slices, or one slice', () => {
    expect(wholeHours({ start: '2026-03-29T00:30:00.000Z', end: '2026-03-29T03:15:00.000Z' })).toEqual({
      start: new Date('2026-03-29T00:30:00.000Z'),
      hoursFrom: new Date('2026-03-29T01:00:00.000Z'),
      hoursTo: new Date('2026-03-29T03:00:00.000Z'),
      end: new Date('2026-03-29T03:15:00.000Z'),
    });
    const inside = wholeHours({ start: '2026-03-29T00:10:00.000Z', end: '2026-03-29T00:50:00.000Z' });
    expect([inside.hoursFrom, inside.hoursTo]).toEqual([inside.end, inside.end]);
  });
});

describe('order_place_days and shipment_hours follow the orders and shipments', () => {
  let t: TestApp;
  let bol: string;
  let stroop: string;
  let picker: string;
  let product: string;
  let bin: string;
  let packers: string[];
  const ids: Record<string, string> = {};
  let n = 0;

  /** An order of `org` placed at `at` (one line), by hand-written SQL as tests and the demo write them. */
  const order = async (key: string, org: string, at: string, type = 'manual_order') => {
    const o = await addOrder(t.db, org, {
      orderId: `RC-${key}`,
      placedAt: new Date(at),
      lines: [{ productId: product, quantity: 1, locationId: bin }],
    });
    if (type !== 'manual_order')
      await t.db.query('UPDATE orders SET order_type = $2 WHERE id = $1', [o.id, type]);
    ids[key] = o.id;
    return o;
  };
  /** A shipment of order `key` made at `at` by `by` (a user id or null), as a carrier's write would insert it. */
  const ship = async (key: string, at: string, by: string | null, db: Db = t.db) => {
    n += 1;
    const id = newId();
    await db.query(
      `INSERT INTO shipments (id, org_id, order_id, carrier, method_code, tracking_number, packing_slip_pdf,
                              shipped_by, created_at)
       SELECT $1, o.org_id, o.id, 'local', 'LOCAL-NL', $2, '\\x00'::bytea, $3, $4 FROM orders o WHERE o.id = $5`,
      [id, `RC-TT-${n}-${randomUUID()}`, by, at, ids[key]],
    );
    ids[`ship:${key}`] = id;
    return id;
  };
  const expectInStep = async () => {
    expect(await keptDays(t.db)).toEqual(await liveDays(t.db));
    expect(await keptHours(t.db)).toEqual(await liveHours(t.db));
  };
  /** The reports from the kept counts answer what they answered from every row, for these ranges and orgs. */
  const expectSameAnswers = async (ranges: ReportRangeQuery[], nows: string[]) => {
    let withWork = 0;
    let mixed = 0;
    let weeks = 0;
    for (const orgs of [[bol], [bol, stroop]]) {
      const ctx = { db: t.db, orgIds: orgs };
      for (const range of ranges) {
        const pack = await packReport(ctx, range);
        expect(pack).toEqual(await packFromScratch(t.db, orgs, range));
        expect(await packDetails(ctx, range)).toEqual(await detailsFromScratch(t.db, orgs, range));
        const groups = (await deliveryPerformance(ctx, { params: range })).counts;
        expect(groups).toEqual(await groupsFromScratch(t.db, orgs, range));
        if (pack.length > 1) withWork += 1;
        if (Object.values(groups).filter((n) => n > 0).length > 1) mixed += 1;
      }
      for (const now of nows) {
        // The notification panel's count of the week before `now` (migration 0454's hours plus two edges).
        const week = await fulfilledOrders(ctx, { skip: 0, limit: 1 }, new Date(now));
        const counted = await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM shipments WHERE org_id = any($1::char(24)[])
              AND created_at >= $2::timestamptz - interval '7 days' AND created_at <= $2::timestamptz`,
          [orgs, now],
        );
        expect(week.total, now).toBe(counted.rows[0]?.n);
        if (week.total > 0) weeks += 1;
        for (const days of [1, 3, 30]) {
          const kept = await ordersPerDay(ctx, days, new Date(now));
          expect(kept).toEqual(
            await perDayFromScratch(
              t.db,
              orgs,
              kept.days.map((d) => d.day),
            ),
          );
        }
      }
    }
    // Most ranges hold shipments (the comparison is not one of empty answers), some of more than one speed group.
    expect(withWork).toBeGreaterThanOrEqual(ranges.length);
    expect(mixed).toBeGreaterThanOrEqual(4);
    expect(weeks).toBeGreaterThanOrEqual(4);
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 2 } });
    if (!t.seed) throw new Error('seed missing');
    bol = t.seed.orgs.bol;
    stroop = t.seed.orgs.stroop;
    picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
    packers = [t.seed.users.picker, t.seed.users.admin];
    bin = await addLocation(t.db, { name: 'RC-01', sequence: 1 });
    product = (await addProduct(t.db, bol, { name: 'Telkoek', stock: [{ locationId: bin, stock: 100 }] })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts orders per Amsterdam day across midnight and both summer-time changes', async () => {
    await expectInStep();
    // Winter: Amsterdam midnight is 23:00 UTC.
    await order('w1', bol, '2026-01-14T22:59:59.999Z');
    await order('w2', bol, '2026-01-14T23:00:00.000Z');
    // 29 March 2026: 02:00 CET becomes 03:00 CEST at 01:00 UTC; the day has 23 hours.
    await order('s1', bol, '2026-03-28T22:59:59.000Z', 'b2b_order');
    await order('s2', bol, '2026-03-29T00:59:59.000Z');
    await order('s3', bol, '2026-03-29T01:00:00.000Z');
    await order('s4', bol, '2026-03-29T21:59:59.999Z');
    await order('s5', bol, '2026-03-29T22:00:00.000Z');
    // 25 October 2026: 03:00 CEST becomes 02:00 CET at 01:00 UTC; 02:30 comes twice in a 25-hour day.
    await order('f1', bol, '2026-10-25T00:30:00.000Z', 'b2b_order');
    await order('f2', bol, '2026-10-25T01:30:00.000Z');
    await order('f3', stroop, '2026-10-25T22:59:59.999Z');
    await order('f4', stroop, '2026-10-25T23:00:00.000Z');
    // Several orders in one statement (as an import chunk writes them).
    await t.db.query(
      `INSERT INTO orders (id, org_id, order_id, placed_at)
       SELECT x.id, $1, 'RC-bulk-' || x.i, $2::timestamptz + x.i * interval '37 minutes'
         FROM (SELECT i, lpad(to_hex(i), 24, 'c') AS id FROM generate_series(1, 60) i) x`,
      [bol, '2026-10-24T20:00:00.000Z'],
    );
    await expectInStep();
    expect(await keptDays(t.db)).toEqual(
      expect.arrayContaining([`${bol} 2026-01-14 1`, `${bol} 2026-01-15 1`]),
    );
  });

  it('counts shipments per hour, packer and order type through shipping, moves, type changes and deletes', async () => {
    const [p1, p2] = packers as [string, string];
    await ship('w1', '2026-01-14T22:59:59.999Z', p1);
    await ship('w2', '2026-01-14T23:00:00.000Z', p1);
    await ship('s1', '2026-03-29T00:59:59.999Z', p2);
    await ship('s2', '2026-03-29T01:00:00.000Z', null);
    await ship('s3', '2026-03-29T01:59:00.000Z', null);
    await ship('f1', '2026-10-25T00:30:00.000Z', p1);
    await ship('f2', '2026-10-25T01:30:00.000Z', p1);
    await ship('f3', '2026-10-25T22:59:59.999Z', p2);
    await expectInStep();
    // Statuses: shipped and cancelled change no count.
    await t.db.query(`UPDATE orders SET status = 'shipped', shipped_at = now() WHERE id = any($1)`, [
      [ids.w1, ids.s1],
    ]);
    await t.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [ids.s4]);
    await expectInStep();
    // Moved: an order over Amsterdam midnight and to the other organisation's day; a shipment over the summer-time
    // change, to another packer, to another order (of another type).
    await t.db.query(`UPDATE orders SET placed_at = placed_at + interval '1 millisecond' WHERE id = $1`, [
      ids.w1,
    ]);
    await t.db.query(`UPDATE shipments SET created_at = '2026-03-29T00:00:01Z' WHERE id = $1`, [
      ids['ship:s3'],
    ]);
    await t.db.query('UPDATE shipments SET shipped_by = $2 WHERE id = $1', [ids['ship:f1'], p2]);
    await t.db.query('UPDATE shipments SET order_id = $2 WHERE id = $1', [ids['ship:f2'], ids.s5]);
    await expectInStep();
    // An order's type changes: its shipments count for the new type.
    await t.db.query(`UPDATE orders SET order_type = 'bol_lvb_order' WHERE id = any($1)`, [[ids.w2, ids.s2]]);
    await expectInStep();
    // Handed over and delivered: each parcel moves between speed groups of its hour (migration 0454), one in a
    // statement of several rows; the delivery of a parcel handed over earlier moves it from on the way.
    await t.db.query(
      `UPDATE shipments SET handed_over_at = created_at + interval '2 hours' WHERE id = any($1)`,
      [[ids['ship:w1'], ids['ship:s1'], ids['ship:f3']]],
    );
    await expectInStep();
    await t.db.query(
      `UPDATE shipments SET delivered_at = created_at + CASE id WHEN $1 THEN interval '20 hours'
                                                               WHEN $2 THEN interval '30 hours'
                                                               ELSE interval '3 days' END
        WHERE id = any($3)`,
      [ids['ship:w1'], ids['ship:s1'], [ids['ship:w1'], ids['ship:s1'], ids['ship:s2']]],
    );
    await expectInStep();
    expect(await keptHours(t.db)).toEqual(
      expect.arrayContaining([expect.stringMatching(/ d_24h 1$/), expect.stringMatching(/ d_48h 1$/)]),
    );
    // Deleted: a shipment, then its order; an order without shipments.
    await t.db.query('DELETE FROM shipments WHERE id = $1', [ids['ship:w2']]);
    await t.db.query('DELETE FROM orders WHERE id = $1', [ids.w2]);
    await t.db.query(
      `DELETE FROM orders WHERE org_id = $1 AND order_id LIKE 'RC-bulk-%' AND placed_at < $2`,
      [bol, '2026-10-25T12:00:00Z'],
    );
    await expectInStep();
    // A rolled-back shipment leaves the counts alone.
    await expect(
      t.db.transaction(async (tx) => {
        await ship('f4', '2026-10-26T08:00:00.000Z', p1, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectInStep();
    expect(await keptHours(t.db)).toContain(`${bol} 2026-03-29 00:00:00.000000 - manual_order not_sorted 1`);
  });

  it('ships an order through the API and counts it', async () => {
    const o = await order('api', bol, new Date().toISOString());
    const pick = await t.app.inject({
      method: 'POST',
      url: '/api/pick_list/confirm',
      headers: { cookie: picker, 'idempotency-key': randomUUID() },
      payload: { order_line_id: o.lineIds[0], quantity: 1, location_id: bin },
    });
    expect(pick.statusCode, pick.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/ship',
      headers: { cookie: picker, 'idempotency-key': randomUUID() },
      payload: { order_id: o.id },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await expectInStep();
    const shipped = await t.db.query<{ n: number }>(
      `SELECT sum(shipments)::int AS n FROM shipment_hours WHERE shipped_by = $1 AND hour BETWEEN now() - interval '2 hours' AND now()`,
      [packers[0]],
    );
    expect(shipped.rows[0]?.n).toBe(1);
  });

  it('answers the orders chart and the pack reports as counting every row did', async () => {
    await expectSameAnswers(
      [
        // Whole hours only, edges only, both, within one hour, ends exactly on a shipment, over both DST changes.
        { start: '2026-03-28T23:00:00.000Z', end: '2026-03-29T02:00:00.000Z' },
        { start: '2026-03-29T00:30:00.000Z', end: '2026-03-29T01:30:00.000Z' },
        { start: '2026-03-29T00:00:01.000Z', end: '2026-03-29T00:59:59.999Z' },
        { start: '2026-03-29T00:10:00.000Z', end: '2026-03-29T00:50:00.000Z' },
        { start: '2026-03-29T01:00:00.000Z', end: '2026-03-29T01:00:00.001Z' },
        { start: '2026-03-28T23:59:00.000Z', end: '2026-03-29T01:00:00.000Z' },
        { start: '2026-10-24T22:00:00.000Z', end: '2026-10-25T22:59:59.999Z' },
        { start: '2026-10-25T00:15:00.000Z', end: '2026-10-26T00:45:00.000Z' },
        { start: '2026-01-14T12:00:00.000Z', end: '2026-01-15T12:00:00.000Z' },
        {
          start: new Date(Date.now() - 3_600_000).toISOString(),
          end: new Date(Date.now() + 3_600_000).toISOString(),
        },
      ],
      [
        '2026-01-15T10:00:00Z',
        '2026-03-29T01:30:30Z',
        '2026-03-30T10:00:00Z',
        '2026-10-26T10:00:00Z',
        new Date().toISOString(),
      ],
    );
  });

  it('falls out of step when any of its triggers is missing', async () => {
    const [p1] = packers as [string];
    const writes: Record<string, (tx: Db) => Promise<unknown>> = {
      orders_place_days_insert: (tx) =>
        tx.query(`INSERT INTO orders (id, org_id, order_id, placed_at) VALUES ($1, $2, 'RC-x', now())`, [
          newId(),
          bol,
        ]),
      orders_place_days_delete: (tx) => tx.query('DELETE FROM orders WHERE id = $1', [ids.s4]),
      orders_place_days_update: (tx) =>
        tx.query(`UPDATE orders SET placed_at = placed_at - interval '1 day' WHERE id = $1`, [ids.f1]),
      orders_shipment_hours_type: (tx) =>
        tx.query(`UPDATE orders SET order_type = 'amazon_fba_order' WHERE id = $1`, [ids.f1]),
      shipments_hours_insert: (tx) => ship('s4', '2026-03-29T12:00:00.000Z', p1, tx),
      shipments_hours_delete: (tx) => tx.query('DELETE FROM shipments WHERE id = $1', [ids['ship:f3']]),
      // A delivery alone (no key of migration 0415 moves, only the speed group of 0454).
      shipments_hours_update: (tx) =>
        tx.query(`UPDATE shipments SET delivered_at = created_at + interval '5 hours' WHERE id = $1`, [
          ids['ship:f1'],
        ]),
    };
    const present = await t.db.query<{ tgname: string }>(
      `SELECT tgname FROM pg_trigger WHERE tgname = any($1) ORDER BY 1`,
      [Object.keys(writes)],
    );
    expect(present.rows.map((r) => r.tgname)).toEqual(Object.keys(writes).sort());
    for (const [trigger, write] of Object.entries(writes)) {
      const table = trigger.startsWith('orders_') ? 'orders' : 'shipments';
      const outcome = await t.db
        .transaction(async (tx) => {
          await write(tx);
          const withTrigger = await inStep(tx);
          throw new Error(`with ${withTrigger}`);
        })
        .catch((e: Error) => e.message);
      expect(outcome, trigger).toBe('with true');
      const without = await t.db
        .transaction(async (tx) => {
          await tx.query(`DROP TRIGGER ${trigger} ON ${table}`);
          await write(tx);
          const withoutTrigger = await inStep(tx);
          throw new Error(`without ${withoutTrigger}`);
        })
        .catch((e: Error) => e.message);
      expect(without, trigger).toBe('without false');
    }
    await expectInStep();
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { APP_HEADER, newId } from '@hoppa/core';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { seedLiveInvoices } from '../../db/seed-invoices.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addOrder } from '../pick/test/fulfilment.fixtures.ts';

/**
 * The invoice's maintained aggregates (migration 0320, docs/decisions/0058-invoice-aggregates.md) must equal what a
 * from-scratch recomputation over the stock ledger and the orders gives, after every kind of write: the demo month
 * (imports, picks, shipping, an inbound's check-in, the SQL that back-dates them), a move between locations, an admin
 * delete that puts picked pieces back (`unpick`), rows written out of time order and deleted, and a rollback.
 */
let t: TestApp;
let admin: string;
let picker: string;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 24 } });
  admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
});
afterAll(async () => t?.close());

const call = (cookie: string, method: HTTPMethods, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie, [APP_HEADER]: 'test', 'idempotency-key': newId() },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const amsterdamDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' });
const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The occupancy recomputed in TypeScript from every ledger row (independent of the triggers' SQL): per organisation,
 * product and location, walking its rows in moment order, a day is occupied when the balance is positive at its start
 * or after one of its rows; days without rows carry the balance; intervals [from, to), 'infinity' while positive.
 */
async function recomputedOccupancy(): Promise<string[]> {
  const rows = await t.db.query<{ k: string; at: Date; quantity: number }>(
    `SELECT org_id || ' ' || product_id || ' ' || location_id AS k, created_at AS at, quantity
       FROM stock_mutations WHERE location_id IS NOT NULL ORDER BY 1, created_at, id`,
  );
  const byPair = new Map<string, { day: string; quantity: number }[]>();
  for (const r of rows.rows) {
    const list = byPair.get(r.k) ?? [];
    list.push({ day: amsterdamDay.format(new Date(r.at)), quantity: r.quantity });
    byPair.set(r.k, list);
  }
  const out: string[] = [];
  for (const [k, list] of byPair) {
    const days: string[] = [];
    let bal = 0;
    let i = 0;
    let day = list[0]?.day as string;
    const last = list.at(-1)?.day as string;
    for (; day <= last; day = nextDay(day)) {
      let occupied = bal > 0;
      while (i < list.length && list[i]?.day === day) {
        bal += list[i]?.quantity ?? 0;
        if (bal > 0) occupied = true;
        i++;
      }
      if (occupied) days.push(day);
    }
    // Still holding stock after the last row: open.
    const open = bal > 0;
    let from: string | null = null;
    let prev: string | null = null;
    for (const d of days) {
      if (from && prev && d !== nextDay(prev)) {
        out.push(`${k} ${from} ${nextDay(prev)}`);
        from = null;
      }
      from ??= d;
      prev = d;
    }
    if (from && prev) {
      const end = nextDay(prev);
      out.push(`${k} ${from} ${open && end === nextDay(last) ? 'infinity' : end}`);
    } else if (open) out.push(`${k} ${nextDay(last)} infinity`);
  }
  return out.sort();
}

/** Every maintained table next to its recomputation. */
async function expectAgree() {
  const kept = await t.db.query<{ k: string }>(
    `SELECT org_id || ' ' || product_id || ' ' || location_id || ' ' || from_day::text || ' ' || to_day::text AS k
       FROM storage_occupancy ORDER BY 1`,
  );
  const recomputed = await recomputedOccupancy();
  expect(kept.rows.map((r) => r.k).sort()).toEqual(recomputed);

  const moves = await t.db.query<{ k: string }>(
    `SELECT org_id || ' ' || day || ' ' || inbounds || ' ' || outbounds || ' ' || transfers AS k
       FROM stock_move_days WHERE inbounds <> 0 OR outbounds <> 0 OR transfers <> 0 ORDER BY 1`,
  );
  const movesLive = await t.db.query<{ k: string }>(
    `SELECT org_id || ' ' || d || ' ' || i || ' ' || o || ' ' || tr AS k FROM (
       SELECT org_id, (created_at AT TIME ZONE 'Europe/Amsterdam')::date AS d,
              sum(CASE WHEN reason IN ('checkin', 'return') AND quantity > 0 THEN quantity ELSE 0 END) AS i,
              -sum(CASE WHEN reason = 'pick' THEN quantity ELSE 0 END) AS o,
              count(*) FILTER (WHERE reason = 'transfer' AND quantity > 0) AS tr
         FROM stock_mutations WHERE location_id IS NOT NULL GROUP BY 1, 2) x
      WHERE i <> 0 OR o <> 0 OR tr <> 0 ORDER BY 1`,
  );
  expect(moves.rows).toEqual(movesLive.rows);

  // Charges per shipped order as the invoice computed them per request before (ADR 0052), at today's prices.
  const charges = await t.db.query<{ k: string }>(
    `SELECT c.order_id || ' ' || c.shipped_at::text || ' ' || c.lines || ' ' || c.pieces || ' ' || c.fulfilment_cents
            || ' ' || c.method_cents || ' ' || c.packaging_cents || ' ' || c.surcharge_cents AS k
       FROM order_charges c ORDER BY 1`,
  );
  const chargesLive = await t.db.query<{ k: string }>(
    `SELECT o.id || ' ' || o.shipped_at::text || ' ' || (SELECT count(*) FROM order_lines l WHERE l.order_id = o.id)
            || ' ' || (SELECT coalesce(sum(l.quantity), 0) FROM order_lines l WHERE l.order_id = o.id)
            || ' ' || coalesce(bx.price_cents, 0) || ' ' || coalesce(sm.price_cents, 0)
            || ' ' || coalesce(bx.package_cost_cents, 0) || ' ' || coalesce((
              SELECT sum(CASE s.type WHEN 'order' THEN 1 WHEN 'order-line' THEN x.lines ELSE x.pieces END * s.price_cents)
                FROM (SELECT ps.surcharge_id, count(*) AS lines, sum(l.quantity) AS pieces
                        FROM order_lines l JOIN product_surcharges ps ON ps.product_id = l.product_id
                       WHERE l.order_id = o.id GROUP BY 1) x
                JOIN surcharges s ON s.id = x.surcharge_id AND s.active AND s.type <> 'store'), 0) AS k
       FROM orders o
       LEFT JOIN shipment_boxes bx ON bx.id = o.selected_box_id
       LEFT JOIN shipment_methods sm ON sm.id = o.selected_ship_method_id
      WHERE o.status = 'shipped' ORDER BY 1`,
  );
  expect(charges.rows).toEqual(chargesLive.rows);

  // The day totals the invoice sums, against the per-order rows.
  const days = await t.db.query(
    `SELECT org_id, day::text, orders, fulfilment_cents::int AS f, method_cents::int AS m,
            packaging_cents::int AS p, surcharge_cents::int AS s FROM order_charge_days ORDER BY 1, 2`,
  );
  const daysLive = await t.db.query(
    `SELECT org_id, (shipped_at AT TIME ZONE 'Europe/Amsterdam')::date::text AS day, count(*)::int AS orders,
            sum(fulfilment_cents)::int AS f, sum(method_cents)::int AS m, sum(packaging_cents)::int AS p,
            sum(surcharge_cents)::int AS s
       FROM order_charges GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  expect(days.rows).toEqual(daysLive.rows);
  const sdays = await t.db.query(
    `SELECT org_id, day::text, surcharge_id, type, orders, quantity::int AS q, cents::int AS c
       FROM order_surcharge_days ORDER BY 1, 2, 3`,
  );
  const sdaysLive = await t.db.query(
    `SELECT org_id, (shipped_at AT TIME ZONE 'Europe/Amsterdam')::date::text AS day, surcharge_id, type,
            count(*)::int AS orders, sum(quantity)::int AS q, sum(cents)::int AS c
       FROM order_surcharge_charges GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3`,
  );
  expect(sdays.rows).toEqual(sdaysLive.rows);
  return { occupancy: recomputed.length, shipped: charges.rows.length };
}

describe('maintained invoice aggregates agree with a recomputation', () => {
  it('after the demo month: imports, picks, shipping, an inbound check-in and back-dated moments', async () => {
    const made = await seedLiveInvoices(t.app, t.db);
    expect(made.shipped).toBeGreaterThan(0);
    const n = await expectAgree();
    expect(n.occupancy).toBeGreaterThan(10);
    expect(n.shipped).toBe(made.shipped);
    const checkins = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM stock_mutations WHERE reason = 'checkin'`,
    );
    expect(checkins.rows[0]?.n).toBeGreaterThan(0);
  });

  it('after a move to another location, a pick and an admin delete that puts the picked pieces back', async () => {
    const link = await t.db.query<{ id: string; product_id: string; org_id: string; stock: number }>(
      `SELECT pl.id, pl.product_id, pl.org_id, pl.stock FROM product_locations pl
        WHERE pl.stock > 4 ORDER BY pl.stock DESC, pl.id LIMIT 1`,
    );
    const from = link.rows[0];
    if (!from) throw new Error('no stock place in the demo');
    const to = await t.db.query<{ id: string }>(
      `SELECT l.id FROM locations l WHERE l.level = 'bin' AND l.active
          AND NOT EXISTS (SELECT 1 FROM product_locations pl WHERE pl.location_id = l.id) ORDER BY l.id LIMIT 1`,
    );
    const moved = await call(picker, 'POST', `/product/transfer/${from.id}`, {
      location_id: to.rows[0]?.id,
      quantity: from.stock,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectAgree();
    const closed = await t.db.query<{ to_day: string }>(
      `SELECT so.to_day::text AS to_day FROM storage_occupancy so JOIN product_locations pl
          ON pl.product_id = so.product_id AND pl.location_id = so.location_id
        WHERE pl.id = $1 ORDER BY so.from_day DESC LIMIT 1`,
      [from.id],
    );
    // The old place is empty now: its interval ends after today.
    expect(closed.rows[0]?.to_day).not.toBe('infinity');

    // An open order of that product picked on its new place, then deleted by the admin: `unpick` rows.
    const order = await addOrder(t.db, from.org_id, {
      orderId: `AGG-${newId().slice(-6)}`,
      placedAt: new Date(),
      lines: [{ productId: from.product_id, quantity: 2, locationId: to.rows[0]?.id }],
    });
    const ean = await t.db.query<{ ean: string }>('SELECT ean FROM products WHERE id = $1', [
      from.product_id,
    ]);
    const pick = await call(picker, 'POST', '/pick_list/confirm', {
      order_line_id: order.lineIds[0],
      quantity: 2,
      location_id: to.rows[0]?.id,
      scanned: ean.rows[0]?.ean,
    });
    expect(pick.statusCode, pick.body).toBe(200);
    await expectAgree();
    const del = await call(admin, 'DELETE', `/orders/searchOrderId/${order.id}`);
    expect(del.statusCode, del.body).toBe(200);
    const unpicks = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM stock_mutations WHERE reason = 'unpick' AND order_id = $1`,
      [order.id],
    );
    expect(unpicks.rows[0]?.n).toBe(1);
    await expectAgree();
  });

  it('after rows written out of time order, moved in time and deleted', async () => {
    const pair = await t.db.query<{ org_id: string; product_id: string; location_id: string }>(
      `SELECT org_id, product_id, location_id FROM product_locations WHERE stock > 0 ORDER BY id LIMIT 1`,
    );
    const p = pair.rows[0];
    if (!p) throw new Error('no stock');
    // Everything taken off 40 days ago and put back 35 days ago: a gap of five days in the middle of its history.
    const ids = [newId(), newId()];
    const total = await t.db.query<{ q: number }>(
      `SELECT coalesce(sum(quantity), 0)::int AS q FROM stock_mutations
        WHERE product_id = $1 AND location_id = $2 AND created_at < now() - interval '40 days'`,
      [p.product_id, p.location_id],
    );
    const q = total.rows[0]?.q ?? 0;
    await t.db.query(
      `INSERT INTO stock_mutations (id, org_id, product_id, location_id, quantity, reason, created_at) VALUES
         ($1, $3, $4, $5, $6, 'correction', now() - interval '40 days'),
         ($2, $3, $4, $5, $7, 'correction', now() - interval '35 days')`,
      [ids[0], ids[1], p.org_id, p.product_id, p.location_id, -q, q],
    );
    await expectAgree();
    await t.db.query(`UPDATE stock_mutations SET created_at = created_at - interval '3 days' WHERE id = $1`, [
      ids[1],
    ]);
    await expectAgree();
    await t.db.query('DELETE FROM stock_mutations WHERE id = ANY($1)', [ids]);
    await expectAgree();
  });

  it('writes a stock change and its occupancy in one transaction: a rollback leaves neither', async () => {
    const product = await t.db.query<{ id: string; org_id: string }>(
      `SELECT id, org_id FROM products ORDER BY id LIMIT 1`,
    );
    const bin = await t.db.query<{ id: string }>(
      `SELECT l.id FROM locations l WHERE l.level = 'bin'
          AND NOT EXISTS (SELECT 1 FROM stock_mutations m WHERE m.location_id = l.id) ORDER BY l.id LIMIT 1`,
    );
    const p = product.rows[0];
    const loc = bin.rows[0]?.id;
    if (!p || !loc) throw new Error('fixture missing');
    const occupancy = () =>
      t.db.query('SELECT 1 FROM storage_occupancy WHERE product_id = $1 AND location_id = $2', [p.id, loc]);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO stock_mutations (id, org_id, product_id, location_id, quantity, reason)
           VALUES ($1, $2, $3, $4, 5, 'checkin')`,
          [newId(), p.org_id, p.id, loc],
        );
        // Inside the transaction the occupancy is there with the row.
        const inside = await tx.query(
          `SELECT to_day::text FROM storage_occupancy WHERE product_id = $1 AND location_id = $2`,
          [p.id, loc],
        );
        expect(inside.rows).toEqual([{ to_day: 'infinity' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await occupancy()).rows).toEqual([]);
    await expectAgree();
  });

  it('stays exact when transactions change the same stock place at once (PostgreSQL: the pair lock)', async () => {
    const place = await t.db.query<{ org_id: string; product_id: string; location_id: string }>(
      `SELECT org_id, product_id, location_id FROM product_locations WHERE stock > 0 ORDER BY id DESC LIMIT 1`,
    );
    const p = place.rows[0];
    if (!p) throw new Error('no stock');
    // Eight transactions, each writing a row and holding its transaction open a moment, all started together.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.db.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO stock_mutations (id, org_id, product_id, location_id, quantity, reason)
             VALUES ($1, $2, $3, $4, $5, 'correction')`,
            [newId(), p.org_id, p.product_id, p.location_id, i % 2 === 0 ? 3 : -1],
          );
          await tx.query('SELECT pg_sleep(0.02)');
        }),
      ),
    );
    await expectAgree();
    // The day row of that place counts all eight rows (none lost to a recount that ran beside another).
    const day = await t.db.query<{ kept: number; ledger: number }>(
      `SELECT s.net AS kept, (SELECT sum(m.quantity)::int FROM stock_mutations m
                               WHERE m.product_id = s.product_id AND m.location_id = s.location_id
                                 AND (m.created_at AT TIME ZONE 'Europe/Amsterdam')::date = s.day) AS ledger
         FROM stock_days s WHERE s.product_id = $1 AND s.location_id = $2
          AND s.day = (now() AT TIME ZONE 'Europe/Amsterdam')::date`,
      [p.product_id, p.location_id],
    );
    expect(day.rows).toHaveLength(1);
    expect(day.rows[0]?.kept).toBe(day.rows[0]?.ledger);
  });

  it('the migration’s backfill gives the same rows as the triggers', async () => {
    const tables = [
      'storage_occupancy',
      'stock_days',
      'stock_move_days',
      'order_charges',
      'order_surcharge_charges',
      'order_charge_days',
      'order_surcharge_days',
    ];
    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of tables)
        out[table] = (await t.db.query(`SELECT * FROM ${table} ORDER BY 1, 2, 3, 4`)).rows;
      return out;
    };
    const kept = await snapshot();
    // The backfill statements of migration 0320: its top-level `SELECT hoppa_…` statements.
    const migration = readFileSync(
      fileURLToPath(new URL('../../db/migrations/0320_invoice_aggregates.sql', import.meta.url)),
      'utf8',
    );
    const backfill = migration.match(/^SELECT hoppa_[^;]*;/gms) ?? [];
    expect(backfill).toHaveLength(3);
    await t.db.exec(`TRUNCATE ${tables.join(', ')}; ${backfill.join('\n')}`);
    expect(await snapshot()).toEqual(kept);
    expect(kept.storage_occupancy?.length).toBeGreaterThan(0);
    expect(kept.order_charges?.length).toBeGreaterThan(0);
  });
});

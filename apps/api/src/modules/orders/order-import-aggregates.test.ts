import { newId, type OrderImportResult, type OrderImportRow } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A bulk import writes orders and lines by multi-row statements and gives each line's placed_at and order_multi itself
 * (docs/decisions/0066-order-import-write-path.md); the aggregates the triggers keep (orders.line_count, each line's
 * order_multi and order_open, pick_item_days by day, product, location and single/multi) must then equal the same
 * numbers counted from the lines, across several chunk transactions, bundles expanded on arrival, rejected rows and
 * lines added to imported orders afterwards (issue 8; spec 1 §2 Import).
 */
describe('aggregates after a bulk order import', () => {
  let t: TestApp;
  let cookie: string;
  let org: string;
  let eans: string[];
  let bundleEan: string;

  /** Rows where a maintained number differs from the one counted from the lines, per aggregate (empty: none). */
  const drift = async () => {
    const q = async (sql: string) => (await t.db.query<{ k: string }>(sql)).rows.map((r) => r.k);
    const lineCount = await q(
      `SELECT o.id || ' ' || o.line_count || ' <> ' || count(l.id) AS k
         FROM orders o LEFT JOIN order_lines l ON l.order_id = o.id
        GROUP BY o.id HAVING o.line_count <> count(l.id)`,
    );
    const flags = await q(
      `SELECT l.id || ' multi ' || l.order_multi || ' open ' || l.order_open AS k
         FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE l.order_multi IS DISTINCT FROM ((SELECT count(*) FROM order_lines x WHERE x.order_id = o.id) > 1)
           OR l.order_open IS DISTINCT FROM (o.status = 'open')`,
    );
    // Each line's placed_at is its order's, to the microsecond (the import gives it from the orders INSERT, ADR 0074).
    const placed = await q(
      `SELECT l.id || ' ' || l.placed_at::text || ' <> ' || o.placed_at::text AS k
         FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.placed_at <> o.placed_at`,
    );
    const live = `SELECT l.org_id, (o.placed_at AT TIME ZONE 'Europe/Amsterdam')::date AS placed_day, l.product_id,
                         l.pick_location_id AS location_id,
                         (SELECT count(*) FROM order_lines x WHERE x.order_id = o.id) > 1 AS multi,
                         sum(l.quantity - l.picked_quantity)::int AS qty, count(*)::int AS lines
                    FROM order_lines l JOIN orders o ON o.id = l.order_id
                   WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
                   GROUP BY 1, 2, 3, 4, 5`;
    const kept = 'SELECT org_id, placed_day, product_id, location_id, multi, qty, lines FROM pick_item_days';
    const pick = await q(
      `SELECT 'kept ' || d::text AS k FROM (${kept} EXCEPT ALL ${live}) d
       UNION ALL SELECT 'live ' || d::text FROM (${live} EXCEPT ALL ${kept}) d`,
    );
    return { lineCount, flags, placed, pick };
  };
  const none = { lineCount: [], flags: [], placed: [], pick: [] };

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 30 } });
    cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    if (!t.seed) throw new Error('seed missing');
    org = t.seed.orgs.bol;
    const products = (
      await t.db.query<{ id: string; ean: string }>(
        'SELECT id, ean FROM products WHERE org_id = $1 ORDER BY ean',
        [org],
      )
    ).rows;
    eans = products.slice(0, 12).map((p) => p.ean);
    // A bundle of two parts: its lines become lines of the parts on arrival, changing the order's line count.
    const [bundle, partA, partB] = products.slice(12, 15) as [
      (typeof products)[0],
      ...(typeof products)[0][],
    ];
    bundleEan = bundle.ean;
    await t.db.query(
      `INSERT INTO product_bundle_items (id, org_id, bundle_id, product_id, quantity, position)
       VALUES ($1, $3, $4, $5, 1, 0), ($2, $3, $4, $6, 2, 1)`,
      [newId(), newId(), org, bundle.id, partA?.id, partB?.id],
    );
  });
  afterAll(async () => t.close());

  it('keeps line counts, order_multi, order_open and pick_item_days equal to the lines across chunks', async () => {
    expect(await drift()).toEqual(none);
    // 700 orders of 1–4 lines (three chunk transactions), every 50th with a bundle line, every 97th with an unknown EAN.
    const rows: OrderImportRow[] = [];
    for (let o = 0; o < 700; o++) {
      const lines = 1 + (o % 4);
      for (let l = 0; l < lines; l++) {
        const ean =
          o % 97 === 5 && l === 0
            ? '0000000000000'
            : o % 50 === 7 && l === 0
              ? bundleEan
              : eans[(o + l) % 12];
        rows.push({
          order_id: `BULK-${o}`,
          product_ean: ean,
          quantity: String(1 + ((o + l) % 3)),
          ...(l === 0
            ? {
                firstName: 'Anna',
                surName: 'de Vries',
                streetName: 'Kerkstraat',
                houseNumber: String(1 + (o % 90)),
                zipcode: '1234 AB',
                city: 'Utrecht',
                countryCode: 'NL',
              }
            : {}),
        });
      }
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/import',
      headers: { cookie },
      payload: rows,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const body = res.json() as OrderImportResult;
    const rejected = new Set(body.errors.map((e) => e.order_id));
    expect(rejected.size).toBeGreaterThan(0);
    expect(body.errors.every((e) => e.reason.length > 0)).toBe(true);
    expect(body.created).toBe(700 - rejected.size);

    const multi = await t.db.query<{ single: number; multi: number; bundles: number }>(
      `SELECT count(*) FILTER (WHERE line_count = 1)::int AS single, count(*) FILTER (WHERE line_count > 1)::int AS multi,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id
                                               AND l.bundle_product_id IS NOT NULL))::int AS bundles
         FROM orders o WHERE org_id = $1 AND order_id LIKE 'BULK-%'`,
      [org],
    );
    // Single- and multi-line orders both arrived, and a one-line bundle order became a multi-line order of its parts.
    expect(multi.rows[0]?.single).toBeGreaterThan(100);
    expect(multi.rows[0]?.multi).toBeGreaterThan(300);
    expect(multi.rows[0]?.bundles).toBeGreaterThan(5);
    expect(await drift()).toEqual(none);

    // Re-uploading the same file writes nothing: every imported order is skipped as already imported, only the
    // rejected ones are rows to fix again; the aggregates do not move.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/orders/import',
      headers: { cookie },
      payload: rows,
    });
    const againBody = again.json() as OrderImportResult;
    expect(againBody.created).toBe(0);
    expect(againBody.skipped).toBe(body.created);
    expect(new Set(againBody.errors.map((e) => e.order_id))).toEqual(rejected);
    expect(await drift()).toEqual(none);
  });

  it('moves an imported single-line order to multi when a line is added to it later', async () => {
    const single = (
      await t.db.query<{ id: string; placed_at: Date }>(
        `SELECT id, placed_at FROM orders WHERE org_id = $1 AND order_id LIKE 'BULK-%' AND line_count = 1
          ORDER BY order_id LIMIT 1`,
        [org],
      )
    ).rows[0] as { id: string };
    const product = (
      await t.db.query<{ id: string; ean: string }>(
        'SELECT id, ean FROM products WHERE org_id = $1 AND ean = $2',
        [org, eans[3]],
      )
    ).rows[0] as { id: string; ean: string };
    // A writer that leaves order_multi at its default: the trigger corrects both lines of the order.
    await t.db.query(
      `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity, position)
       VALUES ($1, $2, $3, $4, $5, 'extra', 2, 9)`,
      [newId(), single.id, org, product.id, product.ean],
    );
    const flags = await t.db.query<{ order_multi: boolean }>(
      'SELECT order_multi FROM order_lines WHERE order_id = $1',
      [single.id],
    );
    expect(flags.rows.map((r) => r.order_multi)).toEqual([true, true]);
    expect(await drift()).toEqual(none);
  });
});

import { newId } from '@hoppa/core';
import type { TestApp } from '../../../test/test-app.ts';
import { addLocation, addOrder, addProduct, orgId, testWindow } from './fulfilment.fixtures.ts';

/**
 * A rush of pickers on shared stock (issue 7 item 7, the concurrency proof; also `bench/pick-concurrency.bench.ts`):
 * `products` products of Bakkerij Bol on `locations` shared bins, `orders` open orders of 1–3 lines spread over
 * them, each product's stock on each bin exactly what its lines will take from it (ledger row `seed` included), and
 * `pickers` warehouse users each with its own session. Every line is confirmed once by its own picker, retried once
 * with the same Idempotency-Key (a lost answer), and tried again by a second picker with a new key (two pickers
 * reaching for the same order line), all at the same time. Afterwards every product and bin must be at stock 0, with
 * the ledger adding up to it.
 */
export interface RushResult {
  confirms: number;
  replays: { same: number; differed: number };
  overPicks: { refused: number; other: number[] };
  statusCounts: Record<string, number>;
  latenciesMs: number[];
  seconds: number;
}

export interface RushSetup {
  lines: { id: string; quantity: number; productId: string; locationId: string }[];
  products: string[];
  locations: string[];
  cookies: string[];
}

/** Builds the scenario with SQL fixtures and 50 (or `pickers`) logged-in warehouse users. */
export async function setUpRush(
  t: TestApp,
  opts: { pickers: number; products: number; locations: number; orders: number },
): Promise<RushSetup> {
  const bol = await orgId(t.db, 'Bakkerij Bol');
  const window = testWindow();
  const locations: string[] = [];
  for (let i = 0; i < opts.locations; i++)
    locations.push(await addLocation(t.db, { name: `RUSH-${i}-${newId().slice(-4)}`, sequence: 9000 + i }));
  const products: string[] = [];
  for (let i = 0; i < opts.products; i++)
    products.push(
      (
        await addProduct(t.db, bol, {
          name: `Rush product ${i}`,
          stock: locations.map((locationId) => ({ locationId, stock: 0 })),
        })
      ).id,
    );
  const lines: RushSetup['lines'] = [];
  for (let o = 0; o < opts.orders; o++) {
    const n = 1 + (o % 3);
    const spec = Array.from({ length: n }, (_, k) => ({
      productId: products[(o * 7 + k * 3) % products.length] as string,
      locationId: locations[(o + k) % locations.length] as string,
      quantity: 1 + ((o + k) % 3),
    }));
    const order = await addOrder(t.db, bol, {
      orderId: `RUSH-${o}-${newId().slice(-6)}`,
      placedAt: window.at(o % 600),
      lines: spec,
    });
    order.lineIds.forEach((id, k) => {
      const s = spec[k] as (typeof spec)[number];
      lines.push({ id, quantity: s.quantity, productId: s.productId, locationId: s.locationId });
    });
  }
  // Stock = exactly what the lines take; the ledger gets the matching seed rows, so it adds up before the rush.
  await t.db.query(
    `WITH demand AS (
       SELECT ol.product_id, ol.pick_location_id AS location_id, sum(ol.quantity)::int AS qty
         FROM order_lines ol WHERE ol.id = ANY($1::char(24)[]) GROUP BY 1, 2)
     UPDATE product_locations pl SET stock = d.qty FROM demand d
      WHERE pl.product_id = d.product_id AND pl.location_id = d.location_id`,
    [lines.map((l) => l.id)],
  );
  await t.db.query(
    `INSERT INTO stock_mutations (id, org_id, product_id, location_id, quantity, reason)
     SELECT substr(md5(random()::text || pl.id), 1, 24), pl.org_id, pl.product_id, pl.location_id, pl.stock, 'seed'
       FROM product_locations pl WHERE pl.product_id = ANY($1::char(24)[]) AND pl.stock <> 0`,
    [products],
  );

  // Pickers: warehouse users sharing the demo picker's password hash, each logged in with its own session.
  const picker = await t.db.query<{ password_hash: string; curr_role_id: string }>(
    "SELECT password_hash, curr_role_id FROM users WHERE email = 'picker@demo.hoppa.nl'",
  );
  const base = picker.rows[0];
  if (!base) throw new Error('the demo picker is missing');
  const cookies: string[] = [];
  const tag = newId().slice(-6);
  for (let i = 0; i < opts.pickers; i++) {
    const email = `rush${i}-${tag}@demo.hoppa.nl`;
    await t.db.query(
      `INSERT INTO users (id, first_name, family_name, email, password_hash, curr_role_id)
       VALUES ($1, 'Picker', $2, $3, $4, $5)`,
      [newId(), `Rush ${i}`, email, base.password_hash, base.curr_role_id],
    );
    cookies.push(await t.login(email, 'Hoppa-picker-2026'));
  }
  return { lines, products, locations, cookies };
}

/** Runs the rush: every picker works through its share of the lines, all pickers at once. */
export async function runRush(t: TestApp, setup: RushSetup): Promise<RushResult> {
  const { lines, cookies } = setup;
  const result: RushResult = {
    confirms: 0,
    replays: { same: 0, differed: 0 },
    overPicks: { refused: 0, other: [] },
    statusCounts: {},
    latenciesMs: [],
    seconds: 0,
  };
  const send = async (cookie: string, key: string, line: RushSetup['lines'][number]) => {
    const t0 = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pick_list/confirm',
      headers: { cookie, 'idempotency-key': key, 'content-type': 'application/json' },
      payload: {
        order_line_id: line.id,
        quantity: line.quantity,
        location_id: line.locationId,
        scanned: 'rush',
      },
    });
    result.latenciesMs.push(performance.now() - t0);
    result.statusCounts[res.statusCode] = (result.statusCounts[res.statusCode] ?? 0) + 1;
    return res;
  };
  const started = performance.now();
  await Promise.all(
    cookies.map(async (cookie, p) => {
      for (let i = p; i < lines.length; i += cookies.length) {
        const line = lines[i] as RushSetup['lines'][number];
        const key = `rush-${line.id}`;
        const [first, replay, rival] = await Promise.all([
          send(cookie, key, line),
          send(cookie, key, line),
          // A second picker reaches for the same line with a key of its own.
          send(cookies[(p + 1) % cookies.length] as string, `rival-${line.id}`, line),
        ]);
        if (first.statusCode === 200 || rival.statusCode === 200) result.confirms++;
        if (first.statusCode === replay.statusCode && first.body === replay.body) result.replays.same++;
        else result.replays.differed++;
        // Exactly one of the two keys may take the line; the other is an over-pick, refused cleanly.
        const codes = [first, rival].map((r) => (r.statusCode === 409 ? r.json().code : r.statusCode));
        if (codes.includes('over_pick')) result.overPicks.refused++;
        else result.overPicks.other.push(first.statusCode, rival.statusCode);
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** The ledger check after a rush: per product and bin, stock on hand, ledger sum, and the lines' picks. */
export async function ledgerCheck(t: TestApp, setup: RushSetup) {
  const places = await t.db.query<{ product_id: string; location_id: string; stock: number; ledger: number }>(
    `SELECT pl.product_id, pl.location_id, pl.stock,
            COALESCE((SELECT sum(m.quantity)::int FROM stock_mutations m
                       WHERE m.product_id = pl.product_id AND m.location_id = pl.location_id), 0) AS ledger
       FROM product_locations pl WHERE pl.product_id = ANY($1::char(24)[])`,
    [setup.products],
  );
  const picks = await t.db.query<{
    id: string;
    quantity: number;
    picked_quantity: number;
    ledger: number;
    rows: number;
  }>(
    `SELECT ol.id, ol.quantity, ol.picked_quantity,
            COALESCE((SELECT sum(-m.quantity)::int FROM stock_mutations m WHERE m.order_line_id = ol.id), 0) AS ledger,
            (SELECT count(*)::int FROM stock_mutations m WHERE m.order_line_id = ol.id) AS rows
       FROM order_lines ol WHERE ol.id = ANY($1::char(24)[])`,
    [setup.lines.map((l) => l.id)],
  );
  return { places: places.rows, lines: picks.rows };
}

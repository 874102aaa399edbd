import { APP_HEADER, newId } from '@hoppa/core';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionRetries } from '../../db/client.ts';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct, orgId, testWindow } from '../pick/test/fulfilment.fixtures.ts';

/**
 * Stock writers of different kinds meeting on the same rows (docs/decisions/0106-one-lock-order-for-stock-writers.md).
 * Each pair below deadlocked before every writer took its rows in one order (orders, order lines, products in
 * ascending id, then the products' stock rows, the ledger last): PostgreSQL aborted one of the two after
 * `deadlock_timeout` (1 s) and `Db.transaction` ran it again (ADR 0104), so the outcome was right but a picker's scan
 * stalled a second. The tests fire every round of a pair at once and require no transaction to have been tried again
 * ({@link transactionRetries}) and the stock, the kept product stock and the ledger to add up. On PostgreSQL
 * (TEST_DATABASE_URL, as `npm test` runs it) the requests run side by side over the pool; on PGlite they interleave on
 * its one connection, where the sums are checked but no deadlock can happen.
 */
describe('stock writers of different kinds take their locks in one order (ADR 0106)', {
  timeout: 120_000,
}, () => {
  let t: TestApp;
  let picker: string;
  let bol: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 1 } });
    picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
    bol = await orgId(t.db, 'Bakkerij Bol');
  });
  afterAll(async () => t.close());

  /** A call as the floor app makes it (its outbox sends every change with an Idempotency-Key): its status. */
  async function call(method: HTTPMethods, url: string, payload: object): Promise<number> {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: picker, [APP_HEADER]: 'test', 'idempotency-key': newId() },
      payload,
    });
    return res.statusCode;
  }

  /**
   * Runs `requests` all at once: their statuses and how many transactions were tried again meanwhile. Before this
   * change a pair's deadlock showed as retries, and as a 500 when a third try deadlocked again.
   */
  async function together(
    requests: (() => Promise<number>)[],
  ): Promise<{ statuses: number[]; retries: number }> {
    const before = transactionRetries();
    const statuses = await Promise.all(requests.map((r) => r()));
    return { statuses, retries: transactionRetries() - before };
  }

  /** A fresh bin (names are unique across runs on the shared test database). */
  const bin = (n: number) => addLocation(t.db, { name: `LO-${newId().slice(-8)}`, sequence: 9300 + n });

  /**
   * The places of `productIds` with their stock, what their ledger rows added since `before` (the fixtures write
   * the starting stock without ledger rows) and the product's kept stock (`product_stock`, moved by trigger).
   */
  async function books(productIds: string[], before: Date) {
    const places = await t.db.query<{
      product_id: string;
      location_id: string;
      stock: number;
      moved: number;
    }>(
      `SELECT pl.product_id, pl.location_id, pl.stock,
              coalesce((SELECT sum(m.quantity) FROM stock_mutations m
                         WHERE m.product_id = pl.product_id AND m.location_id = pl.location_id
                           AND m.created_at >= $2), 0)::int AS moved
         FROM product_locations pl WHERE pl.product_id = ANY($1::char(24)[]) ORDER BY pl.product_id, pl.location_id`,
      [productIds, before],
    );
    const kept = await t.db.query<{ product_id: string; stock: number; places: number }>(
      `SELECT s.product_id, s.stock, (SELECT coalesce(sum(pl.stock), 0) FROM product_locations pl
                                        WHERE pl.product_id = s.product_id)::int AS places
         FROM product_stock s WHERE s.product_id = ANY($1::char(24)[])`,
      [productIds],
    );
    return { places: places.rows, kept: kept.rows };
  }

  it('a transfer into a bin and picks from that bin, all at once: no deadlock, every piece counted once', async () => {
    const rounds = 16;
    const [x, y] = [await bin(1), await bin(2)];
    const p = (
      await addProduct(t.db, bol, { name: 'Lock order transfer', stock: [{ locationId: x, stock: 100 }] })
    ).id;
    const linkX = (
      await t.db.query<{ id: string }>(
        'SELECT id FROM product_locations WHERE product_id = $1 AND location_id = $2',
        [p, x],
      )
    ).rows[0]?.id as string;
    // The bin the picker takes from needs a place before the first pick and the first transfer.
    expect(
      await call('POST', '/locations/assign', { product_id: p, location_id: y, amount: 0, type: 'add' }),
    ).toBe(200);
    const window = testWindow();
    const lines: string[] = [];
    for (let i = 0; i < rounds; i++) {
      const order = await addOrder(t.db, bol, {
        orderId: `LO-T-${i}`,
        placedAt: window.at(i),
        lines: [{ productId: p, quantity: 1, locationId: y }],
      });
      lines.push(order.lineIds[0] as string);
    }
    const before = new Date(Date.now() - 1000);

    // The transfer: product, its source place, the product's kept stock, the ledger, then the destination place.
    // The pick: its order and line, then (before this change) the destination place and the kept stock.
    const outcome = await together(
      lines.flatMap((line) => [
        () => call('POST', `/product/transfer/${linkX}`, { location_id: y, quantity: 1 }),
        () =>
          call('POST', '/pick_list/confirm', {
            picks: [{ order_line_id: line, quantity: 1, location_id: y }],
          }),
      ]),
    );

    expect(outcome).toEqual({ statuses: lines.flatMap(() => [200, 200]), retries: 0 });
    const after = await books([p], before);
    const expected = [
      { product_id: p, location_id: x, stock: 100 - rounds, moved: -rounds },
      { product_id: p, location_id: y, stock: 0, moved: 0 },
    ].sort((a, b) => (a.location_id < b.location_id ? -1 : 1));
    expect(after.places).toEqual(expected);
    expect(after.kept).toEqual([{ product_id: p, stock: 100 - rounds, places: 100 - rounds }]);
    const picked = await t.db.query<{ n: number }>(
      'SELECT sum(picked_quantity)::int AS n FROM order_lines WHERE id = ANY($1::char(24)[])',
      [lines],
    );
    expect(picked.rows[0]?.n).toBe(rounds);
  });

  it('pick batches of two products and put-aways of the second, all at once: no deadlock, the sums add up', async () => {
    const rounds = 16;
    const [x, y] = [await bin(3), await bin(4)];
    // The batch picks the product with the lower id first, so the put-away meets it on its second product: before
    // this change the batch held the organisation's ledger day row (from its first pick) when it asked for the
    // second product's place, which the put-away held while it waited for that day row.
    const made = [
      (await addProduct(t.db, bol, { name: 'Lock order A', stock: [{ locationId: x, stock: rounds }] })).id,
      (await addProduct(t.db, bol, { name: 'Lock order B', stock: [{ locationId: y, stock: rounds }] })).id,
    ];
    const [first, second] = [...made].sort();
    const placeOf = (id: string) => (id === made[0] ? x : y);
    const window = testWindow();
    const batches: { order_line_id: string; quantity: number; location_id: string }[][] = [];
    for (let i = 0; i < rounds; i++) {
      const order = await addOrder(t.db, bol, {
        orderId: `LO-B-${i}`,
        placedAt: window.at(i),
        lines: [
          { productId: first as string, quantity: 1, locationId: placeOf(first as string) },
          { productId: second as string, quantity: 1, locationId: placeOf(second as string) },
        ],
      });
      batches.push(
        order.lineIds.map((id, k) => ({
          order_line_id: id,
          quantity: 1,
          location_id: placeOf((k === 0 ? first : second) as string),
        })),
      );
    }
    const before = new Date(Date.now() - 1000);

    const outcome = await together(
      batches.flatMap((picks) => [
        () => call('POST', '/pick_list/confirm', { picks }),
        () =>
          call('POST', '/locations/assign', {
            product_id: second,
            location_id: placeOf(second as string),
            amount: 2,
            type: 'add',
          }),
      ]),
    );

    expect(outcome).toEqual({ statuses: batches.flatMap(() => [200, 200]), retries: 0 });
    const after = await books(made, before);
    const expected = [
      { product_id: first, location_id: placeOf(first as string), stock: 0, moved: -rounds },
      { product_id: second, location_id: placeOf(second as string), stock: 2 * rounds, moved: rounds },
    ];
    expect(after.places).toEqual(expected);
    expect([...after.kept].sort((a, b) => (a.product_id < b.product_id ? -1 : 1))).toEqual([
      { product_id: first, stock: 0, places: 0 },
      { product_id: second, stock: 2 * rounds, places: 2 * rounds },
    ]);
  });

  it('two products put on one empty bin at once (assign by id, by name, a move): one takes it, the other is refused 405', async () => {
    // Each pair meets on a fresh empty bin. Before the location's row was locked ahead of the held check, both saw
    // the bin empty (neither saw the other's uncommitted link) and both were put there: a bin in error (spec 3 §2).
    type Way = 'id' | 'name' | 'move';
    const pairs: [Way, Way][] = [
      ['id', 'id'],
      ['name', 'id'],
      ['move', 'id'],
      ['move', 'name'],
      ['move', 'move'],
    ];
    const rounds = 3;
    const source = await bin(5);
    let n = 0;
    /** A new product of its own, with 5 pieces on `source` when it is to be moved: a request putting it on `target`. */
    async function put(way: Way, target: { id: string; name: string }): Promise<() => Promise<number>> {
      const p = (
        await addProduct(t.db, bol, {
          name: `Lock order bin ${n++}`,
          stock: way === 'move' ? [{ locationId: source, stock: 5 }] : [],
        })
      ).id;
      if (way === 'id')
        return () =>
          call('POST', '/locations/assign', {
            product_id: p,
            location_id: target.id,
            amount: 1,
            type: 'add',
          });
      if (way === 'name')
        return () => call('POST', '/product/assign_location', { product_id: p, rack_number: target.name });
      const link = (
        await t.db.query<{ id: string }>(
          'SELECT id FROM product_locations WHERE product_id = $1 AND location_id = $2',
          [p, source],
        )
      ).rows[0]?.id as string;
      return () => call('POST', `/product/transfer/${link}`, { location_id: target.id, quantity: 2 });
    }
    const targets: string[] = [];
    const requests: (() => Promise<number>)[] = [];
    for (let r = 0; r < rounds; r++) {
      for (const [a, b] of pairs) {
        const name = `LB-${newId().slice(-8)}`;
        const target = { id: await addLocation(t.db, { name, sequence: 9400 + targets.length }), name };
        targets.push(target.id);
        requests.push(await put(a, target), await put(b, target));
      }
    }

    const outcome = await together(requests);

    // Each pair: exactly one answered 2xx and the other 405 location_held, and nothing was tried again.
    const perPair = targets.map((_, i) =>
      [outcome.statuses[2 * i], outcome.statuses[2 * i + 1]].sort((x, y) => (x ?? 0) - (y ?? 0)),
    );
    expect({ perPair, retries: outcome.retries }).toEqual({
      perPair: targets.map(() => [200, 405]),
      retries: 0,
    });
    const held = await t.db.query<{ location_id: string; products: number }>(
      `SELECT location_id, count(*)::int AS products FROM product_locations
        WHERE location_id = ANY($1::char(24)[]) GROUP BY location_id`,
      [targets],
    );
    expect(held.rows.map((r) => r.products)).toEqual(targets.map(() => 1));
  });
});

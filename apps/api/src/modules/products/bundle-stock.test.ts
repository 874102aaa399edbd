import {
  APP_HEADER,
  type BundleImportResult,
  newId,
  type ProductBundle,
  type ProductCard,
  type ProductCount,
  type ProductList,
  type ProductLocations,
} from '@hoppa/core';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, transactionRetries } from '../../db/client.ts';
import { productStockBreaks } from '../../db/product-stock.test-helpers.ts';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct, orgId, testWindow } from '../pick/test/fulfilment.fixtures.ts';
import { applyStockChange, lockProducts } from '../stock/index.ts';

/**
 * A bundle's stock in the product table and the counts (spec 3 §2 Product management, §7 `GET /products`,
 * `GET /products/count`; ADR 0118 "Left for later"; migration 0445): the whole bundles its parts make (core
 * `bundleStock`), the figure its card shows (`GET /product/bundle/{id}`), kept in `product_stock` for the table's
 * stock column, filters and sort and for the counts, and moved by every change of a part's stock and of the bundle's
 * composition. On PostgreSQL (TEST_DATABASE_URL) picks of two bundles sharing a part run side by side and must not
 * deadlock (ADR 0106's lock order: the bundles' kept rows right after the products, before any place or ledger row).
 */
describe('a bundle’s stock in the product table and the counts follows its parts', {
  timeout: 120_000,
}, () => {
  let t: TestApp;
  let owner: string;
  let picker: string;
  let bol: string;

  const api = async <T>(cookie: string, method: HTTPMethods, url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie, [APP_HEADER]: 'test', 'idempotency-key': newId() },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  const status = async (cookie: string, method: HTTPMethods, url: string, payload: object) =>
    (
      await t.app.inject({
        method,
        url: `/api${url}`,
        headers: { cookie, [APP_HEADER]: 'test', 'idempotency-key': newId() },
        payload,
      })
    ).statusCode;

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 2 } });
    owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
    bol = await orgId(t.db, 'Bakkerij Bol');
  });
  afterAll(async () => t.close());

  /** Imports `bundles` (parent EAN and name, parts by EAN with pieces) as the import page does; their ids by EAN. */
  async function importBundles(bundles: { ean: string; name: string; parts: [string, number][] }[]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/import-bundles',
      headers: { cookie: owner, [APP_HEADER]: 'test' },
      payload: bundles.map((b) => ({
        parent_ean: b.ean,
        parent_name: b.name,
        bundle_items: b.parts.map(([ean, quantity]) => ({ ean, quantity })),
      })),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as BundleImportResult).errors).toEqual([]);
    const rows = await t.db.query<{ id: string; ean: string }>(
      'SELECT id, ean FROM products WHERE org_id = $1 AND ean = ANY($2::text[])',
      [bol, bundles.map((b) => b.ean)],
    );
    return new Map(rows.rows.map((r) => [r.ean, r.id]));
  }

  /** A unique EAN-13 (check digit right) and a bin of its own, so runs on the shared test database stay apart. */
  let made = 0;
  const ean = () => {
    const body = `2${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}${String(made++ % 1000).padStart(3, '0')}`;
    const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
    return `${body}${(10 - (sum % 10)) % 10}`;
  };
  const bin = (n: number) => addLocation(t.db, { name: `BS-${newId().slice(-8)}`, sequence: 9400 + n });
  const put = (productId: string, locationId: string, amount: number, type: 'add' | 'set') =>
    api(picker, 'POST', '/locations/assign', {
      product_id: productId,
      location_id: locationId,
      amount,
      type,
    });

  /**
   * What every view says of `bundleId`'s stock — the card's bundle panel, the card's and the table's `sf_stock` —
   * after checking that the table's stock filters, stock sort and the counts put every product of the shop where its
   * kept stock says, and that the kept stock is what the places (and for bundles, their parts) make.
   */
  async function stockSeen(bundleId: string) {
    expect(await productStockBreaks(t.db)).toEqual([]);
    const all = (await api<ProductList>(owner, 'GET', '/products?limit=500&sort=-stock')).items;
    expect(all.length).toBeLessThan(500);
    const sorted = [...all].sort((a, b) => b.sf_stock - a.sf_stock || (a.id < b.id ? 1 : -1));
    expect(all.map((p) => p.id)).toEqual(sorted.map((p) => p.id));
    const members = async (query: string) =>
      (await api<ProductList>(owner, 'GET', `/products?limit=500&${query}`)).items.map((p) => p.id).sort();
    const idsWhere = (keep: (stock: number) => boolean) =>
      all
        .filter((p) => keep(p.sf_stock))
        .map((p) => p.id)
        .sort();
    expect(await members('stock_status=in_stock')).toEqual(idsWhere((s) => s > 5));
    expect(await members('stock_status=low_stock')).toEqual(idsWhere((s) => s >= 1 && s <= 5));
    expect(await members('stock_status=out_of_stock')).toEqual(idsWhere((s) => s <= 0));
    expect(await api<ProductCount>(owner, 'GET', '/products/count')).toEqual({
      totalProducts: all.length,
      totalProductsInStock: all.filter((p) => p.sf_stock > 5).length,
      lowStockProducts: all.filter((p) => p.sf_stock >= 1 && p.sf_stock <= 5).length,
      soldOutProducts: all.filter((p) => p.sf_stock <= 0).length,
    });
    return {
      panel: (await api<ProductBundle>(owner, 'GET', `/product/bundle/${bundleId}`)).stock,
      card: (await api<ProductCard>(owner, 'GET', `/product/${bundleId}`)).sf_stock,
      table: all.find((p) => p.id === bundleId)?.sf_stock,
    };
  }
  const everywhere = (n: number) => ({ panel: n, card: n, table: n });

  it('a part’s stock change moves the bundle’s stock in the table, its filters and sort, the counts and the card', async () => {
    const [x, y] = [await bin(1), await bin(2)];
    const mug = await addProduct(t.db, bol, {
      ean: ean(),
      name: 'Bundelvoorraad mok',
      stock: [{ locationId: x, stock: 10 }],
    });
    const tea = await addProduct(t.db, bol, {
      ean: ean(),
      name: 'Bundelvoorraad thee',
      stock: [{ locationId: y, stock: 7 }],
    });
    const box = (
      await importBundles([
        {
          ean: ean(),
          name: 'Bundelvoorraad box',
          parts: [
            [mug.ean, 1],
            [tea.ean, 2],
          ],
        },
      ])
    )
      .values()
      .next().value as string;
    // min(10 / 1, floor(7 / 2)) = 3: low stock, where the table said 0 (sold out) before.
    expect(await stockSeen(box)).toEqual(everywhere(3));
    await put(tea.id, y, 6, 'add'); // tea 13: min(10, 6) = 6, in stock
    expect(await stockSeen(box)).toEqual(everywhere(6));
    await put(mug.id, x, 2, 'set'); // mug 2: 2
    expect(await stockSeen(box)).toEqual(everywhere(2));
    await put(mug.id, x, 0, 'set');
    expect(await stockSeen(box)).toEqual(everywhere(0));
    // A part below 0 (a pick of goods nobody counted; here by SQL) makes no bundle: 0, never below.
    await t.db.query('UPDATE product_locations SET stock = -5 WHERE product_id = $1', [mug.id]);
    expect(await stockSeen(box)).toEqual(everywhere(0));
    await put(mug.id, x, 40, 'set');
    // A pick of a part (the line of an order of the bundle, as its expansion makes it): tea 13 - 4 = 9, 4 boxes.
    const order = await addOrder(t.db, bol, {
      orderId: `BS-${newId().slice(-6)}`,
      placedAt: testWindow().at(1),
      lines: [{ productId: tea.id, quantity: 4, locationId: y }],
    });
    await api(picker, 'POST', '/pick_list/confirm', {
      picks: [{ order_line_id: order.lineIds[0], quantity: 4, location_id: y }],
    });
    expect(await stockSeen(box)).toEqual(everywhere(4));
    // A stock correction on the bundle itself (the card's recount panel) is refused: its stock is what its parts make,
    // and pieces counted onto a place of the bundle would count nowhere. Nothing changes. (The bundle gets a bin of
    // its own: one the mug holds answers 405 location_held.)
    await put(box, await bin(4), 0, 'add');
    const bundleEan = (await api<ProductCard>(owner, 'GET', `/product/${box}`)).ean;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/correct_stock/',
      headers: { cookie: picker, [APP_HEADER]: 'test', 'idempotency-key': newId() },
      payload: { org_id: bol, ean: bundleEan, curr_amount: 9, desc: 'geteld', language: 'nl' },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/bundle.*parts/i);
    expect(refused.json().issues?.[0]).toMatchObject({ code: 'bundle_stock', values: { ean: bundleEan } });
    expect(await stockSeen(box)).toEqual(everywhere(4));
    // Its locations say it is a bundle, so the apps' recount offers to count its parts instead; a part is none.
    const locationsOf = (id: string) => api<ProductLocations>(picker, 'GET', `/product/locations/${id}`);
    expect((await locationsOf(box)).product.is_bundle).toBe(true);
    expect((await locationsOf(mug.id)).product.is_bundle).toBe(false);
  });

  it('a change of a bundle’s composition moves its stock, and a deleted part takes its share along', async () => {
    const x = await bin(3);
    const [a, b, c] = [
      await addProduct(t.db, bol, {
        ean: ean(),
        name: 'Samenstelling A',

        stock: [{ locationId: x, stock: 12 }],
      }),
      await addProduct(t.db, bol, {
        ean: ean(),
        name: 'Samenstelling B',

        stock: [{ locationId: x, stock: 3 }],
      }),
      await addProduct(t.db, bol, {
        ean: ean(),
        name: 'Samenstelling C',

        stock: [{ locationId: x, stock: 50 }],
      }),
    ];
    const parent = ean();
    const box = (await importBundles([{ ean: parent, name: 'Samenstelling box', parts: [[a.ean, 2]] }])).get(
      parent,
    ) as string;
    expect(await stockSeen(box)).toEqual(everywhere(6));
    // Re-imported with another part: min(12 / 2, 3 / 1) = 3.
    await importBundles([
      {
        ean: parent,
        name: 'Samenstelling box',
        parts: [
          [a.ean, 2],
          [b.ean, 1],
        ],
      },
    ]);
    expect(await stockSeen(box)).toEqual(everywhere(3));
    // Other pieces per bundle: min(12 / 4, 50 / 5) = 3; then C alone: 50 / 5 = 10.
    await importBundles([
      {
        ean: parent,
        name: 'Samenstelling box',
        parts: [
          [a.ean, 4],
          [c.ean, 5],
        ],
      },
    ]);
    expect(await stockSeen(box)).toEqual(everywhere(3));
    await importBundles([{ ean: parent, name: 'Samenstelling box', parts: [[c.ean, 5]] }]);
    expect(await stockSeen(box)).toEqual(everywhere(10));
    // A product that becomes a bundle shows its parts' figure, not its own places.
    const own = await addProduct(t.db, bol, {
      ean: ean(),
      name: 'Samenstelling eigen',
      stock: [{ locationId: x, stock: 9 }],
    });
    await importBundles([{ ean: own.ean, name: 'Samenstelling eigen', parts: [[b.ean, 1]] }]);
    expect(await stockSeen(own.id)).toEqual(everywhere(3));
    // A second bundle of the same part: both move with it; deleting the part leaves the other part's figure.
    const two = ean();
    const second = (
      await importBundles([
        {
          ean: two,
          name: 'Samenstelling twee',
          parts: [
            [c.ean, 10],
            [a.ean, 1],
          ],
        },
      ])
    ).get(two) as string;
    expect(await stockSeen(second)).toEqual(everywhere(5));
    await t.db.query('DELETE FROM products WHERE id = $1', [c.id]);
    expect(await stockSeen(second)).toEqual(everywhere(12));
  });

  it('picks of two bundles sharing a part, and put-aways of that part, all at once: no deadlock, the figures add up', async () => {
    const rounds = 12;
    const [x, y, z] = [await bin(4), await bin(5), await bin(6)];
    // The shared part gets the highest id of the three: a batch of bundle X's lines takes its own part first, so
    // (without the bundles' rows taken up front) it would hold the organisation's ledger day row when the shared
    // part's change asked for bundle Y's row, which a pick of Y's own part holds while it waits for that day row.
    const made = [];
    for (const name of ['Deel A', 'Deel B', 'Gedeeld deel']) {
      made.push(await addProduct(t.db, bol, { ean: ean(), name }));
    }
    made.sort((a, b) => (a.id < b.id ? -1 : 1));
    const [onlyX, onlyY, shared] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    for (const [p, loc, n] of [
      [shared, x, 100],
      [onlyX, y, 30],
      [onlyY, z, 60],
    ] as const) {
      await t.db.query(
        `INSERT INTO product_locations (id, org_id, product_id, location_id, stock, active, position)
         VALUES ($1, $2, $3, $4, $5, true, 0)`,
        [newId(), bol, p.id, loc, n],
      );
    }
    const [ex, ey] = [ean(), ean()];
    const ids = await importBundles([
      {
        ean: ex,
        name: 'Bundel X',
        parts: [
          [shared.ean, 2],
          [onlyX.ean, 1],
        ],
      },
      {
        ean: ey,
        name: 'Bundel Y',
        parts: [
          [shared.ean, 1],
          [onlyY.ean, 3],
        ],
      },
    ]);
    const [bx, by] = [ids.get(ex) as string, ids.get(ey) as string];
    expect(await stockSeen(bx)).toEqual(everywhere(30)); // min(100 / 2, 30)
    expect(await stockSeen(by)).toEqual(everywhere(20)); // min(100, 60 / 3)

    // One order of each bundle per round, as its expansion makes it (a line per part). The picker confirms X's
    // lines in one batch and Y's one by one, and every other round a put-away adds to the shared part, all at once.
    const window = testWindow();
    const requests: (() => Promise<number>)[] = [];
    const confirm = (picks: { order_line_id: string; quantity: number; location_id: string }[]) => () =>
      status(picker, 'POST', '/pick_list/confirm', { picks });
    for (let i = 0; i < rounds; i++) {
      const ox = await addOrder(t.db, bol, {
        orderId: `BS-X-${i}-${newId().slice(-4)}`,
        placedAt: window.at(i),
        lines: [
          { productId: shared.id, quantity: 2, locationId: x },
          { productId: onlyX.id, quantity: 1, locationId: y },
        ],
      });
      const oy = await addOrder(t.db, bol, {
        orderId: `BS-Y-${i}-${newId().slice(-4)}`,
        placedAt: window.at(i),
        lines: [
          { productId: shared.id, quantity: 1, locationId: x },
          { productId: onlyY.id, quantity: 3, locationId: z },
        ],
      });
      requests.push(
        confirm([
          { order_line_id: ox.lineIds[0] as string, quantity: 2, location_id: x },
          { order_line_id: ox.lineIds[1] as string, quantity: 1, location_id: y },
        ]),
        confirm([{ order_line_id: oy.lineIds[1] as string, quantity: 3, location_id: z }]),
        confirm([{ order_line_id: oy.lineIds[0] as string, quantity: 1, location_id: x }]),
      );
      if (i % 2 === 0) {
        requests.push(() =>
          status(picker, 'POST', '/locations/assign', {
            product_id: shared.id,
            location_id: x,
            amount: 1,
            type: 'add',
          }),
        );
      }
    }
    const before = transactionRetries();
    const statuses = await Promise.all(requests.map((r) => r()));
    expect({ statuses, retries: transactionRetries() - before }).toEqual({
      statuses: requests.map(() => 200),
      retries: 0,
    });
    // shared 100 - 12 × 3 + 6 = 70, onlyX 30 - 12 = 18, onlyY 60 - 36 = 24.
    expect(await stockSeen(bx)).toEqual(everywhere(18)); // min(70 / 2, 18)
    expect(await stockSeen(by)).toEqual(everywhere(8)); // min(70, 24 / 3)
  });

  it('a writer of two parts takes the bundles’ rows before its first ledger row, so a writer of a third part never closes a cycle', async () => {
    // Deterministic on PostgreSQL: T1 (two parts, as a pick batch: lockProducts for both, then one change each) holds
    // the organisation's ledger day row after its first change; T2 changes a part of the other bundle meanwhile. If
    // T1 asked for that bundle's row only at its second change, T2 would hold it while waiting for the day row.
    const loc = await bin(7);
    const made = [];
    for (const name of ['Slot A', 'Slot B', 'Slot gedeeld']) {
      made.push(await addProduct(t.db, bol, { ean: ean(), name, stock: [{ locationId: loc, stock: 20 }] }));
    }
    made.sort((a, b) => (a.id < b.id ? -1 : 1));
    const [own1, own2, shared] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    const [e1, e2] = [ean(), ean()];
    const ids = await importBundles([
      {
        ean: e1,
        name: 'Slot bundel 1',
        parts: [
          [own1.ean, 1],
          [shared.ean, 1],
        ],
      },
      {
        ean: e2,
        name: 'Slot bundel 2',
        parts: [
          [own2.ean, 1],
          [shared.ean, 1],
        ],
      },
    ]);
    const change = (db: Db, productId: string) =>
      applyStockChange(
        { db, orgIds: [bol] },
        {
          orgId: bol,
          productId,
          locationId: loc,
          delta: -1,
          reason: 'correction',
          userId: null,
          productLocked: true,
        },
      );
    let t1Ledger!: () => void;
    const t1HasLedgerRow = new Promise<void>((r) => {
      t1Ledger = r;
    });
    let t2Started!: () => void;
    const t2UnderWay = new Promise<void>((r) => {
      t2Started = r;
    });
    const before = transactionRetries();
    await Promise.all([
      t.db.transaction(async (tx) => {
        await lockProducts({ db: tx, orgIds: [bol] }, [own1.id, shared.id]);
        await change(tx, own1.id);
        t1Ledger();
        await t2UnderWay;
        await change(tx, shared.id);
      }),
      (async () => {
        await t1HasLedgerRow;
        // T2 waits (for T1's locks) or runs into the day row; either way T1 goes on after a moment.
        setTimeout(t2Started, 400);
        await t.db.transaction(async (tx) => {
          await lockProducts({ db: tx, orgIds: [bol] }, [own2.id]);
          await change(tx, own2.id);
        });
      })(),
    ]);
    expect(transactionRetries() - before).toBe(0);
    // own1 19, own2 19, shared 19: both bundles 19.
    expect(await stockSeen(ids.get(e1) as string)).toEqual(everywhere(19));
    expect(await stockSeen(ids.get(e2) as string)).toEqual(everywhere(19));
  });

  it('follows writes by SQL: several parts in one statement, a changed quantity, the bundle’s own place, a rollback', async () => {
    const loc = await bin(8);
    const [a, b, plain] = [
      await addProduct(t.db, bol, { ean: ean(), name: 'SQL deel A', stock: [{ locationId: loc, stock: 8 }] }),
      await addProduct(t.db, bol, { ean: ean(), name: 'SQL deel B', stock: [{ locationId: loc, stock: 8 }] }),
      await addProduct(t.db, bol, { ean: ean(), name: 'SQL los', stock: [{ locationId: loc, stock: 8 }] }),
    ];
    const parent = ean();
    const box = (
      await importBundles([
        {
          ean: parent,
          name: 'SQL box',
          parts: [
            [a.ean, 1],
            [b.ean, 2],
          ],
        },
      ])
    ).get(parent) as string;
    expect(await stockSeen(box)).toEqual(everywhere(4));
    // One statement over both parts and a product of no bundle (the several-products path): A 20, B 20, 10 boxes.
    await t.db.query('UPDATE product_locations SET stock = 20 WHERE product_id = ANY($1::char(24)[])', [
      [a.id, b.id, plain.id],
    ]);
    expect(await stockSeen(box)).toEqual(everywhere(10));
    await t.db.query(
      'UPDATE product_bundle_items SET quantity = 5 WHERE bundle_id = $1 AND product_id = $2',
      [box, b.id],
    );
    expect(await stockSeen(box)).toEqual(everywhere(4));
    // A place of the bundle itself does not count (no writer makes one; the parts make the bundle).
    await t.db.query(
      `INSERT INTO product_locations (id, org_id, product_id, location_id, stock, active, position)
       VALUES ($1, $2, $3, $4, 7, true, 0)`,
      [newId(), bol, box, loc],
    );
    await t.db.query('UPDATE product_locations SET stock = 9 WHERE product_id = $1', [box]);
    expect(await stockSeen(box)).toEqual(everywhere(4));
    await t.db
      .transaction(async (tx) => {
        await tx.query('UPDATE product_locations SET stock = 0 WHERE product_id = $1', [a.id]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await stockSeen(box)).toEqual(everywhere(4));
  });
});

import {
  APP_HEADER,
  type ProductCount,
  type ProductList,
  ProductListQuerySchema,
  type ProductLocations,
} from '@hoppa/core';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productStockBreaks } from '../../db/product-stock.test-helpers.ts';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct } from '../pick/test/fulfilment.fixtures.ts';
import { listProductTable } from './product-list.service.ts';

/**
 * The product table's stock (spec 3 §2 Product management, §7 `GET /products`, `/products/count`) reads the stock per
 * product kept by migration 0410 (`product_stock`). Stock changed through the real calls — assign, move, pick,
 * correct, take a place off, delete a product — must leave it equal to the sum of the stock places, and the table's
 * stock filters, stock sort and counts must answer what a sum over the stock places answers (the reader before
 * migration 0410, run here as SQL). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('the product table’s stock follows every change of stock', () => {
  let t: TestApp;
  let picker: string;
  let owner: string;
  let admin: string;
  let bol: string;
  let bins: [string, string, string, string];

  const api = async <T>(cookie: string, method: HTTPMethods, url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie, [APP_HEADER]: 'test', 'idempotency-key': `k-${Math.random()}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  const placesOf = async (productId: string) =>
    (await api<ProductLocations>(picker, 'GET', `/product/locations/${productId}`)).locations;

  /** Each product of `orgIds` (all when null) with the sum of its stock places, as the reader before 0410 had it. */
  const recount = async (orgIds: string[] | null) =>
    (
      await t.db.query<{ id: string; name: string; stock: number }>(
        `SELECT p.id, p.name, COALESCE(st.stock, 0)::int AS stock
           FROM products p
           LEFT JOIN (SELECT x.product_id, sum(x.stock) AS stock FROM product_locations x
                       WHERE $1::char(24)[] IS NULL OR x.org_id = ANY($1) GROUP BY x.product_id) st
             ON st.product_id = p.id
          WHERE $1::char(24)[] IS NULL OR p.org_id = ANY($1)`,
        [orgIds],
      )
    ).rows;
  const byStock = (rows: { id: string; stock: number }[], desc: boolean) =>
    [...rows]
      .sort((a, b) => (a.stock - b.stock || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) * (desc ? -1 : 1))
      .map((r) => r.id);
  const ids = async (cookie: string, path: string, query: string) =>
    (await api<ProductList>(cookie, 'GET', `${path}?limit=500&${query}`)).items.map((p) => p.id);

  /** The kept stock equals the places, and the table answers as a sum over the places would. */
  const expectTableAnswersAsTheSum = async () => {
    expect(await productStockBreaks(t.db)).toEqual([]);
    const rows = await recount([bol]);
    expect(rows.length).toBeLessThan(500);
    expect(await ids(owner, '/products', 'sort=-stock')).toEqual(byStock(rows, true));
    expect(await ids(owner, '/products', 'sort=stock')).toEqual(byStock(rows, false));
    const filtered = async (query: string, keep: (stock: number) => boolean) => {
      const list = await api<ProductList>(owner, 'GET', `/products?limit=500&sort=-stock&${query}`);
      expect(list.items.map((p) => p.id)).toEqual(
        byStock(
          rows.filter((r) => keep(r.stock)),
          true,
        ),
      );
      expect(list.total).toBe(rows.filter((r) => keep(r.stock)).length);
    };
    await filtered('stock_status=in_stock', (s) => s > 5);
    await filtered('stock_status=low_stock', (s) => s >= 1 && s <= 5);
    await filtered('stock_status=out_of_stock', (s) => s <= 0);
    await filtered('in_stock=true', (s) => s > 0);
    await filtered('in_stock=false', (s) => s <= 0);
    // A stock filter with the name sort reads the stock range first up to the count's cap, and walks the name index
    // above it: both answer the same page.
    for (const query of [
      'stock_status=low_stock',
      'stock_status=out_of_stock',
      'in_stock=true&sort=-weight',
    ]) {
      const parsed = ProductListQuerySchema.parse(
        Object.fromEntries(new URLSearchParams(`limit=500&${query}`)),
      );
      const scope = { db: t.db, orgIds: [bol] };
      const ranged = await listProductTable(scope, parsed);
      const walked = await listProductTable(scope, parsed, new Date(), 1);
      expect(walked.total_capped).toBe(ranged.total > 1);
      expect(walked.items.map((p) => p.id)).toEqual(ranged.items.map((p) => p.id));
    }
    // A stock filter with the name sort and a search (the trigram index and the kept stock together).
    const named = await ids(owner, '/products', 'stock_status=low_stock&search=voorraad');
    expect([...named].sort()).toEqual(
      rows
        .filter((r) => r.stock >= 1 && r.stock <= 5 && r.name.toLowerCase().includes('voorraad'))
        .map((r) => r.id)
        .sort(),
    );
    expect(await api<ProductCount>(owner, 'GET', '/products/count')).toEqual({
      totalProducts: rows.length,
      totalProductsInStock: rows.filter((r) => r.stock > 5).length,
      soldOutProducts: rows.filter((r) => r.stock <= 0).length,
      lowStockProducts: rows.filter((r) => r.stock >= 1 && r.stock <= 5).length,
    });
    // The provider's view of every client (several organisations: no single-organisation index order).
    const all = await recount(null);
    const page = await api<ProductList>(admin, 'GET', '/products/all?limit=500&sort=-stock&in_stock=true');
    expect(page.items.map((p) => p.id)).toEqual(
      byStock(
        all.filter((r) => r.stock > 0),
        true,
      ),
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 20 } });
    if (!t.seed) throw new Error('seed missing');
    bol = t.seed.orgs.bol;
    picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
    owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const bin = (i: number) =>
      addLocation(t.db, { name: `PS-${Date.now().toString(36)}-${i}`, sequence: 90 + i });
    bins = [await bin(0), await bin(1), await bin(2), await bin(3)];
  });
  afterAll(async () => t.close());

  it('answers as the sum of the stock places for the seeded shop', async () => {
    await expectTableAnswersAsTheSum();
  });

  it('after assigning, moving, picking, correcting and taking places off through the API', async () => {
    const a = await addProduct(t.db, bol, { name: 'Voorraad A' });
    const b = await addProduct(t.db, bol, { name: 'Voorraad B' });
    await expectTableAnswersAsTheSum();
    // Assign: a new place, then more on the same place (the ledger's upsert), then a second place; b on a bin of its
    // own, as a worker must (a bin another product holds answers 405 location_held, spec 2 §4).
    await api(picker, 'POST', '/locations/assign', { product_id: a.id, location_id: bins[0], amount: 3 });
    await api(picker, 'POST', '/locations/assign', { product_id: a.id, location_id: bins[0], amount: 4 });
    await api(picker, 'POST', '/locations/assign', { product_id: a.id, location_id: bins[1], amount: 2 });
    await api(picker, 'POST', '/locations/assign', { product_id: b.id, location_id: bins[3], amount: 1 });
    await expectTableAnswersAsTheSum();
    // A move of 5 from the first place to a third.
    const first = (await placesOf(a.id)).find((l) => l.location.id === bins[0]);
    await api(picker, 'POST', `/product/transfer/${first?.id}`, { location_id: bins[2], quantity: 5 });
    await expectTableAnswersAsTheSum();
    // A pick of 3 of product b, which has 1: its stock goes below 0.
    const order = await addOrder(t.db, bol, {
      orderId: `PS-${Date.now()}`,
      placedAt: new Date(),
      lines: [{ productId: b.id, quantity: 3, locationId: bins[3] }],
    });
    await api(picker, 'POST', '/pick_list/confirm', {
      order_line_id: order.lineIds[0],
      quantity: 3,
      location_id: bins[3],
    });
    await expectTableAnswersAsTheSum();
    // Corrections: b counted at 4 on its place, a counted at 0 on its first.
    await api(picker, 'POST', '/correct_stock/', {
      org_id: bol,
      ean: b.ean,
      curr_amount: 4,
      desc: 'Geteld',
      location_id: bins[3],
    });
    await api(picker, 'POST', '/correct_stock/', {
      org_id: bol,
      ean: a.ean,
      curr_amount: 0,
      desc: 'Geteld',
      location_id: bins[0],
    });
    await expectTableAnswersAsTheSum();
    // The emptied place taken off.
    const empty = (await placesOf(a.id)).find((l) => l.location.id === bins[0]);
    expect(empty?.stock).toBe(0);
    await api(picker, 'DELETE', `/locations/clear/${empty?.id}/${a.id}/${bins[0]}`);
    expect((await placesOf(a.id)).map((l) => l.stock).sort()).toEqual([2, 5]);
    await expectTableAnswersAsTheSum();
  });

  it('after a place moves to another product and a product is deleted', async () => {
    const c = await addProduct(t.db, bol, { name: 'Voorraad C', stock: [{ locationId: bins[0], stock: 6 }] });
    const d = await addProduct(t.db, bol, { name: 'Voorraad D', stock: [{ locationId: bins[1], stock: 0 }] });
    await expectTableAnswersAsTheSum();
    // No call moves a place to another product today; a merge by SQL would.
    await t.db.query('UPDATE product_locations SET product_id = $1 WHERE product_id = $2', [d.id, c.id]);
    await expectTableAnswersAsTheSum();
    // c has no places and no history now: deleted, and its kept stock with it.
    const deleted = await api<{ outcome: string }>(owner, 'DELETE', `/product/${c.id}`);
    expect(deleted.outcome).toBe('deleted');
    const left = await t.db.query('SELECT 1 FROM product_stock WHERE product_id = $1', [c.id]);
    expect(left.rows).toEqual([]);
    // d's places hold 0 again after a correction, then it goes (its places by cascade).
    await t.db.query('UPDATE product_locations SET stock = 0 WHERE product_id = $1', [d.id]);
    expect((await api<{ outcome: string }>(owner, 'DELETE', `/product/${d.id}`)).outcome).toBe('deleted');
    await expectTableAnswersAsTheSum();
  });
});

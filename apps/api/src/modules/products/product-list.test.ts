import {
  type MostSold,
  newId,
  type Problem,
  type ProductCount,
  type ProductList,
  ProductListQuerySchema,
} from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { listProductTable } from './product-list.service.ts';

const DAY = 24 * 3600 * 1000;

/**
 * The product table's calls (issue 15; spec 3 §2 Product management, §7 Products): filters, sort, paging, counts,
 * sales figures from shipped orders with known dates, best sellers, the provider's all-client views and bulk actions.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('product table', () => {
  let t: TestApp;
  let bol: string;
  let bolUser: string;
  let admin: string;
  let picker: string;
  let orgs: { provider: string; bol: string; stroop: string };

  const get = async <T>(cookie: string, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    return { status: res.statusCode, body: res.json() as T };
  };
  const post = async <T>(cookie: string, url: string, payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });
    return { status: res.statusCode, body: res.json() as T };
  };
  const list = async (query: string, cookie = bol) => {
    const res = await get<ProductList>(cookie, `/api/products?${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  /** Inserts product rows of the bol shop (EANs need not be valid here: they do not go through the import). */
  const addProduct = async (
    name: string,
    ean: string,
    extra: { weight?: number; fulfilled?: boolean } = {},
  ) => {
    const id = newId();
    await t.db.query(
      `INSERT INTO products (id, org_id, name, ean, weight_kg, fulfilled_by_sf) VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, orgs.bol, name, ean, extra.weight ?? null, extra.fulfilled ?? true],
    );
    return id;
  };
  const putStock = async (productId: string, stock: number) => {
    const loc = (await t.db.query<{ id: string }>('SELECT id FROM locations ORDER BY name LIMIT 1')).rows[0]
      ?.id;
    await t.db.query(
      `INSERT INTO product_locations (id, org_id, product_id, location_id, stock) VALUES ($1, $2, $3, $4, $5)`,
      [newId(), orgs.bol, productId, loc, stock],
    );
  };
  /** An order of `quantity` pieces of the product, placed and left open; returns its id. */
  const addOrder = async (productId: string, quantity: number) => {
    const id = newId();
    await t.db.query(`INSERT INTO orders (id, org_id, order_id) VALUES ($1, $2, $3)`, [
      id,
      orgs.bol,
      `T-${id}`,
    ]);
    await t.db.query(
      `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity)
       SELECT $1, $2, $3, p.id, p.ean, p.name, $4 FROM products p WHERE p.id = $5`,
      [newId(), id, orgs.bol, quantity, productId],
    );
    return id;
  };
  const ship = (orderId: string, at: Date) =>
    t.db.query(`UPDATE orders SET status = 'shipped', shipped_at = $1 WHERE id = $2`, [at, orderId]);

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 30 } });
    bol = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    bolUser = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
    admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
    orgs = t.seed?.orgs as typeof orgs;
  });
  afterAll(async () => t.close());

  it('searches a part of the name, EAN or SKU case-insensitively, and filters by fulfilment', async () => {
    const a = await addProduct('Zeeuwse Bolus XL', '9990000000011', { weight: 0.3 });
    const b = await addProduct('Kaas bolus 100%', '9990000000028', { weight: 1.2, fulfilled: false });
    await t.db.query(`UPDATE products SET bsku = 'ZB-77' WHERE id = $1`, [a]);

    expect((await list('search=BOLUS')).items.map((p) => p.id).sort()).toEqual([a, b].sort());
    expect((await list('search=000000002')).items.map((p) => p.id)).toEqual([b]);
    expect((await list('search=zb-7')).items.map((p) => p.id)).toEqual([a]);
    // `%` is a character, not a wildcard.
    expect((await list('search=100%25')).items.map((p) => p.id)).toEqual([b]);
    expect((await list('search=bolus&fulfilment=false')).items.map((p) => p.id)).toEqual([b]);
    expect((await list('search=bolus&fulfilment=true')).items.map((p) => p.id)).toEqual([a]);
    expect((await list('search=bolus&sort=-weight')).items.map((p) => p.id)).toEqual([b, a]);
    const row = (await list('search=zeeuwse')).items[0];
    expect(row).toMatchObject({
      org_name: expect.any(String),
      track_trace_email: true,
      share_track_trace: true,
      total_sold_30d: 0,
      days_until_out_of_stock: null,
      reorder_point: 0,
    });
    expect((await get(bol, '/api/products?fulfilment=maybe')).status).toBe(400);
  });

  it('filters by stock class and pages with the filtered total; counts products by stock', async () => {
    const before = (await get<ProductCount>(bol, '/api/products/count')).body;
    const out = await addProduct('Stockfilter nul', '9990000000035');
    const low = await addProduct('Stockfilter laag', '9990000000042');
    const five = await addProduct('Stockfilter vijf', '9990000000059');
    const many = await addProduct('Stockfilter veel', '9990000000066');
    await putStock(low, 2);
    await putStock(five, 5);
    await putStock(many, 6);
    const ids = async (q: string) => (await list(`search=stockfilter&${q}`)).items.map((p) => p.id);
    expect(await ids('stock_status=out_of_stock')).toEqual([out]);
    expect(await ids('stock_status=low_stock')).toEqual([low, five]);
    expect(await ids('stock_status=in_stock')).toEqual([many]);
    expect(await ids('in_stock=true&sort=-stock')).toEqual([many, five, low]);
    const page = await list('search=stockfilter&limit=3&skip=3');
    expect(page.total).toBe(4);
    expect(page.total_capped).toBe(false);
    // The count stops one past its cap: a page's cost does not grow with the catalogue.
    const capped = await listProductTable(
      { db: t.db, orgIds: [orgs.bol] },
      ProductListQuerySchema.parse({ search: 'stockfilter', limit: '2' }),
      new Date(),
      3,
    );
    expect([capped.total, capped.total_capped, capped.items.length]).toEqual([3, true, 2]);
    // By name: laag, nul, veel, vijf.
    expect(page.items.map((p) => p.id)).toEqual([five]);

    const after = (await get<ProductCount>(bol, '/api/products/count')).body;
    expect(after.totalProducts - before.totalProducts).toBe(4);
    // In stock is the filter's 'more than 5' (spec 3 §2), so the header's three counts add up to the total.
    expect(after.totalProductsInStock - before.totalProductsInStock).toBe(1);
    expect(after.soldOutProducts - before.soldOutProducts).toBe(1);
    expect(after.lowStockProducts - before.lowStockProducts).toBe(2);
    const all = await list('limit=1000');
    expect(after.totalProducts).toBe(all.total);
  });

  it('computes the sales figures from shipped orders of the last 30 warehouse days', async () => {
    const p = await addProduct('Salesfigures drop', '9990000000073');
    await putStock(p, 40);
    await t.db.query('UPDATE products SET lead_time_days = 10 WHERE id = $1', [p]);
    const now = new Date();
    // In the window: today, 10 days and 29 days back. Outside: 31 days back, and an order still open.
    await ship(await addOrder(p, 6), new Date(now.getTime() - 60_000));
    await ship(await addOrder(p, 12), new Date(now.getTime() - 10 * DAY));
    await ship(await addOrder(p, 12), new Date(now.getTime() - 29 * DAY));
    await ship(await addOrder(p, 50), new Date(now.getTime() - 31 * DAY));
    await addOrder(p, 7);
    const row = async () => (await list('search=salesfigures')).items[0];
    // 30 pieces in 30 days: 1 a day; 40 in stock last 40 days; 10 days lead time: reorder at 10.
    expect(await row()).toMatchObject({
      total_sold_30d: 30,
      daily_demand: 1,
      days_until_out_of_stock: 40,
      reorder_point: 10,
      lead_time_days: 10,
    });

    // Moving a shipment's date moves its pieces; an order taken back out of 'shipped' no longer counts.
    const late = await addOrder(p, 30);
    await ship(late, new Date(now.getTime() - 40 * DAY));
    expect((await row())?.total_sold_30d).toBe(30);
    await t.db.query('UPDATE orders SET shipped_at = $1 WHERE id = $2', [
      new Date(now.getTime() - 2 * DAY),
      late,
    ]);
    expect(await row()).toMatchObject({ total_sold_30d: 60, daily_demand: 2, days_until_out_of_stock: 20 });
    await t.db.query(`UPDATE orders SET status = 'open', shipped_at = NULL WHERE id = $1`, [late]);
    expect((await row())?.total_sold_30d).toBe(30);
    const days = await t.db.query<{ n: number }>(
      'SELECT sum(quantity)::int AS n FROM product_sales_days WHERE product_id = $1',
      [p],
    );
    expect(days.rows[0]?.n).toBe(80);

    const best = await get<MostSold>(bol, '/api/most_sold_product?limit=50');
    expect(best.status).toBe(200);
    expect(best.body.products.find((x) => x.id === p)).toMatchObject({ sold: 30, sf_stock: 40 });
    const week = await get<MostSold>(bol, '/api/most_sold_product?days=7&limit=50');
    expect(week.body.products.find((x) => x.id === p)?.sold).toBe(6);
    const sold = best.body.products.map((x) => x.sold);
    expect(sold).toEqual([...sold].sort((x, y) => y - x));
  });

  it('lists the best sellers with ties at the last place decided by name, and their stock', async () => {
    // Above anything else the shop sold: eight tied (made in reverse name order), one a piece behind them.
    const tied: string[] = [];
    for (const letter of 'HGFEDCBA')
      tied.unshift(await addProduct(`Bestseller tie ${letter}`, `99900003${'HGFEDCBA'.indexOf(letter)}0000`));
    const next = await addProduct('Bestseller next', '9990000040000');
    const [a, b, c] = tied as [string, string, string];
    await putStock(a, 7);
    const yesterday = new Date(Date.now() - DAY);
    for (const p of tied) await ship(await addOrder(p, 50_000), yesterday);
    await ship(await addOrder(next, 49_999), yesterday);
    const top = async (limit: number) =>
      (await get<MostSold>(bol, `/api/most_sold_product?limit=${limit}`)).body.products;
    expect((await top(1)).map((x) => x.id)).toEqual([a]);
    expect((await top(3)).map((x) => [x.id, x.sold, x.sf_stock])).toEqual([
      [a, 50_000, 7],
      [b, 50_000, 0],
      [c, 50_000, 0],
    ]);
    expect((await top(9)).map((x) => x.id)).toEqual([...tied, next]);
    // The rest follow in the order a full count gives.
    const counted = await t.db.query<{ id: string; sold: number }>(
      `SELECT p.id, sum(d.quantity)::int AS sold FROM product_sales_days d JOIN products p ON p.id = d.product_id
        WHERE d.org_id = $1 AND d.day > hoppa_warehouse_day(now()) - 30 AND d.day <= hoppa_warehouse_day(now())
        GROUP BY p.id, p.name HAVING sum(d.quantity) > 0 ORDER BY 2 DESC, p.name, p.id LIMIT 14`,
      [orgs.bol],
    );
    expect((await top(14)).map((x) => [x.id, x.sold])).toEqual(counted.rows.map((r) => [r.id, r.sold]));
  });

  it('shows every client to the provider (all or one shop), and a merchant only their own shop', async () => {
    const all = await get<ProductList>(admin, '/api/products/all?limit=1000');
    expect(all.status).toBe(200);
    expect(new Set(all.body.items.map((p) => p.org))).toEqual(new Set([orgs.bol, orgs.stroop]));
    const stroop = await get<ProductList>(admin, `/api/products/org/${orgs.stroop}?sort=ean&limit=5`);
    expect(stroop.status).toBe(200);
    expect(stroop.body.items.every((p) => p.org === orgs.stroop)).toBe(true);
    expect(stroop.body.items.map((p) => p.ean)).toEqual(stroop.body.items.map((p) => p.ean).sort());
    expect((await get(admin, `/api/products/org/${newId()}`)).status).toBe(404);
    expect((await get(bol, '/api/products/all')).status).toBe(403);
    const own = await get<ProductList>(bol, `/api/products/org/${orgs.bol}?limit=1000`);
    expect(own.status).toBe(200);
    expect(own.body.total).toBe((await list('limit=1')).total);
    expect((await get(bol, `/api/products/org/${orgs.stroop}`)).status).toBe(404);
  });

  it('changes active, fulfilment and track and trace of a selection, all or nothing', async () => {
    const ids = [
      await addProduct('Bulk een', '9990000000080'),
      await addProduct('Bulk twee', '9990000000097'),
    ];
    const read = async () =>
      (await list('search=bulk&sort=name')).items.map((p) => [
        p.active,
        p.fullfilled_bysf,
        p.track_trace_email,
        p.share_track_trace,
      ]);
    expect((await post(bol, '/api/products/bulk/active', { ids, active: false })).body).toEqual({
      updated: 2,
    });
    expect((await post(bol, '/api/products/bulk/fulfilment', { ids, fullfilled_bysf: false })).status).toBe(
      200,
    );
    const tt = await post(bol, '/api/products/bulk/track_trace', { ids: [ids[0]], track_trace_email: false });
    expect(tt.body).toEqual({ updated: 1 });
    expect(await read()).toEqual([
      [false, false, false, true],
      [false, false, true, true],
    ]);
    // A product of another shop in the selection: 404, and nothing changed.
    const foreign = (
      await t.db.query<{ id: string }>('SELECT id FROM products WHERE org_id = $1 LIMIT 1', [orgs.stroop])
    ).rows[0]?.id as string;
    const refused = await post(bol, '/api/products/bulk/active', { ids: [...ids, foreign], active: true });
    expect(refused.status).toBe(404);
    expect((await read()).map((r) => r[0])).toEqual([false, false]);
    const neither = await post<Problem>(bol, '/api/products/bulk/track_trace', { ids });
    expect([neither.status, neither.body.issues?.[0]?.code, neither.body.issues?.[0]?.values]).toEqual([
      400,
      'one_of_fields',
      { field: 'track_trace_email', other: 'share_track_trace' },
    ]);
    const twice = await post<Problem>(bol, '/api/products/bulk/active', {
      ids: [ids[0], ids[0]],
      active: true,
    });
    expect([twice.status, twice.body.issues?.[0]?.code]).toEqual([400, 'listed_twice']);
    // Read-only users and the floor do not change products.
    expect((await post(bolUser, '/api/products/bulk/active', { ids, active: true })).status).toBe(403);
    expect((await post(picker, '/api/products/bulk/fulfilment', { ids, fullfilled_bysf: true })).status).toBe(
      403,
    );
  });

  it('deletes products by the card’s rule, and refuses the whole selection when one has stock or an open order', async () => {
    const free = await addProduct('Delete vrij', '9990000000103');
    const stocked = await addProduct('Delete voorraad', '9990000000110');
    const ordered = await addProduct('Delete besteld', '9990000000127');
    const sold = await addProduct('Delete verkocht', '9990000000134');
    await putStock(stocked, 3);
    await addOrder(ordered, 1);
    await ship(await addOrder(sold, 2), new Date());
    const refused = await post<{ code: string; detail?: string; message?: string }>(
      bol,
      '/api/products/bulk/delete',
      { ids: [free, stocked, ordered] },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('product_in_use');
    expect(JSON.stringify(refused.body)).toContain('Delete besteld, Delete voorraad');
    expect((await list('search=delete')).total).toBe(4);

    // A product with a shipped order is kept for its history and deactivated, as DELETE /product/{id} does.
    expect((await post(bol, '/api/products/bulk/delete', { ids: [free, sold] })).body).toEqual({
      deleted: 1,
      deactivated: 1,
    });
    const left = await t.db.query<{ name: string; active: boolean }>(
      `SELECT name, active FROM products WHERE name LIKE 'Delete %' ORDER BY name`,
    );
    expect(left.rows).toEqual([
      { name: 'Delete besteld', active: true },
      { name: 'Delete verkocht', active: false },
      { name: 'Delete voorraad', active: true },
    ]);
    expect((await post(bol, '/api/products/bulk/delete', { ids: [free] })).status).toBe(404);
    expect((await post(bolUser, '/api/products/bulk/delete', { ids: [stocked] })).status).toBe(403);
  });
});

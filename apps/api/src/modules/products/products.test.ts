import type { ProductImportResult, ProductList } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { replayedTransactions } from '../../test/replayed-transactions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { importProducts } from './product-import.service.ts';

/** Product import and reads (spec 3 §2 Bulk import, §3 Product import row, §5 Import, §7 Products; issue 3 §1). */
describe('products', () => {
  let t: TestApp;
  let bol: string;
  let stroop: string;
  let stroopEan: string;

  const importRows = async (cookie: string, rows: unknown[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { cookie },
      payload: rows,
    });
    return { status: res.statusCode, body: res.json() as ProductImportResult };
  };
  const get = async (cookie: string, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 20 } });
    bol = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    stroop = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    const orgs = t.seed?.orgs as { stroop: string };
    stroopEan = (
      await t.db.query<{ ean: string }>('SELECT ean FROM products WHERE org_id = $1 LIMIT 1', [orgs.stroop])
    ).rows[0]?.ean as string;
  });
  afterAll(async () => t.close());

  it('creates products, reports rejected rows, and updates on a second import instead of duplicating', async () => {
    const rows = [
      {
        Product_name: 'Roomboter stroopwafels',
        barcode_sku_ean: '8712345678906',
        fullfilled_bysf: 'ja',
        weight_kg: '0,4',
        length: '20',
        height: '4',
        width: '8',
      },
      {
        Product_name: 'Kruidnoten 500 g',
        barcode_sku_ean: 4006381333931,
        parent_ean: '8712345678906',
        hs: '1905',
        value: '3,50',
      },
      { Product_name: '', barcode_sku_ean: '5901234123457' },
      { Product_name: 'Bad check digit', barcode_sku_ean: '8712345678907' },
      { Product_name: 'Too short', barcode_sku_ean: '12345' },
      { Product_name: 'Twice', barcode_sku_ean: '8712345678906' },
    ];
    const first = await importRows(bol, rows);
    expect(first.status).toBe(201);
    expect(first.body.products).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      errors: [
        // Each reason as a code with the values it names, and in English for older clients (ADR 0119 §3).
        {
          row: 3,
          ean: '5901234123457',
          code: 'missing_name',
          values: { field: 'Product_name' },
          reason: 'Product name is missing',
        },
        {
          row: 4,
          ean: '8712345678907',
          code: 'ean_check_digit',
          values: { field: 'barcode_sku_ean' },
          reason: 'EAN check digit is wrong',
        },
        {
          row: 5,
          ean: '12345',
          code: 'ean_length',
          values: { field: 'barcode_sku_ean' },
          reason: 'EAN must have 8 to 14 digits',
        },
        // The repeat names its first row as a number the table maps to a sheet line, not inside the text (a data row
        // number there read as the sheet's line 1, the header).
        {
          row: 6,
          ean: '8712345678906',
          code: 'duplicate_ean',
          values: {},
          reason: 'EAN appears twice in this file',
          first_row: 1,
        },
      ],
    });

    const second = await importRows(bol, [
      { Product_name: 'Roomboter stroopwafels (12 st.)', barcode_sku_ean: '8712345678906', weight_kg: '' },
      { Product_name: 'Speculaas', barcode_sku_ean: '5901234123457' },
    ]);
    expect(second.body.products).toEqual({ created: 1, updated: 1, unchanged: 0, errors: [] });
    const stored = await t.db.query<{ name: string; weight_kg: string; n: number }>(
      "SELECT name, weight_kg::text, count(*) OVER () AS n FROM products WHERE ean = '8712345678906'",
    );
    expect(stored.rows).toEqual([{ name: 'Roomboter stroopwafels (12 st.)', weight_kg: '0.400', n: 1 }]);
    // The same file again changes nothing: both rows count as unchanged and the products keep their updated_at.
    const touched = async () =>
      (
        await t.db.query<{ at: string }>(
          "SELECT updated_at::text AS at FROM products WHERE ean IN ('8712345678906', '5901234123457') ORDER BY ean",
        )
      ).rows.map((r) => r.at);
    const before = await touched();
    const again = await importRows(bol, [
      { Product_name: 'Roomboter stroopwafels (12 st.)', barcode_sku_ean: '8712345678906', weight_kg: '' },
      { Product_name: 'Speculaas', barcode_sku_ean: '5901234123457' },
    ]);
    expect(again.body.products).toEqual({ created: 0, updated: 0, unchanged: 2, errors: [] });
    expect(await touched()).toEqual(before);

    const found = await get(bol, '/api/products/ean/4006381333931');
    expect(found.status).toBe(200);
    expect(found.body.products).toEqual([
      expect.objectContaining({
        name: 'Kruidnoten 500 g',
        parent: '8712345678906',
        fullfilled_bysf: true,
        customs: { hs: '1905', value: 3.5 },
        sf_stock: 0,
        locations: [],
      }),
    ]);
  });

  it('stores the image URL, changes it on re-import, keeps it for an empty cell and rejects a bad one', async () => {
    const imgOf = async (ean: string) =>
      (
        (await get(bol, `/api/products/ean/${ean}`)).body.products as {
          ean: string;
          img_url: string | null;
        }[]
      ).find((p) => p.ean === ean)?.img_url;
    const first = await importRows(bol, [
      {
        Product_name: 'Strong pasta',
        barcode_sku_ean: '8712345678913',
        img_url: 'https://static.openfoodfacts.org/images/products/870/000/123/4016/front_fr.4.400.jpg',
      },
      { Product_name: 'Geen foto', barcode_sku_ean: '8712345678920', img_url: 'front_fr.jpg' },
    ]);
    expect(first.body.products).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: [
        {
          row: 2,
          ean: '8712345678920',
          code: 'bad_url',
          values: { field: 'img_url', limit: 2048 },
          reason: 'img_url must be a web address starting with http:// or https:// (at most 2048 characters)',
        },
      ],
    });
    expect(await imgOf('8712345678913')).toBe(
      'https://static.openfoodfacts.org/images/products/870/000/123/4016/front_fr.4.400.jpg',
    );

    const second = await importRows(bol, [
      {
        Product_name: 'Strong pasta',
        barcode_sku_ean: '8712345678913',
        img_url: 'https://example.nl/pasta.png',
      },
    ]);
    expect(second.body.products).toEqual({ created: 0, updated: 1, unchanged: 0, errors: [] });
    expect(await imgOf('8712345678913')).toBe('https://example.nl/pasta.png');

    await importRows(bol, [
      { Product_name: 'Strong pasta 500 g', barcode_sku_ean: '8712345678913', img_url: '' },
    ]);
    expect(await imgOf('8712345678913')).toBe('https://example.nl/pasta.png');
    await t.db.query("DELETE FROM products WHERE ean = '8712345678913'");
  });

  it("keeps organisations apart: the same EAN may exist in each, and the scanner route shows only one's own", async () => {
    const r = await importRows(stroop, [{ Product_name: 'Stroop eigen', barcode_sku_ean: '8712345678906' }]);
    expect(r.body.products).toMatchObject({ created: 1, updated: 0 });
    expect((await get(bol, `/api/products/ean/${stroopEan}`)).body.products).toEqual([]);
    expect((await get(stroop, `/api/products/ean/${stroopEan}`)).body.products).toHaveLength(1);
    const bolName = (await get(bol, '/api/products/ean/8712345678906')).body.products.map(
      (p: { name: string }) => p.name,
    );
    expect(bolName).toEqual(['Roomboter stroopwafels (12 st.)']);
  });

  it('searches by the start of an EAN or SKU from 3 characters', async () => {
    const prefix = stroopEan.slice(0, 3);
    const res = await get(stroop, `/api/products/ean/${prefix}`);
    expect(res.body.products.length).toBeGreaterThan(1);
    for (const p of res.body.products)
      expect(p.ean.startsWith(prefix) || p.bsku?.startsWith(prefix)).toBe(true);
    expect((await get(stroop, '/api/products/ean/87')).status).toBe(400);
  });

  it("lists the current organisation's products with stock per location, paged", async () => {
    const page = await get(bol, '/api/products?skip=0&limit=5');
    expect(page.status).toBe(200);
    const list = page.body as ProductList;
    // 10 seeded products of Bakkerij Bol plus 3 imported.
    expect(list.total).toBe(13);
    expect(list.items).toHaveLength(5);
    expect({ skip: list.skip, limit: list.limit }).toEqual({ skip: 0, limit: 5 });
    const names = list.items.map((p) => p.name);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    const seeded = (await get(bol, '/api/products?in_stock=true')).body as ProductList;
    expect(seeded.total).toBe(10);
    for (const p of seeded.items) {
      expect(p.locations.length).toBeGreaterThan(0);
      expect(p.sf_stock).toBe(p.locations.reduce((s, l) => s + l.stock, 0));
    }
    const next = (await get(bol, '/api/products?skip=10&limit=5')).body as ProductList;
    expect(next.items).toHaveLength(3);
    expect(((await get(bol, '/api/products?in_stock=false')).body as ProductList).total).toBe(3);
  });

  it('sorts the list by name, EAN, SKU or stock, either way', async () => {
    const list = async (sort: string) =>
      ((await get(bol, `/api/products?sort=${sort}`)).body as ProductList).items;
    const byStock = (await list('-stock')).map((p) => p.sf_stock);
    expect(byStock).toEqual([...byStock].sort((a, b) => b - a));
    expect(byStock[0]).toBeGreaterThan(0);
    const eans = (await list('ean')).map((p) => p.ean);
    expect(eans).toEqual([...eans].sort());
    expect((await list('-ean')).map((p) => p.ean)).toEqual([...eans].reverse());
    const names = (await list('-name')).map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    expect((await get(bol, '/api/products?sort=colour')).status).toBe(400);
  });

  it("counts each product once when a chunk's transaction runs again after a deadlock", async () => {
    const orgId = (t.seed as NonNullable<TestApp['seed']>).orgs.bol;
    const known = (
      await t.db.query<{ ean: string }>('SELECT ean FROM products WHERE org_id = $1 ORDER BY ean LIMIT 1', [
        orgId,
      ])
    ).rows[0]?.ean as string;
    const rows = [
      { Product_name: 'Retry wafels', barcode_sku_ean: '8710000000017' },
      { Product_name: 'Retry koek', barcode_sku_ean: '8710000000024' },
      { Product_name: 'Renamed on retry', barcode_sku_ean: known },
    ];
    const db = replayedTransactions(t.db);
    const r = await importProducts(
      { db, currOrgId: orgId },
      { body: new TextEncoder().encode(JSON.stringify(rows)) },
    );
    expect(db.replays).toBe(1);
    expect(r.products).toEqual({ created: 2, updated: 1, unchanged: 0, errors: [] });
    const stored = await t.db.query<{ n: number }>(
      "SELECT count(*) AS n FROM products WHERE org_id = $1 AND ean IN ('8710000000017', '8710000000024')",
      [orgId],
    );
    expect(stored.rows[0]?.n).toBe(2);
  });

  it('answers 400 without a current organisation and 403 for a read-only user importing', async () => {
    await t.db.query('UPDATE users SET curr_org_id = NULL WHERE email = $1', [DEMO_USERS.admin.email]);
    await t.sessionsSettled();
    const admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const res = await importRows(admin, [{ Product_name: 'x', barcode_sku_ean: '8712345678906' }]);
    expect(res.status).toBe(400);
    expect((res.body as unknown as { message: string }).message).toMatch(/current organisation/);
    expect((await get(admin, '/api/products')).status).toBe(400);
    const user = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
    expect((await importRows(user, [{ Product_name: 'x', barcode_sku_ean: '8712345678906' }])).status).toBe(
      403,
    );
    expect((await get(user, '/api/products')).status).toBe(200);
  });

  it("refuses products and bundles for the warehouse's own organisation, which sells nothing (ADR 0142)", async () => {
    const provider = (
      await t.db.query<{ id: string }>("SELECT id FROM organisations WHERE kind = 'provider' LIMIT 1")
    ).rows[0]?.id as string;
    await t.db.query('UPDATE users SET curr_org_id = $1 WHERE email = $2', [
      provider,
      DEMO_USERS.admin.email,
    ]);
    await t.sessionsSettled();
    const admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const res = await importRows(admin, [
      { Product_name: 'Magazijnfolie', barcode_sku_ean: '8712345678906' },
    ]);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'provider_org' });
    const bundles = await t.app.inject({
      method: 'POST',
      url: '/api/products/import-bundles',
      headers: { cookie: admin },
      payload: [
        {
          parent_ean: '8712345678913',
          parent_name: 'Magazijnset',
          description: '',
          bundle_items: [{ ean: '8712345678906', name: 'Magazijnfolie', quantity: '2' }],
        },
      ],
    });
    expect(bundles.statusCode, bundles.body).toBe(409);
    const kept = await t.db.query('SELECT 1 FROM products WHERE org_id = $1', [provider]);
    expect(kept.rows).toEqual([]);
  });

  it('writes nothing into a current organisation the user no longer belongs to', async () => {
    const orgs = t.seed?.orgs as { bol: string; stroop: string };
    // A stale pointer, as left behind when a membership ends: Stroopwafel's owner "current" in Bakkerij Bol.
    await t.db.query('UPDATE users SET curr_org_id = $1 WHERE email = $2', [
      orgs.bol,
      DEMO_USERS.stroopOwner.email,
    ]);
    await t.sessionsSettled();
    const owner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    const res = await importRows(owner, [{ Product_name: 'Intruder', barcode_sku_ean: '8712345678913' }]);
    expect(res.status).toBe(400);
    const written = await t.db.query('SELECT 1 FROM products WHERE org_id = $1 AND name = $2', [
      orgs.bol,
      'Intruder',
    ]);
    expect(written.rowCount).toBe(0);
    await t.db.query('UPDATE users SET curr_org_id = $1 WHERE email = $2', [
      orgs.stroop,
      DEMO_USERS.stroopOwner.email,
    ]);
    await t.sessionsSettled();
  });
});

import type {
  BundleImportResult,
  Order,
  OrderImportResult,
  PickListResponse,
  ProductBundle,
} from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { replayedTransactions } from '../../test/replayed-transactions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addProduct, stockAt } from '../pick/test/fulfilment.fixtures.ts';
import { importBundles } from './bundles.service.ts';

/** Bundles (issue 15 item 1; spec 3 §3 bundle fields, §5 row rules, §7 POST /products/import-bundles; ADR 0049). */
describe('bundles', () => {
  let t: TestApp;
  let bol: string;
  let stroop: string;
  let picker: string;
  let loc: string;
  let mug: { id: string; ean: string };
  let tea: { id: string; ean: string };
  let card: { id: string; ean: string };

  const call = async <T>(cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: { cookie }, payload: payload as object });
    return { status: res.statusCode, body: res.json() as T };
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 4 } });
    const orgs = t.seed?.orgs as { bol: string; stroop: string };
    bol = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    stroop = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
    loc = await addLocation(t.db, { name: 'BUNDLE-01', sequence: 9101 });
    mug = await addProduct(t.db, orgs.bol, {
      name: 'Mok rood',
      ean: '8712345678906',
      stock: [{ locationId: loc, stock: 10 }],
    });
    tea = await addProduct(t.db, orgs.bol, {
      name: 'Thee rooibos',
      ean: '4006381333931',
      stock: [{ locationId: loc, stock: 7 }],
    });
    card = await addProduct(t.db, orgs.bol, {
      name: 'Wenskaart',
      ean: '5901234123457',
      stock: [{ locationId: loc, stock: 40 }],
    });
  });
  afterAll(async () => t.close());

  it('imports bundles, creating the parent product, and refuses bad ones row by row', async () => {
    const res = await call<BundleImportResult>(bol, 'POST', '/api/products/import-bundles', [
      {
        row: 1,
        parent_ean: '96385074',
        parent_name: 'Cadeaubox thee',
        description: 'Mok, 2 × thee en een kaart',
        bundle_items: [
          { ean: mug.ean, name: 'Mok', quantity: 1 },
          { ean: tea.ean, quantity: 2 },
          { ean: card.ean, quantity: '1' },
        ],
      },
      {
        row: 4,
        parent_ean: '4012345678901',
        parent_name: 'Onbekend deel',
        bundle_items: [{ ean: '4000000000006', quantity: 1 }],
      },
      {
        row: 5,
        parent_ean: '12345',
        parent_name: 'Slechte EAN',
        bundle_items: [{ ean: mug.ean, quantity: 1 }],
      },
      { row: 6, parent_ean: '4012345678901', parent_name: 'Leeg', bundle_items: [] },
      {
        row: 7,
        parent_ean: '40123455',
        parent_name: 'Box in box',
        bundle_items: [{ ean: '96385074', quantity: 1 }],
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.success).toBe(1);
    expect(res.body.created).toBe(1);
    // Each reason as a code with its values (ADR 0119 §3), the English reason kept for older clients.
    expect(res.body.errors).toEqual([
      {
        row: 4,
        ean: '4012345678901',
        code: 'unknown_product',
        values: { field: 'bundle_item_ean', ean: '4000000000006' },
        reason: 'bundle_item_ean 4000000000006 is not a product of this shop',
      },
      {
        row: 5,
        ean: '12345',
        code: 'ean_length',
        values: { field: 'main_product_ean' },
        reason: 'main_product_ean: EAN must have 8 to 14 digits',
      },
      { row: 6, ean: '4012345678901', code: 'no_parts', values: {}, reason: 'bundle has no items' },
      {
        row: 7,
        ean: '40123455',
        code: 'part_is_bundle',
        values: { field: 'bundle_item_ean', ean: '96385074' },
        reason: 'bundle_item_ean 96385074 is a bundle itself',
      },
    ]);
    // The other merchant cannot use Bakkerij Bol's products as parts.
    const foreign = await call<BundleImportResult>(stroop, 'POST', '/api/products/import-bundles', [
      { parent_ean: '96385074', parent_name: 'Kopie', bundle_items: [{ ean: mug.ean, quantity: 1 }] },
    ]);
    expect(foreign.body.success).toBe(0);
    expect(foreign.body.errors[0]?.reason).toBe(`bundle_item_ean ${mug.ean} is not a product of this shop`);
  });

  it("codes every other refusal with its values: a part's number, a repeat's first row, a parent that is a part", async () => {
    // Nothing of this file is written: each bundle is refused.
    const res = await call<BundleImportResult>(bol, 'POST', '/api/products/import-bundles', [
      {
        parent_ean: '8710000000109',
        parent_name: 'Cadeau',
        bundle_items: [{ ean: '4000000000006', quantity: 1 }],
      },
      { parent_ean: '8710000000109', parent_name: 'Nog eens', bundle_items: [{ ean: tea.ean, quantity: 1 }] },
      {
        parent_ean: '4012345678901',
        parent_name: 'Te veel',
        bundle_items: [
          { ean: tea.ean, quantity: 1 },
          { ean: card.ean, quantity: 20_000 },
        ],
      },
      { parent_ean: mug.ean, parent_name: 'Mok als bundel', bundle_items: [{ ean: card.ean, quantity: 1 }] },
      { parent_ean: '40123455', parent_name: '', bundle_items: [{ ean: card.ean, quantity: 1 }] },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.success).toBe(0);
    expect(res.body.errors).toEqual([
      {
        row: 1,
        ean: '8710000000109',
        code: 'unknown_product',
        values: { field: 'bundle_item_ean', ean: '4000000000006' },
        reason: 'bundle_item_ean 4000000000006 is not a product of this shop',
      },
      {
        row: 2,
        ean: '8710000000109',
        code: 'duplicate_bundle',
        values: {},
        first_row: 1,
        reason: 'bundle appears twice in this file (first in row 1)',
      },
      {
        row: 3,
        ean: '4012345678901',
        code: 'out_of_range',
        values: { field: 'bundle_item_qty', item: 2, value: '20000', min: 1, limit: 10_000 },
        reason: 'item 2: bundle_item_qty must be a whole number from 1 to 10000',
      },
      {
        row: 4,
        ean: mug.ean,
        code: 'parent_is_part',
        values: {},
        reason: 'this product is a part of another bundle',
      },
      {
        row: 5,
        ean: '40123455',
        code: 'missing_new_name',
        values: { field: 'bundle_name' },
        reason: 'bundle_name is missing (needed for a new product)',
      },
    ]);
  });

  it('derives the bundle stock from its parts', async () => {
    const box = (await t.db.query<{ id: string }>(`SELECT id FROM products WHERE ean = '96385074'`))
      .rows[0] as { id: string };
    const view = await call<ProductBundle>(bol, 'GET', `/api/product/bundle/${box.id}`);
    expect(view.status).toBe(200);
    expect(view.body.is_bundle).toBe(true);
    expect(view.body.parts.map((p) => [p.ean, p.quantity, p.stock])).toEqual([
      [mug.ean, 1, 10],
      [tea.ean, 2, 7],
      [card.ean, 1, 40],
    ]);
    // min(10/1, floor(7/2), 40/1) = 3
    expect(view.body.stock).toBe(3);
    const part = await call<ProductBundle>(bol, 'GET', `/api/product/bundle/${tea.id}`);
    expect(part.body.is_bundle).toBe(false);
    expect(part.body.part_of.map((b) => b.ean)).toEqual(['96385074']);
    expect((await call(stroop, 'GET', `/api/product/bundle/${box.id}`)).status).toBe(404);
  });

  it('expands a bundle order into lines of its parts, which the pick list shows and the picker picks', async () => {
    const start = new Date(Date.now() - 60_000);
    const imported = await call<OrderImportResult>(bol, 'POST', '/api/orders/import', [
      {
        order_id: 'GIFT-1',
        product_ean: '96385074',
        quantity: '2',
        firstName: 'Eva',
        surName: 'Bakker',
        streetName: 'Oudegracht',
        houseNumber: '5',
        zipcode: '3511 AB',
        city: 'Utrecht',
        countryCode: 'NL',
      },
    ]);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    // No 'no pick location' warning for the bundle: its parts have locations.
    expect(imported.body.warnings).toEqual([]);
    const id = imported.body.orders[0]?.id as string;
    const order = await call<Order>(bol, 'GET', `/api/order/get/${id}`);
    expect(order.body.products.map((l) => [l.ean, l.quantity, l.bundle?.title, l.bundle?.quantity])).toEqual([
      [mug.ean, 2, 'Cadeaubox thee', 2],
      [tea.ean, 4, 'Cadeaubox thee', 2],
      [card.ean, 2, 'Cadeaubox thee', 2],
    ]);

    const end = new Date(Date.now() + 60_000);
    const list = await call<PickListResponse>(
      picker,
      'GET',
      `/api/pick_list/pick/all/all/${start.toISOString()}/${end.toISOString()}/all?order_id=GIFT-1`,
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const byProduct = new Map(list.body.items.map((i) => [i.product__id, i]));
    expect(byProduct.has(mug.id) && byProduct.has(tea.id) && byProduct.has(card.id)).toBe(true);
    expect(list.body.items.some((i) => i.product__name === 'Cadeaubox thee')).toBe(false);
    const teaItem = byProduct.get(tea.id);
    expect(teaItem?.orders.map((o) => o.qty)).toEqual([4]);

    const line = teaItem?.orders[0]?.order_line_id as string;
    const pick = await t.app.inject({
      method: 'POST',
      url: '/api/pick_list/confirm',
      headers: { cookie: picker, 'idempotency-key': `bundle-pick-${Date.now()}` },
      payload: { order_line_id: line, quantity: 4, location_id: loc, scanned: tea.ean },
    });
    expect(pick.statusCode, pick.body).toBe(200);
    expect(await stockAt(t.db, tea.id, loc)).toBe(3);
    const after = await call<ProductBundle>(
      bol,
      'GET',
      `/api/product/bundle/${order.body.products[0]?.bundle?.product_id}`,
    );
    // Tea 3 left, 2 per box: one box left.
    expect(after.body.stock).toBe(1);
  });

  it('a product that gets parts while open orders hold it: its unpicked lines list the parts, a picked one stays', async () => {
    const orgs = t.seed?.orgs as { bol: string };
    const sampler = await addProduct(t.db, orgs.bol, {
      name: 'Proefpakket',
      ean: '8719990000014',
      stock: [{ locationId: loc, stock: 5 }],
    });
    const address = {
      firstName: 'Sem',
      surName: 'Dekker',
      streetName: 'Markt',
      houseNumber: '64',
      zipcode: '2801 JG',
      city: 'Gouda',
      countryCode: 'NL',
    };
    const start = new Date(Date.now() - 60_000);
    const imported = await call<OrderImportResult>(bol, 'POST', '/api/orders/import', [
      { order_id: 'LATE-1', product_ean: sampler.ean, quantity: '2', ...address },
      { order_id: 'LATE-1', product_ean: mug.ean, quantity: '1', ...address },
      { order_id: 'LATE-2', product_ean: sampler.ean, quantity: '1', ...address },
    ]);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const idOf = new Map(imported.body.orders.map((o) => [o.order_id, o.id]));
    const end = new Date(Date.now() + 60_000);
    const pickList = (orderId: string) =>
      call<PickListResponse>(
        picker,
        'GET',
        `/api/pick_list/pick/all/all/${start.toISOString()}/${end.toISOString()}/all?order_id=${orderId}`,
      );
    // LATE-2's line is picked before the product gets parts: it came from the shelf and stays as it is.
    const late2 = (await pickList('LATE-2')).body.items.find((i) => i.product__id === sampler.id);
    const picked = await t.app.inject({
      method: 'POST',
      url: '/api/pick_list/confirm',
      headers: { cookie: picker, 'idempotency-key': `late-bundle-${Date.now()}` },
      payload: {
        order_line_id: late2?.orders[0]?.order_line_id,
        quantity: 1,
        location_id: loc,
        scanned: sampler.ean,
      },
    });
    expect(picked.statusCode, picked.body).toBe(200);

    const res = await call<BundleImportResult>(bol, 'POST', '/api/products/import-bundles', [
      {
        row: 1,
        parent_ean: sampler.ean,
        bundle_items: [
          { ean: mug.ean, quantity: 1 },
          { ean: card.ean, quantity: 2 },
        ],
      },
    ]);
    // LATE-1's line of it; LATE-2's picked line stays.
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: 1, errors: [], lines_expanded: 1 });

    const late1 = await call<Order>(bol, 'GET', `/api/order/get/${idOf.get('LATE-1')}`);
    expect(
      late1.body.products.map((l) => [
        l.ean,
        l.quantity,
        l.bundle?.title ?? null,
        l.bundle?.quantity ?? null,
      ]),
    ).toEqual([
      [mug.ean, 2, 'Proefpakket', 2],
      [card.ean, 4, 'Proefpakket', 2],
      [mug.ean, 1, null, null],
    ]);
    expect(late1.body.products.map((l) => l.position)).toEqual([0, 1, 2]);
    // The picker is sent to the parts' shelves, never to the bundle's own place, which holds nothing of it.
    const items = (await pickList('LATE-1')).body.items;
    expect(items.some((i) => i.product__id === sampler.id)).toBe(false);
    expect(items.find((i) => i.product__id === card.id)?.orders.map((o) => o.qty)).toEqual([4]);

    const late2After = await call<Order>(bol, 'GET', `/api/order/get/${idOf.get('LATE-2')}`);
    expect(late2After.body.products.map((l) => [l.ean, l.quantity, l.picked_quantity, l.bundle])).toEqual([
      [sampler.ean, 1, 1, null],
    ]);
  });

  it('reports each bundle once when the import transaction runs again after a deadlock', async () => {
    const orgId = (t.seed as NonNullable<TestApp['seed']>).orgs.bol;
    const db = replayedTransactions(t.db);
    const r = await importBundles({ db, orgId }, [
      {
        row: 2,
        parent_ean: '8710000000048',
        parent_name: 'Retry box',
        bundle_items: [
          { ean: mug.ean, quantity: 1 },
          { ean: card.ean, quantity: 2 },
        ],
      },
      {
        row: 3,
        parent_ean: '8710000000055',
        parent_name: 'Retry box in box',
        bundle_items: [{ ean: '96385074', quantity: 1 }],
      },
      { row: 4, parent_ean: '8710000000062', parent_name: 'Leeg', bundle_items: [] },
    ]);
    expect(db.replays).toBe(1);
    expect(r).toEqual({
      success: 1,
      created: 1,
      errors: [
        {
          row: 3,
          ean: '8710000000055',
          code: 'part_is_bundle',
          values: { field: 'bundle_item_ean', ean: '96385074' },
          reason: 'bundle_item_ean 96385074 is a bundle itself',
        },
        { row: 4, ean: '8710000000062', code: 'no_parts', values: {}, reason: 'bundle has no items' },
      ],
      lines_expanded: 0,
    });
    const parts = await t.db.query<{ n: number }>(
      `SELECT count(*) AS n FROM product_bundle_items bi JOIN products p ON p.id = bi.bundle_id
        WHERE p.ean = '8710000000048'`,
    );
    expect(parts.rows[0]?.n).toBe(2);
  });
});

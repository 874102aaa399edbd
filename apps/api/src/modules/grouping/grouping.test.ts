import type { AvailablePickCarts, OrderByLocation } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct, orgId, testWindow } from '../pick/test/fulfilment.fixtures.ts';

let t: TestApp;
let picker: string;
let merchant: string;
let bol: string;
let stroop: string;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 2 } });
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  merchant = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  stroop = await orgId(t.db, 'Stroopwafel & Co');
});
afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: unknown, cookie = picker, key?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as Record<string, unknown>,
  });
}

/** A pick location with three picked lines of two orders (bol) and one of stroop, and two carts. */
async function scene() {
  const w = testWindow();
  const tag = w.start.getTime();
  const rack = await addLocation(t.db, { name: `G-${tag}`, sequence: 5, level: 'rack' });
  const pick = await addLocation(t.db, { name: `G-${tag}-01`, sequence: 6, parentId: rack });
  const cart1 = await addLocation(t.db, { name: `CART-${tag}-1`, sequence: 900 });
  const cart2 = await addLocation(t.db, { name: `CART-${tag}-2`, sequence: 901 });
  const bread = await addProduct(t.db, bol, { name: 'Brood', stock: [{ locationId: pick, stock: 20 }] });
  const jam = await addProduct(t.db, bol, { name: 'Jam', stock: [{ locationId: pick, stock: 20 }] });
  const waffles = await addProduct(t.db, stroop, {
    name: 'Wafels',
    stock: [{ locationId: pick, stock: 20 }],
  });
  const o1 = await addOrder(t.db, bol, {
    orderId: `G1-${tag}`,
    placedAt: w.at(1),
    lines: [
      { productId: bread.id, quantity: 2, locationId: pick, picked: 2 },
      { productId: jam.id, quantity: 1, locationId: pick, picked: 1 },
    ],
  });
  const o2 = await addOrder(t.db, bol, {
    orderId: `G2-${tag}`,
    placedAt: w.at(2),
    lines: [{ productId: jam.id, quantity: 1, locationId: pick, picked: 0 }],
  });
  const o3 = await addOrder(t.db, stroop, {
    orderId: `G3-${tag}`,
    placedAt: w.at(3),
    lines: [{ productId: waffles.id, quantity: 3, locationId: pick, picked: 3 }],
  });
  return { pick, rack, cart1, cart2, bread, jam, waffles, o1, o2, o3 };
}

describe('order grouping (spec 2 §2, §4 Order grouping flow, §7)', () => {
  it('lists the picked, ungrouped lines per pick location, capacity-aware, and only the caller organisations', async () => {
    const s = await scene();
    const res = await post('/api/available-pick-carts', { skip: 0, location: s.pick, capacity: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as AvailablePickCarts;
    expect(page.total).toBe(1);
    const item = page.items[0];
    expect(item?.location_name).toMatch(/^G-\d+-01$/);
    expect(item?.parent_name).toMatch(/^G-\d+$/);
    expect(item?.products.map((p) => p.ean).sort()).toEqual([s.bread.ean, s.jam.ean, s.waffles.ean].sort());
    expect(item?.products.find((p) => p.ean === s.bread.ean)?.quantity).toBe(2);
    const small = (
      await post('/api/available-pick-carts', { skip: 0, location: s.pick, capacity: 10 })
    ).json();
    expect(small.items[0].more).toBe(0);
    const beyond = (await post('/api/available-pick-carts', { skip: 1, location: s.pick })).json();
    expect(beyond.items).toEqual([]);
    // A merchant has no grant for grouping (docs/roles.md).
    const own = await post('/api/available-pick-carts', { skip: 0, location: s.pick }, merchant);
    expect(own.statusCode).toBe(403);
  });

  it('moves a line to a cart, then accepts only that cart for the order; idempotent with a key', async () => {
    const s = await scene();
    const line = (id: string, ean: string, productId: string, dest: string, quantity: number) => ({
      _id: id,
      orderId: s.o1.id,
      sourceLocationId: s.pick,
      productEan: ean,
      destinationLocationId: dest,
      quantity,
      product_id: productId,
    });
    const first = line(s.o1.lineIds[0] as string, s.bread.ean, s.bread.id, s.cart1, 2);
    const ok = await post('/api/process-product-scan', first, picker, `grp-${s.pick}-1`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ has_grouped_products: true, picked_grouped: false });
    const again = await post('/api/process-product-scan', first, picker, `grp-${s.pick}-1`);
    expect(again.json()).toEqual(ok.json());

    const wrong = await post(
      '/api/process-product-scan',
      line(s.o1.lineIds[1] as string, s.jam.ean, s.jam.id, s.cart2, 1),
    );
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('wrong_group_location');

    const list = (
      await post('/api/available-pick-carts', { skip: 0, location: s.pick })
    ).json() as AvailablePickCarts;
    const jamLine = list.items[0]?.products.find((p) => p._id === s.o1.lineIds[1]);
    expect(jamLine?.pick_group_location?.id).toBe(s.cart1);
    expect(list.items[0]?.products.some((p) => p._id === s.o1.lineIds[0])).toBe(false);

    const right = await post(
      '/api/process-product-scan',
      line(s.o1.lineIds[1] as string, s.jam.ean, s.jam.id, s.cart1, 1),
    );
    expect(right.json()).toMatchObject({ picked_grouped: true, pick_group_location: { id: s.cart1 } });

    // The packing station reads the group location with the order's lines (spec 1 §4 picked grouped).
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/order/get/${s.o1.id}`,
      headers: { cookie: picker },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const lines = (detail.json() as { products: { group_location: { id: string } | null }[] }).products;
    expect(lines.map((l) => l.group_location?.id)).toEqual([s.cart1, s.cart1]);
    const byLoc = await t.app.inject({
      method: 'GET',
      url: `/api/orders-by-picked-location/${s.cart1}`,
      headers: { cookie: picker },
    });
    expect(byLoc.statusCode, byLoc.body).toBe(200);
    const orders = byLoc.json() as OrderByLocation[];
    expect(orders).toEqual([
      expect.objectContaining({
        _id: s.o1.id,
        has_grouped_products: true,
        pick_group_location: expect.objectContaining({ id: s.cart1 }),
      }),
    ]);
    const fromPick = (
      await t.app.inject({
        method: 'GET',
        url: `/api/orders-by-picked-location/${s.pick}`,
        headers: { cookie: picker },
      })
    ).json() as OrderByLocation[];
    expect(fromPick.map((o) => [o._id, o.has_grouped_products])).toEqual([
      [s.o1.id, true],
      [s.o3.id, false],
    ]);
  });

  it("takes a free location or one holding grouped orders, never one holding stock; the order's own group location always (ADR 0142)", async () => {
    const s = await scene();
    const tag = Date.now();
    // The pick location's neighbour holds another shop's stock: a wrong shelf label scanned as the cart.
    const neighbour = await addLocation(t.db, { name: `N-${tag}-02`, sequence: 7, parentId: s.rack });
    await addProduct(t.db, stroop, { name: 'Koekjes', stock: [{ locationId: neighbour, stock: 6 }] });
    const move = (
      id: string,
      orderId: string,
      ean: string,
      productId: string,
      dest: string,
      quantity: number,
    ) =>
      post('/api/process-product-scan', {
        _id: id,
        orderId,
        sourceLocationId: s.pick,
        productEan: ean,
        destinationLocationId: dest,
        quantity,
        product_id: productId,
      });
    const bread = (dest: string) =>
      move(s.o1.lineIds[0] as string, s.o1.id, s.bread.ean, s.bread.id, dest, 2);
    const grouped = async () =>
      (
        await t.db.query<{ id: string; g: string | null }>(
          'SELECT id, group_location_id AS g FROM order_lines WHERE order_id = any($1) ORDER BY id',
          [[s.o1.id, s.o3.id]],
        )
      ).rows.filter((r) => r.g !== null);

    const bin = await bread(neighbour);
    expect(bin.statusCode, bin.body).toBe(409);
    expect(bin.json()).toMatchObject({
      code: 'location_holds_stock',
      issues: [{ code: 'location_holds_stock', values: { value: `N-${tag}-02` } }],
    });
    // The rack of stock bins is no cart either.
    const rack = await bread(s.rack);
    expect(rack.statusCode, rack.body).toBe(409);
    expect(rack.json().code).toBe('location_holds_stock');
    expect(await grouped()).toEqual([]);

    // A free location takes the order; another order may join it there.
    expect((await bread(s.cart1)).statusCode).toBe(200);
    const other = await move(s.o3.lineIds[0] as string, s.o3.id, s.waffles.ean, s.waffles.id, s.cart1, 3);
    expect(other.statusCode, other.body).toBe(200);

    // Stock put on the cart since: a new order is refused there, but the grouped order's own location still takes
    // its next line (only that location is accepted for it, so refusing it would strand the order).
    await addProduct(t.db, bol, { name: 'Meel', stock: [{ locationId: s.cart1, stock: 4 }] });
    const o4 = await addOrder(t.db, bol, {
      orderId: `G4-${tag}`,
      placedAt: testWindow().at(4),
      lines: [{ productId: s.bread.id, quantity: 1, locationId: s.pick, picked: 1 }],
    });
    const fresh = await move(o4.lineIds[0] as string, o4.id, s.bread.ean, s.bread.id, s.cart1, 1);
    expect(fresh.statusCode, fresh.body).toBe(409);
    expect(fresh.json().code).toBe('location_holds_stock');
    const own = await move(s.o1.lineIds[1] as string, s.o1.id, s.jam.ean, s.jam.id, s.cart1, 1);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ picked_grouped: true, pick_group_location: { id: s.cart1 } });
    expect((await grouped()).map((r) => r.g)).toEqual([s.cart1, s.cart1, s.cart1]);
  });

  it('refuses a line that is not picked, of a merchant (403), with a wrong EAN (404) or onto its own shelf (400) and changes nothing', async () => {
    const s = await scene();
    const unpicked = await post('/api/process-product-scan', {
      _id: s.o2.lineIds[0],
      orderId: s.o2.id,
      sourceLocationId: s.pick,
      productEan: s.jam.ean,
      destinationLocationId: s.cart1,
      quantity: 1,
      product_id: s.jam.id,
    });
    expect(unpicked.statusCode).toBe(409);
    const foreign = await post(
      '/api/process-product-scan',
      {
        _id: s.o3.lineIds[0],
        orderId: s.o3.id,
        sourceLocationId: s.pick,
        productEan: s.waffles.ean,
        destinationLocationId: s.cart1,
        quantity: 3,
        product_id: s.waffles.id,
      },
      merchant,
    );
    expect(foreign.statusCode).toBe(403);
    const badEan = await post('/api/process-product-scan', {
      _id: s.o3.lineIds[0],
      orderId: s.o3.id,
      sourceLocationId: s.pick,
      productEan: '0000000000000',
      destinationLocationId: s.cart1,
      quantity: 3,
      product_id: s.waffles.id,
    });
    expect(badEan.statusCode).toBe(404);
    // The shelf the pieces lie on is no cart (a QA sweep: the shelf's own label scanned as the destination grouped
    // the order "in" it).
    const ownShelf = await post('/api/process-product-scan', {
      _id: s.o3.lineIds[0],
      orderId: s.o3.id,
      sourceLocationId: s.pick,
      productEan: s.waffles.ean,
      destinationLocationId: s.pick,
      quantity: 3,
      product_id: s.waffles.id,
    });
    expect(ownShelf.statusCode, ownShelf.body).toBe(400);
    expect(ownShelf.json().issues?.[0]).toMatchObject({ code: 'same_location' });
    const r = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM order_lines WHERE group_location_id IS NOT NULL AND order_id = any($1)',
      [[s.o2.id, s.o3.id]],
    );
    expect(r.rows[0]?.n).toBe(0);
  });
});

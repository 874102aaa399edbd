import { APP_HEADER, type Order, type PickListResponse, type ProductCard } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct, testWindow } from '../pick/test/fulfilment.fixtures.ts';

/**
 * The product card and its per-product settings (issue 15; spec 3 §2 Product item card, §5 delete, §7 Products,
 * Settings, Relations; ADR 0048): every call on PGlite through the routes, and what the settings do elsewhere — the
 * pick note on the picker's list, the pack note at the packing station, the default method and box on imported orders.
 */
let t: TestApp;
let bol: string;
let stroop: string;
let bolOwner: string;
let bolUser: string;
let stroopOwner: string;
let picker: string;
let methodId: string;
let boxId: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 4 } });
  const seed = t.seed as NonNullable<TestApp['seed']>;
  bol = seed.orgs.bol;
  stroop = seed.orgs.stroop;
  bolOwner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  bolUser = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
  stroopOwner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  const m = await t.db.query<{ id: string }>(
    `SELECT id FROM shipment_methods WHERE active AND NOT is_default AND carrier NOT IN ('own', 'stamp')
      ORDER BY code LIMIT 1`,
  );
  methodId = m.rows[0]?.id as string;
  const b = await t.db.query<{ id: string }>('SELECT id FROM shipment_boxes ORDER BY name LIMIT 1');
  boxId = b.rows[0]?.id as string;
});
afterAll(async () => t?.close());

const inject = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  cookie: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie, [APP_HEADER]: 'portal', ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function card(id: string, cookie = bolOwner): Promise<ProductCard> {
  const res = await inject('GET', `/product/${id}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductCard;
}

let n = 0;
const product = (org = bol, opts: Parameters<typeof addProduct>[2] = { name: `Card product ${++n}` }) =>
  addProduct(t.db, org, opts);

describe('GET /product/:id and GET /api/products/product/:id', () => {
  it('answers the card with its defaults and the record in the list shape; 404 for another shop', async () => {
    const p = await product(bol, { name: 'Roggebrood' });
    const c = await card(p.id);
    expect(c).toMatchObject({
      id: p.id,
      name: 'Roggebrood',
      ean: p.ean,
      def_shipping_id: null,
      ship_box_id: null,
      track_trace_email: true,
      share_track_trace: true,
      sync_stock: false,
      fake_stock: false,
      sold_30d: 0,
      days_until_out_of_stock: null,
      image_ids: [],
      has_image: true, // the fixture gives it an img_url
      parent_product: null,
      children: [],
    });
    const rec = await inject('GET', `/api/products/product/${p.id}`, bolUser);
    expect(rec.statusCode, rec.body).toBe(200);
    expect(rec.json()).toMatchObject({ id: p.id, ean: p.ean, sf_stock: 0, locations: [] });
    expect(rec.json()).not.toHaveProperty('sold_30d');
    expect((await inject('GET', `/product/${p.id}`, stroopOwner)).statusCode).toBe(404);
    expect((await inject('GET', `/api/products/product/${p.id}`, stroopOwner)).statusCode).toBe(404);
  });

  it('counts pieces shipped in 30 days (cancelled and older orders left out) and the days until out of stock, as the table does', async () => {
    const rack = await addLocation(t.db, { name: `CARD-S-${Date.now()}`, sequence: 1 });
    const p = await product(bol, { name: 'Speculaas', stock: [{ locationId: rack, stock: 40 }] });
    const day = 86_400_000;
    // Sales count as the ship route records them: the order's shipped_at set by an update (ADR 0047's trigger).
    const shipOn = (id: string, at: Date) =>
      t.db.query(`UPDATE orders SET status = 'shipped', shipped_at = $2 WHERE id = $1`, [id, at]);
    const recent = await addOrder(t.db, bol, {
      orderId: `S30-${p.ean}-1`,
      placedAt: new Date(Date.now() - 3 * day),
      lines: [{ productId: p.id, quantity: 20 }],
    });
    await shipOn(recent.id, new Date(Date.now() - 2 * day));
    await addOrder(t.db, bol, {
      orderId: `S30-${p.ean}-2`,
      placedAt: new Date(Date.now() - 3 * day),
      status: 'cancelled',
      lines: [{ productId: p.id, quantity: 50 }],
    });
    const old = await addOrder(t.db, bol, {
      orderId: `S30-${p.ean}-3`,
      placedAt: new Date(Date.now() - 41 * day),
      lines: [{ productId: p.id, quantity: 70 }],
    });
    await shipOn(old.id, new Date(Date.now() - 40 * day));
    const c = await card(p.id);
    expect(c.sold_30d).toBe(20);
    expect(c.daily_demand).toBeCloseTo(0.67, 2);
    expect(c.days_until_out_of_stock).toBe(60); // 40 pieces at 20 per 30 days
  });
});

describe('per-product settings (spec 3 §7 Settings)', () => {
  it('sets every setting through its call, each answering the card, and another shop cannot', async () => {
    const p = await product();
    const calls: [string, unknown, Partial<ProductCard>][] = [
      [
        '/product/assign_shipping',
        { product_id: p.id, shipment_method_id: methodId },
        { def_shipping_id: methodId },
      ],
      ['/product/assign_box', { product_id: p.id, box_id: boxId }, { ship_box_id: boxId }],
      [
        '/product/track_trace_email',
        { product_id: p.id, track_trace_email: false },
        { track_trace_email: false },
      ],
      [
        '/product/share_track_trace',
        { product_id: p.id, share_track_trace: false },
        { share_track_trace: false },
      ],
      ['/product/sync_stock', { product_id: p.id, stock_sync: true }, { sync_stock: true }],
      ['/product/fake_stock', { product_id: p.id, fake_stock: true }, { fake_stock: true }],
      ['/product/note', { product_id: p.id, note: '  Seasonal  ' }, { note: 'Seasonal' }],
      [
        '/product/pick_note',
        { product_id: p.id, pick_note: 'Take from the back' },
        { pick_note: 'Take from the back' },
      ],
      [
        '/product/pack_note',
        { product_id: p.id, pack_note: 'Wrap in bubble foil' },
        { pack_note: 'Wrap in bubble foil' },
      ],
      ['/product/set_lead_time', { product_id: p.id, lead_time_days: 5 }, { lead_time_days: 5 }],
      ['/product/set_ship_time', { product_id: p.id, ship_time_days: 2 }, { ship_time_days: 2 }],
      ['/product/confirm_as', { product_id: p.id, confirm_as: 'TNT_BRIEF' }, { confirm_as: 'TNT_BRIEF' }],
      [`/product/stock/min/${p.id}`, { value: 10 }, { stock_min: 10 }],
      [`/product/stock/max/${p.id}`, { value: 200 }, { stock_max: 200 }],
      [
        `/product/customs/${p.id}`,
        { hs: '1905.90.30', value: 12.5, weight_kg: 0.75 },
        { customs: { hs: '19059030', value: 12.5 }, weight_kg: 0.75 },
      ],
    ];
    for (const [url, body, expected] of calls) {
      const res = await inject('POST', url, bolOwner, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.json(), url).toMatchObject({ id: p.id, ...expected });
      expect((await inject('POST', url, stroopOwner, body)).statusCode, url).toBe(404);
    }
    const after = await card(p.id);
    for (const [, , expected] of calls) expect(after).toMatchObject(expected);
    // Empty text clears a note; null clears a limit.
    expect(
      (await inject('POST', '/product/note', bolOwner, { product_id: p.id, note: '' })).json().note,
    ).toBeNull();
    expect(
      (await inject('POST', `/product/stock/min/${p.id}`, bolOwner, { value: null })).json().stock_min,
    ).toBeNull();
    // A read-only user of the shop may look but not change.
    expect((await inject('POST', '/product/note', bolUser, { product_id: p.id, note: 'x' })).statusCode).toBe(
      403,
    );
  });

  it('refuses a minimum stock above the maximum, and a maximum below the minimum, keeping both', async () => {
    const p = await product();
    const set = (which: 'min' | 'max', value: number | null) =>
      inject('POST', `/product/stock/${which}/${p.id}`, bolOwner, { value });
    expect((await set('min', 20)).statusCode).toBe(200);
    expect((await set('max', 50)).statusCode).toBe(200);
    const tooHigh = await set('min', 60);
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().message).toContain('must not be more than the maximum stock (50)');
    expect(tooHigh.json().issues[0]).toMatchObject({
      path: 'body.value',
      code: 'out_of_range',
      values: { limit: 50, value: '60' },
    });
    const tooLow = await set('max', 10);
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json().issues[0]).toMatchObject({ code: 'out_of_range', values: { min: 20, value: '10' } });
    expect(await card(p.id)).toMatchObject({ stock_min: 20, stock_max: 50 });
    // Equal limits are fine, and a cleared limit no longer bounds the other.
    expect((await set('min', 50)).statusCode).toBe(200);
    expect((await set('max', null)).statusCode).toBe(200);
    expect((await set('min', 500)).json()).toMatchObject({ stock_min: 500, stock_max: null });
  });

  it('refuses bad input with its reason and changes nothing', async () => {
    const p = await product();
    const bad: [string, unknown, string][] = [
      [`/product/customs/${p.id}`, { hs: '19A5', value: 1, weight_kg: 1 }, 'HS code must be 6 to 10 digits'],
      [`/product/customs/${p.id}`, { hs: null, value: -1, weight_kg: 1 }, 'Value cannot be negative'],
      [`/product/customs/${p.id}`, { hs: null, value: 1.005, weight_kg: 1 }, 'Value has at most 2 decimals'],
      ['/product/set_lead_time', { product_id: p.id, lead_time_days: 400 }, 'Lead time is at most 365 days'],
      [
        '/product/set_ship_time',
        { product_id: p.id, ship_time_days: 1.5 },
        'Ship time must be a whole number of days',
      ],
      ['/product/confirm_as', { product_id: p.id, confirm_as: 'DHL' }, ''],
      [`/product/stock/max/${p.id}`, { value: -3 }, 'Value cannot be negative'],
    ];
    for (const [url, body, message] of bad) {
      const res = await inject('POST', url, bolOwner, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toContain(message);
    }
    const unknown = await inject('POST', '/product/assign_shipping', bolOwner, {
      product_id: p.id,
      shipment_method_id: 'f'.repeat(24),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('unknown_shipment_method');
    const noBox = await inject('POST', '/product/assign_box', bolOwner, {
      product_id: p.id,
      box_id: 'e'.repeat(24),
    });
    expect(noBox.json().code).toBe('unknown_shipment_box');
    const c = await card(p.id);
    expect(c).toMatchObject({
      customs: { hs: null, value: null },
      lead_time_days: null,
      def_shipping_id: null,
    });
  });

  it('toggles fulfilment by the provider back and forth', async () => {
    const p = await product();
    const first = await inject('POST', '/product/fulfilment/toggle', bolOwner, { id: p.id });
    expect(first.json().fullfilled_bysf).toBe(false);
    const second = await inject('POST', '/product/fulfilment/toggle', bolOwner, { id: p.id });
    expect(second.json().fullfilled_bysf).toBe(true);
    expect((await inject('POST', '/product/fulfilment/toggle', stroopOwner, { id: p.id })).statusCode).toBe(
      404,
    );
  });
});

describe('what the notes and defaults do', () => {
  it('shows the pick note on the pick list item and the pack note on the order line', async () => {
    const w = testWindow();
    const rack = await addLocation(t.db, { name: `CARD-P-${w.start.getTime()}`, sequence: 3 });
    const p = await product(bol, { name: 'Ontbijtkoek', stock: [{ locationId: rack, stock: 10 }] });
    await inject('POST', '/product/pick_note', bolOwner, { product_id: p.id, pick_note: 'Two per box!' });
    await inject('POST', '/product/pack_note', bolOwner, {
      product_id: p.id,
      pack_note: 'Fragile: top of box',
    });
    const order = await addOrder(t.db, bol, {
      orderId: `NOTE-${p.ean}`,
      placedAt: w.at(30),
      lines: [{ productId: p.id, quantity: 2, locationId: rack }],
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/pick_list/pick/all/all/${w.start.toISOString()}/${w.end.toISOString()}/all`,
      headers: { cookie: picker },
    });
    expect(list.statusCode, list.body).toBe(200);
    const item = (list.json() as PickListResponse).items.find((i) => i.product__id === p.id);
    expect(item?.pick_note).toBe('Two per box!');
    const got = await inject('GET', `/order/get/${order.id}`, picker);
    expect(got.statusCode, got.body).toBe(200);
    expect((got.json() as Order).products[0]?.pack_note).toBe('Fragile: top of box');
  });

  it("gives imported orders the product's default shipment method and box", async () => {
    const a = await product(bol, { name: 'Zonder voorkeur' });
    const b = await product(bol, { name: 'Met doos' });
    await inject('POST', '/product/assign_shipping', bolOwner, {
      product_id: b.id,
      shipment_method_id: methodId,
    });
    await inject('POST', '/product/assign_box', bolOwner, { product_id: b.id, box_id: boxId });
    const address = {
      firstName: 'Anna',
      surName: 'de Vries',
      streetName: 'Kerkstraat',
      houseNumber: '12',
      zipcode: '1234ab',
      city: 'Utrecht',
      countryCode: 'NL',
      email: 'anna@example.nl',
    };
    const res = await inject('POST', '/orders/import', bolOwner, [
      { order_id: `DEF-${a.ean}`, product_ean: a.ean, quantity: '1', ...address },
      { order_id: `DEF-${a.ean}`, product_ean: b.ean, quantity: '1' },
      { order_id: `PLAIN-${a.ean}`, product_ean: a.ean, quantity: '1', ...address },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db.query<{
      order_id: string;
      selected_ship_method_id: string;
      selected_box_id: string;
    }>(
      `SELECT order_id, selected_ship_method_id, selected_box_id FROM orders WHERE order_id IN ($1, $2) ORDER BY order_id`,
      [`DEF-${a.ean}`, `PLAIN-${a.ean}`],
    );
    const byId = Object.fromEntries(rows.rows.map((r) => [r.order_id, r]));
    expect(byId[`DEF-${a.ean}`]).toMatchObject({ selected_ship_method_id: methodId, selected_box_id: boxId });
    expect(byId[`PLAIN-${a.ean}`]?.selected_box_id).toBeNull();
    expect(byId[`PLAIN-${a.ean}`]?.selected_ship_method_id).not.toBe(methodId);
  });
});

describe('DELETE /product/:id (spec 3 §5)', () => {
  it('refuses a product with stock, then one on an open order; keeps one with history inactive; deletes the rest', async () => {
    const rack = await addLocation(t.db, { name: `CARD-D-${Date.now()}`, sequence: 4 });
    const stocked = await product(bol, { name: 'Op voorraad', stock: [{ locationId: rack, stock: 3 }] });
    const r1 = await inject('DELETE', `/product/${stocked.id}`, bolOwner);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().code).toBe('product_has_stock');

    const ordered = await product(bol, { name: 'Besteld' });
    await addOrder(t.db, bol, {
      orderId: `DEL-${ordered.ean}`,
      placedAt: new Date(),
      lines: [{ productId: ordered.id, quantity: 1 }],
    });
    const r2 = await inject('DELETE', `/product/${ordered.id}`, bolOwner);
    expect(r2.statusCode).toBe(409);
    expect(r2.json()).toMatchObject({ code: 'product_in_open_orders' });
    expect(r2.json().message).toContain(`DEL-${ordered.ean}`);

    const shipped = await product(bol, { name: 'Verzonden' });
    await addOrder(t.db, bol, {
      orderId: `DEL2-${shipped.ean}`,
      placedAt: new Date(),
      status: 'shipped',
      lines: [{ productId: shipped.id, quantity: 1 }],
    });
    const r3 = await inject('DELETE', `/product/${shipped.id}`, bolOwner);
    expect(r3.statusCode, r3.body).toBe(200);
    expect(r3.json()).toEqual({ id: shipped.id, outcome: 'deactivated' });
    expect((await card(shipped.id)).active).toBe(false);

    const parent = await product(bol, { name: 'Los' });
    const child = await product(bol, { name: 'Los kind' });
    await inject('GET', `/product/link/${parent.id}/${child.id}`, bolOwner);
    expect((await inject('DELETE', `/product/${parent.id}`, stroopOwner)).statusCode).toBe(404);
    expect((await inject('DELETE', `/product/${parent.id}`, bolUser)).statusCode).toBe(403);
    const r4 = await inject('DELETE', `/product/${parent.id}`, bolOwner);
    expect(r4.json()).toEqual({ id: parent.id, outcome: 'deleted' });
    expect((await inject('GET', `/product/${parent.id}`, bolOwner)).statusCode).toBe(404);
    expect((await card(child.id)).parent).toBeNull();
  });
});

describe('linked child products (spec 3 §7 Relations)', () => {
  it('links and unlinks a child, one level deep, within one shop, only with the app header', async () => {
    const parent = await product(bol, { name: 'Cadeaupakket' });
    const child = await product(bol, { name: 'Cadeaupakket los' });
    const other = await product(stroop, { name: 'Stroopwafel los' });

    const noHeader = await t.app.inject({
      method: 'GET',
      url: `/api/product/link/${parent.id}/${child.id}`,
      headers: { cookie: bolOwner },
    });
    expect(noHeader.statusCode).toBeGreaterThanOrEqual(400);
    expect((await card(child.id)).parent).toBeNull();

    const linked = await inject('GET', `/product/link/${parent.id}/${child.id}`, bolOwner);
    expect(linked.statusCode, linked.body).toBe(200);
    expect((linked.json() as ProductCard).children.map((c) => c.id)).toEqual([child.id]);
    expect((await card(child.id)).parent_product).toMatchObject({ id: parent.id, name: 'Cadeaupakket' });

    const itself = await inject('GET', `/product/link/${parent.id}/${parent.id}`, bolOwner);
    expect([itself.statusCode, itself.json().issues?.[0]?.code]).toEqual([400, 'link_itself']);
    const grandchild = await product(bol, { name: 'Kleinkind' });
    const deep = await inject('GET', `/product/link/${child.id}/${grandchild.id}`, bolOwner);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toContain('itself linked');
    expect(deep.json().issues?.[0]).toMatchObject({
      code: 'link_parent_linked',
      values: { value: 'Cadeaupakket los' },
    });
    expect((await inject('GET', `/product/link/${parent.id}/${other.id}`, bolOwner)).statusCode).toBe(404);
    expect((await inject('GET', `/product/link/${parent.id}/${grandchild.id}`, bolUser)).statusCode).toBe(
      403,
    );

    const unlinked = await inject('GET', `/product/unlink/${parent.id}/${child.id}`, bolOwner);
    expect(unlinked.statusCode).toBe(200);
    expect((unlinked.json() as ProductCard).children).toEqual([]);
    expect((await card(child.id)).parent).toBeNull();
  });
});

describe('surcharges (spec 3 §7 GET /surcharges, POST /surcharges/select)', () => {
  it('lists the active surcharges and replaces the set of a product; refuses unknown ones', async () => {
    const ids = ['a', 'b', 'c'].map((c) => c.repeat(24));
    for (const [i, id] of ids.entries())
      await t.db.query(
        `INSERT INTO surcharges (id, code, name, price_cents, type, active) VALUES ($1, $2, $3, $4, 'order-line', $5)`,
        [id, `S${i}`, `Toeslag ${i}`, 100 + i, i < 2],
      );
    const list = await inject('GET', '/surcharges', bolUser);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((s: { code: string; price: number }) => [s.code, s.price])).toEqual([
      ['S0', 1],
      ['S1', 1.01],
    ]);
    const p = await product();
    const set = (cookie: string, surcharge_ids: string[]) =>
      inject('POST', '/surcharges/select', cookie, { product_id: p.id, surcharge_ids });
    const first = await set(bolOwner, [ids[1] as string, ids[0] as string]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().surcharge_ids).toEqual([ids[0], ids[1]]);
    expect((await set(bolOwner, [ids[1] as string])).json().surcharge_ids).toEqual([ids[1]]);
    const inactive = await set(bolOwner, [ids[2] as string]);
    expect(inactive.statusCode).toBe(400);
    expect((await card(p.id)).surcharge_ids).toEqual([ids[1]]);
    expect((await set(stroopOwner, [])).statusCode).toBe(404);
    expect((await set(bolUser, [])).statusCode).toBe(403);
    expect((await set(bolOwner, [])).json().surcharge_ids).toEqual([]);
  });
});

describe('POST /product/upload_image/:id', () => {
  it('stores the image as the first one, served by get_image; refuses what is not an image', async () => {
    const p = await product();
    await t.db.query('UPDATE products SET img_url = NULL WHERE id = $1', [p.id]);
    expect((await card(p.id)).has_image).toBe(false);
    const up = await inject('POST', `/product/upload_image/${p.id}`, bolOwner, PNG, {
      'content-type': 'image/png',
      'x-file-name': 'koek.png',
    });
    expect(up.statusCode, up.body).toBe(201);
    const c = await card(p.id);
    expect(c.image_ids).toEqual([up.json().id]);
    expect(c.has_image).toBe(true);
    const img = await inject('GET', `/product/get_image/${p.id}`, bolOwner);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(img.rawPayload, PNG)).toBe(0);

    const bad = await inject('POST', `/product/upload_image/${p.id}`, bolOwner, Buffer.from('not an image'), {
      'content-type': 'image/png',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Only the following formats are allowed: jpeg, png, webp.');
    const foreign = await inject('POST', `/product/upload_image/${p.id}`, stroopOwner, PNG, {
      'content-type': 'image/png',
    });
    expect(foreign.statusCode).toBe(404);
  });
});

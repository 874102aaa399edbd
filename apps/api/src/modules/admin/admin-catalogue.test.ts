import {
  type AdminShipmentBox,
  type AdminShipmentMethod,
  type AdminSurcharge,
  APP_HEADER,
  type Page,
  type ShipmentMethodGroup,
} from '@hoppa/core';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The admin area's shipment methods, boxes and surcharges (issue 16 item 5; spec 3 §2 Admin area, §5, §7 Admin):
 * each call through the route table, on PGlite (PostgreSQL with TEST_DATABASE_URL).
 */
let t: TestApp;
let admin: string;
let picker: string;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 4 } });
  admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
});
afterAll(async () => t.close());

const call = (cookie: string, method: HTTPMethods, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie, [APP_HEADER]: 'test' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const method = (code: string, extra: Record<string, unknown> = {}) => ({
  name: `Method ${code}`,
  code,
  carrier: 'local',
  group: 'Test group',
  price: 6.95,
  purchase_price: 4.1,
  cut_off: '15:30',
  late_drop_surcharge: 1.25,
  peak_surcharge: 0.5,
  country_code: 'nl',
  ...extra,
});

describe('shipment methods', () => {
  it('adds a method with every field of the form, in cents, and lists it in its group', async () => {
    const res = await call(admin, 'POST', '/shipment_methods/add', method('ADM-EXPRESS'));
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json<AdminShipmentMethod>();
    expect(m).toMatchObject({
      code: 'ADM-EXPRESS',
      group: 'Test group',
      price_cents: 695,
      purchase_price_cents: 410,
      cut_off: '15:30',
      late_drop_surcharge_cents: 125,
      peak_surcharge_cents: 50,
      country_code: 'NL',
      active: true,
      open_orders: 0,
    });
    const list = (await call(admin, 'GET', '/shipment_methods/list?group=Test%20group')).json<
      Page<AdminShipmentMethod>
    >();
    expect(list.items.map((x) => x.code)).toEqual(['ADM-EXPRESS']);
    expect(list.total).toBe(1);
    const groups = (await call(admin, 'GET', '/shipment_methods/groups')).json<ShipmentMethodGroup[]>();
    expect(groups.find((g) => g.group === 'Test group')).toEqual({
      group: 'Test group',
      methods: 1,
      active: 1,
    });
    // The packing station's and order forms' list keeps working and offers it.
    const plain = await call(picker, 'GET', '/shipment_methods');
    expect(plain.statusCode).toBe(200);
    expect(plain.json<{ code: string }[]>().some((x) => x.code === 'ADM-EXPRESS')).toBe(true);
  });

  it('refuses a code in use in any case, a missing code and a negative or three-decimal price', async () => {
    await call(admin, 'POST', '/shipment_methods/add', method('ADM-DUP'));
    const dup = await call(admin, 'POST', '/shipment_methods/add', method('adm-dup'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'code_taken' });
    const noCode = await call(admin, 'POST', '/shipment_methods/add', { ...method('X'), code: '' });
    expect(noCode.statusCode).toBe(400);
    const negative = await call(admin, 'POST', '/shipment_methods/add', method('ADM-NEG', { price: -1 }));
    expect(negative.statusCode).toBe(400);
    const decimals = await call(admin, 'POST', '/shipment_methods/add', method('ADM-DEC', { price: 1.005 }));
    expect(decimals.statusCode).toBe(400);
    const noPeak = await call(admin, 'POST', '/shipment_methods/add', {
      ...method('ADM-NOPEAK'),
      peak_surcharge: undefined,
    });
    expect(noPeak.statusCode).toBe(400);
  });

  it('edits a method, refuses another method’s code, and 404s an unknown id', async () => {
    const m = (
      await call(admin, 'POST', '/shipment_methods/add', method('ADM-EDIT'))
    ).json<AdminShipmentMethod>();
    const res = await call(
      admin,
      'PUT',
      `/shipment_methods/${m.id}`,
      method('ADM-EDIT', { price: 7.5, cut_off: null, group: 'Other', active: false }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ price_cents: 750, cut_off: null, group: 'Other', active: false });
    const inactiveHidden = (
      await call(admin, 'GET', '/shipment_methods/list?search=adm-edit&inactive=false')
    ).json<Page<AdminShipmentMethod>>();
    expect(inactiveHidden.total).toBe(0);
    const taken = await call(admin, 'PUT', `/shipment_methods/${m.id}`, method('LOCAL-NL'));
    expect(taken.statusCode).toBe(409);
    const unknown = await call(
      admin,
      'PUT',
      '/shipment_methods/0123456789abcdef01234567',
      method('ADM-NONE'),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('is the provider administrator’s: warehouse staff and merchants are refused the admin calls', async () => {
    for (const cookie of [picker, owner]) {
      expect((await call(cookie, 'GET', '/shipment_methods/list')).statusCode).toBe(403);
      expect((await call(cookie, 'GET', '/shipment_methods/groups')).statusCode).toBe(403);
      expect((await call(cookie, 'POST', '/shipment_methods/add', method('ADM-NO'))).statusCode).toBe(403);
      expect((await call(cookie, 'GET', '/shipment_boxes/list')).statusCode).toBe(403);
      expect((await call(cookie, 'GET', '/surcharges/list')).statusCode).toBe(403);
    }
  });
});

describe('shipment boxes', () => {
  const box = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    max_size: { L: 310, W: 220, H: 120 },
    fulfillment_cost: 0.95,
    package_cost: 0.4,
    purchase_cost: 0.28,
    package_code: 'PK-1',
    ...extra,
  });

  it('adds a box with its size and costs; the order card’s list shows it; fulfilment cost is price_cents', async () => {
    const res = await call(admin, 'POST', '/shipment_boxes/add', box('Doos Test'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<AdminShipmentBox>()).toMatchObject({
      name: 'Doos Test',
      label: 'Doos Test',
      max_size: { L: 310, W: 220, H: 120 },
      fulfillment_cost_cents: 95,
      package_cost_cents: 40,
      purchase_cost_cents: 28,
      package_code: 'PK-1',
    });
    const row = await t.db.query<{ price_cents: number }>(
      `SELECT price_cents FROM shipment_boxes WHERE name = 'Doos Test'`,
    );
    expect(row.rows[0]?.price_cents).toBe(95);
    const list = (await call(admin, 'GET', '/shipment_boxes/list?search=doos%20test')).json<
      Page<AdminShipmentBox>
    >();
    expect(list.items.map((b) => b.name)).toEqual(['Doos Test']);
    const plain = (await call(picker, 'GET', '/shipment_boxes')).json<{ name: string }[]>();
    expect(plain.some((b) => b.name === 'Doos Test')).toBe(true);
  });

  it('needs name, size and fulfilment cost; refuses a name in use; edits', async () => {
    expect(
      (await call(admin, 'POST', '/shipment_boxes/add', { ...box('X'), max_size: undefined })).statusCode,
    ).toBe(400);
    expect(
      (await call(admin, 'POST', '/shipment_boxes/add', { ...box('X'), fulfillment_cost: undefined }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(admin, 'POST', '/shipment_boxes/add', { ...box('X'), max_size: { L: 0, W: 1, H: 1 } }))
        .statusCode,
    ).toBe(400);
    const b = (await call(admin, 'POST', '/shipment_boxes/add', box('Doos Edit'))).json<AdminShipmentBox>();
    const dup = await call(admin, 'POST', '/shipment_boxes/add', box('doos edit'));
    expect(dup.statusCode).toBe(409);
    const res = await call(
      admin,
      'PUT',
      `/shipment_boxes/${b.id}`,
      box('Doos Edit 2', { max_size: { L: 400, W: 300, H: 200 }, fulfillment_cost: 1.2 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Doos Edit 2',
      max_size: { L: 400, W: 300, H: 200 },
      fulfillment_cost_cents: 120,
    });
  });
});

describe('surcharges', () => {
  it('adds one of each type, edits name, code, price and note in place, and keeps POST /surcharges/select working', async () => {
    const types = ['store', 'order', 'order-line', 'line-amount'] as const;
    const made: AdminSurcharge[] = [];
    for (const type of types) {
      const res = await call(admin, 'POST', '/surcharge/add', {
        name: `Toeslag ${type}`,
        code: `T-${type}`,
        price: 1.1,
        note: 'n',
        type,
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json<AdminSurcharge>());
    }
    expect(made.map((s) => [s.type, s.order])).toEqual([
      ['store', true],
      ['order', true],
      ['order-line', false],
      ['line-amount', false],
    ]);
    const line = made[2] as AdminSurcharge;
    for (const [patch, expected] of [
      [{ name: 'Breekbaar' }, { name: 'Breekbaar' }],
      [{ code: 'BREEK' }, { code: 'BREEK' }],
      [{ price: 2.35 }, { price_cents: 235 }],
      [{ note: '' }, { note: null }],
    ] as const) {
      const res = await call(admin, 'PUT', `/surcharges/${line.id}`, patch);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ...expected, type: 'order-line' });
    }
    expect((await call(admin, 'PUT', `/surcharges/${line.id}`, {})).statusCode).toBe(400);
    const taken = await call(admin, 'PUT', `/surcharges/${line.id}`, { code: 't-store' });
    expect(taken.statusCode).toBe(409);
    expect(
      (await call(admin, 'POST', '/surcharge/add', { name: 'X', code: 'x', type: 'weekly' })).statusCode,
    ).toBe(400);

    const product = await t.db.query<{ id: string }>(
      `SELECT p.id FROM products p JOIN organisations o ON o.id = p.org_id WHERE o.name = 'Bakkerij Bol' LIMIT 1`,
    );
    const sel = await call(owner, 'POST', '/surcharges/select', {
      product_id: product.rows[0]?.id,
      surcharge_ids: [line.id],
    });
    expect(sel.statusCode, sel.body).toBe(200);
    const list = (await call(admin, 'GET', '/surcharges/list?search=breek')).json<Page<AdminSurcharge>>();
    expect(list.items).toEqual([expect.objectContaining({ id: line.id, products: 1, price: 2.35 })]);
    expect(list.total).toBe(1);
  });
});

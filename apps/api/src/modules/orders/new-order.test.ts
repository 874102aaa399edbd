import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { minDeliveryDate, NEW_ORDER_MESSAGES, type Order, type OrderAttachmentPage } from '@hoppa/core';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct, orgId, testWindow } from '../pick/test/fulfilment.fixtures.ts';
import { addProductImage } from './index.ts';

let t: TestApp;
let picker: string;
let bolOwner: string;
let bolUser: string;
let stroopOwner: string;
let admin: string;
let bol: string;
let stroop: string;

async function setCurrent(cookie: string, org: string) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/orgs/set_curr',
    headers: { cookie },
    payload: { customer_id: org },
  });
  expect(r.statusCode, r.body).toBeLessThan(300);
}

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 4 } });
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  bolOwner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  bolUser = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
  stroopOwner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  stroop = await orgId(t.db, 'Stroopwafel & Co');
  await setCurrent(bolOwner, bol);
  await setCurrent(stroopOwner, stroop);
});
afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: unknown, cookie = bolOwner, key?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as Record<string, unknown>,
  });
}

function get(url: string, cookie = bolOwner) {
  return t.app.inject({ method: 'GET', url, headers: { cookie } });
}

const ADDRESS = {
  name: 'Sanne',
  surename: 'de Boer',
  streetname: 'Keizersgracht',
  housenumber: '125',
  houseNumberExtension: 'A',
  postalcode: '1015cj',
  city: 'Amsterdam',
  countryCode: 'NL',
  email: 'sanne@example.nl',
  phone: '+31 6 1234-5678',
};

/** A product of Bakkerij Bol with stock on a bin of its own. */
async function stockedProduct(name: string) {
  const tag = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const bin = await addLocation(t.db, { name: `NO-${tag}`, sequence: 3 });
  const product = await addProduct(t.db, bol, { name, stock: [{ locationId: bin, stock: 20 }] });
  return { ...product, bin };
}

function orderBody(productId: string, extra: Record<string, unknown> = {}) {
  return {
    products: [{ product_id: productId, quantity: 2 }],
    shipment_details: ADDRESS,
    ship_option: 'OWN-SHIPMENT',
    type: 'webshop_order',
    order_type: 'manual_order',
    ...extra,
  };
}

/** A small real PDF made with pdf-lib. */
async function pdf(text = 'Pak dit in cadeaupapier'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText(text, { x: 10, y: 100, size: 10 });
  return Buffer.from(await doc.save());
}

/** A multipart body (files[] and instructions) for inject, built by the platform's FormData. */
async function multipart(files: { name: string; bytes: Buffer; type?: string }[], instructions?: string) {
  const form = new FormData();
  if (instructions !== undefined) form.append('instructions', instructions);
  for (const f of files)
    form.append(
      'files[]',
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/pdf' }),
      f.name,
    );
  const req = new Request('http://x/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') as string },
  };
}

async function upload(
  orderId: string,
  files: { name: string; bytes: Buffer; type?: string }[],
  instructions?: string,
  cookie = bolOwner,
) {
  const body = await multipart(files, instructions);
  return t.app.inject({
    method: 'POST',
    url: `/api/order_attachments/${orderId}`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}

describe('POST /orders (spec 1 §2 New order wizard, §5, §7)', () => {
  it('creates a manual order that is open, on the open list and on the pick list like an imported one', async () => {
    const p = await stockedProduct('Ontbijtkoek');
    const before = new Date(Date.now() - 60_000).toISOString();
    const res = await post('/api/orders', orderBody(p.id, { remark: 'Vervangende zending' }));
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as { order_id: string; orderId: string };
    expect(made.orderId).toMatch(/^M-\d{6}-[A-Z0-9]{5}$/);

    const order = (await get(`/api/order/get/${made.order_id}`)).json() as Order;
    expect(order).toMatchObject({
      orderId: made.orderId,
      status: 'open',
      platform: 'portal',
      order_type: 'manual_order',
      reason: 'webshop_order',
      selected_ship_option: 'OWN-SHIPMENT',
    });
    expect(order.shipmentDetails).toMatchObject({
      firstName: 'Sanne',
      surname: 'de Boer',
      zipCode: '1015 CJ',
      houseNumber: '125',
      houseNumberExtension: 'A',
    });
    expect(order.products).toHaveLength(1);
    expect(order.products[0]).toMatchObject({
      product_id: p.id,
      ean: p.ean,
      title: 'Ontbijtkoek',
      quantity: 2,
    });
    expect(order.products[0]?.pick_location?.id).toBe(p.bin);

    const after = new Date(Date.now() + 60_000).toISOString();
    const open = await get(`/api/orders/open/${before}/${after}/all?limit=1000`, picker);
    expect(open.statusCode, open.body).toBe(200);
    const ids = (open.json() as { groups: { orders: { id: string }[] }[] }).groups.flatMap((g) =>
      g.orders.map((o) => o.id),
    );
    expect(ids).toContain(made.order_id);

    const pick = await get(`/api/pick_list/pick/all/all/${before}/${after}/all?limit=1000`, picker);
    expect(pick.statusCode, pick.body).toBe(200);
    const item = (
      pick.json() as { items: { product__id: string; loc_id: string | null; qty: number }[] }
    ).items.find((i) => i.product__id === p.id);
    expect(item).toMatchObject({ loc_id: p.bin, qty: 2 });
  });

  it('refuses in the order of spec 1 §5, each time with the spec message', async () => {
    const p = await stockedProduct('Krentenbollen');
    const steps: [Record<string, unknown>, keyof typeof NEW_ORDER_MESSAGES][] = [
      [{ products: [] }, 'products'],
      [{ shipment_details: { ...ADDRESS, name: ' ' } }, 'firstName'],
      [{ shipment_details: { ...ADDRESS, surename: '' } }, 'surname'],
      [{ shipment_details: { ...ADDRESS, countryCode: '' } }, 'country'],
      [{ shipment_details: { ...ADDRESS, countryCode: 'US' } }, 'country'],
      [{ shipment_details: { ...ADDRESS, postalcode: '' } }, 'postalCode'],
      [{ shipment_details: { ...ADDRESS, postalcode: '1015' } }, 'postalCodeFormat'],
      [{ shipment_details: { ...ADDRESS, housenumber: '' } }, 'houseNumber'],
      [{ shipment_details: { ...ADDRESS, housenumber: '0' } }, 'houseNumberFormat'],
      [{ shipment_details: { ...ADDRESS, streetname: '' } }, 'street'],
      [{ shipment_details: { ...ADDRESS, city: '' } }, 'city'],
      [{ shipment_details: { ...ADDRESS, email: '' } }, 'email'],
      [{ shipment_details: { ...ADDRESS, email: 'sanne@' } }, 'emailFormat'],
      [{ ship_option: undefined }, 'shipmentMethod'],
      // A Belgian method for a Dutch address and a stamp without... price 0 are not among the choices.
      [{ ship_option: 'SMF-POSTNL-BE' }, 'shipmentMethod'],
      [{ type: undefined }, 'reason'],
      [{ attachments: { available: false, instructions: 'Graag met factuur' } }, 'attachmentFiles'],
      [{ attachments: { available: true, instructions: '' } }, 'attachmentText'],
    ];
    for (const [change, check] of steps) {
      const res = await post('/api/orders', orderBody(p.id, change));
      expect(res.statusCode, `${check}: ${res.body}`).toBe(400);
      expect(res.json().message, check).toBe(NEW_ORDER_MESSAGES[check].en);
    }
    // Several failures at once: the first in the spec's order wins.
    const both = await post(
      '/api/orders',
      orderBody(p.id, { shipment_details: { ...ADDRESS, surename: '', city: '' } }),
    );
    expect(both.json().message).toBe('Add surname');
    // A Belgian address may take the Belgian method.
    const be = await post(
      '/api/orders',
      orderBody(p.id, {
        shipment_details: { ...ADDRESS, countryCode: 'BE', postalcode: '1000' },
        ship_option: 'SMF-POSTNL-BE',
      }),
    );
    expect(be.statusCode, be.body).toBe(201);
  });

  it('makes B2B-like orders with box/pallet data and refuses a count below 1 or a date sooner than 3 days', async () => {
    const p = await stockedProduct('Stroopwafeldoos');
    const date = minDeliveryDate();
    const b2b = { order_type: 'b2b_order', deliveryBoxes: 2, deliveryUnit: 'pallet', deliveryDateTime: date };
    const noCount = await post('/api/orders', orderBody(p.id, { ...b2b, deliveryBoxes: 0 }));
    expect(noCount.json().message).toBe(NEW_ORDER_MESSAGES.deliveryCount.en);
    const soon = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const tooSoon = await post('/api/orders', orderBody(p.id, { ...b2b, deliveryDateTime: soon }));
    expect(tooSoon.json().message).toBe(NEW_ORDER_MESSAGES.deliveryDate.en);
    const ok = await post('/api/orders', orderBody(p.id, { ...b2b, shipmentType: 'pickup' }));
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json().order_id as string;
    const row = await t.db.query<Record<string, unknown>>(
      'SELECT order_type, shipment_type, delivery_unit, delivery_boxes, delivery_at FROM orders WHERE id = $1',
      [id],
    );
    expect(row.rows[0]).toMatchObject({
      order_type: 'b2b_order',
      shipment_type: 'pickup',
      delivery_unit: 'pallet',
      delivery_boxes: 2,
    });
    expect(ok.json().orderId).toMatch(/^B2B-/);
    // bol LVB and Amazon FBA take the same flow; drop-off and box are the defaults.
    const lvb = await post(
      '/api/orders',
      orderBody(p.id, { order_type: 'bol_lvb_order', deliveryBoxes: 3, deliveryDateTime: date }),
    );
    expect(lvb.statusCode, lvb.body).toBe(201);
    const lvbRow = await t.db.query<Record<string, unknown>>(
      'SELECT shipment_type, delivery_unit FROM orders WHERE id = $1',
      [lvb.json().order_id],
    );
    expect(lvbRow.rows[0]).toEqual({ shipment_type: 'drop_off', delivery_unit: 'box' });
  });

  it("refuses another organisation's product, and roles without the grant", async () => {
    const foreign = await addProduct(t.db, stroop, { name: 'Stroopwafels' });
    const res = await post('/api/orders', orderBody(foreign.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid product items');
    const p = await stockedProduct('Beschuit');
    expect((await post('/api/orders', orderBody(p.id), bolUser)).statusCode).toBe(403);
    expect((await post('/api/orders', orderBody(p.id), picker)).statusCode).toBe(403);
  });

  it('creates one order for a repeated click with the same Idempotency-Key', async () => {
    const p = await stockedProduct('Speculaas');
    const key = `wizard-${Date.now()}`;
    const first = await post('/api/orders', orderBody(p.id), bolOwner, key);
    const again = await post('/api/orders', orderBody(p.id), bolOwner, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json().order_id).toBe(first.json().order_id);
    const n = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM order_lines WHERE product_id = $1',
      [p.id],
    );
    expect(n.rows[0]?.n).toBe(1);
  });
});

describe('order attachments (spec 1 §5 Attachments, §7 POST/GET /order_attachments)', () => {
  async function newOrder(instructions?: string) {
    const p = await stockedProduct('Taart');
    const res = await post(
      '/api/orders',
      orderBody(p.id, instructions ? { attachments: { available: true, instructions } } : {}),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order_id as string;
  }

  it('stores PDFs with their instruction, lists them and serves them back to the organisation and the provider', async () => {
    const id = await newOrder('Pakbon van de klant meesturen');
    const doc = await pdf();
    const res = await upload(id, [
      { name: 'pakbon.pdf', bytes: doc },
      { name: 'factuur.pdf', bytes: await pdf('Factuur') },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json().attachments as { id: string; filename: string; instruction: string }[];
    expect(stored.map((a) => a.filename)).toEqual(['pakbon.pdf', 'factuur.pdf']);
    expect(stored[0]?.instruction).toBe('Pakbon van de klant meesturen');
    expect(existsSync(join(t.dataDir, 'uploads', 'orders', id, `${stored[0]?.id}.pdf`))).toBe(true);

    const list = await get(`/api/order_attachments/${id}`);
    expect(list.statusCode).toBe(200);
    expect((list.json() as OrderAttachmentPage).total).toBe(2);

    for (const cookie of [bolOwner, bolUser, picker, admin]) {
      const file = await get(`/api/order_attachments/${id}/${stored[0]?.id}`, cookie);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(Buffer.compare(file.rawPayload, doc)).toBe(0);
    }
    expect((await get(`/api/order_attachments/${id}`, stroopOwner)).statusCode).toBe(404);
    expect((await get(`/api/order_attachments/${id}/${stored[0]?.id}`, stroopOwner)).statusCode).toBe(404);
    expect((await upload(id, [{ name: 'x.pdf', bytes: doc }], 'x', stroopOwner)).statusCode).toBe(404);
    expect((await upload(id, [{ name: 'x.pdf', bytes: doc }], 'x', bolUser)).statusCode).toBe(403);
  });

  it('is all or nothing: one bad file stores none, text and files must come together', async () => {
    const id = await newOrder();
    const doc = await pdf();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notPdf = await upload(
      id,
      [
        { name: 'ok.pdf', bytes: doc },
        { name: 'photo.pdf', bytes: png },
      ],
      'Instructies',
    );
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe('Only PDF files are allowed.');
    const big = Buffer.concat([doc, Buffer.alloc(5_242_880)]);
    const tooBig = await upload(
      id,
      [
        { name: 'ok.pdf', bytes: doc },
        { name: 'groot.pdf', bytes: big },
      ],
      'Instructies',
    );
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('File "groot.pdf" exceeds the maximum size of 5MB.');
    const noText = await upload(id, [{ name: 'ok.pdf', bytes: doc }]);
    expect(noText.json().message).toBe('Add a note for your attachment');
    const noFiles = await upload(id, [], 'Instructies');
    expect(noFiles.json().message).toBe('Add an attachment if you have instructions');
    expect(((await get(`/api/order_attachments/${id}`)).json() as OrderAttachmentPage).total).toBe(0);
    const dir = join(t.dataDir, 'uploads', 'orders', id);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);

    const json = await post(`/api/order_attachments/${id}`, { files: ['x'] });
    expect(json.statusCode).toBe(400);
  });
});

describe('POST /order/restore (spec 1 §7)', () => {
  it('reopens a cancelled order onto the open list and the pick list; refuses a shipped one', async () => {
    const p = await stockedProduct('Appeltaart');
    const w = testWindow();
    const { id: cancelled } = await addOrder(t.db, bol, {
      orderId: `RC-${w.start.getTime()}`,
      placedAt: w.at(10),
      status: 'cancelled',
      lines: [{ productId: p.id, quantity: 1 }],
    });
    await t.db.query('UPDATE order_lines SET cancellation_request = true WHERE order_id = $1', [cancelled]);
    const res = await post('/api/order/restore', { _id: cancelled });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json() as Order;
    expect(order.status).toBe('open');
    expect(order.products[0]).toMatchObject({ cancellationRequest: false });
    expect(order.products[0]?.pick_location?.id).toBe(p.bin);
    const pick = await get(
      `/api/pick_list/pick/all/all/${w.start.toISOString()}/${w.end.toISOString()}/all`,
      picker,
    );
    expect((pick.json() as { items: { product__id: string }[] }).items.map((i) => i.product__id)).toContain(
      p.id,
    );

    const { id: shipped } = await addOrder(t.db, bol, {
      orderId: `RS-${w.start.getTime()}`,
      placedAt: w.at(11),
      status: 'shipped',
      lines: [{ productId: p.id, quantity: 1, picked: 1 }],
    });
    const refused = await post('/api/order/restore', { _id: shipped });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('order_shipped');
    expect((await post('/api/order/restore', { _id: cancelled }, stroopOwner)).statusCode).toBe(404);
  });
});

describe('GET /product/get_image/{id} (spec 1 §7)', () => {
  it('answers 404 without an image, the stored image once there is one, and 404 to another organisation', async () => {
    const p = await stockedProduct('Boterkoek');
    const none = await get(`/api/product/get_image/${p.id}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This product has no image');
    // A 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await addProductImage({ db: t.db, orgIds: [bol] }, t.dataDir, p.id, png);
    const img = await get(`/api/product/get_image/${p.id}`, picker);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(img.rawPayload, png)).toBe(0);
    expect((await get(`/api/product/get_image/${p.id}`, stroopOwner)).statusCode).toBe(404);
  });
});

describe('countries and address check (spec 2 §7)', () => {
  it('lists the European countries with Dutch and English names', async () => {
    const res = await get('/api/countries/europe', picker);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { code: string; name_nl: string; name_en: string }[];
    expect(list.find((c) => c.code === 'NL')).toEqual({
      code: 'NL',
      name_nl: 'Nederland',
      name_en: 'Netherlands',
    });
    expect(list.find((c) => c.code === 'DE')?.name_nl).toBe('Duitsland');
    expect(list.find((c) => c.code === 'US')).toBeUndefined();
    expect(list.length).toBeGreaterThan(40);
  });

  it('checks the postcode format per country and the Dutch postcode + house number shape', async () => {
    const check = async (q: string) => (await get(`/api/o/validate_address?${q}`, bolUser)).json();
    expect(await check('country=NL&postalCode=1015cj&houseNumber=125')).toMatchObject({
      valid: true,
      source: 'format',
      postalCode: '1015 CJ',
      street: null,
    });
    expect(await check('country=NL&postalCode=1015&houseNumber=125')).toMatchObject({
      valid: false,
      problem: { code: 'postcode', example: '1234 AB' },
    });
    expect(await check('country=NL&postalCode=1015CJ&houseNumber=abc')).toMatchObject({
      valid: false,
      problem: { code: 'house_number' },
    });
    expect(await check('country=NL&postalCode=1015CJ&houseNumber=12a')).toMatchObject({ valid: true });
    expect(await check('country=DE&postalCode=10115&houseNumber=1')).toMatchObject({ valid: true });
    expect(await check('country=BE&postalCode=1000%20AB&houseNumber=1')).toMatchObject({
      valid: false,
      problem: { code: 'postcode', example: '1000' },
    });
    expect(await check('country=US&postalCode=10001&houseNumber=1')).toMatchObject({
      valid: false,
      problem: { code: 'country' },
    });
    const body = await post(
      '/api/checkaddress/',
      { country: 'gb', postalCode: 'sw1a 1aa', houseNumber: '10' },
      picker,
    );
    expect(body.statusCode, body.body).toBe(200);
    expect(body.json()).toMatchObject({ valid: true, country: 'GB', postalCode: 'SW1A 1AA' });
    const anon = await t.app.inject({ method: 'GET', url: '/api/countries/europe' });
    expect(anon.statusCode).toBe(401);
  });
});

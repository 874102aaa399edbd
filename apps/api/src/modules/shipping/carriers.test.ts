import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { carrierByCode } from '../../lib/carriers/index.ts';
import { isLocalTrackingNumber } from '../../lib/carriers/local.carrier.ts';
import { readPdf, readPdfTitle } from '../../lib/pdf/pdf.test-helpers.ts';
import { type PostnlFake, startPostnlFake } from '../../test/fakes/postnl-fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct, orgId, testWindow } from '../pick/test/fulfilment.fixtures.ts';

// Issue 14 postal carriers (spec 1 §4 Shipping a card, §7 /orders/ship/postnl, /orders/ship/smf; ADR 0044): through
// buildApp on PGlite, PostNL answered by the fake from ../shared/contracts.

let t: TestApp;
let fake: PostnlFake;
let picker: string;
let bol: string;
let stroop: string;

beforeAll(async () => {
  fake = await startPostnlFake();
  t = await createTestApp({
    seed: { products: 4 },
    config: { postnlApiUrl: fake.url, carrierRetry: { backoffMs: 20, maxRetryAfterMs: 2000 } },
  });
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  stroop = await orgId(t.db, 'Stroopwafel & Co');
  // Bakkerij Bol has an active PostNL connection (made as its owner does, through POST /store-api); Stroopwafel none.
  const owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  const headers = { cookie: owner, 'x-hoppa-app': 'portal' };
  const curr = await t.app.inject({
    method: 'POST',
    url: '/api/orgs/set_curr',
    headers,
    payload: { customer_id: bol },
  });
  expect(curr.statusCode, curr.body).toBeLessThan(300);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/store-api',
    headers,
    payload: {
      api_name: 'PostNL',
      platform: 'postnl',
      api_key: 'Bakkerij Bol',
      secret: fake.apiKey,
      settings: { customer_code: 'DEVC', customer_number: '11223344', collection_location: '123456' },
    },
  });
  expect(made.statusCode, made.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  expect(fake.invalid).toEqual([]);
});

function post(url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api${url}`, headers: { cookie: picker }, payload });
}

async function openOrder(org = bol, address?: Record<string, unknown>) {
  const w = testWindow();
  const bin = await addLocation(t.db, { name: `C-${w.start.getTime() / 86_400_000}`, sequence: 3 });
  const p = await addProduct(t.db, org, {
    name: 'Kruidnoten',
    stock: [{ locationId: bin, stock: 9 }],
    weightKg: 0.4,
  });
  const shopOrderId = `PNL-${w.start.getTime()}`;
  const order = await addOrder(t.db, org, {
    orderId: shopOrderId,
    placedAt: w.at(5),
    address,
    lines: [{ productId: p.id, quantity: 2, locationId: bin }],
  });
  return { id: order.id, shopOrderId };
}

async function orderState(id: string) {
  const o = await t.db.query<{ status: string; track_trace: string | null; ship_claimed_until: Date | null }>(
    'SELECT status, track_trace, ship_claimed_until FROM orders WHERE id = $1',
    [id],
  );
  const s = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shipments WHERE order_id = $1', [
    id,
  ]);
  return { ...o.rows[0], shipments: Number(s.rows[0]?.n) };
}

describe('POST /orders/ship/postnl', () => {
  it('ships through the organisation’s PostNL connection: PostNL’s label with its barcode, order shipped', async () => {
    const o = await openOrder();
    const res = await post('/orders/ship/postnl', { order_id: o.id, method_code: 'SMF-POSTNL-NL' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const tracking = res.headers['x-tracking-number'] as string;
    expect(tracking).toBe(fake.barcodes.at(-1));
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(`*${tracking}*`);
    // Our sheet around PostNL's label is titled in the requester's language: Dutch without a choice.
    expect(await readPdfTitle(res.rawPayload)).toBe('Verzendlabels');

    expect(await orderState(o.id)).toMatchObject({
      status: 'shipped',
      track_trace: tracking,
      ship_claimed_until: null,
      shipments: 1,
    });
    const shipment = await t.db.query<{ carrier: string; method_code: string }>(
      'SELECT carrier, method_code FROM shipments WHERE id = $1',
      [res.headers['x-shipment-id']],
    );
    expect(shipment.rows[0]).toEqual({ carrier: 'postnl', method_code: 'SMF-POSTNL-NL' });

    // The detail links to PostNL's track-and-trace page, and the stored shipment can be tracked at PostNL.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/shipments/${res.headers['x-shipment-id']}`,
      headers: { cookie: picker },
    });
    expect(detail.json().tracking_url).toBe(`https://jouw.postnl.nl/track-and-trace/${tracking}-NL-1015CJ`);
    const events = await carrierByCode('postnl').track({ db: t.db, now: new Date() }, tracking);
    expect(events.map((e) => e.code)).toContain('J05');
    expect(fake.requests.at(-1)?.path).toBe(`/shipment/v2/status/barcode/${tracking}`);
  });

  it('labels with the local carrier for an organisation without a PostNL connection', async () => {
    const o = await openOrder(stroop);
    const calls = fake.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/ship/postnl',
      // A packer whose browser prefers English: the label's own title is English.
      headers: { cookie: picker, 'accept-language': 'en-GB,en;q=0.9,nl;q=0.8' },
      payload: { order_id: o.id, method_code: 'SMF-POSTNL-NL', label_quantity: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const tracking = res.headers['x-tracking-number'] as string;
    expect(isLocalTrackingNumber(tracking)).toBe(true);
    expect((await readPdf(res.rawPayload)).pages).toBe(2);
    expect(await readPdfTitle(res.rawPayload)).toBe(`Shipping label ${tracking}`);
    expect(fake.requests.length).toBe(calls);
  });

  it('puts the labels on A4 frames from the asked print frame', async () => {
    const o = await openOrder();
    const res = await post('/orders/ship/postnl', {
      order_id: o.id,
      method_code: 'SMF-POSTNL-NL',
      label_quantity: 2,
      print_frame: 4,
    });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    // Frame 4 is the last of the first sheet: the second label goes on a new sheet.
    expect(pdf.pages).toBe(2);
    expect(pdf.pageTexts[1]).toContain(fake.barcodes.at(-1));
  });

  it('keeps the order open when PostNL answers something unreadable, and names PostNL and why', async () => {
    const o = await openOrder();
    fake.inject('malformed', { path: /label/ });
    const res = await post('/orders/ship/postnl', { order_id: o.id, method_code: 'SMF-POSTNL-NL' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'outside_service' });
    expect(res.json().message).toMatch(/^PostNL answered something unreadable .*Order PNL-\d+ is still open/);
    expect(await orderState(o.id)).toEqual({
      status: 'open',
      track_trace: null,
      ship_claimed_until: null,
      shipments: 0,
    });
    // The claim was released: the next try ships.
    const again = await post('/orders/ship/postnl', { order_id: o.id, method_code: 'SMF-POSTNL-NL' });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('keeps the order open when PostNL refuses the API key or the label', async () => {
    const o = await openOrder();
    fake.inject('unauthorized');
    const key = await post('/orders/ship/postnl', { order_id: o.id, method_code: 'SMF-POSTNL-NL' });
    expect([key.statusCode, key.json().message]).toEqual([
      502,
      expect.stringContaining('PostNL refused the API key (Invalid ApiKey); check the PostNL API connection'),
    ]);
    fake.inject('labelling/error', { path: /label/ });
    const label = await post('/orders/ship/postnl', { order_id: o.id, method_code: 'SMF-POSTNL-NL' });
    expect(label.json().message).toContain('PostNL refused the label: No label available, Direct Infeed');
    expect(await orderState(o.id)).toMatchObject({ status: 'open', shipments: 0 });
  });

  it('refuses a method of another carrier and 6440/6942/6945 abroad (400)', async () => {
    const o = await openOrder();
    const local = await post('/orders/ship/postnl', { order_id: o.id, method_code: 'LOCAL-NL' });
    expect([local.statusCode, local.json().message]).toEqual([
      400,
      'Shipment method LOCAL-NL is not a postnl method',
    ]);
    await t.db.query(
      `INSERT INTO shipment_methods (id, code, name, carrier, price_cents, country_code, product_code, active)
       VALUES ('aaaaaaaaaaaaaaaaaaaaaa01', 'PNL-6942', 'PostNL brievenbuspakje plus', 'postnl', 500, NULL, '6942', true)`,
    );
    const be = await openOrder(bol, {
      firstName: 'Lotte',
      surname: 'Peeters',
      streetName: 'Meir',
      houseNumber: '10',
      zipCode: '2000',
      city: 'Antwerpen',
      countryCode: 'BE',
    });
    const foreign = await post('/orders/ship/postnl', { order_id: be.id, method_code: 'PNL-6942' });
    expect([foreign.statusCode, foreign.json().message]).toEqual([
      400,
      'Shipment method PNL-6942 (product 6942) ships only within the Netherlands',
    ]);
    expect(await orderState(be.id)).toMatchObject({ status: 'open', shipments: 0 });
  });

  it('answers 409 while another station is shipping the order', async () => {
    const o = await openOrder();
    await t.db.query("UPDATE orders SET ship_claimed_until = now() + interval '1 minute' WHERE id = $1", [
      o.id,
    ]);
    const res = await post('/orders/ship/postnl', { order_id: o.id, method_code: 'SMF-POSTNL-NL' });
    expect([res.statusCode, res.json().code]).toEqual([409, 'conflict']);
    await t.db.query("UPDATE orders SET ship_claimed_until = now() - interval '1 minute' WHERE id = $1", [
      o.id,
    ]);
    expect(
      (await post('/orders/ship/postnl', { order_id: o.id, method_code: 'SMF-POSTNL-NL' })).statusCode,
    ).toBe(200);
  });
});

describe('two packing stations at once', () => {
  it('ship the same order: one PostNL label, the other station gets 409', async () => {
    const o = await openOrder();
    const labels = () => fake.requests.filter((r) => r.path === '/shipment/v2_2/label').length;
    const before = labels();
    const answers = await Promise.all([
      post('/orders/ship/postnl', { order_id: o.id, method_code: 'SMF-POSTNL-NL' }),
      post('/orders/ship/postnl', { order_id: o.id, method_code: 'SMF-POSTNL-NL' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(['conflict', 'order_shipped']).toContain(refused?.json().code);
    expect(labels() - before).toBe(1);
    expect(await orderState(o.id)).toMatchObject({ status: 'shipped', shipments: 1 });
  });
});

describe('POST /orders/ship/smf', () => {
  it('prints the stamp label with the amount of the code, no carrier call', async () => {
    for (const [code, amount] of [
      ['SMF-STAMP1-NL', 1],
      ['SMF-STAMP2-NL', 2],
      ['SMF-STAMP2-INTL', 2],
    ] as const) {
      const o = await openOrder();
      const res = await post('/orders/ship/smf', { order_id: o.id, method_code: code, amount });
      expect(res.statusCode, res.body).toBe(200);
      const tracking = res.headers['x-tracking-number'] as string;
      expect(tracking).toMatch(/^ST\d{11}NL$/);
      const pdf = await readPdf(res.rawPayload);
      expect(pdf.pages).toBe(1);
      // The amount and the word are two lines (Noto Sans' taller 26 pt line reads back without a space between).
      expect(pdf.text).toMatch(
        new RegExp(`${amount} ×\\s*${amount === 1 ? 'POSTZEGEL / STAMP' : 'POSTZEGELS / STAMPS'}`),
      );
      expect(pdf.text).toContain('Sanne de Boer');
      expect(pdf.text).toContain('1015 CJ AMSTERDAM');
      expect(pdf.text).toContain(`Order ${o.shopOrderId}`);
      expect(pdf.text).toContain(`Ref. ${tracking}`);
      expect(await orderState(o.id)).toMatchObject({
        status: 'shipped',
        track_trace: tracking,
        shipments: 1,
      });
      const s = await t.db.query<{ carrier: string }>(
        'SELECT carrier FROM shipments WHERE tracking_number = $1',
        [tracking],
      );
      expect(s.rows[0]?.carrier).toBe('stamp');
    }
  });

  it('refuses a code that is no stamp product, or an amount the code does not have (400)', async () => {
    const o = await openOrder();
    const postnl = await post('/orders/ship/smf', { order_id: o.id, method_code: 'SMF-POSTNL-NL' });
    expect([postnl.statusCode, postnl.json().code]).toEqual([400, 'validation']);
    expect(postnl.body).toContain('must contain STAMP');
    const wrong = await post('/orders/ship/smf', { order_id: o.id, method_code: 'SMF-STAMP1-NL', amount: 2 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('SMF-STAMP1-NL is 1 stamp, not 2');
    expect(await orderState(o.id)).toMatchObject({ status: 'open', shipments: 0 });
  });
});

describe('own shipment (OWN-SHIPMENT, Eigen verzendwijze)', () => {
  it('marks the order shipped with only the packing slip: no label, no carrier', async () => {
    const o = await openOrder();
    const res = await post('/orders/ship', { order_id: o.id, method_code: 'OWN-SHIPMENT' });
    expect(res.statusCode, res.body).toBe(200);
    const tracking = res.headers['x-tracking-number'] as string;
    expect(tracking).toMatch(/^EV\d{11}NL$/);
    const slip = await readPdf(res.rawPayload);
    expect(slip.text).toContain('Pakbon');
    expect(slip.text).toContain('Eigen verzendwijze');
    expect(await orderState(o.id)).toMatchObject({ status: 'shipped', shipments: 1 });
    const id = res.headers['x-shipment-id'] as string;
    const row = await t.db.query<{ carrier: string; label_pdf: Buffer | null }>(
      'SELECT carrier, label_pdf FROM shipments WHERE id = $1',
      [id],
    );
    expect(row.rows[0]).toEqual({ carrier: 'own', label_pdf: null });
    const label = await t.app.inject({
      method: 'GET',
      url: `/api/shipments/${id}/label`,
      headers: { cookie: picker },
    });
    expect(label.statusCode).toBe(404);
    expect(label.json().message).toContain('the merchant ships it themselves');
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/shipments/${id}/packing_slip`,
      headers: { cookie: picker },
    });
    expect(again.statusCode).toBe(200);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/shipments/${id}`,
      headers: { cookie: picker },
    });
    expect(detail.json()).toMatchObject({ tracking_url: null });
    // The print run (POST /labels/) lists labels to print: an own shipment has none.
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/labels/?limit=200',
      headers: { cookie: picker },
      payload: {
        startDate: new Date(Date.now() - 60_000).toISOString(),
        endDate: new Date(Date.now() + 60_000).toISOString(),
      },
    });
    expect(run.statusCode, run.body).toBe(200);
    const ids = (run.json() as { items: { shipment_id: string }[] }).items.map((i) => i.shipment_id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((x) => /^[0-9a-f]{24}$/.test(x))).toBe(true);
    expect(ids).not.toContain(id);
  });
});

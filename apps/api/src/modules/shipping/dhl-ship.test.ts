import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { activeCarrierAccount } from '../../lib/carriers/carrier-account.ts';
import { forgetDhlTokens } from '../../lib/carriers/dhl.carrier.ts';
import { readPdf } from '../../lib/pdf/pdf.test-helpers.ts';
import { loadSecretsKey, secretBox } from '../../lib/secrets.ts';
import { type DhlFake, startDhlFake } from '../../test/fakes/dhl-fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct, orgId, testWindow } from '../pick/test/fulfilment.fixtures.ts';

let t: TestApp;
let fake: DhlFake;
let picker: string;
let bol: string;
let stroop: string;

beforeAll(async () => {
  fake = await startDhlFake();
  t = await createTestApp({ seed: { products: 4 }, config: { dhlApiUrl: fake.url } });
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  stroop = await orgId(t.db, 'Stroopwafel & Co');
  // Bakkerij Bol's owner adds the shop's DHL account, as on /settings/apis.
  const owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  await t.app.inject({
    method: 'POST',
    url: '/api/orgs/set_curr',
    headers: { cookie: owner },
    payload: { customer_id: bol },
  });
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/store-api',
    headers: { cookie: owner },
    payload: {
      api_name: 'DHL Parcel',
      platform: 'dhl',
      api_key: fake.credentials.userId,
      secret: fake.credentials.key,
      settings: { account_id: fake.credentials.accountId },
    },
  });
  expect(made.statusCode, made.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  forgetDhlTokens();
});

let n = 0;
async function openOrder(org = bol) {
  n += 1;
  const w = testWindow();
  const bin = await addLocation(t.db, {
    name: `D-${String(w.start.getTime() / 86_400_000)}-${n}`,
    sequence: 5,
  });
  const p = await addProduct(t.db, org, {
    name: 'Speculaas',
    stock: [{ locationId: bin, stock: 9 }],
    weightKg: 0.4,
  });
  return addOrder(t.db, org, {
    orderId: `DHL-${w.start.getTime()}-${n}`,
    placedAt: w.at(5),
    lines: [{ productId: p.id, quantity: 1, locationId: bin }],
  });
}

const shipDhl = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/dhl/ship', headers: { cookie: picker }, payload: body });

async function state(orderId: string) {
  const o = await t.db.query<{ status: string; track_trace: string | null }>(
    'SELECT status, track_trace FROM orders WHERE id = $1',
    [orderId],
  );
  const s = await t.db.query<{ carrier: string; method_code: string; tracking_number: string }>(
    'SELECT carrier, method_code, tracking_number FROM shipments WHERE order_id = $1',
    [orderId],
  );
  return { order: o.rows[0], shipments: s.rows };
}

describe('POST /dhl/ship (spec 1 §7; ADR 0046)', () => {
  it('ships with the shop’s DHL account: DHL’s label PDF, its tracker code on the order and the shipment', async () => {
    const order = await openOrder();
    const res = await shipDhl({ order_id: order.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const tracking = res.headers['x-tracking-number'] as string;
    expect(tracking).toMatch(/^JVGL\d+$/);
    expect((await readPdf(res.rawPayload)).text).toContain(tracking);
    const s = await state(order.id);
    expect(s.order).toEqual({ status: 'shipped', track_trace: tracking });
    expect(s.shipments).toEqual([{ carrier: 'dhl', method_code: 'DHL-NL', tracking_number: tracking }]);
    expect(fake.invalid).toEqual([]);
    // The shipment detail links to DHL's public track page with the postcode.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/shipments/${res.headers['x-shipment-id']}`,
      headers: { cookie: picker },
    });
    expect(detail.json().tracking_url).toMatch(
      new RegExp(`^https://www\\.dhlparcel\\.nl/nl/volg-uw-zending\\?tc=${tracking}&pc=\\w+$`),
    );
    expect(detail.json().events.map((e: { code: string }) => e.code)).toEqual(['A01']);
    // Shipping it again is refused as with POST /orders/ship.
    expect((await shipDhl({ order_id: order.id })).json().code).toBe('order_shipped');
  });

  it('refuses with carrier_not_connected when the shop has no active DHL account, naming /settings/apis', async () => {
    const order = await openOrder(stroop);
    const res = await shipDhl({ order_id: order.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('carrier_not_connected');
    expect(res.json().message).toContain('/settings/apis');
    expect((await state(order.id)).order?.status).toBe('open');
  });

  it('leaves the order open with no shipment when DHL answers malformed or stays down', async () => {
    for (const [what, times] of [
      ['malformed', 1],
      ['500', 4],
    ] as const) {
      const order = await openOrder();
      fake.inject(what, { path: /^\/labels$/, times });
      const res = await shipDhl({ order_id: order.id });
      expect(res.statusCode, what).toBe(502);
      expect(res.json().code).toBe('outside_service');
      expect(res.json().message).toMatch(
        // The packer's message of every carrier (ship-order.service.ts carrierProblem, ADR 0044).
        /^DHL (answered something unreadable|did not answer in time|cannot be reached|refused).* Order DHL-\S+ is still open; /,
      );
      expect(await state(order.id)).toEqual({ order: { status: 'open', track_trace: null }, shipments: [] });
    }
  }, 30_000);

  it('answers 400 for a method that is not DHL’s and 404 for another organisation’s order', async () => {
    const order = await openOrder();
    const res = await shipDhl({ order_id: order.id, method_code: 'SMF-POSTNL-NL' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('not an active DHL shipment method');
    const owner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/dhl/ship',
      headers: { cookie: owner },
      payload: { order_id: order.id },
    });
    expect([403, 404]).toContain(other.statusCode);
  });
});

describe('the carrier account of a shop with several active connections (ADR 0046)', () => {
  it('is the newest, for POST /dhl/ship and the tracking job as for carrierFor', async () => {
    const owner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    await t.app.inject({
      method: 'POST',
      url: '/api/orgs/set_curr',
      headers: { cookie: owner },
      payload: { customer_id: stroop },
    });
    const box = secretBox(loadSecretsKey(undefined, t.dataDir));
    const scope = { db: t.db, orgIds: [stroop] };
    for (const userId of ['older-account', 'newer-account']) {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/store-api',
        headers: { cookie: owner },
        payload: { api_name: `DHL ${userId}`, platform: 'dhl', api_key: userId, secret: `key-${userId}` },
      });
      expect(made.statusCode, made.body).toBe(201);
      // Each connection added becomes the one used, with its own opened secret.
      const account = await activeCarrierAccount(scope, box, 'dhl');
      expect({ apiKey: account?.apiKey, secret: account?.secret }).toEqual({
        apiKey: userId,
        secret: `key-${userId}`,
      });
    }
  });
});

import type { ApiConnection, BolShipmentList, BolShipOptions, ShipmentDetail } from '@hoppa/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { bolClient, forgetBolTokens } from '../../lib/outside/bol.ts';
import { readPdf } from '../../lib/pdf/pdf.test-helpers.ts';
import { loadSecretsKey, secretBox } from '../../lib/secrets.ts';
import { type BolFake, type FakeBolOrder, startBolFake } from '../../test/fakes/bol-fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type SyncDeps, syncConnection } from '../connections/index.ts';
import { addProduct, orgId } from '../pick/test/fulfilment.fixtures.ts';
import { type ConfirmationDeps, confirmationRound } from './index.ts';

let t: TestApp;
let fake: BolFake;
let owner: string;
let packer: string;
let conn: ApiConnection;
let sync: SyncDeps;
let queue: ConfirmationDeps;
let jam: { id: string; ean: string };
let n = 0;

/** A new bol order of one jar of jam (or `items` jars on as many order items). */
function bolOrder(items = 1): FakeBolOrder {
  n += 1;
  return {
    orderId: `BS${String(2000 + n)}`,
    orderPlacedDateTime: '2026-11-25T09:00:00+01:00',
    orderItems: Array.from({ length: items }, (_, i) => ({
      orderItemId: `${7000 + n}${i}`,
      ean: jam.ean,
      quantity: 1,
    })),
  };
}

/** Lets bol list `orders` and runs the intake; answers our ids of them, in the same order. */
async function takeIn(...orders: FakeBolOrder[]): Promise<string[]> {
  fake.orders = orders;
  expect(await syncConnection(sync, conn._id)).toBe(true);
  const ids: string[] = [];
  for (const o of orders) {
    const r = await t.db.query<{ id: string }>(`SELECT id FROM orders WHERE order_id = $1`, [o.orderId]);
    expect(r.rows[0], `order ${o.orderId} taken in`).toBeDefined();
    ids.push(r.rows[0]?.id as string);
  }
  return ids;
}

const options = (id: string) =>
  t.app.inject({ method: 'GET', url: `/api/orders/bol/ship_options/${id}`, headers: { cookie: packer } });

const shipBol = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/orders/ship/bol', headers: { cookie: packer }, payload });

/** A webshop order of one jar of jam imported by the owner (platform 'portal', not from bol); answers our id. */
async function webshopOrder(): Promise<string> {
  n += 1;
  const orderId = `WS-${n}`;
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/orders/import',
    headers: { cookie: owner },
    payload: [
      {
        order_id: orderId,
        product_ean: jam.ean,
        quantity: '1',
        firstName: 'Anna',
        surName: 'Jansen',
        streetName: 'Oudegracht',
        houseNumber: '12',
        zipcode: '3511AR',
        city: 'Utrecht',
        countryCode: 'NL',
        email: 'anna@example.nl',
      },
    ],
  });
  expect(r.statusCode, r.body).toBe(201);
  const q = await t.db.query<{ id: string }>('SELECT id FROM orders WHERE order_id = $1', [orderId]);
  return q.rows[0]?.id as string;
}

async function orderState(id: string) {
  const o = await t.db.query<{ status: string; track_trace: string | null }>(
    'SELECT status, track_trace FROM orders WHERE id = $1',
    [id],
  );
  const s = await t.db.query('SELECT id FROM shipments WHERE order_id = $1', [id]);
  return { status: o.rows[0]?.status, track: o.rows[0]?.track_trace ?? null, shipments: s.rows.length };
}

beforeAll(async () => {
  fake = await startBolFake({ orders: [] });
  t = await createTestApp({ seed: { products: 2 }, config: { bolApiUrl: fake.url, bolLoginUrl: fake.url } });
  owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  packer = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  const bol = await orgId(t.db, 'Bakkerij Bol');
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
      api_name: 'bol.com shop',
      platform: 'bol',
      api_key: fake.credentials.clientId,
      secret: fake.credentials.clientSecret,
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  conn = made.json();
  jam = await addProduct(t.db, bol, { name: 'Aardbeienjam', weightKg: 0.4 });
  const box = secretBox(loadSecretsKey(undefined, t.dataDir));
  sync = { db: t.db, box, bolApiUrl: fake.url, bolLoginUrl: fake.url };
  queue = {
    db: t.db,
    bolFor: (c) =>
      bolClient({
        apiUrl: fake.url,
        loginUrl: fake.url,
        clientId: c.api_key,
        clientSecret: box.open(c.encrypted_secret),
        backoffMs: 20,
        pollMs: 20,
      }),
  };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  forgetBolTokens();
});

describe('shipping a bol order with a bol label (spec 1 §4 marketplace label; ADR 0045)', () => {
  it('shows the options, buys the label, prints bol’s PDF and confirms the shipment to bol', async () => {
    const [id] = (await takeIn(bolOrder(2))) as [string];
    const o = await options(id);
    expect(o.statusCode, o.body).toBe(200);
    const opts = o.json() as BolShipOptions;
    expect(opts.orderItems).toHaveLength(2);
    // The recording's five options, the TNT parcel of 6.65 among them; none priced 6, so all are shown.
    expect(opts.options.map((x) => x.transporterCode)).toEqual([
      'TNT_BRIEF',
      'TNT',
      'DPD-NL',
      'DHLFORYOU',
      'TNT',
    ]);
    expect(opts.hidden).toBe(0);
    expect(opts.options[1]).toMatchObject({
      shippingLabelOfferId: '7d3205e2-7ac1-40ca-a52f-952066b57353',
      labelType: 'MAILBOX',
      labelPrice: { totalPrice: 3.9 },
      packageRestrictions: { maxWeight: '2 kg', maxDimensions: '38 x 26,5 x 3,2 cm' },
    });
    expect(opts.options[1]?.handoverDetails?.latestHandoverDateTime).toMatch(/T18:00:00\+01:00$/);

    const shipped = await shipBol({
      order_id: id,
      shippingLabelOfferId: opts.options[1]?.shippingLabelOfferId,
      orderItems: opts.orderItems,
      org_id: await orgId(t.db, 'Bakkerij Bol'),
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.headers['content-type']).toContain('application/pdf');
    const label = fake.labels.at(-1);
    expect(label?.orderItemIds).toEqual(opts.orderItems.map((i) => i.orderItemId));
    expect(shipped.headers['x-tracking-number']).toBe(label?.trackAndTrace);
    // The PDF printed is bol's own: its barcode text reads back.
    const pdf = await readPdf(shipped.rawPayload);
    expect(pdf.text).toContain(label?.trackAndTrace);
    expect(pdf.text).toContain('bol.com verzendlabel');
    expect(shipped.headers['x-marketplace-confirmation']).toBe('confirmed');
    expect(fake.shipments.at(-1)).toEqual({
      orderItemIds: label?.orderItemIds,
      shipmentReference: shipped.headers['x-shipment-id'],
      shippingLabelId: label?.shippingLabelId,
      transport: null,
    });
    expect(await orderState(id)).toEqual({ status: 'shipped', track: label?.trackAndTrace, shipments: 1 });

    // The shipment detail: bol label, tracking page of PostNL (TNT) and the confirmation.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/shipments/${shipped.headers['x-shipment-id']}`,
      headers: { cookie: packer },
    });
    const d = detail.json() as ShipmentDetail & { marketplace_confirmation: unknown };
    expect(d.carrier).toBe('bol');
    expect(d.tracking_url).toContain(`jouw.postnl.nl/track-and-trace/${label?.trackAndTrace}-NL-1234AB`);
    expect(d.events.map((e) => e.code)).toEqual(['A01']);
    expect(d.marketplace_confirmation).toMatchObject({
      status: 'confirmed',
      attempts: 0,
      transporter_code: 'TNT',
    });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/shipments/${shipped.headers['x-shipment-id']}/label`,
      headers: { cookie: packer },
    });
    expect(Buffer.compare(again.rawPayload, shipped.rawPayload)).toBe(0);
    expect(fake.invalid).toEqual([]);

    // Shipped is shipped: no second label.
    const twice = await shipBol({
      order_id: id,
      shippingLabelOfferId: opts.options[1]?.shippingLabelOfferId,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('order_shipped');
  });

  it('renews an expired token on a label call', async () => {
    const [id] = (await takeIn(bolOrder())) as [string];
    expect((await options(id)).statusCode).toBe(200);
    const before = fake.tokensIssued();
    fake.expireTokens();
    const shipped = await shipBol({
      order_id: id,
      shippingLabelOfferId: 'da28efa7-243c-444e-b74f-be21bc2dfa71',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(fake.tokensIssued()).toBe(before + 1);
    expect(
      fake.requests.some(
        (r) => r.path.startsWith('/retailer/') && r.headers.authorization === 'Bearer fake-token-1',
      ),
    ).toBe(true);
    expect(fake.invalid).toEqual([]);
  });

  it('waits out 429 with and without Retry-After, and a 500, on the label calls', async () => {
    const [a, b] = (await takeIn(bolOrder(), bolOrder())) as [string, string];
    fake.inject('429-too-many-requests', { path: /delivery-options$/ });
    const started = Date.now();
    expect((await options(a)).statusCode).toBe(200);
    // Retry-After: 4 was honoured.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_900);
    fake.inject('429-too-many-requests-without-retry-after', { path: /delivery-options$/ });
    expect((await options(b)).statusCode).toBe(200);
    fake.inject('500-internal-server-error', { path: /^\/retailer\/shipping-labels\/[^/]+$/ });
    const shipped = await shipBol({
      order_id: a,
      shippingLabelOfferId: 'aea9abd0-9e20-424d-954a-d01585b23559',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const pdfCalls = fake.requests.filter(
      (r) => r.method === 'GET' && /^\/retailer\/shipping-labels\/lbl-/.test(r.path),
    );
    expect(pdfCalls.length).toBeGreaterThanOrEqual(2);
    expect(fake.invalid).toEqual([]);
  }, 30_000);

  it('leaves the order open with bol’s reason when bol answers malformed or refuses, and buys no second label on retry', async () => {
    const [id] = (await takeIn(bolOrder())) as [string];
    const offer = '06636e98-e26a-4747-8ad2-786fa8a514c6';
    fake.inject('malformed', { path: /^\/retailer\/shipping-labels$/ });
    const bad = await shipBol({ order_id: id, shippingLabelOfferId: offer });
    expect(bad.statusCode).toBe(502);
    expect(bad.json()).toMatchObject({ code: 'outside_service' });
    expect(bad.json().message).toMatch(
      /^bol\.com: the answer to POST retailer\/shipping-labels does not fit/,
    );
    expect(await orderState(id)).toEqual({ status: 'open', track: null, shipments: 0 });

    fake.failProcesses('CREATE_SHIPPING_LABEL', 'Order item 1 is already cancelled');
    const refused = await shipBol({ order_id: id, shippingLabelOfferId: offer });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(
      'bol.com: the label purchase was refused: Order item 1 is already cancelled',
    );
    expect(await orderState(id)).toEqual({ status: 'open', track: null, shipments: 0 });

    // bol sells the label but the PDF does not come (500 after every retry): the order stays open, the label is kept.
    const sold = fake.labels.length;
    fake.inject('500-internal-server-error', { path: /^\/retailer\/shipping-labels\/lbl-/, times: 4 });
    const noPdf = await shipBol({ order_id: id, shippingLabelOfferId: offer });
    expect(noPdf.statusCode).toBe(502);
    expect(noPdf.json().message).toMatch(/^bol\.com: /);
    expect(fake.labels.length).toBe(sold + 1);
    expect(await orderState(id)).toEqual({ status: 'open', track: null, shipments: 0 });
    // The retry ships with the label bought before: bol sells nothing more.
    const retry = await shipBol({ order_id: id, shippingLabelOfferId: offer });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(fake.labels.length).toBe(sold + 1);
    expect(retry.headers['x-tracking-number']).toBe(fake.labels.at(-1)?.trackAndTrace);
    expect(fake.invalid).toEqual([]);
  }, 30_000);

  it('refuses orders that did not come from bol and order items that are not the order’s', async () => {
    const [id] = (await takeIn(bolOrder())) as [string];
    const foreign = await shipBol({
      order_id: id,
      shippingLabelOfferId: '7d3205e2-7ac1-40ca-a52f-952066b57353',
      orderItems: [{ orderItemId: '999999' }],
    });
    expect(foreign.statusCode).toBe(400);
    const other = await options(await webshopOrder());
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ unavailable: 'not_marketplace_order', options: [], orderItems: [] });
    const shipped = await options(id);
    expect(shipped.json().unavailable).toBeNull();
  });
});

describe('the confirmation queue (ADR 0045)', () => {
  it('confirms a bol order shipped with our own carrier to bol, with transporter and track and trace', async () => {
    const [id] = (await takeIn(bolOrder())) as [string];
    const shipped = await t.app.inject({
      method: 'POST',
      url: '/api/orders/ship',
      headers: { cookie: packer },
      payload: { order_id: id },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const tracking = shipped.headers['x-tracking-number'] as string;
    const confirmedBefore = fake.shipments.length;
    // A bol failure first: the attempt is counted with bol's reason and the next one waits.
    fake.inject('500-internal-server-error', { path: /^\/retailer\/shipments$/ });
    expect(await confirmationRound(queue)).toBeGreaterThanOrEqual(1);
    const row = await t.db.query<{
      status: string;
      attempts: number;
      last_error: string;
      next_attempt_at: Date;
    }>(
      `SELECT status, attempts, last_error, next_attempt_at FROM marketplace_confirmations WHERE order_id = $1`,
      [id],
    );
    expect(row.rows[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.rows[0]?.last_error).toMatch(/^bol\.com: /);
    expect(row.rows[0]?.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: a round leaves it alone.
    await confirmationRound(queue);
    expect(fake.shipments.length).toBe(confirmedBefore);
    await t.db.query(
      `UPDATE marketplace_confirmations SET next_attempt_at = now() - interval '1 second' WHERE order_id = $1`,
      [id],
    );
    await confirmationRound(queue);
    expect(fake.shipments.length).toBe(confirmedBefore + 1);
    expect(fake.shipments.at(-1)).toMatchObject({
      shippingLabelId: null,
      transport: { transporterCode: 'OTHER', trackAndTrace: tracking },
    });
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/orders/bol/shipmentlist',
      headers: { cookie: packer },
      payload: { status: 'confirmed', limit: 50 },
    });
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json() as BolShipmentList;
    const item = page.items.find((i) => i.order__id === id);
    expect(item).toMatchObject({ bol_label: false, carrier: 'local', tracking_number: tracking });
    expect(item?.confirmation).toMatchObject({ status: 'confirmed', attempts: 1, transporter_code: 'OTHER' });
    expect(page.counts.confirmed).toBeGreaterThanOrEqual(1);
    expect(fake.invalid).toEqual([]);
  });

  it('confirms each order exactly once when two workers run at the same time', async () => {
    const ids = await takeIn(bolOrder(), bolOrder(), bolOrder(), bolOrder());
    for (const id of ids) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/orders/ship',
        headers: { cookie: packer },
        payload: { order_id: id },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const before = fake.shipments.length;
    const seen = fake.requests.length;
    const [a, b] = await Promise.all([confirmationRound(queue), confirmationRound(queue)]);
    expect(a + b).toBe(4);
    const sent = fake.requests
      .slice(seen)
      .filter((r) => r.method === 'POST' && r.path === '/retailer/shipments');
    expect(sent).toHaveLength(4);
    const refs = sent.map((r) => JSON.parse(r.body).shipmentReference as string);
    expect(new Set(refs).size).toBe(refs.length);
    expect(fake.shipments.length).toBe(before + 4);
    const states = await t.db.query<{ status: string }>(
      `SELECT status FROM marketplace_confirmations WHERE order_id = ANY($1)`,
      [ids],
    );
    expect(states.rows.map((r) => r.status)).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    // Nothing left: another round sends nothing.
    expect(await confirmationRound(queue)).toBe(0);
  });

  it('owes bol nothing for an order that did not come from bol', async () => {
    const id = await webshopOrder();
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/orders/ship',
      headers: { cookie: packer },
      payload: { order_id: id },
    });
    expect(r.statusCode, r.body).toBe(200);
    const q = await t.db.query('SELECT 1 FROM marketplace_confirmations WHERE order_id = $1', [id]);
    expect(q.rows).toEqual([]);
  });
});

import type { ApiConnection, BolOffer, Page } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { forgetBolTokens } from '../../lib/outside/bol.ts';
import { type BolFake, startBolFake } from '../../test/fakes/bol-fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addProduct, orgId } from '../pick/test/fulfilment.fixtures.ts';

let t: TestApp;
let fake: BolFake;
let bolOwner: string;
let bolUser: string;
let stroopOwner: string;
let bol: string;
let stroop: string;
const logLines: string[] = [];
const SECRET = 'very-secret-client-secret-42';

beforeAll(async () => {
  fake = await startBolFake({ orders: [] });
  forgetBolTokens();
  t = await createTestApp({
    seed: { products: 2 },
    config: { bolApiUrl: fake.url, bolLoginUrl: fake.url, logLevel: 'info' },
    logStream: { write: (line) => logLines.push(line) },
  });
  bolOwner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  bolUser = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
  stroopOwner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  stroop = await orgId(t.db, 'Stroopwafel & Co');
  for (const [cookie, org] of [
    [bolOwner, bol],
    [stroopOwner, stroop],
  ] as const) {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/orgs/set_curr',
      headers: { cookie },
      payload: { customer_id: org },
    });
    expect(r.statusCode, r.body).toBeLessThan(300);
  }
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, 'x-hoppa-app': 'portal' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const BOL_BODY = { api_name: 'bol.com NL', platform: 'bol', api_key: 'fake-client', secret: 'fake-secret' };

describe('API connections (spec 3 §7)', () => {
  let made: ApiConnection;

  it('POST /store-api saves a connection and never answers or logs its secret', async () => {
    const r = await call('POST', '/api/store-api', bolOwner, {
      ...BOL_BODY,
      secret: SECRET,
      api_name: 'Winkel',
    });
    expect(r.statusCode, r.body).toBe(201);
    made = r.json();
    expect(made).toMatchObject({
      api_name: 'Winkel',
      platform: 'bol',
      has_secret: true,
      active: true,
      send_invoice: false,
    });
    expect(made.status).toEqual({
      last_sync_at: null,
      ok: null,
      error: null,
      imported: null,
      imported_total: 0,
      unknown_eans: [],
      problem: null,
      refused: [],
    });
    expect(r.body).not.toContain(SECRET);
    const stored = await t.db.query<{ encrypted_secret: string }>(
      'SELECT encrypted_secret FROM api_connections WHERE id = $1',
      [made._id],
    );
    expect(stored.rows[0]?.encrypted_secret).toMatch(/^v1:/);
    expect(stored.rows[0]?.encrypted_secret).not.toContain(SECRET);
    expect(logLines.join('\n')).not.toContain(SECRET);
  });

  it('refuses a second connection of the same name (409) and PostNL without its codes (400)', async () => {
    const again = await call('POST', '/api/store-api', bolOwner, { ...BOL_BODY, api_name: 'winkel' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('connection_exists');
    const postnl = await call('POST', '/api/store-api', bolOwner, {
      api_name: 'PostNL',
      platform: 'postnl',
      api_key: 'DEVC',
      secret: 'key',
      settings: { customer_code: 'DEVC' },
    });
    expect(postnl.statusCode).toBe(400);
    expect(postnl.body).toContain('customer number');
    const ok = await call('POST', '/api/store-api', bolOwner, {
      api_name: 'PostNL',
      platform: 'postnl',
      api_key: 'DEVC',
      secret: 'key',
      settings: { customer_code: 'DEVC', customer_number: '11223344', collection_location: '123456' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().settings).toEqual({
      customer_code: 'DEVC',
      customer_number: '11223344',
      collection_location: '123456',
    });
  });

  it('lets only merchant owners add connections', async () => {
    const r = await call('POST', '/api/store-api', bolUser, { ...BOL_BODY, api_name: 'Colleague' });
    expect(r.statusCode).toBe(403);
    expect((await call('GET', '/api/get-apis', bolUser)).statusCode).toBe(403);
  });

  it('GET /get-apis pages the organisation’s connections; another merchant sees none of them', async () => {
    const page = await call('GET', '/api/get-apis?limit=1', bolOwner);
    expect(page.statusCode, page.body).toBe(200);
    const p: Page<ApiConnection> = page.json();
    expect([p.total, p.items.length, p.items[0]?.api_name]).toEqual([2, 1, 'Winkel']);
    // Each connection names its shop: a provider admin's list holds several shops' connections.
    expect(p.items[0]?.org_name).toBe('Bakkerij Bol');
    const admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const all: Page<ApiConnection> = (await call('GET', '/api/get-apis', admin)).json();
    expect(all.items.find((c) => c._id === p.items[0]?._id)?.org_name).toBe('Bakkerij Bol');
    const next: Page<ApiConnection> = (await call('GET', '/api/get-apis?skip=1&limit=1', bolOwner)).json();
    expect(next.items[0]?.api_name).toBe('PostNL');
    const other: Page<ApiConnection> = (await call('GET', '/api/get-apis', stroopOwner)).json();
    expect(other.total).toBe(0);
  });

  it('GET /get-api/{id} answers one connection, 404 for another organisation', async () => {
    const r = await call('GET', `/api/get-api/${made._id}`, bolOwner);
    expect(r.statusCode).toBe(200);
    expect(r.json()._id).toBe(made._id);
    expect((await call('GET', `/api/get-api/${made._id}`, stroopOwner)).statusCode).toBe(404);
  });

  it('PUT /update-api changes fields, keeps the secret when none is sent and seals a new one', async () => {
    const before = await t.db.query<{ encrypted_secret: string }>(
      'SELECT encrypted_secret FROM api_connections WHERE id = $1',
      [made._id],
    );
    const r = await call('PUT', '/api/update-api', bolOwner, {
      _id: made._id,
      active: false,
      api_name: 'Winkel NL',
      secret: '',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ active: false, api_name: 'Winkel NL', has_secret: true });
    const kept = await t.db.query<{ encrypted_secret: string }>(
      'SELECT encrypted_secret FROM api_connections WHERE id = $1',
      [made._id],
    );
    expect(kept.rows[0]?.encrypted_secret).toBe(before.rows[0]?.encrypted_secret);
    await call('PUT', '/api/update-api', bolOwner, { _id: made._id, secret: 'another-secret' });
    const changed = await t.db.query<{ encrypted_secret: string }>(
      'SELECT encrypted_secret FROM api_connections WHERE id = $1',
      [made._id],
    );
    expect(changed.rows[0]?.encrypted_secret).not.toBe(before.rows[0]?.encrypted_secret);
    expect(
      (await call('PUT', '/api/update-api', stroopOwner, { _id: made._id, active: true })).statusCode,
    ).toBe(404);
    const clash = await call('PUT', '/api/update-api', bolOwner, { _id: made._id, api_name: 'postnl' });
    expect(clash.statusCode).toBe(409);
  });

  it('PUT /update-api-invoice/{id} sets the send-invoice flag', async () => {
    const r = await call('PUT', `/api/update-api-invoice/${made._id}`, bolOwner, { send_invoice: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().send_invoice).toBe(true);
    const off = await call('PUT', `/api/update-api-invoice/${made._id}`, bolOwner, { send_invoice: false });
    expect(off.json().send_invoice).toBe(false);
    expect(
      (await call('PUT', `/api/update-api-invoice/${made._id}`, stroopOwner, { send_invoice: true }))
        .statusCode,
    ).toBe(404);
  });
});

describe('bol product list and bol_confirm (spec 3 §7)', () => {
  it('GET /bol/products/get/bol lists the offers and links our products by EAN', async () => {
    const jam = await addProduct(t.db, bol, { name: 'Aardbeienjam' });
    fake.offers = [
      { offerId: 'offer-jam', ean: jam.ean, referenceCode: 'JAM-1', stockAmount: 7 },
      { offerId: 'offer-x', ean: '8712345678906', referenceCode: 'X', stockAmount: 0 },
    ];
    expect((await call('GET', '/api/bol/products/get/bol', bolOwner)).statusCode).toBe(404); // the connection is disabled
    await call('PUT', '/api/update-api', bolOwner, {
      _id: (await firstBol())._id,
      active: true,
      secret: 'fake-secret',
      api_key: 'fake-client',
    });
    const noHeader = await t.app.inject({
      method: 'GET',
      url: '/api/bol/products/get/bol',
      headers: { cookie: bolOwner },
    });
    expect(noHeader.statusCode).toBe(400);
    const r = await call('GET', '/api/bol/products/get/bol?limit=1', bolOwner);
    expect(r.statusCode, r.body).toBe(200);
    const page: Page<BolOffer> = r.json();
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      {
        offer_id: 'offer-jam',
        ean: jam.ean,
        reference: 'JAM-1',
        stock: 7,
        fulfilment: 'FBR',
        product_id: jam.id,
        product_name: 'Aardbeienjam',
        bol_confirm: false,
      },
    ]);
    const stored = await t.db.query<{ offer_id: string; api_name: string }>(
      'SELECT offer_id, api_name FROM products WHERE id = $1',
      [jam.id],
    );
    expect(stored.rows[0]).toEqual({ offer_id: 'offer-jam', api_name: 'bol' });
    expect(fake.invalid).toEqual([]);
    expect((await call('GET', '/api/bol/products/get/bol_be', bolOwner)).statusCode).toBe(404);
  });

  it('answers 502 outside_service when bol keeps failing', async () => {
    fake.inject('500-internal-server-error', { times: 10, path: /offers\/export$/ });
    const r = await call('GET', '/api/bol/products/get/bol', bolOwner);
    expect(r.statusCode).toBe(502);
    expect(r.json()).toMatchObject({ code: 'outside_service' });
    expect(r.json().message).toContain('bol.com');
    fake.inject('500-internal-server-error', { times: 0 });
  });

  it('PUT /product/bol_confirm sets the flag of one’s own product only', async () => {
    const p = await addProduct(t.db, bol, { name: 'Hagelslag' });
    const r = await call('PUT', '/api/product/bol_confirm', bolOwner, {
      product_id: p.id,
      bol_confirm: true,
    });
    expect(r.statusCode, r.body).toBe(200);
    const row = await t.db.query<{ bol_confirm: boolean }>('SELECT bol_confirm FROM products WHERE id = $1', [
      p.id,
    ]);
    expect(row.rows[0]?.bol_confirm).toBe(true);
    expect(
      (await call('PUT', '/api/product/bol_confirm', stroopOwner, { product_id: p.id, bol_confirm: false }))
        .statusCode,
    ).toBe(404);
  });
});

async function firstBol(): Promise<ApiConnection> {
  const p: Page<ApiConnection> = (await call('GET', '/api/get-apis', bolOwner)).json();
  return p.items.find((c) => c.platform === 'bol') as ApiConnection;
}

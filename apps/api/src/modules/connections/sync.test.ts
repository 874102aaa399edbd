import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { forgetBolTokens } from '../../lib/outside/bol.ts';
import { type BolFake, startBolFake } from '../../test/fakes/bol-fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addProduct, orgId } from '../pick/test/fulfilment.fixtures.ts';

let t: TestApp;
let fake: BolFake;

beforeAll(async () => {
  fake = await startBolFake({ orders: [] });
  forgetBolTokens();
  t = await createTestApp({
    seed: { products: 2 },
    config: { bolApiUrl: fake.url, bolLoginUrl: fake.url, connectionsSyncMs: 200 },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the scheduled bol pull (CONNECTIONS_SYNC_MS)', () => {
  it('brings a new connection’s orders in by itself', async () => {
    const owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const bol = await orgId(t.db, 'Bakkerij Bol');
    await t.app.inject({
      method: 'POST',
      url: '/api/orgs/set_curr',
      headers: { cookie: owner },
      payload: { customer_id: bol },
    });
    const p = await addProduct(t.db, bol, { name: 'Kruidnoten' });
    fake.orders = [
      {
        orderId: 'S-1',
        orderPlacedDateTime: '2026-11-25T09:00:00+01:00',
        orderItems: [{ orderItemId: 'S-1-1', ean: p.ean, quantity: 1 }],
      },
    ];
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/store-api',
      headers: { cookie: owner },
      payload: {
        api_name: 'bol',
        platform: 'bol',
        api_key: fake.credentials.clientId,
        secret: fake.credentials.clientSecret,
      },
    });
    expect(made.statusCode).toBe(201);
    const deadline = Date.now() + 15_000;
    let rows = 0;
    while (Date.now() < deadline && rows === 0) {
      await new Promise((r) => setTimeout(r, 200));
      rows = (await t.db.query(`SELECT 1 FROM orders WHERE order_id = 'S-1' AND platform = 'bol'`)).rows
        .length;
    }
    expect(rows).toBe(1);
    expect(fake.invalid).toEqual([]);
  });
});

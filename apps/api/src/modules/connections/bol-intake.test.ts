import type { ApiConnection } from '@hoppa/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { forgetBolTokens } from '../../lib/outside/bol.ts';
import { loadSecretsKey, secretBox } from '../../lib/secrets.ts';
import { type BolFake, type FakeBolOrder, startBolFake } from '../../test/fakes/bol-fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addProduct, orgId } from '../pick/test/fulfilment.fixtures.ts';
import { type SyncDeps, syncConnection } from './index.ts';

let t: TestApp;
let fake: BolFake;
let owner: string;
let bol: string;
let conn: ApiConnection;
let deps: SyncDeps;
let jam: { id: string; ean: string };
let bread: { id: string; ean: string };
let n = 0;

/** A bol order with new ids of the given EANs (one piece each, two of the first). */
function order(...eans: string[]): FakeBolOrder {
  n += 1;
  return {
    orderId: `B${String(1000 + n)}`,
    orderPlacedDateTime: '2026-11-25T09:00:00+01:00',
    orderItems: eans.map((ean, i) => ({ orderItemId: `${9000 + n}${i}`, ean, quantity: i === 0 ? 2 : 1 })),
  };
}

async function ourOrders(): Promise<{ order_id: string; platform: string; lines: number }[]> {
  const r = await t.db.query<{ order_id: string; platform: string; lines: number }>(
    `SELECT o.order_id, o.platform, (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS lines
       FROM orders o WHERE o.platform = 'bol' ORDER BY o.order_id`,
  );
  return r.rows;
}

async function status() {
  const r = await t.app.inject({
    method: 'GET',
    url: `/api/get-api/${conn._id}`,
    headers: { cookie: owner },
  });
  return (r.json() as ApiConnection).status;
}

beforeAll(async () => {
  fake = await startBolFake({ orders: [] });
  t = await createTestApp({ seed: { products: 2 }, config: { bolApiUrl: fake.url, bolLoginUrl: fake.url } });
  owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
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
      api_name: 'bol.com',
      platform: 'bol',
      api_key: fake.credentials.clientId,
      secret: fake.credentials.clientSecret,
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  conn = made.json();
  jam = await addProduct(t.db, bol, { name: 'Aardbeienjam' });
  bread = await addProduct(t.db, bol, { name: 'Roggebrood' });
  deps = {
    db: t.db,
    box: secretBox(loadSecretsKey(undefined, t.dataDir)),
    bolApiUrl: fake.url,
    bolLoginUrl: fake.url,
    bolRetry: { backoffMs: 20, maxRetryAfterMs: 300 },
  };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  forgetBolTokens();
});

describe('bol order intake (issue 14 item 3)', () => {
  it('takes new orders in through the order import, holds back unknown EANs and reports them', async () => {
    const a = order(jam.ean, bread.ean);
    const b = order(bread.ean);
    const unknown = order(jam.ean, '8712345678906');
    fake.orders = [a, b, unknown];
    expect(await syncConnection(deps, conn._id)).toBe(true);
    expect(await ourOrders()).toEqual([
      { order_id: a.orderId, platform: 'bol', lines: 2 },
      { order_id: b.orderId, platform: 'bol', lines: 1 },
    ]);
    const s = await status();
    expect(s).toMatchObject({ ok: true, error: null, imported: 2 });
    expect(s.unknown_eans).toEqual([{ order_id: unknown.orderId, eans: ['8712345678906'] }]);
    expect(s.last_sync_at).not.toBeNull();
    const line = await t.db.query<{ quantity: number; ean: string }>(
      `SELECT l.quantity, l.ean FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.order_id = $1 ORDER BY l.position`,
      [a.orderId],
    );
    expect(line.rows).toEqual([
      { quantity: 2, ean: jam.ean },
      { quantity: 1, ean: bread.ean },
    ]);
    const addr = await t.db.query<{ shipment_details: { city: string; zipCode: string } }>(
      'SELECT shipment_details FROM orders WHERE order_id = $1',
      [a.orderId],
    );
    expect(addr.rows[0]?.shipment_details).toMatchObject({ city: 'PLATOONDORP', zipCode: '1234 AB' });
    // Every request the adapter sent is one bol's contract accepts.
    expect(fake.invalid).toEqual([]);
    expect(fake.tokensIssued()).toBe(1);
  });

  it('is idempotent by order item id: a second pull takes nothing twice and fetches no known order again', async () => {
    const before = fake.requests.length;
    expect(await syncConnection(deps, conn._id)).toBe(true);
    expect(await ourOrders()).toHaveLength(2);
    const details = fake.requests.slice(before).filter((r) => /^\/retailer\/orders\/./.test(r.path));
    // Only the held-back order is looked at again.
    expect(details.map((r) => r.path)).toEqual([`/retailer/orders/${fake.orders[2]?.orderId}`]);
    expect(await status()).toMatchObject({ imported: 0, imported_total: 2 });
  });

  it('takes a held-back order in once its product exists', async () => {
    await addProduct(t.db, bol, { name: 'Ontbijtkoek', ean: '8712345678906' });
    await syncConnection(deps, conn._id);
    expect(await ourOrders()).toHaveLength(3);
    expect(await status()).toMatchObject({ ok: true, imported: 1, unknown_eans: [] });
  });

  it('notes an order an earlier pull imported but did not note (it stopped in between): skipped, not refused', async () => {
    const first = fake.orders[0] as FakeBolOrder;
    await t.db.query('DELETE FROM bol_order_items WHERE bol_order_id = $1', [first.orderId]);
    await syncConnection(deps, conn._id);
    // The import skips it as already imported; the pull takes nothing twice and notes its items again.
    expect(await ourOrders()).toHaveLength(3);
    expect(await status()).toMatchObject({ ok: true, imported: 0, refused: [] });
    const noted = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bol_order_items WHERE bol_order_id = $1',
      [first.orderId],
    );
    expect(noted.rows[0]?.n).toBe(first.orderItems.length);
  });

  it('takes in items the customer asked to cancel as lines with a cancellation request (spec 1 §4)', async () => {
    const o = order(jam.ean, bread.ean);
    (o.orderItems[1] as { cancellationRequest?: boolean }).cancellationRequest = true;
    fake.orders.push(o);
    await syncConnection(deps, conn._id);
    const lines = await t.db.query<{ ean: string; cancellation_request: boolean }>(
      `SELECT l.ean, l.cancellation_request FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE o.order_id = $1 ORDER BY l.position`,
      [o.orderId],
    );
    expect(lines.rows).toEqual([
      { ean: jam.ean, cancellation_request: false },
      { ean: bread.ean, cancellation_request: true },
    ]);
  });

  it('renews the token on bol’s 401 Expired JWT and caches it otherwise', async () => {
    fake.orders.push(order(jam.ean));
    await syncConnection(deps, conn._id);
    const issued = fake.tokensIssued();
    fake.expireTokens();
    fake.orders.push(order(bread.ean));
    await syncConnection(deps, conn._id);
    expect(fake.tokensIssued()).toBe(issued + 1);
    expect(await ourOrders()).toHaveLength(6);
    expect(await status()).toMatchObject({ ok: true, imported: 1 });
  });

  it('waits and retries on 429 with and without Retry-After, and on a 500', async () => {
    fake.orders.push(order(jam.ean));
    fake.inject('429-too-many-requests', { path: /^\/retailer\/orders$/ });
    fake.inject('429-too-many-requests-without-retry-after', { path: /^\/retailer\/orders\/./ });
    fake.inject('500-internal-server-error', { path: /^\/retailer\/orders\/./ });
    const before = fake.requests.length;
    await syncConnection(deps, conn._id);
    expect(await status()).toMatchObject({ ok: true, imported: 1, error: null });
    const statuses = fake.requests.slice(before).map((r) => r.path);
    expect(statuses.filter((p) => p === '/retailer/orders')).toHaveLength(2);
    expect(await ourOrders()).toHaveLength(7);
  });

  it('a malformed answer imports nothing and says so on the status; the next pull takes the orders in', async () => {
    const count = (await ourOrders()).length;
    fake.orders.push(order(jam.ean), order(bread.ean));
    fake.inject('malformed', { path: new RegExp(`^/retailer/orders/${fake.orders.at(-1)?.orderId}$`) });
    await syncConnection(deps, conn._id);
    expect(await ourOrders()).toHaveLength(count);
    const s = await status();
    expect(s.ok).toBe(false);
    expect(s.error).toMatch(/^bol\.com: the answer to GET retailer\/orders\/B\d+ does not fit/);
    await syncConnection(deps, conn._id);
    expect(await ourOrders()).toHaveLength(count + 2);
    expect(await status()).toMatchObject({ ok: true, error: null });
  });

  it('names each order the order import refused with its reason code, the English text kept (ADR 0119 §3)', async () => {
    const long = { ...order(jam.ean), orderId: `B${'9'.repeat(70)}` };
    fake.orders = [long];
    await syncConnection(deps, conn._id);
    const s = await status();
    expect(s).toMatchObject({
      ok: false,
      error: `Orders not taken in: ${long.orderId}: order_id is too long (at most 64 characters)`,
      problem: { code: 'orders_refused', values: {} },
      refused: [
        {
          order_id: long.orderId,
          code: 'text_too_long',
          values: { field: 'order_id', limit: 64 },
          reason: 'order_id is too long (at most 64 characters)',
        },
      ],
    });
    fake.orders = [];
    await syncConnection(deps, conn._id);
    expect(await status()).toMatchObject({ ok: true, error: null, problem: null, refused: [] });
  });

  it('shows bol’s message when the credentials are refused', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/update-api',
      headers: { cookie: owner },
      payload: { _id: conn._id, secret: 'wrong' },
    });
    await syncConnection(deps, conn._id);
    // The same as a code the apps word in their language, the service's words untranslated (ADR 0119 §3).
    expect(await status()).toMatchObject({
      ok: false,
      error: 'bol.com: Bad client credentials',
      problem: { code: 'pull_failed', values: { message: 'bol.com: Bad client credentials' } },
      refused: [],
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/update-api',
      headers: { cookie: owner },
      payload: { _id: conn._id, secret: fake.credentials.clientSecret },
    });
  });

  it('lets one process at a time pull a connection (lease), and never a disabled one', async () => {
    const runs = await Promise.all([syncConnection(deps, conn._id), syncConnection(deps, conn._id)]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    await t.db.query(
      `UPDATE api_connections SET sync_lease_until = now() + interval '1 minute', sync_lease_owner = 'other' WHERE id = $1`,
      [conn._id],
    );
    expect(await syncConnection(deps, conn._id)).toBe(false);
    await t.db.query(
      `UPDATE api_connections SET sync_lease_until = now() - interval '1 second' WHERE id = $1`,
      [conn._id],
    );
    expect(await syncConnection(deps, conn._id)).toBe(true);
    await t.app.inject({
      method: 'PUT',
      url: '/api/update-api',
      headers: { cookie: owner },
      payload: { _id: conn._id, active: false },
    });
    expect(await syncConnection(deps, conn._id)).toBe(false);
    expect(fake.invalid).toEqual([]);
  });
});

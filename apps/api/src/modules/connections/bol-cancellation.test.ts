import type { ApiConnection, BolCancellationResult, OpenOrders, Order } from '@hoppa/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { forgetBolTokens } from '../../lib/outside/bol.ts';
import { loadSecretsKey, secretBox } from '../../lib/secrets.ts';
import { type BolFake, type FakeBolOrder, startBolFake } from '../../test/fakes/bol-fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addProduct, orgId } from '../pick/test/fulfilment.fixtures.ts';
import { type SyncDeps, syncConnection } from './index.ts';

/**
 * bol.com cancellation requests end to end (spec 1 §3 Order product line `cancellationRequest`, §4 Picking state;
 * ADR 0128): the intake keeps a requested item as a flagged line, flags an imported line when the customer asks
 * later, and the merchant accepts the request through `POST /order/bol/cancellation/{id}`, which cancels the item at
 * the bol fake (`PUT /retailer/orders/cancellation`, checked against retailer.v10.json) and here.
 */

let t: TestApp;
let fake: BolFake;
let owner: string;
let reader: string;
let packer: string;
let conn: ApiConnection;
let deps: SyncDeps;
let jam: { id: string; ean: string };
let bread: { id: string; ean: string };
let n = 0;

/** A bol order with new ids of the given EANs (one piece each); `asked` marks items with a cancellation request. */
function order(items: { ean: string; asked?: boolean }[]): FakeBolOrder {
  n += 1;
  return {
    orderId: `BC${String(3000 + n)}`,
    orderPlacedDateTime: '2026-11-25T09:00:00+01:00',
    orderItems: items.map((i, k) => ({
      orderItemId: `${8000 + n}${k}`,
      ean: i.ean,
      quantity: 1,
      cancellationRequest: i.asked ?? false,
    })),
  };
}

/** Our order of a bol order: id, status and its lines in position order. */
async function ours(bolOrderId: string) {
  const o = await t.db.query<{ id: string; status: string }>(
    'SELECT id, status FROM orders WHERE order_id = $1',
    [bolOrderId],
  );
  const row = o.rows[0];
  if (!row) throw new Error(`order ${bolOrderId} not taken in`);
  const l = await t.db.query<{ ean: string; cancellation_request: boolean; cancelled: boolean }>(
    `SELECT ean, cancellation_request, cancelled_at IS NOT NULL AS cancelled FROM order_lines
      WHERE order_id = $1 ORDER BY position, id`,
    [row.id],
  );
  return { ...row, lines: l.rows };
}

const accept = (id: string, cookie = owner) =>
  t.app.inject({ method: 'POST', url: `/api/order/bol/cancellation/${id}`, headers: { cookie } });

async function pull(...orders: FakeBolOrder[]) {
  fake.orders.push(...orders);
  expect(await syncConnection(deps, conn._id)).toBe(true);
  const s = await t.db.query<{ ok: boolean; error: string | null }>(
    'SELECT last_sync_ok AS ok, last_sync_error AS error FROM api_connections WHERE id = $1',
    [conn._id],
  );
  expect(s.rows[0]).toEqual({ ok: true, error: null });
}

beforeAll(async () => {
  fake = await startBolFake({ orders: [] });
  t = await createTestApp({ seed: { products: 2 }, config: { bolApiUrl: fake.url, bolLoginUrl: fake.url } });
  owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  reader = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
  packer = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  const bol = await orgId(t.db, 'Bakkerij Bol');
  for (const cookie of [owner, reader])
    await t.app.inject({
      method: 'POST',
      url: '/api/orgs/set_curr',
      headers: { cookie },
      payload: { customer_id: bol },
    });
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/store-api',
    headers: { cookie: owner },
    payload: {
      api_name: 'bol.com annuleringen',
      platform: 'bol',
      api_key: fake.credentials.clientId,
      secret: fake.credentials.clientSecret,
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  conn = made.json();
  jam = await addProduct(t.db, bol, { name: 'Aardbeienjam', weightKg: 0.4 });
  bread = await addProduct(t.db, bol, { name: 'Desembrood', weightKg: 0.8 });
  deps = {
    db: t.db,
    box: secretBox(loadSecretsKey(undefined, t.dataDir)),
    bolApiUrl: fake.url,
    bolLoginUrl: fake.url,
  };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => forgetBolTokens());

describe('the bol intake and cancellation requests', () => {
  it('keeps a requested item of a new order as a line with a cancellation request, shown on the open list', async () => {
    const o = order([{ ean: jam.ean }, { ean: bread.ean, asked: true }]);
    await pull(o);
    const got = await ours(o.orderId);
    expect(got.lines).toEqual([
      { ean: jam.ean, cancellation_request: false, cancelled: false },
      { ean: bread.ean, cancellation_request: true, cancelled: false },
    ]);
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/orders/open/2000-01-01T00:00:00Z/2100-01-01T00:00:00Z/all?limit=1000',
      headers: { cookie: owner },
    });
    const card = (open.json() as OpenOrders).groups.flatMap((g) => g.orders).find((x) => x.id === got.id);
    expect(card?.products.map((l) => [l.ean, l.cancellationRequest])).toEqual([
      [jam.ean, false],
      [bread.ean, true],
    ]);
    // The packing station cannot ship it while the request is open.
    const ship = await t.app.inject({
      method: 'POST',
      url: '/api/orders/ship',
      headers: { cookie: packer },
      payload: { order_id: got.id },
    });
    expect([ship.statusCode, ship.json().code]).toEqual([409, 'cancellation_requested']);
  });

  it('flags the line of an imported order when bol reports the request at a later pull', async () => {
    const o = order([{ ean: jam.ean }, { ean: bread.ean }]);
    await pull(o);
    expect((await ours(o.orderId)).lines.map((l) => l.cancellation_request)).toEqual([false, false]);
    (o.orderItems[0] as { cancellationRequest?: boolean }).cancellationRequest = true;
    await pull();
    expect((await ours(o.orderId)).lines.map((l) => l.cancellation_request)).toEqual([true, false]);
  });

  it('leaves a shipped order shipped when a request comes after the parcel left', async () => {
    const o = order([{ ean: jam.ean }]);
    await pull(o);
    const got = await ours(o.orderId);
    await t.db.query(`UPDATE orders SET status = 'shipped', shipped_at = now() WHERE id = $1`, [got.id]);
    (o.orderItems[0] as { cancellationRequest?: boolean }).cancellationRequest = true;
    await pull();
    const after = await ours(o.orderId);
    expect([after.status, after.lines[0]?.cancellation_request]).toEqual(['shipped', false]);
    const r = await accept(got.id);
    expect([r.statusCode, r.json().code]).toEqual([409, 'order_shipped']);
  });
});

describe('POST /order/bol/cancellation/{id}: accepting the request', () => {
  it('cancels the requested item at bol with reason REQUESTED_BY_CUSTOMER and its line here; the rest ships', async () => {
    const o = order([{ ean: jam.ean }, { ean: bread.ean, asked: true }]);
    await pull(o);
    const got = await ours(o.orderId);
    const [kept, asked] = o.orderItems.map((i) => i.orderItemId);
    const before = fake.requests.length;
    const r = await accept(got.id);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as BolCancellationResult;
    expect(body).toMatchObject({ orderId: o.orderId, orderItemIds: [asked] });
    expect(body.order_cancelled).toBe(false);
    const puts = fake.requests.slice(before).filter((q) => q.method === 'PUT');
    expect(puts.map((q) => [q.path, JSON.parse(q.body)])).toEqual([
      [
        '/retailer/orders/cancellation',
        { orderItems: [{ orderItemId: asked, reasonCode: 'REQUESTED_BY_CUSTOMER' }] },
      ],
    ]);
    expect(fake.invalid).toEqual([]);
    expect(fake.cancellations).toEqual([{ orderItemId: asked, reasonCode: 'REQUESTED_BY_CUSTOMER' }]);
    const after = await ours(o.orderId);
    expect(after.status).toBe('open');
    expect(after.lines).toEqual([
      { ean: jam.ean, cancellation_request: false, cancelled: false },
      { ean: bread.ean, cancellation_request: true, cancelled: true },
    ]);
    const card = await t.app.inject({
      method: 'GET',
      url: `/api/order/get/${got.id}`,
      headers: { cookie: owner },
    });
    expect(
      (card.json() as Order).products.map((l) => [l.ean, l.cancellationRequest, l.cancelled ?? false]),
    ).toEqual([
      [jam.ean, false, false],
      [bread.ean, true, true],
    ]);
    // The rest of the order ships: bol is asked for label options of the remaining item only.
    const from = fake.requests.length;
    const opts = await t.app.inject({
      method: 'GET',
      url: `/api/orders/bol/ship_options/${got.id}`,
      headers: { cookie: packer },
    });
    expect(opts.statusCode, opts.body).toBe(200);
    const options = fake.requests.slice(from).find((q) => q.path.endsWith('/delivery-options'));
    expect(JSON.parse(options?.body ?? '{}')).toEqual({ orderItems: [{ orderItemId: kept }] });
    // Accepting again finds nothing to accept.
    const again = await accept(got.id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'no_cancellation_request']);
  });

  it('cancels the order when nothing is left to ship, and gives picked pieces back to their location', async () => {
    const o = order([{ ean: jam.ean, asked: true }]);
    await pull(o);
    const got = await ours(o.orderId);
    const loc = await t.db.query<{ id: string; name: string }>(
      'SELECT id, name FROM locations ORDER BY name LIMIT 1',
    );
    const location = loc.rows[0] as { id: string; name: string };
    // Picked before the request came: one piece left the location through the ledger.
    await t.db.query(
      `UPDATE order_lines SET picked_quantity = 1, pick_location_id = $2 WHERE order_id = $1`,
      [got.id, location.id],
    );
    const r = await accept(got.id);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      order_cancelled: true,
      returned: [{ ean: jam.ean, location: location.name, quantity: 1 }],
    });
    const after = await ours(o.orderId);
    expect(after.status).toBe('cancelled');
    const line = await t.db.query<{ picked_quantity: number }>(
      'SELECT picked_quantity FROM order_lines WHERE order_id = $1',
      [got.id],
    );
    expect(line.rows).toEqual([{ picked_quantity: 0 }]);
    const ledger = await t.db.query<{ reason: string; quantity: number }>(
      'SELECT reason, quantity FROM stock_mutations WHERE order_id = $1',
      [got.id],
    );
    expect(ledger.rows).toEqual([{ reason: 'unpick', quantity: 1 }]);
    // bol no longer lists the item: the next pull changes nothing.
    await pull();
    expect((await ours(o.orderId)).status).toBe('cancelled');
    // bol will not take this order any more: it cannot be restored.
    const restore = await t.app.inject({
      method: 'POST',
      url: '/api/order/restore',
      headers: { cookie: owner },
      payload: { _id: got.id },
    });
    expect([restore.statusCode, restore.json().code]).toEqual([409, 'order_cancelled']);
  });

  it('answers bol’s refusal as 502 and keeps the request open; refuses readers and orders without a request', async () => {
    const o = order([{ ean: jam.ean, asked: true }]);
    const plain = order([{ ean: bread.ean }]);
    await pull(o, plain);
    const got = await ours(o.orderId);
    fake.failProcesses('CANCEL_ORDER', 'Order item already shipped');
    const r = await accept(got.id);
    expect([r.statusCode, r.json().code]).toEqual([502, 'outside_service']);
    expect(r.json().message).toContain('Order item already shipped');
    expect((await ours(o.orderId)).lines[0]).toMatchObject({ cancellation_request: true, cancelled: false });
    expect((await accept(got.id, reader)).statusCode).toBe(403);
    const none = await accept((await ours(plain.orderId)).id);
    expect([none.statusCode, none.json().code]).toEqual([409, 'no_cancellation_request']);
  });
});

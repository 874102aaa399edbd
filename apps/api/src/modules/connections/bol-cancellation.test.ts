import {
  type ApiConnection,
  type BolCancellationResult,
  newId,
  type OpenOrders,
  type Order,
} from '@hoppa/core';
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

/** The packer asks for an order's label options: the body of the delivery-options call bol got (`POST …/delivery-options`). */
async function deliveryOptionsAsked(id: string): Promise<unknown> {
  const from = fake.requests.length;
  const opts = await t.app.inject({
    method: 'GET',
    url: `/api/orders/bol/ship_options/${id}`,
    headers: { cookie: packer },
  });
  expect(opts.statusCode, opts.body).toBe(200);
  const options = fake.requests.slice(from).find((q) => q.path.endsWith('/delivery-options'));
  return JSON.parse(options?.body ?? '{}');
}

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

  it('writes the line of a requested item flagged in the import itself, never unflagged for a moment', async () => {
    // Every write of a line's flag, as the database sees it: an INSERT with the flag it was written with, and each
    // UPDATE of the flag afterwards (a reader between the two would see the line unflagged: a picker could pick it).
    await t.db.exec(`
      CREATE TABLE test_line_flag_writes (n serial, order_id char(24), ean text, op text, flagged boolean);
      CREATE FUNCTION test_log_line_flag() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO test_line_flag_writes (order_id, ean, op, flagged)
          VALUES (NEW.order_id, NEW.ean, TG_OP, NEW.cancellation_request);
        RETURN NULL;
      END $$;
      CREATE TRIGGER test_log_line_flag AFTER INSERT OR UPDATE OF cancellation_request ON order_lines
        FOR EACH ROW EXECUTE FUNCTION test_log_line_flag();`);
    try {
      const o = order([{ ean: jam.ean }, { ean: bread.ean, asked: true }]);
      await pull(o);
      const got = await ours(o.orderId);
      const writes = await t.db.query<{ ean: string; op: string; flagged: boolean }>(
        'SELECT ean, op, flagged FROM test_line_flag_writes WHERE order_id = $1 ORDER BY n',
        [got.id],
      );
      expect(writes.rows).toEqual([
        { ean: jam.ean, op: 'INSERT', flagged: false },
        { ean: bread.ean, op: 'INSERT', flagged: true },
      ]);
    } finally {
      await t.db.exec(`
        DROP TRIGGER test_log_line_flag ON order_lines;
        DROP FUNCTION test_log_line_flag();
        DROP TABLE test_line_flag_writes;`);
    }
  });

  it('flags only the requested item when the order holds two items of the same EAN (by bol’s order item id)', async () => {
    const o = order([{ ean: jam.ean }, { ean: jam.ean, asked: true }, { ean: bread.ean }]);
    await pull(o);
    expect((await ours(o.orderId)).lines.map((l) => [l.ean, l.cancellation_request])).toEqual([
      [jam.ean, false],
      [jam.ean, true],
      [bread.ean, false],
    ]);
    // The customer asks later for the other jam too: its own line gets the flag.
    const later = order([{ ean: jam.ean }, { ean: jam.ean }]);
    await pull(later);
    (later.orderItems[0] as { cancellationRequest?: boolean }).cancellationRequest = true;
    await pull();
    expect((await ours(later.orderId)).lines.map((l) => l.cancellation_request)).toEqual([true, false]);
  });

  it('flags the parts of the requested bundle item only, also when a second item of that bundle asks later', async () => {
    const bol = await orgId(t.db, 'Bakkerij Bol');
    const box = await addProduct(t.db, bol, { name: 'Ontbijtpakket', weightKg: 1.2 });
    await t.db.query(
      `INSERT INTO product_bundle_items (id, org_id, bundle_id, product_id, quantity, position)
       VALUES ($1, $3, $4, $5, 1, 0), ($2, $3, $4, $6, 1, 1)`,
      [newId(), newId(), bol, box.id, jam.id, bread.id],
    );
    const o = order([{ ean: box.ean, asked: true }, { ean: box.ean }]);
    await pull(o);
    const parts = async () =>
      (await ours(o.orderId)).lines.map((l) => [l.ean, l.cancellation_request] as const);
    expect(await parts()).toEqual([
      [jam.ean, true],
      [bread.ean, true],
      [jam.ean, false],
      [bread.ean, false],
    ]);
    (o.orderItems[1] as { cancellationRequest?: boolean }).cancellationRequest = true;
    await pull();
    expect((await parts()).map(([, asked]) => asked)).toEqual([true, true, true, true]);
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

describe('PUT /order/edit/{id} of an order with a cancellation request', () => {
  it('refuses to change the quantity of a requested line or to remove it, and keeps it flagged on other edits', async () => {
    // Products the merchant fulfils itself: an order of the provider's products cannot be edited at all.
    await t.db.query('UPDATE products SET fulfilled_by_sf = false WHERE id = ANY($1)', [[jam.id, bread.id]]);
    const o = order([{ ean: jam.ean }, { ean: bread.ean, asked: true }]);
    await pull(o);
    const got = await ours(o.orderId);
    const card = (
      await t.app.inject({ method: 'GET', url: `/api/order/get/${got.id}`, headers: { cookie: owner } })
    ).json() as Order;
    const [plain, asked] = card.products as [Order['products'][number], Order['products'][number]];
    const d = card.shipmentDetails;
    const address = {
      firstName: d.firstName ?? 'Jan',
      surname: d.surname ?? 'Jansen',
      email: d.email ?? '',
      streetName: d.streetName ?? 'Dorpsstraat',
      houseNumber: d.houseNumber ?? '1',
      houseNumberExtension: d.houseNumberExtension ?? '',
      zipCode: d.zipCode ?? '1234AB',
      city: d.city ?? 'Utrecht',
      countryCode: d.countryCode ?? 'NL',
    };
    const edit = (products: { id?: string; product_id: string; quantity: number }[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/order/edit/${got.id}`,
        headers: { cookie: owner },
        payload: { shipmentDetails: address, products },
      });
    const line = (l: typeof plain, quantity = l.quantity) => ({
      id: l.id,
      product_id: l.product_id,
      quantity,
    });
    const more = await edit([line(plain), line(asked, asked.quantity + 1)]);
    expect([more.statusCode, more.json().code], more.body).toEqual([409, 'cancellation_requested']);
    expect(more.json().message).toContain(bread.ean);
    const gone = await edit([line(plain)]);
    expect([gone.statusCode, gone.json().code], gone.body).toEqual([409, 'cancellation_requested']);
    // The other line may change; the requested one stays as bol has it, flagged.
    const ok = await edit([line(plain, 3), line(asked)]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as Order).products.map((l) => [l.ean, l.quantity, l.cancellationRequest])).toEqual([
      [jam.ean, 3, false],
      [bread.ean, 1, true],
    ]);
    await t.db.query('UPDATE products SET fulfilled_by_sf = true WHERE id = ANY($1)', [[jam.id, bread.id]]);
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
    expect(await deliveryOptionsAsked(got.id)).toEqual({ orderItems: [{ orderItemId: kept }] });
    // Accepting again finds nothing to accept.
    const again = await accept(got.id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'no_cancellation_request']);
  });

  it('cancels only the requested item’s line when another item of the order has the same EAN', async () => {
    const o = order([{ ean: jam.ean, asked: true }, { ean: jam.ean }]);
    await pull(o);
    const got = await ours(o.orderId);
    const [asked, kept] = o.orderItems.map((i) => i.orderItemId);
    const r = await accept(got.id);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ orderItemIds: [asked], order_cancelled: false });
    expect((await ours(o.orderId)).lines).toEqual([
      { ean: jam.ean, cancellation_request: true, cancelled: true },
      { ean: jam.ean, cancellation_request: false, cancelled: false },
    ]);
    expect(await deliveryOptionsAsked(got.id)).toEqual({ orderItems: [{ orderItemId: kept }] });
  });

  it('finds the line of an item taken in before its id was kept on the line (migration 0451) by its EAN', async () => {
    const o = order([{ ean: jam.ean }, { ean: bread.ean }]);
    await pull(o);
    const got = await ours(o.orderId);
    // The jam line as an intake before migration 0451 wrote it: no item id; the bread line keeps its id.
    await t.db.query('UPDATE order_lines SET shop_order_item_id = NULL WHERE order_id = $1 AND ean = $2', [
      got.id,
      jam.ean,
    ]);
    (o.orderItems[0] as { cancellationRequest?: boolean }).cancellationRequest = true;
    await pull();
    expect((await ours(o.orderId)).lines.map((l) => [l.ean, l.cancellation_request])).toEqual([
      [jam.ean, true],
      [bread.ean, false],
    ]);
    const r = await accept(got.id);
    expect(r.statusCode, r.body).toBe(200);
    expect((await ours(o.orderId)).lines).toEqual([
      { ean: jam.ean, cancellation_request: true, cancelled: true },
      { ean: bread.ean, cancellation_request: false, cancelled: false },
    ]);
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

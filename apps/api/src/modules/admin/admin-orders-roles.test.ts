import {
  type AdminOrder,
  type AdminRole,
  APP_HEADER,
  type DeleteOrderResult,
  type Grant,
  type Membership,
  newId,
  type Page,
  type RolePreview,
} from '@hoppa/core';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../db/migrate.ts';
import { DEFAULT_ROLES } from '../../db/roles.ts';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct, orgId } from '../pick/test/fulfilment.fixtures.ts';

/**
 * The admin's order search and soft delete (spec 3 §7 Admin; ADR 0053: picked pieces back through the ledger) and the
 * role editor (a role edit reaches its users' open sessions at once; edited default roles survive a restart).
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

const call = (cookie: string, method: HTTPMethods, url: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie, [APP_HEADER]: 'test', ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** Stock on each (product, location) and the sum of its ledger rows. */
async function stockAndLedger(productIds: string[]) {
  const r = await t.db.query<{ product_id: string; location_id: string; stock: number; ledger: number }>(
    `SELECT pl.product_id, pl.location_id, pl.stock,
            coalesce((SELECT sum(m.quantity) FROM stock_mutations m
                       WHERE m.product_id = pl.product_id AND m.location_id = pl.location_id), 0)::int AS ledger
       FROM product_locations pl WHERE pl.product_id = any($1) ORDER BY pl.product_id, pl.location_id`,
    [productIds],
  );
  return r.rows;
}

async function pickAggregate(productIds: string[]) {
  const r = await t.db.query<{ pieces: number }>(
    'SELECT coalesce(sum(qty), 0)::int AS pieces FROM pick_item_days WHERE product_id = any($1)',
    [productIds],
  );
  return r.rows[0]?.pieces ?? 0;
}

describe('search order and delete', () => {
  it('finds an order by number in every shop; a delete puts picked pieces back through the ledger, in one go', async () => {
    const bol = await orgId(t.db, 'Bakkerij Bol');
    const bin = await addLocation(t.db, { name: `ADM-${newId().slice(-6)}`, sequence: 9000 });
    const other = await addLocation(t.db, { name: `ADM-${newId().slice(-6)}`, sequence: 9001 });
    const bread = await addProduct(t.db, bol, {
      name: 'Admin brood',
      stock: [{ locationId: bin, stock: 20 }],
    });
    const cake = await addProduct(t.db, bol, {
      name: 'Admin cake',
      stock: [{ locationId: other, stock: 5 }],
    });
    const ids = [bread.id, cake.id];
    const order = await addOrder(t.db, bol, {
      orderId: 'ADM-1001',
      placedAt: new Date(),
      lines: [
        { productId: bread.id, quantity: 3, locationId: bin },
        { productId: cake.id, quantity: 2, locationId: other },
      ],
    });
    expect(await pickAggregate(ids)).toBe(5);
    // The picker takes 2 breads through the real pick confirm (ledger row `pick`).
    const pick = await call(
      picker,
      'POST',
      '/pick_list/confirm',
      { order_line_id: order.lineIds[0], quantity: 2, location_id: bin, scanned: bread.ean },
      { 'idempotency-key': newId() },
    );
    expect(pick.statusCode, pick.body).toBe(200);
    expect(await pickAggregate(ids)).toBe(3);
    const before = await stockAndLedger(ids);
    expect(before.find((r) => r.location_id === bin)?.stock).toBe(18);

    const found = await call(admin, 'GET', '/orders/searchOrderId/adm-1001');
    expect(found.statusCode, found.body).toBe(200);
    const [view] = found.json<AdminOrder[]>();
    expect(view).toMatchObject({
      _id: order.id,
      orderId: 'ADM-1001',
      org_name: 'Bakkerij Bol',
      active: true,
      picked_pieces: 2,
      deleted_at: null,
      shipmentDetails: { firstName: 'Sanne', houseNumber: '125 A', countryCode: 'NL' },
    });
    expect(view?.products.map((p) => [p.title, p.quantity, p.picked_quantity])).toEqual([
      ['Admin brood', 3, 2],
      ['Admin cake', 2, 0],
    ]);

    const del = await call(admin, 'DELETE', '/orders/searchOrderId/ADM-1001');
    expect(del.statusCode, del.body).toBe(200);
    const result = del.json<DeleteOrderResult>();
    expect(result.returned).toEqual([
      { ean: bread.ean, title: 'Admin brood', location: expect.any(String), quantity: 2 },
    ]);
    expect(result.order).toMatchObject({ status: 'cancelled', active: false, picked_pieces: 0 });
    expect(result.order.deleted_at).not.toBeNull();
    expect(result.order.deleted_by).toBe(`${DEMO_USERS.admin.firstName} ${DEMO_USERS.admin.familyName}`);

    // Stock back on the bin; every place's stock minus its ledger sum is what it was (ledger consistent).
    const after = await stockAndLedger(ids);
    expect(after.find((r) => r.location_id === bin)?.stock).toBe(20);
    expect(after.map((r) => r.stock - r.ledger)).toEqual(before.map((r) => r.stock - r.ledger));
    const unpick = await t.db.query<{ quantity: number; reason: string; order_id: string }>(
      `SELECT quantity, reason, order_id FROM stock_mutations WHERE order_line_id = $1 ORDER BY created_at, id`,
      [order.lineIds[0]],
    );
    expect(unpick.rows.map((r) => [r.reason, r.quantity])).toEqual([
      ['pick', -2],
      ['unpick', 2],
    ]);
    // Off the pick aggregate and the open orders.
    expect(await pickAggregate(ids)).toBe(0);
    const open = await t.db.query(`SELECT 1 FROM orders WHERE id = $1 AND status = 'open'`, [order.id]);
    expect(open.rows).toEqual([]);

    // Found again, marked deleted; a second delete and a restore are refused.
    const again = (await call(admin, 'GET', `/orders/searchOrderId/${order.id}`)).json<AdminOrder[]>();
    expect(again[0]?.deleted_at).not.toBeNull();
    const twice = await call(admin, 'DELETE', '/orders/searchOrderId/ADM-1001');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'conflict' });
    const restore = await call(owner, 'POST', '/order/restore', { _id: order.id });
    expect(restore.statusCode).toBe(404);
  });

  it('refuses a shipped order, asks which shop for a shared number, and is not for merchants or warehouse staff', async () => {
    const bol = await orgId(t.db, 'Bakkerij Bol');
    const stroop = await orgId(t.db, 'Stroopwafel & Co');
    const bin = await addLocation(t.db, { name: `ADM-${newId().slice(-6)}`, sequence: 9002 });
    const p1 = await addProduct(t.db, bol, { name: 'A', stock: [{ locationId: bin, stock: 3 }] });
    const p2 = await addProduct(t.db, stroop, { name: 'B', stock: [{ locationId: bin, stock: 3 }] });
    await addOrder(t.db, bol, {
      orderId: 'ADM-SHIP',
      placedAt: new Date(),
      status: 'shipped',
      lines: [{ productId: p1.id, quantity: 1 }],
    });
    const shipped = await call(admin, 'DELETE', '/orders/searchOrderId/ADM-SHIP');
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json()).toMatchObject({ code: 'order_shipped' });

    await addOrder(t.db, bol, {
      orderId: 'ADM-TWIN',
      placedAt: new Date(),
      lines: [{ productId: p1.id, quantity: 1 }],
    });
    const twin = await addOrder(t.db, stroop, {
      orderId: 'ADM-TWIN',
      placedAt: new Date(),
      lines: [{ productId: p2.id, quantity: 1 }],
    });
    expect((await call(admin, 'GET', '/orders/searchOrderId/ADM-TWIN')).json<AdminOrder[]>()).toHaveLength(2);
    const ambiguous = await call(admin, 'DELETE', '/orders/searchOrderId/ADM-TWIN');
    expect(ambiguous.statusCode).toBe(409);
    expect(ambiguous.json()).toMatchObject({ code: 'ambiguous_order' });
    const one = await call(admin, 'DELETE', `/orders/searchOrderId/ADM-TWIN?org_id=${stroop}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<DeleteOrderResult>().order._id).toBe(twin.id);
    expect((await call(admin, 'GET', '/orders/searchOrderId/NO-SUCH-ORDER')).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', '/orders/searchOrderId/NO-SUCH-ORDER')).statusCode).toBe(404);

    expect((await call(picker, 'GET', '/orders/searchOrderId/ADM-TWIN')).statusCode).toBe(403);
    expect((await call(picker, 'DELETE', '/orders/searchOrderId/ADM-TWIN')).statusCode).toBe(403);
    // A merchant finds only its own order of that number; deleting is the provider administrator's.
    const own = await call(owner, 'GET', '/orders/searchOrderId/ADM-TWIN');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<AdminOrder[]>().map((o) => o.org_name)).toEqual(['Bakkerij Bol']);
    expect((await call(owner, 'GET', `/orders/searchOrderId/${twin.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', '/orders/searchOrderId/ADM-TWIN')).statusCode).toBe(403);
  });
});

describe('roles and users', () => {
  const rolesList = async () => (await call(admin, 'GET', '/roles')).json<Page<AdminRole>>().items;

  it('a grant added to a role reaches its user’s open session at once: 403, then 200 without logging in again', async () => {
    const roles = await rolesList();
    const staff = roles.find((r) => r.key === 'warehouse_staff') as AdminRole;
    expect(staff.is_default).toBe(true);
    expect(staff.edited_at).toBeNull();
    expect(staff.users).toBeGreaterThan(0);
    // The picker's session is cached (it was used above): the admin's surcharge list is refused.
    expect((await call(picker, 'GET', '/surcharges/list')).statusCode).toBe(403);
    expect((await call(picker, 'GET', '/surcharges/list')).statusCode).toBe(403);

    const grants: Grant[] = [...staff.grants, { methods: ['GET'], path: '/surcharges/list' }];
    const preview = await call(admin, 'POST', '/roles/preview', { grants });
    expect(preview.statusCode, preview.body).toBe(200);
    const calls = preview.json<RolePreview>().calls;
    expect(calls).toContainEqual(expect.objectContaining({ method: 'GET', path: '/surcharges/list' }));
    expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/pick_list/confirm' }));
    expect(calls.some((c) => c.path === '/roles/:id')).toBe(false);

    const res = await call(admin, 'PUT', `/roles/${staff.id}`, { name: staff.name, grants });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminRole>().edited_at).not.toBeNull();
    expect((await call(picker, 'GET', '/surcharges/list')).statusCode).toBe(200);

    // Taken away again: refused at once.
    await call(admin, 'PUT', `/roles/${staff.id}`, { name: staff.name, grants: staff.grants });
    expect((await call(picker, 'GET', '/surcharges/list')).statusCode).toBe(403);
  });

  it('keeps an edited default role across a restart, shows what the release ships, and resets it', async () => {
    const roles = await rolesList();
    const user = roles.find((r) => r.key === 'merchant_user') as AdminRole;
    const edited = [...user.grants, { methods: ['GET'], path: '/invoice/*' }];
    await call(admin, 'PUT', `/roles/${user.id}`, { name: 'Lezer', grants: edited });
    await prepareDatabase(t.db); // what every start does: migrations and the default roles
    const after = (await rolesList()).find((r) => r.key === 'merchant_user') as AdminRole;
    expect(after.name).toBe('Lezer');
    expect(after.grants).toEqual(edited);
    const shipped = DEFAULT_ROLES.find((r) => r.key === 'merchant_user')?.grants;
    expect(after.default_grants).toEqual(shipped);

    const reset = await call(admin, 'POST', `/roles/${user.id}/reset`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json<AdminRole>()).toMatchObject({
      name: 'Merchant user',
      grants: shipped,
      edited_at: null,
    });
    // An unedited default role follows the code again on the next start.
    await t.db.query(`UPDATE roles SET grants = '[]' WHERE key = 'merchant_user'`);
    await prepareDatabase(t.db);
    expect((await rolesList()).find((r) => r.key === 'merchant_user')?.grants).toEqual(shipped);
  });

  it('refuses an edit that takes the role editor from the admin’s own role; validates grants; adds a role', async () => {
    const roles = await rolesList();
    const own = roles.find((r) => r.key === 'provider_admin') as AdminRole;
    const lock = await call(admin, 'PUT', `/roles/${own.id}`, {
      name: own.name,
      grants: [{ methods: ['GET'], path: '/*' }],
    });
    expect(lock.statusCode).toBe(409);
    expect(lock.json()).toMatchObject({ code: 'role_locks_out' });
    const bad = await call(admin, 'PUT', `/roles/${own.id}`, {
      name: own.name,
      grants: [{ methods: ['FETCH'], path: '/x' }],
    });
    expect(bad.statusCode).toBe(400);
    const noSlash = await call(admin, 'PUT', `/roles/${own.id}`, {
      name: own.name,
      grants: [{ methods: ['GET'], path: 'x' }],
    });
    expect(noSlash.statusCode).toBe(400);

    const made = await call(admin, 'POST', '/roles', {
      key: 'inbound_clerk',
      name: 'Inbound clerk',
      grants: [{ methods: ['get', 'GET'], path: '/inbound*', except: [] }],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<AdminRole>()).toMatchObject({
      is_default: false,
      grants: [{ methods: ['GET'], path: '/inbound*' }],
    });
    expect(
      (await call(admin, 'POST', '/roles', { key: 'inbound_clerk', name: 'X', grants: [] })).statusCode,
    ).toBe(409);
    expect((await call(admin, 'POST', `/roles/${made.json<AdminRole>().id}/reset`)).statusCode).toBe(409);
    expect((await call(owner, 'GET', '/roles')).statusCode).toBe(403);
    expect((await call(picker, 'PUT', `/roles/${own.id}`, { name: 'x', grants: [] })).statusCode).toBe(403);
  });

  it('lists users with their role per shop and changes a user’s role in a shop, which their session follows', async () => {
    const list = await call(
      admin,
      'GET',
      `/roles/memberships?search=${encodeURIComponent(DEMO_USERS.bolUser.email)}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const [row] = list.json<Page<Membership>>().items;
    expect(row).toMatchObject({
      email: DEMO_USERS.bolUser.email,
      org_name: 'Bakkerij Bol',
      role_name: 'Merchant user',
      current: true,
    });
    const colleague = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
    // A read-only user may not place an order; as owner the same session gets past the grant (400: empty body).
    expect((await call(colleague, 'POST', '/orders', {})).statusCode).toBe(403);

    const ownerRole = (await rolesList()).find((r) => r.key === 'merchant_owner') as AdminRole;
    const res = await call(admin, 'PUT', '/roles/memberships', {
      user_id: row?.user_id,
      org_id: row?.org_id,
      role_id: ownerRole.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Membership>().role_name).toBe('Merchant owner');
    await t.sessionsSettled();
    const me = (await call(colleague, 'GET', '/current_user')).json<{ curr_role: { name: string } }>();
    expect(me.curr_role.name).toBe('Merchant owner');
    expect((await call(colleague, 'POST', '/orders', {})).statusCode).toBe(400);
    const none = await call(admin, 'PUT', '/roles/memberships', {
      user_id: row?.user_id,
      org_id: newId(),
      role_id: ownerRole.id,
    });
    expect(none.statusCode).toBe(404);
  });
});

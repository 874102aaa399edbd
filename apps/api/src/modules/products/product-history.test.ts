import { newId, type ProductHistoryResponse } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct, testWindow } from '../pick/test/fulfilment.fixtures.ts';

/**
 * The stock ledger of one product (spec 3 §7 `GET /product/history_locations/{product_id}`, spec 2 §6
 * 'Location history'): every pick once with its order and picker, the current stock per location, paging,
 * and tenant isolation.
 */
describe('GET /product/history_locations/:product_id', () => {
  let t: TestApp;
  let picker: string;
  let bolOwner: string;
  let bolUser: string;
  let stroopOwner: string;
  let admin: string;
  let bol: string;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 6 } });
    const seed = t.seed as NonNullable<TestApp['seed']>;
    bol = seed.orgs.bol;
    picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
    bolOwner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    bolUser = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
    stroopOwner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  });
  afterAll(async () => t?.close());

  const history = (cookie: string, productId: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/product/history_locations/${productId}${query ? `?${query}` : ''}`,
      headers: { cookie },
    });

  async function ledgerOf(cookie: string, productId: string, query = ''): Promise<ProductHistoryResponse> {
    const res = await history(cookie, productId, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ProductHistoryResponse;
  }

  async function pick(picks: { order_line_id: string; quantity: number; location_id: string }[]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pick_list/confirm',
      headers: { cookie: picker, 'idempotency-key': `history-${keys++}` },
      payload: { picks },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A seeded product of Bakkerij Bol with its stock location (the seed writes a `seed` ledger row). */
  async function seededProduct() {
    const r = await t.db.query<{ id: string; location_id: string; location_name: string; stock: number }>(
      `SELECT p.id, pl.location_id, l.name AS location_name, pl.stock
         FROM products p JOIN product_locations pl ON pl.product_id = p.id JOIN locations l ON l.id = pl.location_id
        WHERE p.org_id = $1 AND pl.stock >= 5
        ORDER BY p.ean LIMIT 1`,
      [bol],
    );
    const row = r.rows[0];
    if (!row) throw new Error('the seed gave Bakkerij Bol no product with stock');
    return row;
  }

  it('shows a pick once, with its negative quantity, order, line, location and picker', async () => {
    const p = await seededProduct();
    const before = await ledgerOf(picker, p.id);
    expect(before.mutations.map((m) => m.reason)).toEqual(['seed']);
    const w = testWindow();
    const order = await addOrder(t.db, bol, {
      orderId: `HIST-${w.start.getTime()}`,
      placedAt: w.at(1),
      lines: [{ productId: p.id, quantity: 3, locationId: p.location_id }],
    });
    const line = order.lineIds[0] as string;
    await pick([{ order_line_id: line, quantity: 2, location_id: p.location_id }]);

    const after = await ledgerOf(picker, p.id);
    const picks = after.mutations.filter((m) => m.reason === 'pick');
    expect(picks).toHaveLength(1);
    const pickerUser = (
      await t.db.query<{ id: string; first_name: string; family_name: string }>(
        'SELECT id, first_name, family_name FROM users WHERE email = $1',
        [DEMO_USERS.picker.email],
      )
    ).rows[0];
    expect(picks[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      quantity: -2,
      reason: 'pick',
      location: { id: p.location_id, name: p.location_name },
      order: { id: order.id, order_id: `HIST-${w.start.getTime()}` },
      order_line_id: line,
      user: pickerUser,
      note: null,
    });
    // Newest first: the pick comes before the seed row.
    expect(after.mutations.map((m) => m.reason)).toEqual(['pick', 'seed']);
    // The current stock per location, and the ledger adds up to it.
    expect(after.locations).toEqual([
      { location: { id: p.location_id, name: p.location_name }, stock: p.stock - 2 },
    ]);
    const sum = after.mutations
      .filter((m) => m.location?.id === p.location_id)
      .reduce((n, m) => n + m.quantity, 0);
    expect(sum).toBe(p.stock - 2);
    expect(after.product.id).toBe(p.id);
    expect(after.next).toBeNull();
  });

  it("lets every role of the product's organisation read it and answers 404 to another merchant", async () => {
    const p = await seededProduct();
    for (const cookie of [picker, admin, bolOwner, bolUser]) {
      expect((await history(cookie, p.id)).statusCode).toBe(200);
    }
    const other = await history(stroopOwner, p.id);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ statusCode: 404, code: 'not_found' });
    expect(other.body).not.toContain(p.location_name);
    expect((await history(picker, newId())).statusCode).toBe(404);
    expect((await history(picker, 'not-an-id')).statusCode).toBe(400);
  });

  it('pages newest first through rows that share their time, without skipping or repeating', async () => {
    const w = testWindow();
    const bin = await addLocation(t.db, { name: `HIST-${w.start.getTime()}`, sequence: 1 });
    const product = await addProduct(t.db, bol, {
      name: 'Ontbijtkoek',
      stock: [{ locationId: bin, stock: 50 }],
    });
    // Older ledger rows at known times, then picks: five lines confirmed in one transaction (one time).
    const times = ['2020-01-01T08:00:00.000Z', '2020-01-02T08:00:00.000Z', '2020-01-03T08:00:00.000Z'];
    for (const at of times) {
      await t.db.query(
        `INSERT INTO stock_mutations (id, org_id, product_id, location_id, quantity, reason, note, created_at)
         VALUES ($1, $2, $3, $4, 10, 'checkin', 'test', $5)`,
        [newId(), bol, product.id, bin, at],
      );
    }
    const order = await addOrder(t.db, bol, {
      orderId: `HISTP-${w.start.getTime()}`,
      placedAt: w.at(1),
      lines: Array.from({ length: 5 }, () => ({ productId: product.id, quantity: 1, locationId: bin })),
    });
    await pick(order.lineIds.map((id) => ({ order_line_id: id, quantity: 1, location_id: bin })));

    const all = await ledgerOf(bolOwner, product.id, 'limit=1000');
    expect(all.mutations).toHaveLength(8);
    expect(all.mutations.map((m) => m.reason)).toEqual([
      ...Array(5).fill('pick'),
      'checkin',
      'checkin',
      'checkin',
    ]);
    expect(all.mutations.slice(5).map((m) => m.created_at)).toEqual([...times].reverse());
    expect(all.next).toBeNull();

    const seen: string[] = [];
    let query = 'limit=2';
    for (let page = 0; page < 10; page++) {
      const res = await ledgerOf(bolOwner, product.id, query);
      expect(res.mutations.length).toBeLessThanOrEqual(2);
      seen.push(...res.mutations.map((m) => m.id));
      if (!res.next) break;
      query = `limit=2&before=${encodeURIComponent(res.next.before)}&before_id=${res.next.before_id}`;
    }
    expect(seen).toEqual(all.mutations.map((m) => m.id));

    // `before` alone: only rows strictly older than that time.
    const older = await ledgerOf(bolOwner, product.id, `before=${encodeURIComponent(times[2] as string)}`);
    expect(older.mutations.map((m) => m.created_at)).toEqual([times[1], times[0]]);
    // The default page size is 200, and the location's stock is what the picks left.
    expect((await ledgerOf(bolOwner, product.id)).mutations).toHaveLength(8);
    expect(all.locations).toEqual([{ location: { id: bin, name: `HIST-${w.start.getTime()}` }, stock: 45 }]);
  });

  it('answers 400 to a bad limit, a before that is no date-time, or before_id without before', async () => {
    const p = await seededProduct();
    for (const query of ['limit=0', 'limit=1001', 'before=yesterday', `before_id=${newId()}`]) {
      const res = await history(bolOwner, p.id, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('validation');
    }
  });
});

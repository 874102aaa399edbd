import { APP_HEADER, type PickListResponse } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct, orgId, testWindow } from './test/fulfilment.fixtures.ts';

let t: TestApp;
let picker: string;
let admin: string;
let merchant: string;
let bol: string;
let stroop: string;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 6 } });
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  merchant = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  stroop = await orgId(t.db, 'Stroopwafel & Co');
});
afterAll(async () => {
  await t?.close();
});

type Window = ReturnType<typeof testWindow>;

async function listOf(w: Window, query = '', locations = 'all', type = 'all'): Promise<PickListResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/pick_list/pick/${locations}/${type}/${w.start.toISOString()}/${w.end.toISOString()}/all${query ? `?${query}` : ''}`,
    headers: { cookie: picker },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PickListResponse;
}

function post(url: string, payload: unknown, cookie = picker, key?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as Record<string, unknown>,
  });
}

/** Two racks in walking order, a product of each merchant, orders by two shipment methods. */
async function scene() {
  const w = testWindow();
  const tag = w.start.getTime();
  const rackA = await addLocation(t.db, { name: `PA-${tag}`, sequence: 10, level: 'rack' });
  const rackB = await addLocation(t.db, { name: `PB-${tag}`, sequence: 20, level: 'rack' });
  const a1 = await addLocation(t.db, { name: `PA-${tag}-01`, sequence: 11, parentId: rackA });
  const a2 = await addLocation(t.db, { name: `PA-${tag}-02`, sequence: 12, parentId: rackA });
  const b1 = await addLocation(t.db, { name: `PB-${tag}-01`, sequence: 21, parentId: rackB });
  const bread = await addProduct(t.db, bol, {
    name: 'Volkorenbrood',
    stock: [
      { locationId: a1, stock: 10 },
      { locationId: b1, stock: 0 },
      { locationId: a2, stock: 7 },
    ],
  });
  const waffles = await addProduct(t.db, stroop, {
    name: 'Stroopwafels',
    stock: [{ locationId: b1, stock: 9 }],
  });
  const rusks = await addProduct(t.db, bol, { name: 'Beschuit' });
  const o1 = await addOrder(t.db, bol, {
    orderId: `P1-${tag}`,
    placedAt: w.at(10),
    lines: [
      { productId: bread.id, quantity: 2, locationId: a1 },
      { productId: rusks.id, quantity: 3, locationId: null },
    ],
    methodCode: 'LOCAL-NL',
  });
  const o2 = await addOrder(t.db, stroop, {
    orderId: `P2-${tag}`,
    placedAt: w.at(20),
    lines: [{ productId: waffles.id, quantity: 1, locationId: b1 }],
    methodCode: 'SMF-BRIEF-NL',
  });
  const o3 = await addOrder(t.db, bol, {
    orderId: `P3-${tag}`,
    placedAt: w.at(30),
    lines: [{ productId: rusks.id, quantity: 2, locationId: null }],
  });
  return { w, tag, rackA, rackB, a1, a2, b1, bread, waffles, rusks, o1, o2, o3 };
}

describe('pick filters by zone and cut-off group (spec 2 §2 Pick screen filters)', () => {
  it('keeps the zone’s locations (a rack selects its bins) and the cut-off group’s shipment methods', async () => {
    const s = await scene();
    const zone = await post(
      '/api/location/groups',
      { name: `Zone ${s.tag}`, location_ids: [s.rackB] },
      admin,
    );
    expect(zone.statusCode, zone.body).toBe(201);
    const zoneId = (zone.json() as { id: string }).id;
    const cut = await post(
      '/api/cut_off_groups',
      { name: `Brief ${s.tag}`, cut_off: '15:00', method_codes: ['SMF-BRIEF-NL'] },
      admin,
    );
    expect(cut.statusCode, cut.body).toBe(201);
    const cutId = (cut.json() as { id: string }).id;

    const all = await listOf(s.w);
    expect(all.items.map((i) => i.product__name)).toEqual(['Volkorenbrood', 'Stroopwafels', 'Beschuit']);
    expect((await listOf(s.w, `location_group=${zoneId}`)).items.map((i) => i.product__name)).toEqual([
      'Stroopwafels',
    ]);
    expect((await listOf(s.w, `cut_off_group=${cutId}`)).items.map((i) => i.product__name)).toEqual([
      'Stroopwafels',
    ]);
    // Both filters and a location filter outside the zone: nothing in common.
    expect((await listOf(s.w, `location_group=${zoneId}`, s.rackA)).total).toBe(0);
    // A cut-off group and a delivery filter with no method in common: nothing.
    expect((await listOf(s.w, `cut_off_group=${cutId}&delivery=LOCAL-NL`)).total).toBe(0);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/pick_list/pick/all/all/${s.w.start.toISOString()}/${s.w.end.toISOString()}/all?cut_off_group=${'f'.repeat(24)}`,
      headers: { cookie: picker },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists each item’s other locations with stock in the product’s order, without its own or empty ones', async () => {
    const s = await scene();
    const bread = (await listOf(s.w)).items.find((i) => i.product__id === s.bread.id);
    expect(bread?.loc_id).toBe(s.a1);
    expect(bread?.other_locations).toEqual([
      { loc_id: s.a2, rack: `PA-${s.tag}-02`, rack_parent: `PA-${s.tag}`, stock: 7 },
    ]);
  });
});

describe('POST /pick_list (link a pick location, spec 2 §4 Pick flow)', () => {
  it('makes the scanned location the pick location of the product’s open lines and puts the product on it', async () => {
    const s = await scene();
    const before = await listOf(s.w);
    const unlocated = before.items.find((i) => i.product__id === s.rusks.id);
    expect(unlocated).toMatchObject({ loc_id: null, rack: '', qty: 5 });

    const body = { link_location: s.b1, order_ids: [s.o1.id, s.o3.id], product_id: s.rusks.id, quantity: 5 };
    const res = await post('/api/pick_list', body, picker, `link-${s.tag}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      location: { id: s.b1, name: `PB-${s.tag}-01` },
      order_line_ids: [s.o1.lineIds[1], s.o3.lineIds[0]].sort(),
    });
    const after = (await listOf(s.w)).items.find((i) => i.product__id === s.rusks.id);
    expect(after).toMatchObject({ loc_id: s.b1, rack: `PB-${s.tag}-01`, qty: 5, product__stock: 0 });
    const assign = await t.db.query<{ quantity: number; reason: string }>(
      'SELECT quantity, reason FROM stock_mutations WHERE product_id = $1 AND location_id = $2',
      [s.rusks.id, s.b1],
    );
    expect(assign.rows).toEqual([{ quantity: 0, reason: 'assign' }]);
    // The outbox resends after a lost answer: the same key answers the same, and changes nothing again.
    const replay = await post('/api/pick_list', body, picker, `link-${s.tag}`);
    expect(replay.json()).toEqual(res.json());
    const rows = await t.db.query('SELECT 1 FROM stock_mutations WHERE product_id = $1', [s.rusks.id]);
    expect(rows.rows).toHaveLength(1);
  });

  it('refuses more than the lines need, an inactive location, and orders without an open line of the product', async () => {
    const s = await scene();
    const over = await post('/api/pick_list', {
      link_location: s.b1,
      order_ids: [s.o1.id],
      product_id: s.rusks.id,
      quantity: 4,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'over_pick' });
    await t.db.query('UPDATE locations SET active = false WHERE id = $1', [s.a2]);
    const inactive = await post('/api/pick_list', {
      link_location: s.a2,
      order_ids: [s.o1.id],
      product_id: s.rusks.id,
      quantity: 1,
    });
    expect(inactive.json()).toMatchObject({ code: 'location_inactive' });
    const none = await post('/api/pick_list', {
      link_location: s.b1,
      order_ids: [s.o2.id],
      product_id: s.rusks.id,
      quantity: 1,
    });
    expect(none.statusCode).toBe(404);
    const lines = await t.db.query<{ pick_location_id: string | null }>(
      'SELECT pick_location_id FROM order_lines WHERE product_id = $1',
      [s.rusks.id],
    );
    expect(lines.rows.every((l) => l.pick_location_id === null)).toBe(true);
  });
});

describe('POST /pick_list/problem (the pick screen sub-menu, spec 2 §2)', () => {
  it('records what the picker saw and raises the recount flag; a merchant may not report', async () => {
    const s = await scene();
    const res = await post(
      '/api/pick_list/problem',
      { product_id: s.bread.id, location_id: s.a1, kind: 'insufficient', seen: 1 },
      picker,
      `problem-${s.tag}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ product_id: s.bread.id, needs_recount: true });
    const row = await t.db.query<{ kind: string; seen: number; location_id: string }>(
      'SELECT kind, seen, location_id FROM pick_problems WHERE product_id = $1',
      [s.bread.id],
    );
    expect(row.rows).toEqual([{ kind: 'insufficient', seen: 1, location_id: s.a1 }]);
    const flagged = (await listOf(s.w)).items.find((i) => i.product__id === s.bread.id);
    expect(flagged?.needs_recount).toBe(true);
    const byMerchant = await post(
      '/api/pick_list/problem',
      { product_id: s.bread.id, location_id: s.a1, kind: 'low_stock' },
      merchant,
    );
    expect(byMerchant.statusCode).toBe(403);
    const unknown = await post('/api/pick_list/problem', {
      product_id: 'f'.repeat(24),
      location_id: s.a1,
      kind: 'not_present',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a shelf report steers the pick list until the place is counted (spec 2 §2 sub-menu, §4 recount)', () => {
  const report = (productId: string, locationId: string, kind: string, tag: string) =>
    post('/api/pick_list/problem', { product_id: productId, location_id: locationId, kind }, picker, tag);
  const itemsOf = async (w: Window, productId: string) =>
    (await listOf(w)).items.filter((i) => i.product__id === productId);
  const stockAt = async (productId: string) =>
    (
      await t.db.query<{ location_id: string; stock: number }>(
        'SELECT location_id, stock FROM product_locations WHERE product_id = $1 ORDER BY location_id',
        [productId],
      )
    ).rows;
  async function roundOf(w: Window, itemId: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/pick_list/orders/${w.start.toISOString()}/${w.end.toISOString()}/all?items=${itemId}`,
      headers: { cookie: picker },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: { id: string; orders: { order_line_id: string }[]; total: number }[] })
      .items[0];
  }

  it('sends the lines of a place reported empty to another place with stock, stock untouched', async () => {
    const s = await scene();
    // A product without a pick location on its lines: the list resolves them to its first place with stock (a1).
    const cake = await addProduct(t.db, bol, {
      name: 'Ontbijtkoek',
      stock: [
        { locationId: s.a1, stock: 4 },
        { locationId: s.a2, stock: 6 },
      ],
    });
    await addOrder(t.db, bol, {
      orderId: `P4-${s.tag}`,
      placedAt: s.w.at(40),
      lines: [{ productId: cake.id, quantity: 1, locationId: null }],
    });
    expect((await itemsOf(s.w, s.bread.id)).map((i) => i.loc_id)).toEqual([s.a1]);
    expect((await itemsOf(s.w, cake.id)).map((i) => i.loc_id)).toEqual([s.a1]);
    const before = await stockAt(s.bread.id);

    // Low stock is a signal, not a reason to go elsewhere.
    expect((await report(s.bread.id, s.a1, 'low_stock', `low-${s.tag}`)).statusCode).toBe(200);
    expect((await itemsOf(s.w, s.bread.id)).map((i) => i.loc_id)).toEqual([s.a1]);

    expect((await report(s.bread.id, s.a1, 'not_present', `np-${s.tag}`)).statusCode).toBe(200);
    expect((await report(cake.id, s.a1, 'not_present', `np-cake-${s.tag}`)).statusCode).toBe(200);
    const [bread] = await itemsOf(s.w, s.bread.id);
    expect(bread).toMatchObject({
      id: `${s.bread.id}:${s.a2}`,
      loc_id: s.a2,
      rack: `PA-${s.tag}-02`,
      product__stock: 7,
      qty: 2,
      orders: [{ order_line_id: s.o1.lineIds[0], qty: 2 }],
      // The reported place is no alternative either (b1 holds none).
      other_locations: [],
    });
    expect(bread?.shelf_problem).toBeUndefined();
    expect((await itemsOf(s.w, cake.id)).map((i) => i.loc_id)).toEqual([s.a2]);
    // The item's orders follow the list: the line on a1 is in a2's item, none is left in a1's.
    expect(await roundOf(s.w, `${s.bread.id}:${s.a2}`)).toMatchObject({
      total: 1,
      orders: [{ order_line_id: s.o1.lineIds[0] }],
    });
    expect(await roundOf(s.w, `${s.bread.id}:${s.a1}`)).toMatchObject({ total: 0, orders: [] });
    // A report never changes stock, and the lines keep their pick location.
    expect(await stockAt(s.bread.id)).toEqual(before);
    const line = await t.db.query<{ pick_location_id: string }>(
      'SELECT pick_location_id FROM order_lines WHERE id = $1',
      [s.o1.lineIds[0]],
    );
    expect(line.rows[0]?.pick_location_id).toBe(s.a1);
  });

  it('keeps the item on the reported place when the product has no other with stock, and says so', async () => {
    const s = await scene();
    expect((await report(s.waffles.id, s.b1, 'not_present', `np-w-${s.tag}`)).statusCode).toBe(200);
    const [waffles] = await itemsOf(s.w, s.waffles.id);
    expect(waffles).toMatchObject({
      id: `${s.waffles.id}:${s.b1}`,
      loc_id: s.b1,
      qty: 1,
      shelf_problem: 'not_present',
      needs_recount: true,
    });
    // Both places of the bread reported short: it stays where its line is, with the latest report's kind.
    expect((await report(s.bread.id, s.a1, 'insufficient', `in-a1-${s.tag}`)).statusCode).toBe(200);
    expect((await itemsOf(s.w, s.bread.id)).map((i) => i.loc_id)).toEqual([s.a2]);
    expect((await report(s.bread.id, s.a2, 'insufficient', `in-a2-${s.tag}`)).statusCode).toBe(200);
    const [bread] = await itemsOf(s.w, s.bread.id);
    expect(bread).toMatchObject({ loc_id: s.a1, qty: 2, shelf_problem: 'insufficient', other_locations: [] });
    expect(await roundOf(s.w, `${s.bread.id}:${s.a1}`)).toMatchObject({ total: 1 });
  });

  it('sends pickers back to the place once it is counted (a correction or a count there)', async () => {
    const s = await scene();
    expect((await report(s.bread.id, s.a1, 'not_present', `np-b-${s.tag}`)).statusCode).toBe(200);
    expect((await report(s.waffles.id, s.b1, 'not_present', `np-w-${s.tag}`)).statusCode).toBe(200);
    expect((await itemsOf(s.w, s.bread.id)).map((i) => i.loc_id)).toEqual([s.a2]);
    // The product's locations show the open report on its place, for whoever counts it (portal, floor Locations task).
    const reportOf = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/product/locations/${s.bread.id}`,
        headers: { cookie: picker },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as {
        locations: { location: { id: string }; shelf_problem?: { kind: string } }[];
      };
      return body.locations.map((l) => [l.location.id, l.shelf_problem?.kind ?? null]);
    };
    expect(await reportOf()).toEqual(
      expect.arrayContaining([
        [s.a1, 'not_present'],
        [s.a2, null],
      ]),
    );
    // A count of another place answers nothing here.
    const elsewhere = await post(
      '/api/correct_stock/',
      { org_id: bol, ean: s.bread.ean, location_id: s.a2, curr_amount: 7, desc: 'geteld', language: 'nl' },
      picker,
      `corr-a2-${s.tag}`,
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect((await itemsOf(s.w, s.bread.id)).map((i) => i.loc_id)).toEqual([s.a2]);
    // The recount popup's correction on a1 (found 3 after all).
    const counted = await post(
      '/api/correct_stock/',
      { org_id: bol, ean: s.bread.ean, location_id: s.a1, curr_amount: 3, desc: 'geteld', language: 'nl' },
      picker,
      `corr-a1-${s.tag}`,
    );
    expect(counted.statusCode, counted.body).toBe(200);
    const [bread] = await itemsOf(s.w, s.bread.id);
    expect(bread).toMatchObject({ id: `${s.bread.id}:${s.a1}`, loc_id: s.a1, product__stock: 3, qty: 2 });
    expect(bread?.shelf_problem).toBeUndefined();
    expect(bread?.other_locations.map((o) => o.loc_id)).toEqual([s.a2]);
    expect((await reportOf()).filter(([, kind]) => kind !== null)).toEqual([]);
    // The Locations task's count of the place (its amount set, here unchanged) closes the report as well.
    const link = await t.db.query<{ id: string }>(
      'SELECT id FROM product_locations WHERE product_id = $1 AND location_id = $2',
      [s.waffles.id, s.b1],
    );
    const set = await t.app.inject({
      method: 'GET',
      url: `/api/locations/stock/update/${s.waffles.id}/${link.rows[0]?.id}/9`,
      headers: { cookie: picker, [APP_HEADER]: 'test' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const [waffles] = await itemsOf(s.w, s.waffles.id);
    expect(waffles?.loc_id).toBe(s.b1);
    expect(waffles?.shelf_problem).toBeUndefined();
  });
});

describe('GET /pick_list/organisations (the pick filter’s organisations)', () => {
  it('lists the visible organisations by name with their lines still to pick', async () => {
    await scene();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/pick_list/organisations',
      headers: { cookie: picker },
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: { id: string; name: string; open_lines: number }[] }).items;
    const names = items.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const open = await t.db.query<{ org_id: string; n: number }>(
      `SELECT l.org_id, count(*)::int AS n FROM order_lines l JOIN orders o ON o.id = l.order_id
       WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity GROUP BY 1`,
    );
    for (const row of open.rows) expect(items.find((o) => o.id === row.org_id)?.open_lines).toBe(row.n);
    expect(items.find((o) => o.id === bol)?.open_lines).toBeGreaterThan(0);
  });
});

describe('claims: several pickers at once (issue 11)', () => {
  const claim = (itemId: string, cookie: string) => post('/api/pick_list/claim', { item_id: itemId }, cookie);

  it('gives an item to one picker for a short time, renews it for them, and releases it on skip', async () => {
    const s = await scene();
    const item = `${s.bread.id}:${s.a1}`;
    const first = await claim(item, picker);
    expect(first.statusCode, first.body).toBe(200);
    const until = Date.parse((first.json() as { expires_at: string }).expires_at);
    expect(until - Date.now()).toBeGreaterThan(60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(90_000 + 5_000);
    const other = await claim(item, admin);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'claimed' });
    expect((other.json() as { message: string }).message).toMatch(/^Piet is picking this item/);
    expect((await claim(item, picker)).statusCode).toBe(200);
    const release = await t.app.inject({
      method: 'DELETE',
      url: `/api/pick_list/claim/${item}`,
      headers: { cookie: picker },
    });
    expect(release.json()).toEqual({ released: true });
    expect((await claim(item, admin)).statusCode).toBe(200);
  });

  it('lets another picker take an expired claim, and answers 404 for a product the picker cannot see', async () => {
    const s = await scene();
    const item = `${s.waffles.id}:${s.b1}`;
    expect((await claim(item, picker)).statusCode).toBe(200);
    await t.db.query(`UPDATE pick_claims SET expires_at = now() - interval '1 second' WHERE item_id = $1`, [
      item,
    ]);
    expect((await claim(item, admin)).statusCode).toBe(200);
    const bogus = await claim(`${'e'.repeat(24)}:none`, picker);
    expect(bogus.statusCode).toBe(404);
    const malformed = await claim('not-an-item', picker);
    expect(malformed.statusCode).toBe(400);
  });

  it('lets exactly one of two pickers win when both claim the same item at once', async () => {
    const s = await scene();
    const item = `${s.bread.id}:${s.a2}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => claim(item, i % 2 === 0 ? picker : admin)),
    );
    const winners = new Set(
      answers.flatMap((a, i) => (a.statusCode === 200 ? [i % 2 === 0 ? 'picker' : 'admin'] : [])),
    );
    expect(winners.size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 409).length).toBe(10);
    const rows = await t.db.query('SELECT user_id FROM pick_claims WHERE item_id = $1', [item]);
    expect(rows.rows).toHaveLength(1);
  });
});

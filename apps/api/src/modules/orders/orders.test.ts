import {
  OPEN_ORDERS_COUNT_CAP,
  OpenOrderLineSchema,
  OpenOrderSchema,
  type OpenOrders,
  type Order,
  type OrderImportResult,
  type OrderImportRow,
} from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The open orders list and the order card calls (spec 1 §2 Open orders list, Order card, §7; issue 3 §1). */
describe('open orders and order card calls', () => {
  let t: TestApp;
  let bol: string;
  let stroop: string;
  let picker: string;
  let bolEans: string[];
  let stroopEans: string[];
  const ids: Record<string, string> = {};

  const address = {
    firstName: 'Anna',
    surName: 'Smit',
    streetName: 'Markt',
    houseNumber: '1',
    zipcode: '2801JG',
    city: 'Gouda',
  };
  const start = new Date(Date.now() - 86_400_000).toISOString();
  const end = new Date(Date.now() + 86_400_000).toISOString();

  const open = async (cookie: string, packSize = 'all', query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/open/${encodeURIComponent(start)}/${encodeURIComponent(end)}/${packSize}${query ? `?${query}` : ''}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OpenOrders;
  };
  const orderIdsOf = (list: OpenOrders) => list.groups.flatMap((g) => g.orders.map((o) => o.orderId)).sort();
  const importRows = async (cookie: string, rows: OrderImportRow[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/import',
      headers: { cookie },
      payload: rows,
    });
    const body = res.json() as OrderImportResult;
    expect(body.errors).toEqual([]);
    for (const o of body.orders) ids[o.order_id] = o.id;
  };
  const locationOf = async (ean: string) =>
    (
      await t.db.query<{ id: string; name: string; sequence: number }>(
        `SELECT l.id, l.name, l.sequence FROM product_locations pl JOIN products p ON p.id = pl.product_id
           JOIN locations l ON l.id = pl.location_id WHERE p.ean = $1 ORDER BY pl.position LIMIT 1`,
        [ean],
      )
    ).rows[0] as { id: string; name: string; sequence: number };

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 50 } });
    bol = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    stroop = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
    const orgs = t.seed?.orgs as { bol: string; stroop: string };
    const eansOf = async (org: string) =>
      (
        await t.db.query<{ ean: string }>(
          // Products with a photo first: ids (and so this order) are random, and a fifth of the
          // sample products have no image_url, which the img_url check below needs.
          'SELECT p.ean FROM products p WHERE org_id = $1 ORDER BY (p.img_url IS NULL), p.created_at, p.id',
          [org],
        )
      ).rows.map((r) => r.ean);
    bolEans = await eansOf(orgs.bol);
    stroopEans = await eansOf(orgs.stroop);
    const [b0, b1, b2] = bolEans as [string, string, string];
    await importRows(bol, [
      { order_id: 'S-1', product_ean: b0, quantity: '1', ...address },
      { order_id: 'S-2', product_ean: b1, quantity: '2', ...address },
      { order_id: 'S-3', product_ean: b1, quantity: '1', ...address },
      { order_id: 'M-1', product_ean: b2, quantity: '1', ...address },
      { order_id: 'M-1', product_ean: b0, quantity: '1' },
    ]);
    await importRows(stroop, [{ order_id: 'X-1', product_ean: stroopEans[0], quantity: '1', ...address }]);
  });
  afterAll(async () => t.close());

  it("lists a merchant's own open orders only; warehouse staff see every organisation", async () => {
    expect(orderIdsOf(await open(bol))).toEqual(['M-1', 'S-1', 'S-2', 'S-3']);
    expect(orderIdsOf(await open(stroop))).toEqual(['X-1']);
    const all = await open(picker);
    expect(orderIdsOf(all)).toEqual(['M-1', 'S-1', 'S-2', 'S-3', 'X-1']);
    expect(all.total).toBe(5);
  });

  it('narrows to one organisation for the warehouse; a foreign organisation selects nothing for a merchant', async () => {
    const orgs = t.seed?.orgs;
    if (!orgs) throw new Error('seed missing');
    expect(orderIdsOf(await open(picker, 'all', `org_id=${orgs.stroop}`))).toEqual(['X-1']);
    expect(orderIdsOf(await open(picker, 'all', `org_id=${orgs.bol}`))).toEqual(['M-1', 'S-1', 'S-2', 'S-3']);
    expect(orderIdsOf(await open(bol, 'all', `org_id=${orgs.stroop}`))).toEqual([]);
    const count = await open(picker, 'all', 'limit=1');
    expect({ total: count.total, matching: count.matching, capped: count.matching_capped }).toEqual({
      total: 1,
      matching: 5,
      capped: false,
    });
  });

  it('groups the orders per pick location in walking order, with the lines the card needs', async () => {
    const list = await open(bol);
    const [b0, b1, b2] = bolEans as [string, string, string];
    const l0 = await locationOf(b0);
    const l1 = await locationOf(b1);
    const l2 = await locationOf(b2);
    const expected = [
      { loc: l0, orders: ['S-1'] },
      { loc: l1, orders: ['S-2', 'S-3'] },
      { loc: l2, orders: ['M-1'] }, // grouped by the pick location of its first line
    ].sort((a, b) => a.loc.sequence - b.loc.sequence);
    expect(list.groups.map((g) => [g.location?.name, g.count, g.orders.map((o) => o.orderId)])).toEqual(
      expected.map((e) => [e.loc.name, e.orders.length, e.orders]),
    );
    const s2 = list.groups.flatMap((g) => g.orders).find((o) => o.orderId === 'S-2');
    expect(s2?.products).toEqual([
      expect.objectContaining({
        ean: b1,
        quantity: 2,
        picked_quantity: 0,
        pick_location: { id: l1.id, name: l1.name },
      }),
    ]);
    // The photo is the order card's (GET /order/get/{id}), not the list's: no screen of the list shows it (issue 8 §3).
    expect(s2?.products[0]).not.toHaveProperty('img_url');
    const card = await t.app.inject({
      method: 'GET',
      url: `/api/order/get/${s2?.id}`,
      headers: { cookie: bol },
    });
    expect((card.json() as Order).products[0]?.img_url).toMatch(/^https:\/\/static\.openfoodfacts\.org\//);
    expect(s2).toMatchObject({
      label_quantity: 1,
      label: false,
      shipped: false,
      // Imported orders arrive with the default method for their country (the local carrier for NL).
      selected_ship_option: 'LOCAL-NL',
      notes_text: null,
    });
    expect(s2?.shipmentDetails).toMatchObject({ zipCode: '2801 JG', city: 'Gouda' });
  });

  it('filters by pack size: 1 single-line orders, 2 multi-line orders, 0 and all both', async () => {
    expect(orderIdsOf(await open(bol, '1'))).toEqual(['S-1', 'S-2', 'S-3']);
    expect(orderIdsOf(await open(bol, '2'))).toEqual(['M-1']);
    expect(orderIdsOf(await open(bol, '0'))).toEqual(['M-1', 'S-1', 'S-2', 'S-3']);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/orders/open/${start}/${end}/3`,
      headers: { cookie: bol },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('filters by EAN, by picked location and by location name', async () => {
    const [b0, b1, b2] = bolEans as [string, string, string];
    expect(orderIdsOf(await open(bol, 'all', `ean=${b0}`))).toEqual(['M-1', 'S-1']);
    const l1 = await locationOf(b1);
    expect(orderIdsOf(await open(bol, 'all', `picked_location=${l1.id}`))).toEqual(['S-2', 'S-3']);
    const l2 = await locationOf(b2);
    expect(
      orderIdsOf(await open(bol, 'all', `location=${encodeURIComponent(`${l2.name},${l1.id}`)}`)),
    ).toEqual(['M-1', 'S-2', 'S-3']);
    // Another organisation's EAN finds nothing for this merchant.
    expect(orderIdsOf(await open(bol, 'all', `ean=${stroopEans[0]}`))).toEqual([]);
  });

  it('filters red and B2B orders, honours the limit and the date range', async () => {
    await t.db.query("UPDATE orders SET notes_color = 'red', notes_text = 'Let op' WHERE id = $1", [
      ids['S-3'],
    ]);
    await t.db.query("UPDATE orders SET order_type = 'b2b_order' WHERE id = $1", [ids['M-1']]);
    expect(orderIdsOf(await open(bol, 'all', 'red_orders=true'))).toEqual(['S-3']);
    expect(orderIdsOf(await open(bol, 'all', 'b2b_orders=true'))).toEqual(['M-1']);
    expect(orderIdsOf(await open(bol, 'all', 'red_orders=false'))).toHaveLength(4);
    expect((await open(bol, 'all', 'limit=2')).total).toBe(2);
    await t.db.query("UPDATE orders SET placed_at = now() - interval '10 days' WHERE id = $1", [ids['S-1']]);
    expect(orderIdsOf(await open(bol))).toEqual(['M-1', 'S-2', 'S-3']);
    await t.db.query("UPDATE orders SET status = 'shipped' WHERE id = $1", [ids['S-2']]);
    expect(orderIdsOf(await open(bol))).toEqual(['M-1', 'S-3']);
  });

  it('sets the label quantity (at least 1) of own orders only', async () => {
    const set = (cookie: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/order/labels/quantity', headers: { cookie }, payload });
    expect((await set(bol, { order_id: ids['M-1'], quantity: 3 })).statusCode).toBe(200);
    const order = (
      await t.app.inject({ method: 'GET', url: `/api/order/get/${ids['M-1']}`, headers: { cookie: bol } })
    ).json();
    expect(order.label_quantity).toBe(3);
    const zero = await set(bol, { order_id: ids['M-1'], quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toMatch(/at least 1/);
    expect((await set(stroop, { order_id: ids['M-1'], quantity: 2 })).statusCode).toBe(404);
  });

  it('selects the shipment method and box of an order', async () => {
    const methods = await t.app.inject({
      method: 'GET',
      url: '/api/shipment_methods',
      headers: { cookie: bol },
    });
    expect(methods.statusCode).toBe(200);
    const method = methods.json().find((m: { code: string }) => m.code === 'SMF-POSTNL-NL');
    expect(method).toMatchObject({ price_cents: 695, price: 6.95, carrier: 'postnl' });
    const boxes = await t.app.inject({ method: 'GET', url: '/api/shipment_boxes', headers: { cookie: bol } });
    const box = boxes.json()[0];
    expect(box).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      price: box.price_cents / 100,
    });

    const url = (what: string, id: string | undefined) => `/api/order/${what}/${id}`;
    const r1 = await t.app.inject({
      method: 'POST',
      url: url('shipment_method', ids['S-3']),
      headers: { cookie: bol },
      payload: { code: 'SMF-POSTNL-NL' },
    });
    expect(r1.statusCode).toBe(200);
    const r2 = await t.app.inject({
      method: 'POST',
      url: url('shipment_package', ids['S-3']),
      headers: { cookie: bol },
      payload: { id: box.id },
    });
    expect(r2.statusCode).toBe(200);
    const order = (
      await t.app.inject({ method: 'GET', url: `/api/order/get/${ids['S-3']}`, headers: { cookie: bol } })
    ).json();
    expect(order.selected_ship_option).toBe('SMF-POSTNL-NL');
    expect(order.selected_packaging_option).toBe(box.id);
    expect(orderIdsOf(await open(bol, 'all', 'shipment_method=SMF-POSTNL-NL'))).toEqual(['S-3']);

    const unknown = await t.app.inject({
      method: 'POST',
      url: url('shipment_method', ids['S-3']),
      headers: { cookie: bol },
      payload: { code: 'NOPE' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown shipment method: NOPE');
    expect(unknown.json().issues?.[0]).toMatchObject({
      code: 'unknown_value',
      values: { field: 'shipment_method', value: 'NOPE' },
    });
    const still = (
      await t.app.inject({ method: 'GET', url: `/api/order/get/${ids['S-3']}`, headers: { cookie: bol } })
    ).json();
    expect(still.selected_ship_option).toBe('SMF-POSTNL-NL');
    const badBox = await t.app.inject({
      method: 'POST',
      url: url('shipment_package', ids['S-3']),
      headers: { cookie: bol },
      payload: { id: 'a'.repeat(24) },
    });
    expect(badBox.statusCode).toBe(400);
    const foreign = await t.app.inject({
      method: 'POST',
      url: url('shipment_method', ids['S-3']),
      headers: { cookie: stroop },
      payload: { code: 'SMF-POSTNL-NL' },
    });
    expect(foreign.statusCode).toBe(404);
    const foreignBox = await t.app.inject({
      method: 'POST',
      url: url('shipment_package', ids['S-3']),
      headers: { cookie: stroop },
      payload: { id: box.id },
    });
    expect(foreignBox.statusCode).toBe(404);
  });

  it('answers 404 for an unknown or foreign order and 400 for a malformed id', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/order/get/${ids['X-1']}`, headers: { cookie: bol } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/order/get/${'0'.repeat(24)}`,
          headers: { cookie: bol },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/order/get/nope', headers: { cookie: bol } }))
        .statusCode,
    ).toBe(400);
  });

  it('puts orders without a pick location in a last group without location', async () => {
    await t.db.query('UPDATE order_lines SET pick_location_id = NULL WHERE order_id = $1', [ids['M-1']]);
    const list = await open(bol);
    expect(list.groups.at(-1)).toMatchObject({
      location: null,
      count: 1,
      orders: [expect.objectContaining({ orderId: 'M-1' })],
    });
    expect(list.groups.slice(0, -1).every((g) => g.location !== null)).toBe(true);
  });

  it('lists each open order exactly as the order card reads it, each list field (text to escape, group location, bundle, address keys, microseconds, no lines)', async () => {
    const orgs = t.seed?.orgs as { stroop: string };
    // Text JSON must escape (quotes, backslash, control characters), two-byte and astral characters, and a line with
    // a group location, a bundle without EAN, no photo and notes; an address with only `phone` and a key the
    // contract does not have; a time with microseconds; and an order without lines.
    const tricky = 'Stroopwafel "echt" \\ ®️ 日本 🧇 \n\t\u0001 é';
    const x1 = ids['X-1'] as string;
    const [line] = (
      await t.db.query<{ id: string; product_id: string }>(
        'SELECT id, product_id FROM order_lines WHERE order_id = $1',
        [x1],
      )
    ).rows;
    if (!line) throw new Error('X-1 has no line');
    const shelf = await locationOf(stroopEans[1] as string);
    const lineless = `cb${'0'.repeat(21)}1`;
    await t.db.query(
      `UPDATE order_lines SET title = $2, group_location_id = $3, bundle_product_id = product_id, bundle_ean = NULL,
         bundle_title = $2, bundle_quantity = 3 WHERE id = $1`,
      [line.id, tricky, shelf.id],
    );
    await t.db.query(`UPDATE products SET pack_note = $2, pick_note = '', img_url = NULL WHERE id = $1`, [
      line.product_id,
      tricky,
    ]);
    await t.db.query(
      `UPDATE orders SET shipment_details = (shipment_details - 'phone' - 'deliveryPhoneNumber')
           || '{"phone": "+31 6 12345678", "extra": "not in the contract"}'::jsonb,
         notes_text = $2, notes_color = 'red', placed_at = placed_at + interval '123456 microseconds',
         delivery_at = now() WHERE id = $1`,
      [x1, tricky],
    );
    await t.db.query(
      `INSERT INTO orders (id, org_id, order_id, placed_at) VALUES ($1, $2, 'EMPTY-1', now())`,
      [lineless, orgs.stroop],
    );
    try {
      const list = await open(picker);
      const listed = list.groups.flatMap((g) => g.orders);
      expect(listed.map((o) => o.orderId).sort()).toEqual(['EMPTY-1', 'M-1', 'S-3', 'X-1']);
      for (const order of listed) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/order/get/${order.id}`,
          headers: { cookie: picker },
        });
        // Every field of the list's order equals the card's (issue 8 §3: the list carries the card's fields the
        // packing station reads, OpenOrderSchema); the card's other fields are left out of the list.
        const card = res.json() as Order;
        expect(order).toEqual(OpenOrderSchema.parse(card));
        expect(Object.keys(order).sort()).toEqual(Object.keys(OpenOrderSchema.shape).sort());
        // Every field of a line, but `cancelled`, sent only when true (a line cancelled at bol's request, ADR 0128).
        const lineKeys = Object.keys(OpenOrderLineSchema.shape).filter((k) => k !== 'cancelled');
        for (const line of order.products) {
          expect(Object.keys(line).sort()).toEqual(
            [...lineKeys, ...(line.cancelled === true ? ['cancelled'] : [])].sort(),
          );
        }
      }
      const x = listed.find((o) => o.orderId === 'X-1');
      expect(x?.products[0]).toMatchObject({
        title: tricky,
        pack_note: tricky,
        group_location: { id: shelf.id, name: shelf.name },
        bundle: { ean: '', title: tricky, quantity: 3 },
      });
      // The phone is the card's only (GET /order/get/{id}), with its `deliveryPhoneNumber` name filled from `phone`.
      expect(x?.shipmentDetails).not.toHaveProperty('phone');
      const xCard = await t.app.inject({
        method: 'GET',
        url: `/api/order/get/${x1}`,
        headers: { cookie: picker },
      });
      expect((xCard.json() as Order).shipmentDetails.deliveryPhoneNumber).toBe('+31 6 12345678');
      expect(listed.find((o) => o.orderId === 'EMPTY-1')).toMatchObject({
        products: [],
        isFulfilledBySF: false,
      });
    } finally {
      await t.db.query('DELETE FROM orders WHERE id = $1', [lineless]);
    }
  });

  it('marks an order that already has a shipping label (label: true), and only that one', async () => {
    const orgs = t.seed?.orgs as { bol: string };
    await t.db.query(
      `INSERT INTO shipments (id, org_id, order_id, carrier, method_code, tracking_number, label_pdf, packing_slip_pdf)
         VALUES ('ab' || lpad('1', 22, '0'), $1, $2, 'local', 'LOCAL-NL', 'HBTEST0001', '\\x25'::bytea, '\\x25'::bytea)`,
      [orgs.bol, ids['S-3']],
    );
    try {
      const labelled = (await open(bol)).groups.flatMap((g) => g.orders).filter((o) => o.label);
      // (S-1 and S-2 were shipped by the tests above; S-3 and M-1 are still open.)
      expect(labelled.map((o) => o.orderId)).toEqual(['S-3']);
    } finally {
      await t.db.query(`DELETE FROM shipments WHERE tracking_number = 'HBTEST0001'`);
    }
  });

  it('counts matching orders up to the cap and says when there are more (issue 8: no count of the whole backlog)', async () => {
    const orgs = t.seed?.orgs as { stroop: string };
    // 10,001 extra open orders of one merchant, written in one statement (the list reads orders, not how they came).
    await t.db.query(
      `INSERT INTO orders (id, org_id, order_id, placed_at)
         SELECT 'ca' || lpad(to_hex(g), 22, '0'), $1, 'CAP-' || g, now() - interval '2 hours' + g * interval '1 ms'
         FROM generate_series(1, $2::int) g`,
      [orgs.stroop, OPEN_ORDERS_COUNT_CAP + 1],
    );
    try {
      const capped = await open(stroop, 'all', 'limit=2');
      expect(capped.total).toBe(2);
      expect({ matching: capped.matching, capped: capped.matching_capped }).toEqual({
        matching: OPEN_ORDERS_COUNT_CAP,
        capped: true,
      });
      // Oldest first across the new orders: the page is the first two of them.
      expect(capped.groups.flatMap((g) => g.orders.map((o) => o.orderId))).toEqual(['CAP-1', 'CAP-2']);
      // The same filters without the extra orders (multi-line only: they have no lines) count exactly.
      const multi = await open(bol, '2', 'limit=1');
      expect({ matching: multi.matching, capped: multi.matching_capped }).toEqual({
        matching: 1,
        capped: false,
      });
    } finally {
      await t.db.query("DELETE FROM orders WHERE order_id LIKE 'CAP-%'");
    }
  });

  it('documents the calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/orders/open/{start}/{end}/{pack_size}'].get).toBeDefined();
    expect(doc.paths['/api/orders/import'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/products/import'].post.requestBody).toBeDefined();
  });
});

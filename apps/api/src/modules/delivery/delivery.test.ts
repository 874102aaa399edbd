import {
  DELIVERY_GROUPS,
  type DeliveryGroup,
  type DeliveryPerformance,
  deliveryGroup,
  newId,
  type Order,
  type ShipmentDetail,
  type ShipmentListResponse,
} from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { readPdf } from '../../lib/pdf/pdf.test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ADDRESS, addLocation, addOrder, addProduct, orgId } from '../pick/test/fulfilment.fixtures.ts';
import { searchShippedOrders } from './performance.service.ts';

let t: TestApp;
let picker: string;
let bolOwner: string;
let stroopOwner: string;
let bol: string;
let stroop: string;
let bin: string;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 5 } });
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  bolOwner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  stroopOwner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  stroop = await orgId(t.db, 'Stroopwafel & Co');
  bin = await addLocation(t.db, { name: 'DL-01', sequence: 4 });
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
}

/** An open order of Bakkerij Bol with two lines of products the merchant ships itself (not fulfilled by the provider). */
async function openOrder(opts: { picked?: number; providerOnly?: boolean; surname?: string } = {}) {
  n++;
  const a = await addProduct(t.db, bol, { name: `Roggebrood ${n}`, stock: [{ locationId: bin, stock: 50 }] });
  const b = await addProduct(t.db, bol, { name: `Krentenbol ${n}`, stock: [{ locationId: bin, stock: 50 }] });
  if (!opts.providerOnly)
    await t.db.query('UPDATE products SET fulfilled_by_sf = false WHERE id = $1', [a.id]);
  const order = await addOrder(t.db, bol, {
    orderId: `DL-${Date.now()}-${n}`,
    placedAt: new Date(Date.now() - 3_600_000),
    address: { ...ADDRESS, surname: opts.surname ?? ADDRESS.surname },
    methodCode: 'SMF-POSTNL-NL',
    lines: [
      { productId: a.id, quantity: 2, locationId: bin, picked: opts.picked ?? 0 },
      { productId: b.id, quantity: 1, locationId: bin },
    ],
  });
  return { ...order, a, b };
}

async function ship(orderId: string) {
  await t.db.query('UPDATE order_lines SET picked_quantity = quantity WHERE order_id = $1', [orderId]);
  const res = await call('POST', '/orders/ship', picker, { order_id: orderId });
  expect(res.statusCode, res.body).toBe(200);
  return {
    shipmentId: res.headers['x-shipment-id'] as string,
    tracking: res.headers['x-tracking-number'] as string,
  };
}

/** The speed group kept on a shipment (`shipments.speed_group`, migration 0405). */
async function speedGroup(shipmentId: string) {
  const r = await t.db.query<{ speed_group: string }>('SELECT speed_group FROM shipments WHERE id = $1', [
    shipmentId,
  ]);
  return r.rows[0]?.speed_group;
}

const address = {
  firstName: 'Lotte',
  surname: 'Visser',
  email: 'lotte@example.nl',
  streetName: 'Oudegracht',
  houseNumber: '44',
  houseNumberExtension: null,
  zipCode: '3511 AR',
  city: 'Utrecht',
  countryCode: null,
};

describe('PUT /order/edit/:id', () => {
  it('changes the address, removes an unpicked line and adds a product with its pick location', async () => {
    const o = await openOrder();
    const extra = await addProduct(t.db, bol, { name: 'Speculaas', stock: [{ locationId: bin, stock: 9 }] });
    const res = await call('PUT', `/order/edit/${o.id}`, bolOwner, {
      shipmentDetails: address,
      products: [
        { id: o.lineIds[0], product_id: o.a.id, quantity: 3 },
        { product_id: extra.id, quantity: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<Order>();
    expect(order.shipmentDetails).toMatchObject({
      streetName: 'Oudegracht',
      city: 'Utrecht',
      houseNumberExtension: '',
      countryCode: '',
      phone: ADDRESS.phone,
    });
    expect(order.products.map((l) => [l.title, l.quantity, l.pick_location?.name])).toEqual([
      [`Roggebrood ${n}`, 3, 'DL-01'],
      ['Speculaas', 2, 'DL-01'],
    ]);
    const count = await t.db.query<{ line_count: number }>('SELECT line_count FROM orders WHERE id = $1', [
      o.id,
    ]);
    expect(count.rows[0]?.line_count).toBe(2);
  });

  it('refuses to remove a picked line or lower it below what is picked, naming the rule', async () => {
    const o = await openOrder({ picked: 2 });
    const removed = await call('PUT', `/order/edit/${o.id}`, bolOwner, {
      shipmentDetails: address,
      products: [{ id: o.lineIds[1], product_id: o.b.id, quantity: 1 }],
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({ code: 'picking_started' });
    expect(removed.json().message).toContain('a picked line cannot be removed');
    const lowered = await call('PUT', `/order/edit/${o.id}`, bolOwner, {
      shipmentDetails: address,
      products: [
        { id: o.lineIds[0], product_id: o.a.id, quantity: 1 },
        { id: o.lineIds[1], product_id: o.b.id, quantity: 1 },
      ],
    });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().message).toContain('cannot go below');
  });

  it('refuses shipped orders, orders fulfilled by the provider, and other shops’ orders and products', async () => {
    const shipped = await openOrder();
    await ship(shipped.id);
    const body = { shipmentDetails: address, products: [{ product_id: shipped.a.id, quantity: 1 }] };
    const s = await call('PUT', `/order/edit/${shipped.id}`, bolOwner, body);
    expect(s.statusCode).toBe(409);
    expect(s.json().code).toBe('order_shipped');
    const sf = await openOrder({ providerOnly: true });
    const f = await call('PUT', `/order/edit/${sf.id}`, bolOwner, {
      shipmentDetails: address,
      products: [{ id: sf.lineIds[0], product_id: sf.a.id, quantity: 1 }],
    });
    expect(f.statusCode).toBe(409);
    expect(f.json().code).toBe('fulfilled_by_provider');
    const o = await openOrder();
    expect((await call('PUT', `/order/edit/${o.id}`, stroopOwner, body)).statusCode).toBe(404);
    const foreign = await addProduct(t.db, stroop, { name: 'Stroopwafel' });
    const p = await call('PUT', `/order/edit/${o.id}`, bolOwner, {
      shipmentDetails: address,
      products: [{ product_id: foreign.id, quantity: 1 }],
    });
    expect(p.statusCode).toBe(400);
  });

  it("refuses a postcode its country does not use (NL '1234 AB', DE five digits), as the order import does", async () => {
    const o = await openOrder();
    const products = [{ id: o.lineIds[0], product_id: o.a.id, quantity: 1 }];
    const bad = await call('PUT', `/order/edit/${o.id}`, bolOwner, {
      shipmentDetails: { ...address, countryCode: 'NL', zipCode: '12' },
      products,
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().issues?.[0]).toMatchObject({
      code: 'format_invalid',
      values: { field: 'zipCode', format: 'postcode_nl', value: '12' },
    });
    const stored = await t.db.query<{ zip: string }>(
      "SELECT shipment_details->>'zipCode' AS zip FROM orders WHERE id = $1",
      [o.id],
    );
    expect(stored.rows[0]?.zip).not.toBe('12');
    const ok = await call('PUT', `/order/edit/${o.id}`, bolOwner, {
      shipmentDetails: { ...address, countryCode: 'NL', zipCode: '3511ar' },
      products,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const zipNow = async () =>
      (
        await t.db.query<{ zip: string }>(
          "SELECT shipment_details->>'zipCode' AS zip FROM orders WHERE id = $1",
          [o.id],
        )
      ).rows[0]?.zip;
    // Stored as the import stores it, so the label reads '3511 AR'.
    expect(await zipNow()).toBe('3511 AR');
    // Every country by the import's rule (core normalisePostcode): a Belgian one of four digits passes, a German
    // one of four digits does not.
    const be = await call('PUT', `/order/edit/${o.id}`, bolOwner, {
      shipmentDetails: { ...address, countryCode: 'BE', zipCode: '2000', city: 'Antwerpen' },
      products,
    });
    expect(be.statusCode, be.body).toBe(200);
    const de = await call('PUT', `/order/edit/${o.id}`, bolOwner, {
      shipmentDetails: { ...address, countryCode: 'DE', zipCode: '1011', city: 'Berlin' },
      products,
    });
    expect(de.statusCode, de.body).toBe(400);
    expect(de.json().issues?.[0]).toMatchObject({
      code: 'format_invalid',
      values: { field: 'zipCode', format: 'postcode', country: 'DE', value: '1011' },
    });
    expect(await zipNow()).toBe('2000');
  });

  it('searches the order’s shop for products from 3 characters, at most 10', async () => {
    const o = await openOrder();
    const res = await call(
      'GET',
      `/order/edit/${o.id}/products?search=${encodeURIComponent('Krentenbol')}`,
      bolOwner,
    );
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: { name: string }[] }>().items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(10);
    expect(items.every((p) => p.name.includes('Krentenbol'))).toBe(true);
    expect((await call('GET', `/order/edit/${o.id}/products?search=Kr`, bolOwner)).statusCode).toBe(400);
  });
});

describe('PUT /order/notes', () => {
  it('stores the note and colour and mails the customer when asked', async () => {
    const o = await openOrder();
    const before = t.mails().length;
    const res = await call('PUT', '/order/notes', bolOwner, {
      _id: o.id,
      notes_text: 'Let op: breekbaar, extra bubbeltjesfolie',
      notes_color: 'red',
      notes_notify: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, mailed: true });
    const mails = t.mails();
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)).toContain('sanne@example.nl');
    expect(mails.at(-1)).toContain('breekbaar');
    const order = (await call('GET', `/order/get/${o.id}`, picker)).json<Order>();
    expect(order).toMatchObject({ notes_color: 'red', notes_notify: true });
    const red = await call(
      'GET',
      `/orders/open/2000-01-01T00:00:00Z/2100-01-01T00:00:00Z/all?red_orders=true`,
      picker,
    );
    expect(JSON.stringify(red.json())).toContain(o.id);
  });

  it('clears note and colour with an empty text and mails nobody; 404 for another shop', async () => {
    const o = await openOrder();
    const before = t.mails().length;
    const res = await call('PUT', '/order/notes', bolOwner, {
      _id: o.id,
      notes_text: ' ',
      notes_color: 'yellow',
      notes_notify: true,
    });
    expect(res.json()).toEqual({ ok: true, mailed: false });
    expect(t.mails().length).toBe(before);
    const order = (await call('GET', `/order/get/${o.id}`, bolOwner)).json<Order>();
    expect(order.notes_color).toBeNull();
    const other = await call('PUT', '/order/notes', stroopOwner, {
      _id: o.id,
      notes_text: 'x',
      notes_color: 'green',
      notes_notify: false,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('order events, POST /order/shipped/:id and delivery performance', () => {
  it('records label created, handed over and delivered, shown on the order, the detail and the performance', async () => {
    const o = await openOrder({ surname: 'Zwaneveld' });
    expect((await call('POST', `/order/shipped/${o.id}`, picker, {})).json().code).toBe('not_shipped');
    const s = await ship(o.id);
    expect(await speedGroup(s.shipmentId)).toBe('not_sorted');
    const handed = await call('POST', `/order/shipped/${o.id}`, picker, {});
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().code).toBe('B01');
    const again = await call('POST', `/order/shipped/${o.id}`, picker, {});
    expect(again.json().at).toBe(handed.json().at);
    const mid = await call('GET', `/shipments/${s.shipmentId}`, bolOwner);
    expect(mid.json<ShipmentDetail>().delivery_group).toBe('on_the_way');
    expect(await speedGroup(s.shipmentId)).toBe('on_the_way');
    expect((await call('POST', `/order/shipped/${o.id}`, bolOwner, { status: 'delivered' })).statusCode).toBe(
      403,
    );
    const delivered = await call('POST', `/order/shipped/${o.id}`, picker, { status: 'delivered' });
    expect(delivered.json().code).toBe('I11');
    expect(await speedGroup(s.shipmentId)).toBe('d_24h');

    const order = (await call('GET', `/order/get/${o.id}`, bolOwner)).json<Order>();
    expect(order.events?.map((e) => e.code)).toEqual(['A01', 'B01', 'I11']);
    expect(order.events?.map((e) => e.status)).toEqual(['label_created', 'handed_over', 'delivered']);
    const detail = (await call('GET', `/shipments/${s.shipmentId}`, bolOwner)).json<ShipmentDetail>();
    expect(detail.events.map((e) => e.code)).toEqual(['A01', 'B01', 'I11']);
    expect(detail.delivery_group).toBe('d_24h');
    expect(detail.delivered_at).not.toBeNull();
    expect(detail.tracking_url).toBe(`https://jouw.postnl.nl/track-and-trace/${s.tracking}-NL-1015CJ`);
    expect((await call('GET', `/order/get/${o.id}`, stroopOwner)).statusCode).toBe(404);

    // A parcel delivered three days after shipping counts as late; one not handed over as not sorted.
    const late = await openOrder();
    const ls = await ship(late.id);
    await call('POST', `/order/shipped/${late.id}`, picker, { status: 'delivered' });
    await t.db.query(`UPDATE shipments SET delivered_at = created_at + interval '3 days' WHERE id = $1`, [
      ls.shipmentId,
    ]);
    expect(await speedGroup(ls.shipmentId)).toBe('d_late');
    const waiting = await openOrder();
    await ship(waiting.id);

    const start = new Date(Date.now() - 3_600_000).toISOString();
    const end = new Date(Date.now() + 60_000).toISOString();
    const perf = (await call('GET', `/orders/perform/${start}/${end}`, bolOwner)).json<DeliveryPerformance>();
    expect(perf.counts.d_24h).toBeGreaterThanOrEqual(1);
    expect(perf.counts.d_late).toBeGreaterThanOrEqual(1);
    expect(perf.counts.not_sorted).toBeGreaterThanOrEqual(1);
    expect(perf.total).toBe(Object.values(perf.counts).reduce((a, b) => a + b, 0));
    expect(perf.percentage_on_the_way).toBeCloseTo(
      ((perf.counts.on_the_way + perf.counts.not_sorted) / perf.total) * 100,
      0,
    );
    const none = (
      await call('GET', `/orders/perform/${start}/${end}`, stroopOwner)
    ).json<DeliveryPerformance>();
    expect(none.total).toBe(0);
    expect((await call('GET', `/orders/perform/${end}/${start}`, bolOwner)).statusCode).toBe(400);

    // The date-range list: one speed group, and the prefix filters.
    const lateList = (
      await call('GET', `/orders/${start}/${end}?group=d_late`, bolOwner)
    ).json<ShipmentListResponse>();
    expect(lateList.items.map((i) => i.order__id)).toContain(late.id);
    expect(lateList.items.every((i) => i.delivery_group === 'd_late')).toBe(true);
    const byName = (
      await call('GET', `/orders/${start}/${end}?name=zwane`, bolOwner)
    ).json<ShipmentListResponse>();
    expect(byName.items.map((i) => i.order__id)).toEqual([o.id]);
    const byPostcode = (
      await call('GET', `/orders/${start}/${end}?postCode=1015cj&limit=2`, bolOwner)
    ).json<ShipmentListResponse>();
    expect(byPostcode.items.length).toBe(2);
    expect(byPostcode.total).toBeGreaterThanOrEqual(3);
    const stroopList = (
      await call('GET', `/orders/${start}/${end}`, stroopOwner)
    ).json<ShipmentListResponse>();
    expect(stroopList.items.map((i) => i.order__id)).not.toContain(o.id);

    // The search over all dates: by tracking number, by surname, at least 3 characters.
    const byTracking = (
      await call('GET', `/orders/search/${s.tracking.toLowerCase()}`, bolOwner)
    ).json<ShipmentListResponse>();
    expect(byTracking.items.map((i) => i.order__id)).toEqual([o.id]);
    const bySurname = (await call('GET', '/orders/search/Zwan', picker)).json<ShipmentListResponse>();
    expect(bySurname.items.map((i) => i.order__id)).toEqual([o.id]);
    expect(
      (await call('GET', '/orders/search/Zwan', stroopOwner)).json<ShipmentListResponse>().items,
    ).toEqual([]);
    expect((await call('GET', '/orders/search/Zw', bolOwner)).statusCode).toBe(400);
  });
});

describe('GET /orders/search/{term}: few and many matches', () => {
  it('answers the same page and total whether it sorts the matches or walks the shipments newest first', async () => {
    // A merchant of its own, so other tests' shipments do not match.
    const org = newId();
    await t.db.query(`INSERT INTO organisations (id, name, kind) VALUES ($1, 'Zoekwinkel', 'merchant')`, [
      org,
    ]);
    const now = new Date();
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    const expected: { id: string; at: Date }[] = [];
    let k = 0;
    /** An order of `owner` with its parcels; `hits` says whether term 'Zoek' should find them. */
    async function order(
      o: {
        surname?: string;
        orderId?: string;
        zip?: string;
        status?: 'shipped' | 'cancelled';
        owner?: string;
      },
      parcels: { at: Date; tracking?: string }[],
      hits: boolean,
    ) {
      k++;
      const made = await addOrder(t.db, o.owner ?? org, {
        orderId: o.orderId ?? `ZW-${now.getTime()}-${k}`,
        placedAt: hoursAgo(100),
        status: o.status ?? 'shipped',
        address: { ...ADDRESS, surname: o.surname ?? 'Jansen', zipCode: o.zip ?? '1015 CJ' },
        lines: [],
      });
      for (const [i, p] of parcels.entries()) {
        const id = newId();
        await t.db.query(
          `INSERT INTO shipments (id, org_id, order_id, carrier, method_code, tracking_number, packing_slip_pdf,
                                  created_at)
           VALUES ($1, $2, $3, 'local', 'LOCAL-NL', $4, '\x25504446'::bytea, $5)`,
          [id, o.owner ?? org, made.id, p.tracking ?? `ZWT${now.getTime()}${k}${i}`, p.at],
        );
        if (hits && p.at <= now) expected.push({ id, at: p.at });
      }
    }
    await order({ surname: 'Zoekers' }, [{ at: hoursAgo(1) }], true);
    // Two parcels of one order, both listed; and every alternative: surname (any case), order number, postcode
    // without its spaces, and a tracking number (the order's other parcel comes along).
    await order({ surname: 'zoekhond' }, [{ at: hoursAgo(2) }, { at: hoursAgo(30) }], true);
    await order({ orderId: `ZOEK-${now.getTime()}` }, [{ at: hoursAgo(3) }], true);
    await order({ zip: 'ZO EK 12' }, [{ at: hoursAgo(4) }], true);
    await order({}, [{ at: hoursAgo(5), tracking: `ZOEK${now.getTime()}` }, { at: hoursAgo(6) }], true);
    // Two parcels at the same moment: ties by shipment id, newest first.
    await order({ surname: 'Zoeklicht' }, [{ at: hoursAgo(7) }], true);
    await order({ surname: 'Zoeklamp' }, [{ at: hoursAgo(7) }], true);
    for (const h of [8, 9, 10, 11]) await order({ surname: `Zoeker ${h}` }, [{ at: hoursAgo(h) }], true);
    // Found both by its name and by its tracking number: listed and counted once.
    await order({ surname: 'Zoekdubbel' }, [{ at: hoursAgo(12), tracking: `ZOEKD${now.getTime()}` }], true);
    // A Dutch surname with its prefix kept in it ('van der'): found by the name after the prefix too.
    await order({ surname: 'van der Zoekhuis' }, [{ at: hoursAgo(13) }], true);
    // Not found: parcels of others between them, a cancelled order, a parcel after `now`, another merchant's order.
    for (const h of [0.5, 1.5, 2.5, 6.5, 9.5]) await order({}, [{ at: hoursAgo(h) }], false);
    await order({ surname: 'Zoekverloren', status: 'cancelled' }, [{ at: hoursAgo(2.2) }], false);
    await order({ surname: 'Zoekmorgen' }, [{ at: new Date(now.getTime() + 3_600_000) }], false);
    await order({ surname: 'Zoekbol', owner: bol }, [{ at: hoursAgo(1.2) }], false);
    // Nor a name with the term inside a word, after a prefix or not.
    await order({ surname: 'Opzoeker' }, [{ at: hoursAgo(3.5) }], false);
    await order({ surname: 'de Opzoeker' }, [{ at: hoursAgo(3.6) }], false);
    const newestFirst = expected
      .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1))
      .map((e) => e.id);
    expect(newestFirst).toHaveLength(15);

    const ctx = { db: t.db, orgIds: [org] };
    const search = (skip: number, limit: number, options: Parameters<typeof searchShippedOrders>[2]) =>
      searchShippedOrders(ctx, { params: { term: 'Zoek' }, query: { skip, limit } }, { now, ...options });
    const answer = (r: Awaited<ReturnType<typeof search>>) => ({
      ids: r.items.map((i) => i.id),
      total: r.total,
      capped: r.total_capped,
    });
    for (const limit of [1, 2, 5, 20]) {
      for (let skip = 0; skip <= newestFirst.length; skip += limit) {
        const want = { ids: newestFirst.slice(skip, skip + limit), total: 15, capped: false };
        // The matches sorted (14 orders, below the default threshold) …
        expect(answer(await search(skip, limit, {})), `sorted, skip ${skip} limit ${limit}`).toEqual(want);
        // … walked newest first (any match is "many") …
        expect(
          answer(await search(skip, limit, { walkAbove: 1 })),
          `walked, skip ${skip} limit ${limit}`,
        ).toEqual(want);
        // … and walked only a few shipments deep, falling back to sorting where the walk cannot fill the page.
        expect(
          answer(await search(skip, limit, { walkAbove: 1, walkRows: 6 })),
          `short walk, skip ${skip} limit ${limit}`,
        ).toEqual(want);
      }
    }
    // The count's cap: the same "at least" either way.
    for (const walkAbove of [1, 1000])
      expect(answer(await search(0, 2, { walkAbove, cap: 4 })), `cap, walkAbove ${walkAbove}`).toEqual({
        ids: newestFirst.slice(0, 2),
        total: 4,
        capped: true,
      });
    // The walk and its count read the order's keys kept on its shipments (migration 0425): an order renamed away from
    // the term, one renumbered towards it and one shipped after all are found alike either way.
    const orderOf = async (shipmentId: string) =>
      (await t.db.query<{ order_id: string }>('SELECT order_id FROM shipments WHERE id = $1', [shipmentId]))
        .rows[0]?.order_id;
    const renamed = await orderOf(newestFirst[0] as string);
    await t.db.query(
      `UPDATE orders SET shipment_details = shipment_details || '{"surname": "Jansen"}'::jsonb WHERE id = $1`,
      [renamed],
    );
    await order({}, [{ at: hoursAgo(0.2) }], false);
    const renumbered = await orderOf(
      (
        await t.db.query<{ id: string }>(
          'SELECT id FROM shipments WHERE org_id = $1 ORDER BY created_at DESC',
          [org],
        )
      ).rows[1]?.id as string,
    );
    await t.db.query(`UPDATE orders SET order_id = 'zoek-' || order_id WHERE id = $1`, [renumbered]);
    await t.db.query(`UPDATE orders SET status = 'shipped' WHERE org_id = $1 AND status = 'cancelled'`, [
      org,
    ]);
    const now2 = new Date();
    const changed = async (options: Parameters<typeof searchShippedOrders>[2]) =>
      answer(
        await searchShippedOrders(
          ctx,
          { params: { term: 'zoek' }, query: { skip: 0, limit: 4 } },
          { now: now2, ...options },
        ),
      );
    const sortedAfter = await changed({});
    expect(sortedAfter.total).toBe(15 - 1 + 1 + 1);
    expect(sortedAfter.ids).not.toContain(newestFirst[0]);
    expect(await changed({ walkAbove: 1 })).toEqual(sortedAfter);

    // The route answers as the function does (the admin sees every merchant, the owner of Bakkerij Bol not this one).
    const admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const routed = (await call('GET', '/orders/search/zoek?limit=3', admin)).json<ShipmentListResponse>();
    expect(routed.items.map((i) => i.id)).toContain(sortedAfter.ids[0]);
    expect(
      (await call('GET', '/orders/search/zoek?limit=50', bolOwner))
        .json<ShipmentListResponse>()
        .items.map((i) => i.id),
    ).not.toContain(sortedAfter.ids[0]);
  });
});

describe('order documents and batch labels', () => {
  it('answers the order list (O) and packing list (P) as PDFs with the order’s lines', async () => {
    const o = await openOrder({ picked: 1 });
    await call('PUT', '/order/notes', bolOwner, {
      _id: o.id,
      notes_text: 'Niet kantelen',
      notes_color: 'yellow',
      notes_notify: false,
    });
    const ol = await call('GET', `/order/order_list/${o.id}`, picker);
    expect(ol.statusCode).toBe(200);
    expect(ol.headers['content-type']).toContain('application/pdf');
    const olText = (await readPdf(ol.rawPayload)).text;
    expect(olText).toContain('Orderlijst');
    expect(olText).toContain(o.a.ean);
    expect(olText).toContain(`Krentenbol ${n}`);
    expect(olText).toContain('Niet kantelen');
    expect(olText).toContain('DL-01');
    const pl = await call('GET', `/order/packing_list/${o.id}`, bolOwner);
    expect(pl.statusCode).toBe(200);
    const plText = (await readPdf(pl.rawPayload)).text;
    expect(plText).toContain('Pakbon');
    expect(plText).toContain(o.b.ean);
    expect((await call('GET', `/order/order_list/${o.id}`, stroopOwner)).statusCode).toBe(404);
  });

  it('gives the shipments of a batch run one batch id and its labels as one PDF', async () => {
    const p = await addProduct(t.db, bol, { name: 'Ontbijtkoek', stock: [{ locationId: bin, stock: 20 }] });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const o = await addOrder(t.db, bol, {
        orderId: `BT-${Date.now()}-${i}`,
        placedAt: new Date(Date.now() - 600_000),
        methodCode: 'SMF-POSTNL-NL',
        lines: [{ productId: p.id, quantity: 1, locationId: bin, picked: 1 }],
      });
      ids.push(o.id);
    }
    const res = await call('POST', '/orders/ship/batch/single', picker, { orderIds: ids });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.query<{ batch_id: string }>(
      'SELECT DISTINCT batch_id FROM shipments WHERE order_id = ANY($1)',
      [ids],
    );
    expect(rows.rows.length).toBe(1);
    const batch = rows.rows[0]?.batch_id as string;
    const pdf = await call('GET', `/test/batch/${batch}`, bolOwner);
    expect(pdf.statusCode).toBe(200);
    expect((await readPdf(pdf.rawPayload)).pages).toBe(2);
    expect((await call('GET', `/test/batch/${batch}`, stroopOwner)).statusCode).toBe(404);
    const list = (await call('GET', '/shipments', bolOwner)).json<ShipmentListResponse>();
    expect(list.items.find((i) => i.order__id === ids[0])?.batch_id).toBe(batch);
  });
});

describe('the speed group kept on the shipment (migration 0405)', () => {
  it('equals core deliveryGroup at the boundaries, and the header and group lists count by it', async () => {
    // Each case a shipment of its own day in January 2020 (no other test ships then): the delivery state as
    // PostgreSQL sees it (intervals to the microsecond), and the same in milliseconds for core `deliveryGroup` (a
    // JavaScript date has no microseconds: 24 h + 1 µs is past the boundary as 24 h + 1 ms is).
    const HOUR = 3_600_000;
    const cases: {
      name: string;
      handed: boolean;
      delivered: string | null;
      ms: number | null;
      want: DeliveryGroup;
    }[] = [
      { name: 'exactly 24 h', handed: true, delivered: '24 hours', ms: 24 * HOUR, want: 'd_24h' },
      {
        name: '24 h + 1 µs',
        handed: true,
        delivered: '24 hours 1 microsecond',
        ms: 24 * HOUR + 1,
        want: 'd_48h',
      },
      { name: 'exactly 48 h', handed: true, delivered: '48 hours', ms: 48 * HOUR, want: 'd_48h' },
      {
        name: '48 h + 1 µs',
        handed: true,
        delivered: '48 hours 1 microsecond',
        ms: 48 * HOUR + 1,
        want: 'd_late',
      },
      {
        name: 'delivered without hand-over',
        handed: false,
        delivered: '2 hours',
        ms: 2 * HOUR,
        want: 'd_24h',
      },
      { name: 'handed over only', handed: true, delivered: null, ms: null, want: 'on_the_way' },
      { name: 'neither', handed: false, delivered: null, ms: null, want: 'not_sorted' },
    ];
    const made: { shipmentId: string; orderId: string; want: DeliveryGroup }[] = [];
    for (const [i, c] of cases.entries()) {
      const o = await openOrder();
      const s = await ship(o.id);
      const created = new Date(Date.UTC(2020, 0, 2 + i, 9, 30));
      await t.db.query(
        `UPDATE shipments SET created_at = $2,
                handed_over_at = CASE WHEN $3 THEN $2::timestamptz + interval '1 hour' END,
                delivered_at = $2::timestamptz + $4::interval
          WHERE id = $1`,
        [s.shipmentId, created, c.handed, c.delivered],
      );
      const core = deliveryGroup({
        shippedAt: created,
        handedOverAt: c.handed ? new Date(created.getTime() + HOUR) : null,
        deliveredAt: c.ms === null ? null : new Date(created.getTime() + c.ms),
      });
      expect([c.name, await speedGroup(s.shipmentId)]).toEqual([c.name, c.want]);
      expect([c.name, core]).toEqual([c.name, c.want]);
      made.push({ shipmentId: s.shipmentId, orderId: o.id, want: c.want });
    }

    const start = '2020-01-01T00:00:00.000Z';
    const end = '2020-01-31T00:00:00.000Z';
    const perf = (await call('GET', `/orders/perform/${start}/${end}`, bolOwner)).json<DeliveryPerformance>();
    const tally = Object.fromEntries(
      DELIVERY_GROUPS.map((g) => [g, made.filter((m) => m.want === g).length]),
    );
    expect(perf.counts).toEqual(tally);
    expect(perf.total).toBe(cases.length);
    for (const g of DELIVERY_GROUPS) {
      const list = (
        await call('GET', `/orders/${start}/${end}?group=${g}&limit=1`, bolOwner)
      ).json<ShipmentListResponse>();
      const members = made.filter((m) => m.want === g);
      expect([g, list.total]).toEqual([g, members.length]);
      // Newest first: the member of the latest day.
      expect([g, list.items.map((i) => i.id)]).toEqual([g, members.slice(-1).map((m) => m.shipmentId)]);
    }
    // Another shop sees none of them.
    const other = (
      await call('GET', `/orders/perform/${start}/${end}`, stroopOwner)
    ).json<DeliveryPerformance>();
    expect(other.total).toBe(0);
  });
});

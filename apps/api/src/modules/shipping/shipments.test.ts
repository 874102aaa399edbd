import { newId, type ShipmentDetail, type ShipmentListResponse } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { readPdf } from '../../lib/pdf/pdf.test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct, orgId, testWindow } from '../pick/test/fulfilment.fixtures.ts';
import { listShipments } from './shipment-list.service.ts';

let t: TestApp;
let picker: string;
let bolOwner: string;
let stroopOwner: string;
let bol: string;
let stroop: string;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 10 } });
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  bolOwner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  stroopOwner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  stroop = await orgId(t.db, 'Stroopwafel & Co');
});
afterAll(async () => {
  await t?.close();
});

/** Creates an open order and ships it through the API; returns ids, tracking number and the label bytes. */
async function shippedOrder(org: string, address: Record<string, unknown> = {}) {
  const w = testWindow();
  const bin = await addLocation(t.db, { name: `S-${String(w.start.getTime() / 86_400_000)}`, sequence: 3 });
  const p = await addProduct(t.db, org, { name: 'Appeltaart', stock: [{ locationId: bin, stock: 9 }] });
  const shopOrderId = `SH-${w.start.getTime()}`;
  const order = await addOrder(t.db, org, {
    orderId: shopOrderId,
    placedAt: new Date(Date.now() - 86_400_000),
    address: {
      firstName: 'Lotte',
      surname: 'Visser',
      streetName: 'Oudegracht',
      houseNumber: '44',
      zipCode: '3511 AR',
      city: 'Utrecht',
      countryCode: 'NL',
      email: 'lotte@example.nl',
      ...address,
    },
    lines: [{ productId: p.id, quantity: 2, locationId: bin, picked: 2 }],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/ship',
    headers: { cookie: picker },
    payload: { order_id: order.id, method_code: 'SMF-POSTNL-NL', label_quantity: 2 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    orderId: order.id,
    shopOrderId,
    product: p,
    bin: `S-${String(w.start.getTime() / 86_400_000)}`,
    shipmentId: res.headers['x-shipment-id'] as string,
    tracking: res.headers['x-tracking-number'] as string,
    label: res.rawPayload,
  };
}

function get(url: string, cookie: string) {
  return t.app.inject({ method: 'GET', url, headers: { cookie } });
}

describe('GET /shipments', () => {
  it('lists the last week of shipments of the caller’s organisations, newest first', async () => {
    const a = await shippedOrder(bol);
    const b = await shippedOrder(bol, {
      firstName: 'Daan',
      surname: 'Smit',
      zipCode: '9712 CP',
      city: 'Groningen',
    });
    const s = await shippedOrder(stroop);
    const res = await get('/api/shipments', bolOwner);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as ShipmentListResponse;
    const ids = list.items.map((i) => i.id);
    expect(ids.indexOf(b.shipmentId)).toBeLessThan(ids.indexOf(a.shipmentId));
    expect(ids).toContain(a.shipmentId);
    expect(ids).not.toContain(s.shipmentId);
    expect(new Date(list.end).getTime() - new Date(list.start).getTime()).toBe(7 * 86_400_000);
    expect(list.items.find((i) => i.id === a.shipmentId)).toMatchObject({
      order__id: a.orderId,
      order_id: a.shopOrderId,
      org_id: bol,
      org_name: 'Bakkerij Bol',
      recipient: 'Lotte Visser',
      zip_code: '3511 AR',
      city: 'Utrecht',
      country_code: 'NL',
      carrier: 'local',
      method_code: 'SMF-POSTNL-NL',
      method_name: 'PostNL pakket NL',
      tracking_number: a.tracking,
      // The method hands the parcel to PostNL: its public page by code, country and postcode (ADR 0041).
      tracking_url: `https://jouw.postnl.nl/track-and-trace/${a.tracking}-NL-3511AR`,
      label_quantity: 2,
      batch_id: null,
      delivery_group: 'not_sorted',
      delivered_at: null,
      // The status as a code the apps translate (the description is the carrier's Dutch; ADR 0118).
      latest_status: { code: 'A01', status: 'label_created' },
      products: [
        {
          product_id: a.product.id,
          ean: a.product.ean,
          title: 'Appeltaart',
          quantity: 2,
          img_url: `https://images.example/${a.product.ean}.jpg`,
        },
      ],
    });
    // Warehouse staff see every organisation.
    const all = (await get('/api/shipments', picker)).json() as ShipmentListResponse;
    expect(all.items.map((i) => i.id)).toEqual(
      expect.arrayContaining([a.shipmentId, b.shipmentId, s.shipmentId]),
    );
  });

  it('searches by order number, tracking number, name and postcode; null means no search', async () => {
    const a = await shippedOrder(bol, {
      firstName: 'Femke',
      surname: 'Mulder',
      zipCode: '2511 BT',
      city: 'Den Haag',
    });
    const ids = async (q: string) =>
      (
        (await get(`/api/shipments?search=${encodeURIComponent(q)}`, bolOwner)).json() as ShipmentListResponse
      ).items.map((i) => i.id);
    expect(await ids(a.shopOrderId)).toEqual([a.shipmentId]);
    expect(await ids(a.tracking.toLowerCase())).toEqual([a.shipmentId]);
    expect(await ids('femke mul')).toEqual([a.shipmentId]);
    expect(await ids('2511BT')).toEqual([a.shipmentId]);
    expect(await ids('null')).toContain(a.shipmentId);
    expect(await ids('zzz-no-such-order')).toEqual([]);
    const short = await get('/api/shipments?search=ab', bolOwner);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Search needs at least 3 characters');
    expect(short.json().issues?.[0]).toMatchObject({
      path: 'query.search',
      code: 'text_too_short',
      values: { field: 'search', min: 3 },
    });
  });

  it('keeps to the date range', async () => {
    const a = await shippedOrder(bol);
    const lastMonth = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const twoWeeksAgo = new Date(Date.now() - 14 * 86_400_000).toISOString();
    const old = (
      await get(`/api/shipments?start=${lastMonth}&end=${twoWeeksAgo}`, bolOwner)
    ).json() as ShipmentListResponse;
    expect(old.items.map((i) => i.id)).not.toContain(a.shipmentId);
    const backwards = await get(`/api/shipments?start=${twoWeeksAgo}&end=${lastMonth}`, bolOwner);
    expect(backwards.statusCode).toBe(400);
  });
});

describe('GET /shipments count', () => {
  it('counts up to its cap and then says "at least"; the page is the same either way', async () => {
    // An organisation of its own, so the other tests' shipments do not count.
    const org = newId();
    await t.db.query(`INSERT INTO organisations (id, name, kind) VALUES ($1, 'Telwinkel', 'merchant')`, [
      org,
    ]);
    const shipped = [await shippedOrder(org), await shippedOrder(org), await shippedOrder(org)];
    const ctx = { db: t.db, orgIds: [org] };
    const query = { skip: 0, limit: 100, sort: '-shipped_at' as const };
    const exact = await listShipments(ctx, { query }, new Date(), 3);
    expect([exact.total, exact.total_capped]).toEqual([3, false]);
    const capped = await listShipments(ctx, { query }, new Date(), 2);
    expect([capped.total, capped.total_capped]).toEqual([2, true]);
    expect(capped.items.map((i) => i.order__id)).toEqual(exact.items.map((i) => i.order__id));
    expect(new Set(exact.items.map((i) => i.order__id))).toEqual(new Set(shipped.map((s) => s.orderId)));
    const searched = await listShipments(ctx, { query: { ...query, search: 'Utrecht' } }, new Date(), 1);
    expect([searched.total, searched.total_capped]).toEqual([1, true]);
    const answer = await t.app.inject({ method: 'GET', url: '/api/shipments', headers: { cookie: picker } });
    expect((answer.json() as ShipmentListResponse).total_capped).toBe(false);
  });
});

describe('GET /shipments sorted', () => {
  it('sorts by order number, recipient or method either way, and refuses an unknown column', async () => {
    await shippedOrder(bol, { firstName: 'Zoë', surname: 'Aalders' });
    await shippedOrder(bol, { firstName: 'anna', surname: 'Zwart' });
    const list = async (sort: string) =>
      ((await get(`/api/shipments?sort=${sort}&limit=1000`, bolOwner)).json() as ShipmentListResponse).items;
    const byOrder = (await list('order_id')).map((i) => i.order_id);
    expect(byOrder.length).toBeGreaterThan(2);
    expect(byOrder).toEqual([...byOrder].sort());
    expect((await list('-order_id')).map((i) => i.order_id)).toEqual([...byOrder].reverse());
    const recipients = (await list('recipient')).map((i) => i.recipient.toLowerCase());
    expect(recipients).toEqual([...recipients].sort());
    expect(recipients[0]).toBe('anna zwart');
    const newest = (await list('-shipped_at')).map((i) => i.shipped_at);
    expect(newest).toEqual([...newest].sort().reverse());
    expect((await get('/api/shipments?sort=price', bolOwner)).statusCode).toBe(400);
  });
});

describe('GET /shipments sorted by the keys kept on the shipment (migration 0400)', () => {
  /** The list's recipient order as it was computed from the order before migration 0400. */
  const OLD_KEYS = {
    recipient: `lower(concat_ws(' ', o.shipment_details->>'firstName', o.shipment_details->>'surname'))`,
    order_id: 'o.order_id',
  } as const;
  let mine: string;
  let other: string;
  const orderOf = new Map<string, string>();

  /** A shipped order with its shipment written in SQL, as seeds and benchmarks do (the insert trigger fills the keys). */
  async function sqlShipment(org: string, orderNumber: string, address: Record<string, unknown>) {
    const order = newId();
    const shipment = newId();
    await t.db.query(
      `INSERT INTO orders (id, org_id, order_id, status, placed_at, shipped_at, shipment_details)
       VALUES ($1, $2, $3, 'shipped', now(), now(), $4)`,
      [order, org, orderNumber, JSON.stringify({ city: 'Gouda', ...address })],
    );
    await t.db.query(
      `INSERT INTO shipments (id, org_id, order_id, carrier, method_code, tracking_number, packing_slip_pdf)
       VALUES ($1, $2, $3, 'local', 'LOCAL-NL', $4, $5)`,
      [shipment, org, order, `KEY${shipment}`, Buffer.from('%PDF')],
    );
    orderOf.set(shipment, order);
    return shipment;
  }

  /** The shipment ids of the organisations, in the order the pre-0400 expression gives (ties by id). */
  async function oldOrder(orgIds: string[], field: keyof typeof OLD_KEYS, desc: boolean) {
    const dir = desc ? 'DESC' : 'ASC';
    const r = await t.db.query<{ id: string }>(
      `SELECT s.id FROM shipments s JOIN orders o ON o.id = s.order_id
        WHERE s.org_id = ANY($1::char(24)[]) AND s.created_at >= now() - interval '7 days'
        ORDER BY ${OLD_KEYS[field]} ${dir}, s.id ${dir}`,
      [orgIds],
    );
    return r.rows.map((x) => x.id);
  }

  /** Every page of three of the list in `sort`, concatenated. */
  async function paged(orgIds: string[], sort: string, search?: string) {
    const ids: string[] = [];
    for (let skip = 0; ; skip += 3) {
      const query = { skip, limit: 3, sort: sort as '-shipped_at', ...(search ? { search } : {}) };
      const page = await listShipments({ db: t.db, orgIds }, { query });
      ids.push(...page.items.map((i) => i.id));
      if (page.items.length < 3) return ids;
    }
  }

  beforeAll(async () => {
    mine = newId();
    other = newId();
    await t.db.query(
      `INSERT INTO organisations (id, name, kind) VALUES ($1, 'Sorteerwinkel', 'merchant'), ($2, 'Buurwinkel', 'merchant')`,
      [mine, other],
    );
    // Through the API (the ship route's insert), and in SQL: names differing only in case (a tie broken by id), a
    // missing first name, a missing surname, no name at all, accents; order numbers that sort differently as text.
    const shipped = await shippedOrder(mine, { firstName: 'anna', surname: 'Zwart', city: 'Gouda' });
    orderOf.set(shipped.shipmentId, shipped.orderId);
    await sqlShipment(mine, 'SO-10', { firstName: 'Anna', surname: 'zwart' });
    await sqlShipment(mine, 'SO-9', { surname: 'Bakker' });
    await sqlShipment(mine, 'so-2', { firstName: 'Piet' });
    await sqlShipment(mine, 'SO-100', {});
    await sqlShipment(mine, 'SO-11', { firstName: 'Émile', surname: 'de Boer' });
    await sqlShipment(mine, 'SO-1', { firstName: 'ANNA', surname: 'ZWART' });
    await sqlShipment(other, 'SO-10', { firstName: 'Anna', surname: 'Zwart' });
    await sqlShipment(other, 'SO-5', { firstName: 'bakker' });
  });

  it('pages by recipient and order number, either way, in the order the order’s own values gave', async () => {
    for (const orgIds of [[mine], [mine, other]]) {
      for (const field of ['recipient', 'order_id'] as const) {
        for (const desc of [false, true]) {
          const expected = await oldOrder(orgIds, field, desc);
          expect(expected.length).toBeGreaterThan(6);
          const sort = `${desc ? '-' : ''}${field}`;
          expect(await paged(orgIds, sort), `${sort} of ${orgIds.length} organisation(s)`).toEqual(expected);
          // A search joins the orders but sorts by the shipment's key all the same.
          expect(await paged(orgIds, sort, 'Gouda'), `${sort}, searched`).toEqual(expected);
        }
      }
    }
  });

  it('sorts a shipment by its order’s new recipient name or number, and by its new order', async () => {
    const before = await paged([mine], 'recipient');
    const last = before.at(-1) as string;
    await t.db.query(
      `UPDATE orders SET shipment_details = shipment_details || '{"firstName": "Aafke"}' WHERE id = $1`,
      [orderOf.get(last)],
    );
    const renamed = await paged([mine], 'recipient');
    expect(renamed.indexOf(last)).toBe(1); // right after the order without a name ('')
    expect(renamed).toEqual(await oldOrder([mine], 'recipient', false));

    const byNumber = await paged([mine], 'order_id');
    const lastNumbered = byNumber.at(-1) as string;
    await t.db.query(`UPDATE orders SET order_id = 'A-1' WHERE id = $1`, [orderOf.get(lastNumbered)]);
    const renumbered = await paged([mine], 'order_id');
    expect(renumbered[0]).toBe(lastNumbered);
    expect(renumbered).toEqual(await oldOrder([mine], 'order_id', false));

    // A shipment moved to another order (the API never does this) takes that order's keys.
    const moved = renumbered.at(-1) as string;
    await t.db.query('UPDATE shipments SET order_id = $1 WHERE id = $2', [orderOf.get(lastNumbered), moved]);
    expect((await paged([mine], 'order_id')).slice(0, 2).sort()).toEqual([lastNumbered, moved].sort());
    expect(await paged([mine], '-recipient')).toEqual(await oldOrder([mine], 'recipient', true));
  });
});

describe('GET /shipments/:id and its documents', () => {
  it('shows the order with lines, address, tracking and dates', async () => {
    const a = await shippedOrder(bol, { houseNumberExtension: 'bis', phone: '0301234567' });
    const res = await get(`/api/shipments/${a.shipmentId}`, bolOwner);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as ShipmentDetail;
    expect(d).toMatchObject({
      id: a.shipmentId,
      order_id: a.shopOrderId,
      tracking_number: a.tracking,
      shipped_by: 'Piet Jansen',
      delivered_at: null,
      is_fulfilled_by_sf: true,
      address: {
        firstName: 'Lotte',
        surname: 'Visser',
        streetName: 'Oudegracht',
        houseNumber: '44',
        houseNumberExtension: 'bis',
        zipCode: '3511 AR',
        city: 'Utrecht',
        countryCode: 'NL',
        phone: '0301234567',
      },
      lines: [
        {
          product_id: a.product.id,
          ean: a.product.ean,
          title: 'Appeltaart',
          quantity: 2,
          picked_quantity: 2,
          location: a.bin,
        },
      ],
      events: [{ code: 'A01', status: 'label_created' }],
    });
    expect(new Date(d.shipped_at).getTime()).toBeGreaterThan(new Date(d.placed_at).getTime());
  });

  it('downloads the stored label and packing slip again', async () => {
    const a = await shippedOrder(stroop);
    const label = await get(`/api/shipments/${a.shipmentId}/label`, stroopOwner);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(label.rawPayload, a.label)).toBe(0);
    expect((await readPdf(label.rawPayload)).pages).toBe(2);
    const slip = await get(`/api/shipments/${a.shipmentId}/packing_slip`, stroopOwner);
    expect(slip.statusCode).toBe(200);
    const text = (await readPdf(slip.rawPayload)).text;
    expect(text).toContain(a.product.ean);
    expect(text).toContain(a.tracking);
  });

  it('answers 404 for another organisation’s shipment, on the detail and on both downloads', async () => {
    const s = await shippedOrder(stroop);
    for (const path of ['', '/label', '/packing_slip']) {
      const res = await get(`/api/shipments/${s.shipmentId}${path}`, bolOwner);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await get(`/api/shipments/${'c'.repeat(24)}`, picker)).statusCode).toBe(404);
    expect((await get('/api/shipments/not-an-id', picker)).statusCode).toBe(400);
  });
});

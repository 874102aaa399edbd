import type { Return } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { readPdfBarcodes } from '../../lib/pdf/barcodes.test-helpers.ts';
import { readPdfTitle } from '../../lib/pdf/pdf.test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct, orgId, testWindow } from '../pick/test/fulfilment.fixtures.ts';

let t: TestApp;
let picker: string;
let bolOwner: string;
let stroopOwner: string;
let bol: string;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 4 } });
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  bolOwner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  stroopOwner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  // The merchant works in its own organisation.
  const setCurr = await t.app.inject({
    method: 'POST',
    url: '/api/orgs/set_curr',
    headers: { cookie: bolOwner },
    payload: { customer_id: bol },
  });
  expect(setCurr.statusCode, setCurr.body).toBeLessThan(300);
});
afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: unknown, cookie = picker, key?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as Record<string, unknown>,
  });
}

const ADDRESS = {
  countryCode: 'NL',
  zipCode: '1015 CJ',
  houseNumber: '125',
  streetName: 'Keizersgracht',
  city: 'Amsterdam',
  firstName: 'Sanne',
  surname: 'de Boer',
  email: 'sanne@example.nl',
  phone: '+31 6 1234-5678',
};

/** A shipped order of two products on their bins, and an open one. */
async function scene() {
  const w = testWindow();
  const tag = w.start.getTime();
  const binA = await addLocation(t.db, { name: `RT-${tag}-01`, sequence: 5 });
  const binB = await addLocation(t.db, { name: `RT-${tag}-02`, sequence: 6 });
  const jam = await addProduct(t.db, bol, { name: 'Aardbeienjam', stock: [{ locationId: binA, stock: 10 }] });
  const cups = await addProduct(t.db, bol, { name: 'Koffiebekers', stock: [{ locationId: binB, stock: 4 }] });
  const shipped = await addOrder(t.db, bol, {
    orderId: `RS-${tag}`,
    placedAt: w.at(5),
    status: 'shipped',
    lines: [
      { productId: jam.id, quantity: 3, picked: 3 },
      { productId: cups.id, quantity: 2, picked: 2 },
    ],
  });
  const open = await addOrder(t.db, bol, {
    orderId: `RO-${tag}`,
    placedAt: w.at(6),
    lines: [{ productId: jam.id, quantity: 1 }],
  });
  return { tag, binA, binB, jam, cups, shipped, open };
}

async function create(s: Awaited<ReturnType<typeof scene>>, items: { line: number; quantity: number }[]) {
  return post(
    '/api/returns/create',
    {
      order_id: s.shipped.id,
      items: items.map((i) => ({ order_line_id: s.shipped.lineIds[i.line], quantity: i.quantity })),
      reason: 'DAMAGED',
      customer_comments: 'Pot kwam gebarsten aan',
      address: ADDRESS,
    },
    bolOwner,
  );
}

async function stockOf(productId: string, locationId: string): Promise<number | null> {
  const r = await t.db.query<{ stock: number }>(
    'SELECT stock FROM product_locations WHERE product_id = $1 AND location_id = $2',
    [productId, locationId],
  );
  return r.rows[0]?.stock ?? null;
}

describe('returns (issue 12; spec 2 §7 Returns)', () => {
  it('lists the return reasons: the carrier codes and the customer reasons', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/returns/reasons',
      headers: { cookie: bolOwner },
    });
    const codes = (res.json() as { items: { code: string }[] }).items.map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['REFUSED', 'NO_REASON', 'DAMAGED', 'WRONG_ITEM', 'OTHER']));
  });

  it("tells per line of a shipped order how many pieces may still come back, the create's own rule (ADR 0142)", async () => {
    const s = await scene();
    const returnable = async (id: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/order/get/${id}`,
        headers: { cookie: bolOwner },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { products: { returnable?: number }[] }).products.map((l) => l.returnable);
    };
    expect(await returnable(s.shipped.id)).toEqual([3, 2]);
    expect((await create(s, [{ line: 0, quantity: 2 }])).statusCode).toBe(201);
    expect(await returnable(s.shipped.id)).toEqual([1, 2]);
    // What the answer offers is exactly what a new return may take.
    expect((await create(s, [{ line: 0, quantity: 2 }])).json()).toMatchObject({ code: 'return_quantity' });
    expect((await create(s, [{ line: 0, quantity: 1 }])).statusCode).toBe(201);
    expect(await returnable(s.shipped.id)).toEqual([0, 2]);
    // An open order has nothing to return: no count at all.
    expect(await returnable(s.open.id)).toEqual([undefined]);
  });

  it('creates a return of a shipped order within what was shipped, and nothing for an open order', async () => {
    const s = await scene();
    const over = await create(s, [{ line: 0, quantity: 4 }]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'return_quantity' });
    const res = await create(s, [
      { line: 0, quantity: 2 },
      { line: 1, quantity: 2 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as Return;
    expect(made.return_number).toMatch(/^R\d{8}$/);
    expect(made.items.map((i) => [i.title, i.expected_quantity, i.return_action])).toEqual([
      ['Aardbeienjam', 2, 'RETURN_RECEIVED'],
      ['Koffiebekers', 2, 'RETURN_RECEIVED'],
    ]);
    expect(made.items[0]?.location?.name).toBe(`RT-${s.tag}-01`);
    // One more jam may come back, not two.
    expect((await create(s, [{ line: 0, quantity: 2 }])).json()).toMatchObject({ code: 'return_quantity' });
    expect((await create(s, [{ line: 0, quantity: 1 }])).statusCode).toBe(201);
    const notShipped = await post(
      '/api/returns/create',
      {
        order_id: s.open.id,
        items: [{ order_line_id: s.open.lineIds[0], quantity: 1 }],
        reason: 'OTHER',
        address: ADDRESS,
      },
      bolOwner,
    );
    expect(notShipped.json()).toMatchObject({ code: 'not_shipped' });
    // Another merchant cannot see the order.
    const other = await post(
      '/api/returns/create',
      {
        order_id: s.shipped.id,
        items: [{ order_line_id: s.shipped.lineIds[1], quantity: 1 }],
        reason: 'OTHER',
        address: ADDRESS,
      },
      stroopOwner,
    );
    expect(other.statusCode).toBe(404);
    const badZip = await post(
      '/api/returns/create',
      {
        order_id: s.shipped.id,
        items: [{ order_line_id: s.shipped.lineIds[1], quantity: 1 }],
        reason: 'OTHER',
        address: { ...ADDRESS, zipCode: '1015' },
      },
      bolOwner,
    );
    expect(badZip.statusCode).toBe(400);
  });

  it('finds a return by number, tracking number and barcode, and offers an order without one', async () => {
    const s = await scene();
    const made = (await create(s, [{ line: 1, quantity: 1 }])).json() as Return;
    const find = (q: string, cookie = picker) =>
      t.app.inject({ method: 'GET', url: `/api/returns/get/${encodeURIComponent(q)}`, headers: { cookie } });
    for (const q of [made.return_number, made.tracking_number, s.cups.ean, `RS-${s.tag}`]) {
      const res = await find(q);
      expect(res.statusCode, q).toBe(200);
      expect((res.json() as { status: string; returns: Return[] }).returns.map((r) => r.id)).toContain(
        made.id,
      );
    }
    const other = await scene();
    const byOrder = await find(`RS-${other.tag}`);
    expect(byOrder.json()).toEqual({
      status: 'order_found',
      order: { id: other.shipped.id, shop_order_id: `RS-${other.tag}`, org_name: 'Bakkerij Bol' },
    });
    // The order is also found by its own tracking code and by its parcel's tracking number (each its own index
    // look-up, ADR 0099), and by no other merchant.
    await t.db.query(`UPDATE orders SET track_trace = $2 WHERE id = $1`, [
      other.shipped.id,
      `TT-${other.tag}`,
    ]);
    await t.db.query(
      `INSERT INTO shipments (id, org_id, order_id, carrier, method_code, tracking_number, label_pdf, packing_slip_pdf)
         VALUES (substr(md5($3), 1, 24), $1, $2, 'local', 'LOCAL-NL', $3, '\\x25'::bytea, '\\x25'::bytea)`,
      [bol, other.shipped.id, `PARCEL-${other.tag}`],
    );
    for (const q of [`TT-${other.tag}`, `PARCEL-${other.tag}`]) {
      const res = await find(q);
      expect(res.statusCode, q).toBe(200);
      expect((res.json() as { order?: { id: string } }).order?.id, q).toBe(other.shipped.id);
    }
    expect((await find(`PARCEL-${other.tag}`, stroopOwner)).statusCode).toBe(404);
    expect((await find('NOTHING-HERE')).statusCode).toBe(404);
    expect((await find(made.return_number, stroopOwner)).statusCode).toBe(404);
  });

  it("shows the product's return instruction on each of its items, as its merchant set it (spec 3 §7)", async () => {
    const s = await scene();
    const set = await post(
      '/api/product/return_instruction',
      { product_id: s.cups.id, return_instruction: '  Controleer op barsten; zonder doos naar B-grade.  ' },
      bolOwner,
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      product_id: s.cups.id,
      return_instruction: 'Controleer op barsten; zonder doos naar B-grade.',
    });
    const made = (
      await create(s, [
        { line: 0, quantity: 1 },
        { line: 1, quantity: 1 },
      ])
    ).json() as Return;
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/returns/get/${made.return_number}`,
      headers: { cookie: picker },
    });
    const items = (found.json() as { returns: Return[] }).returns[0]?.items ?? [];
    expect(Object.fromEntries(items.map((i) => [i.product_id, i.return_instruction]))).toEqual({
      [s.cups.id]: 'Controleer op barsten; zonder doos naar B-grade.',
      [s.jam.id]: null,
    });
    // Clearing it, another organisation's product (404), and text over 2,000 characters (400).
    expect(
      (
        await post(
          '/api/product/return_instruction',
          { product_id: s.cups.id, return_instruction: '' },
          bolOwner,
        )
      ).json(),
    ).toEqual({ product_id: s.cups.id, return_instruction: null });
    expect(
      (
        await post(
          '/api/product/return_instruction',
          { product_id: s.cups.id, return_instruction: 'x' },
          stroopOwner,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          '/api/product/return_instruction',
          { product_id: s.cups.id, return_instruction: 'x'.repeat(2001) },
          bolOwner,
        )
      ).statusCode,
    ).toBe(400);
  });

  it('puts sellable pieces back on their location and damaged ones in quarantine, once, through the ledger', async () => {
    const s = await scene();
    const made = (
      await create(s, [
        { line: 0, quantity: 2 },
        { line: 1, quantity: 2 },
      ])
    ).json() as Return;
    // The desk judges: the jam good (one piece of two arrived), the cups damaged.
    const good = await post('/api/returns', {
      return_id: made.id,
      ean: s.jam.ean,
      received_quantity: 1,
      product_state: 'good',
    });
    expect(good.statusCode, good.body).toBe(200);
    await post('/api/returns', {
      return_id: made.id,
      ean: s.cups.ean,
      damaged_product: true,
      product_state: 'bad',
    });
    const fulfil = (ean: string, key: string) =>
      post(`/api/returns/fulfill/${made.id}/${ean}`, {}, picker, key);
    const first = await fulfil(s.jam.ean, `ret-${s.tag}-1`);
    expect(first.statusCode, first.body).toBe(200);
    expect(await stockOf(s.jam.id, s.binA)).toBe(11);
    // A replay of the same key changes nothing again; a second close is refused.
    expect((await fulfil(s.jam.ean, `ret-${s.tag}-1`)).json()).toEqual(first.json());
    expect(await stockOf(s.jam.id, s.binA)).toBe(11);
    expect((await fulfil(s.jam.ean, `ret-${s.tag}-2`)).json()).toMatchObject({ code: 'return_closed' });

    const closed = (await fulfil(s.cups.ean, `ret-${s.tag}-3`)).json() as Return;
    expect(closed.closed_at).not.toBeNull();
    expect(closed.items.find((i) => i.ean === s.cups.ean)).toMatchObject({
      quarantined: true,
      received_quantity: 2,
    });
    expect(await stockOf(s.cups.id, s.binB)).toBe(4);
    const ledger = await t.db.query<{ quantity: number; name: string; quarantine: boolean; note: string }>(
      `SELECT m.quantity, l.name, l.quarantine, m.note FROM stock_mutations m JOIN locations l ON l.id = m.location_id
       WHERE m.reason = 'return' AND m.product_id = ANY($1) ORDER BY l.name`,
      [[s.jam.id, s.cups.id]],
    );
    expect(ledger.rows).toEqual([
      {
        quantity: 2,
        name: 'QUARANTAINE',
        quarantine: true,
        note: `return ${made.return_number} (quarantine)`,
      },
      { quantity: 1, name: `RT-${s.tag}-01`, quarantine: false, note: `return ${made.return_number}` },
    ]);
  });

  it('judges the pieces of one line apart: the good one back on its location, the damaged one in quarantine', async () => {
    const s = await scene();
    const made = (await create(s, [{ line: 1, quantity: 2 }])).json() as Return;
    // Two cups came back: one fine, one broken (the same line and EAN, two judgements).
    const split = await post('/api/returns', {
      return_id: made.id,
      ean: s.cups.ean,
      parts: [
        { quantity: 1, product_state: 'good' },
        {
          quantity: 1,
          product_state: 'bad',
          damaged_product: true,
          return_action: 'RETURN_DOES_NOT_MEET_CONDITIONS',
        },
      ],
    });
    expect(split.statusCode, split.body).toBe(200);
    const judged = (split.json() as Return).items[0];
    expect(judged).toMatchObject({ received_quantity: 2, restocked_quantity: null });
    expect(
      judged?.parts.map((p) => [p.quantity, p.product_state, p.damaged_product, p.return_action]),
    ).toEqual([
      [1, 'good', false, 'RETURN_RECEIVED'],
      [1, 'bad', true, 'RETURN_DOES_NOT_MEET_CONDITIONS'],
    ]);
    // The same judgement again (the outbox resends) changes nothing.
    const again = await post('/api/returns', {
      return_id: made.id,
      ean: s.cups.ean,
      parts: [
        { quantity: 1, product_state: 'good' },
        {
          quantity: 1,
          product_state: 'bad',
          damaged_product: true,
          return_action: 'RETURN_DOES_NOT_MEET_CONDITIONS',
        },
      ],
    });
    expect(again.json()).toEqual(split.json());
    // A received quantity that is not the parts' sum is refused with the reason.
    const wrong = await post('/api/returns', {
      return_id: made.id,
      ean: s.cups.ean,
      received_quantity: 3,
      parts: [{ quantity: 1, product_state: 'good' }],
    });
    expect(wrong.statusCode).toBe(400);

    const key = `split-${s.tag}`;
    const first = await post(`/api/returns/fulfill/${made.id}/${s.cups.ean}`, {}, picker, key);
    expect(first.statusCode, first.body).toBe(200);
    const closed = first.json() as Return;
    expect(closed.closed_at).not.toBeNull();
    expect(closed.items[0]).toMatchObject({ received_quantity: 2, restocked_quantity: 1 });
    expect(await stockOf(s.cups.id, s.binB)).toBe(5);
    // Replayed: nothing booked twice.
    expect((await post(`/api/returns/fulfill/${made.id}/${s.cups.ean}`, {}, picker, key)).json()).toEqual(
      first.json(),
    );
    expect(await stockOf(s.cups.id, s.binB)).toBe(5);
    const ledger = await t.db.query<{ quantity: number; quarantine: boolean }>(
      `SELECT m.quantity, l.quarantine FROM stock_mutations m JOIN locations l ON l.id = m.location_id
       WHERE m.reason = 'return' AND m.product_id = $1 ORDER BY l.quarantine`,
      [s.cups.id],
    );
    expect(ledger.rows).toEqual([
      { quantity: 1, quarantine: false },
      { quantity: 1, quarantine: true },
    ]);
  });

  it('a plain recount ends a split and judges the whole line again; one closed with 0 received puts nothing back', async () => {
    const s = await scene();
    const made = (await create(s, [{ line: 0, quantity: 2 }])).json() as Return;
    await post('/api/returns', {
      return_id: made.id,
      ean: s.jam.ean,
      parts: [
        { quantity: 1, product_state: 'good' },
        { quantity: 1, product_state: 'bad' },
      ],
    });
    // A recount that is not the parts' sum judges the line anew as a whole: the split ends.
    const recount = await post('/api/returns', { return_id: made.id, ean: s.jam.ean, received_quantity: 0 });
    expect((recount.json() as Return).items[0]).toMatchObject({ received_quantity: 0, parts: [] });
    const closed = (await post(`/api/returns/fulfill/${made.id}/${s.jam.ean}`, {})).json() as Return;
    expect(closed.items[0]).toMatchObject({ received_quantity: 0, restocked_quantity: 0, parts: [] });
    expect(await stockOf(s.jam.id, s.binA)).toBe(10);
  });

  it("lists the open returns for the desk, newest first, paged; closed ones and other merchants' are left out", async () => {
    const get = (url: string, cookie = picker) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const s = await scene();
    const first = (await create(s, [{ line: 0, quantity: 1 }])).json() as Return;
    const second = (await create(s, [{ line: 1, quantity: 1 }])).json() as Return;
    const page = await get('/api/returns/open?skip=0&limit=2');
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as { items: Return[]; total: number; skip: number; limit: number };
    expect(body.items.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(body.items.every((r) => r.closed_at === null)).toBe(true);
    expect(body.total).toBeGreaterThanOrEqual(2);
    // Closing the newest takes it off the list.
    await post(`/api/returns/fulfill/${second.id}/${s.cups.ean}`, {}, picker, `open-${s.tag}`);
    const after = (await get(`/api/returns/open?limit=50`)).json() as { items: Return[]; total: number };
    expect(after.items.some((r) => r.id === second.id)).toBe(false);
    expect(after.items[0]?.id).toBe(first.id);
    expect(after.total).toBe(body.total - 1);
    // Another merchant sees none of Bakkerij Bol's returns.
    const other = (await get('/api/returns/open', stroopOwner)).json() as { items: Return[] };
    expect(other.items.some((r) => r.org_id === bol)).toBe(false);
  });

  it('never sends a picker to the quarantine location', async () => {
    const s = await scene();
    const made = (await create(s, [{ line: 1, quantity: 2 }])).json() as Return;
    await post('/api/returns', { return_id: made.id, ean: s.cups.ean, damaged_product: true });
    await post(`/api/returns/fulfill/${made.id}/${s.cups.ean}`, {});
    // The cups' bin is emptied: the only stock left lies in quarantine.
    await t.db.query(`UPDATE product_locations SET stock = 0 WHERE product_id = $1 AND location_id = $2`, [
      s.cups.id,
      s.binB,
    ]);
    const w = testWindow();
    await addOrder(t.db, bol, {
      orderId: `RP-${s.tag}`,
      placedAt: w.at(1),
      lines: [{ productId: s.cups.id, quantity: 1 }],
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/pick_list/pick/all/all/${w.start.toISOString()}/${w.end.toISOString()}/all`,
      headers: { cookie: picker },
    });
    const item = (
      list.json() as { items: { product__id: string; rack: string; other_locations: { rack: string }[] }[] }
    ).items.find((i) => i.product__id === s.cups.id);
    expect(item?.rack).toBe(`RT-${s.tag}-02`);
    expect(item?.other_locations.map((o) => o.rack)).not.toContain('QUARANTAINE');
  });

  it('prints a return label to the warehouse with the tracking number as Code 128; a merchant may not judge', async () => {
    const s = await scene();
    const made = (await create(s, [{ line: 0, quantity: 1 }])).json() as Return;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/returns/label/${made.id}`,
      headers: { cookie: bolOwner },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const [page] = await readPdfBarcodes(res.rawPayload);
    expect(page?.code128).toBe(made.tracking_number);
    // Its own title follows the requester's language: Dutch without a choice, English for an English browser.
    expect(await readPdfTitle(res.rawPayload)).toBe(`Verzendlabel ${made.tracking_number}`);
    const english = await t.app.inject({
      method: 'GET',
      url: `/api/returns/label/${made.id}`,
      headers: { cookie: bolOwner, 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(await readPdfTitle(english.rawPayload)).toBe(`Shipping label ${made.tracking_number}`);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/returns/label/${made.id}`,
          headers: { cookie: stroopOwner },
        })
      ).statusCode,
    ).toBe(404);
    const judge = await post(
      '/api/returns',
      { return_id: made.id, ean: s.jam.ean, received_quantity: 1 },
      bolOwner,
    );
    expect(judge.statusCode).toBe(403);
    const fromOrder = await post('/api/returns/from_order', {
      orderId: s.shipped.id,
      reason_code: 'REFUSED',
    });
    expect(fromOrder.statusCode, fromOrder.body).toBe(201);
    expect((fromOrder.json() as Return).items.map((i) => [i.title, i.expected_quantity])).toEqual([
      ['Aardbeienjam', 2],
      ['Koffiebekers', 2],
    ]);
  });
});

describe('return images (spec 2 §5 Return image upload)', () => {
  /** A 1×1 PNG as a camera or phone would send it. */
  const PNG_1PX = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (id: string, body: Buffer, type: string, cookie = bolOwner, name = 'foto.png') =>
    t.app.inject({
      method: 'POST',
      url: `/api/returns/upload/${id}`,
      headers: { cookie, 'content-type': type, 'x-file-name': name },
      payload: body,
    });

  it('stores jpeg, png and webp by their bytes, serves them to the return’s organisation only', async () => {
    const s = await scene();
    const made = (await create(s, [{ line: 0, quantity: 1 }])).json() as Return;
    const res = await upload(made.id, PNG_1PX, 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json() as { id: string; mime: string; size: number };
    expect(image).toMatchObject({ mime: 'image/png', size: PNG_1PX.length });
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/returns/image/${made.id}/${image.id}`,
      headers: { cookie: picker },
    });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.rawPayload.equals(PNG_1PX)).toBe(true);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/returns/image/${made.id}/${image.id}`,
      headers: { cookie: stroopOwner },
    });
    expect(other.statusCode).toBe(404);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/returns/get/${made.return_number}`,
      headers: { cookie: bolOwner },
    });
    expect((listed.json() as { returns: Return[] }).returns[0]?.images).toEqual([
      { id: image.id, mime: 'image/png', file_name: 'foto.png' },
    ]);
    expect((await upload(made.id, PNG_1PX, 'image/png', stroopOwner)).statusCode).toBe(404);
  });

  it('refuses other formats and images over 5 MB with the spec’s messages, whatever the request claims', async () => {
    const s = await scene();
    const made = (await create(s, [{ line: 0, quantity: 1 }])).json() as Return;
    const fake = await upload(made.id, Buffer.from('not an image at all'), 'image/jpeg', bolOwner, 'doc.jpg');
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({
      message: 'Only the following formats are allowed: jpeg, png, webp.',
    });
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/returns/upload/${made.id}`,
      headers: { cookie: bolOwner },
      payload: { hello: 'world' },
    });
    expect(json.statusCode).toBe(400);
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(made.id, big, 'image/png', bolOwner, 'groot.png');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({
      code: 'file_too_large',
      message: 'File "groot.png" exceeds the maximum size of 5MB.',
    });
  });
});

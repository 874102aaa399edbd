import type { Inbound, InboundItem, InboundSummary, ProductLocations } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { readPdfBarcodes } from '../../lib/pdf/barcodes.test-helpers.ts';
import { readPdf } from '../../lib/pdf/pdf.test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addProduct, orgId } from '../pick/test/fulfilment.fixtures.ts';

let t: TestApp;
let picker: string;
let bolOwner: string;
let stroopOwner: string;
let bol: string;
let stroop: string;

async function setCurr(cookie: string, org: string) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/orgs/set_curr',
    headers: { cookie },
    payload: { customer_id: org },
  });
  expect(r.statusCode, r.body).toBeLessThan(300);
}

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 2 } });
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  bolOwner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  stroopOwner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  stroop = await orgId(t.db, 'Stroopwafel & Co');
  await setCurr(bolOwner, bol);
  await setCurr(stroopOwner, stroop);
});
afterAll(async () => {
  await t?.close();
});

async function api<T = unknown>(
  cookie: string,
  method: string,
  url: string,
  payload?: unknown,
  key?: string,
) {
  const r = await t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  return {
    status: r.statusCode,
    body: (String(r.headers['content-type'] ?? '').includes('json') ? r.json() : null) as T,
    raw: r,
  };
}

const INFO = {
  contact_person: 'Anna Bol',
  contact_person_email: 'anna@bakkerijbol.nl',
  phone: '+31 20 123 4567',
  shipping_address: 'Keizersgracht 125, 1015 CJ Amsterdam',
  track_trace: '3SABCD1234567',
  expected_delivery: '2026-11-26',
};

let tag = 0;
async function scene() {
  tag++;
  const now = Date.now();
  const binA = await addLocation(t.db, { name: `IN-${now}-${tag}-A`, sequence: 900 + tag });
  const binB = await addLocation(t.db, { name: `IN-${now}-${tag}-B`, sequence: 901 + tag });
  const jam = await addProduct(t.db, bol, { name: 'Aardbeienjam', stock: [] });
  const brood = await addProduct(t.db, bol, { name: 'Roggebrood', stock: [] });
  const made = await api<Inbound>(bolOwner, 'POST', '/inbound', {
    type: 'pallet',
    items: [
      { product_id: jam.id, units: 3, packed_per: 12, batch_nr: 'B-1', expiration_date: '2027-01-31' },
      { product_id: brood.id, units: 2, packed_per: 6 },
    ],
    information: INFO,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { binA, binB, jam, brood, inbound: made.body };
}

async function ledgerHolds(productIds: string[]) {
  const r = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM product_locations pl
      WHERE pl.product_id = any($1::char(24)[])
        AND pl.stock <> (SELECT COALESCE(sum(m.quantity), 0) FROM stock_mutations m
                          WHERE m.product_id = pl.product_id AND m.location_id = pl.location_id)`,
    [productIds],
  );
  expect(r.rows[0]?.n).toBe(0);
}

describe('announcing an inbound (spec 2 §4 wizard, §7 POST /inbound/)', () => {
  it('makes a pending inbound with items, expected = units × packed per', async () => {
    const { inbound, jam } = await scene();
    expect(inbound.status).toBe('pending');
    expect(inbound.type).toBe('pallet');
    expect(inbound.org_id).toBe(bol);
    expect(inbound.contact_person).toBe('Anna Bol');
    expect(inbound.expected_delivery).toBe('2026-11-26');
    expect(inbound.items.map((i) => i.pieces_expected)).toEqual([36, 12]);
    expect(inbound.pieces_expected).toBe(48);
    const jamItem = inbound.items.find((i) => i.product.id === jam.id);
    expect(jamItem?.batch_nr).toBe('B-1');
    expect(jamItem?.expiration_date).toBe('2027-01-31');
    expect(inbound.created_by?.first_name).toBeTruthy();
  });

  it('refuses without a type, without products and without the information (the spec messages)', async () => {
    const jam = await addProduct(t.db, bol, { name: 'Jam', stock: [] });
    const item = { product_id: jam.id, units: 1, packed_per: 1 };
    const noType = await api<{ message: string }>(bolOwner, 'POST', '/inbound', {
      items: [item],
      information: INFO,
    });
    expect(noType.status).toBe(400);
    expect(JSON.stringify(noType.body)).toContain('Kies eerst een type zending');
    const noItems = await api(bolOwner, 'POST', '/inbound', {
      type: 'package',
      items: [],
      information: INFO,
    });
    expect(noItems.status).toBe(400);
    expect(JSON.stringify(noItems.body)).toContain('Voeg producten toe');
    const noInfo = await api(bolOwner, 'POST', '/inbound', {
      type: 'package',
      items: [item],
      information: { ...INFO, contact_person: '', contact_person_email: 'nope' },
    });
    expect(noInfo.status).toBe(400);
    expect(JSON.stringify(noInfo.body)).toContain('Contact person is required.');
    expect(JSON.stringify(noInfo.body)).toContain('Valid email is required.');
    const bad = await api(bolOwner, 'POST', '/inbound', { type: 'boat', items: [item], information: INFO });
    expect(bad.status).toBe(400);
  });

  it("refuses another organisation's product and hides another organisation's inbound (404)", async () => {
    const theirs = await addProduct(t.db, stroop, { name: 'Stroopwafel', stock: [] });
    const r = await api(bolOwner, 'POST', '/inbound', {
      type: 'package',
      items: [{ product_id: theirs.id, units: 1, packed_per: 1 }],
      information: INFO,
    });
    expect(r.status).toBe(404);
    const { inbound } = await scene();
    expect((await api(stroopOwner, 'GET', `/inbound/${inbound.id}`)).status).toBe(404);
    expect((await api(stroopOwner, 'GET', `/inbound_item/${inbound.items[0]?.id}`)).status).toBe(404);
    expect((await api(stroopOwner, 'PUT', `/inbound/edit/${inbound.id}`, { phone: '1' })).status).toBe(404);
    expect((await api(stroopOwner, 'GET', `/inbounds/qr/${inbound.id}`)).status).toBe(404);
    const list = await api<{ items: Inbound[] }>(stroopOwner, 'GET', '/inbounds');
    expect(list.body.items.some((i) => i.id === inbound.id)).toBe(false);
  });

  it('announces from spreadsheet rows, all or nothing, each rejected row with its reason', async () => {
    const jam = await addProduct(t.db, bol, { name: 'Jam excel', stock: [] });
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM inbounds');
    const bad = await api<{ issues: { path: string; message: string }[] }>(
      bolOwner,
      'POST',
      '/inbound/excel',
      {
        ...INFO,
        products: [
          { ean: jam.ean, units: 2, packed_per: 10 },
          { ean: '0000000000000', units: 1, packed_per: 1 },
        ],
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      {
        path: 'products.1.ean',
        message: 'Row 2: no product with EAN 0000000000000',
        code: 'unknown_ean',
        values: { ean: '0000000000000' },
      },
    ]);
    // The information fields' refusals by zod at the edge carry a code too (core VALIDATION_REASON_CODES).
    const info = await api<{ issues: unknown[] }>(bolOwner, 'POST', '/inbound/excel', {
      ...INFO,
      contact_person: '',
      contact_person_email: 'not-an-email',
      shipping_address: 'x'.repeat(501),
      products: [{ ean: jam.ean, units: 2, packed_per: 10 }],
    });
    expect(info.status).toBe(400);
    expect(info.body.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'body.contact_person',
          code: 'missing',
          values: { field: 'contact_person' },
        }),
        expect.objectContaining({
          path: 'body.contact_person_email',
          code: 'email_invalid',
          values: { field: 'contact_person_email', value: 'not-an-email' },
        }),
        expect.objectContaining({
          path: 'body.shipping_address',
          code: 'text_too_long',
          values: { field: 'shipping_address', limit: 500 },
        }),
      ]),
    );
    // A phone number and a day that does not exist too (the day's pattern alone let 2026-02-31 through).
    const day = await api<{ issues: unknown[] }>(bolOwner, 'POST', '/inbound/excel', {
      ...INFO,
      phone: 'abc',
      expected_delivery: '2026-02-31',
      products: [{ ean: jam.ean, units: 2, packed_per: 10 }],
    });
    expect(day.status).toBe(400);
    expect(day.body.issues).toEqual([
      expect.objectContaining({
        path: 'body.phone',
        code: 'phone_invalid',
        values: { field: 'phone', value: 'abc' },
      }),
      expect.objectContaining({
        path: 'body.expected_delivery',
        code: 'date_invalid',
        values: { field: 'expected_delivery', value: '2026-02-31' },
      }),
    ]);
    // The other cells' problems too, each a code with its values (ADR 0119 §3), the English message kept.
    const cells = await api<{ message: string; issues: unknown[] }>(bolOwner, 'POST', '/inbound/excel', {
      ...INFO,
      products: [
        { ean: jam.ean, units: 0, packed_per: '2,5', batch_nr: 'B\u0000', expiration_date: '31-02-2027' },
        { ean: jam.ean, units: 2, packed_per: 10, batch_nr: 'x'.repeat(101) },
      ],
    });
    expect(cells.status).toBe(400);
    expect(cells.body.message).toBe('2 rows rejected');
    expect(cells.body.issues).toEqual([
      {
        path: 'products.0.units',
        message: "Row 1: units must be a whole number from 1 to 100000: '0'",
        code: 'not_whole_number',
        values: { field: 'units', value: '0', min: 1, limit: 100_000 },
      },
      {
        path: 'products.0.packed_per',
        message: "Row 1: packed_per must be a whole number from 1 to 100000: '2,5'",
        code: 'not_whole_number',
        values: { field: 'packed_per', value: '2,5', min: 1, limit: 100_000 },
      },
      {
        path: 'products.0.batch_nr',
        message: 'Row 1: batchnr contains control or invalid characters',
        code: 'text_invalid',
        values: { field: 'batchnr' },
      },
      {
        path: 'products.0.expiration_date',
        message: "Row 1: expiration_date is not a date (use DD-MM-YYYY or YYYY-MM-DD): '31-02-2027'",
        code: 'bad_date',
        values: { field: 'expiration_date', value: '31-02-2027' },
      },
      {
        path: 'products.1.batch_nr',
        message: 'Row 2: batchnr is too long (at most 100 characters)',
        code: 'text_too_long',
        values: { field: 'batchnr', limit: 100 },
      },
    ]);
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM inbounds');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    const ok = await api<Inbound>(bolOwner, 'POST', '/inbound/excel', {
      ...INFO,
      products: [{ ean: jam.ean, units: 2, packed_per: 10 }],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.items[0]?.pieces_expected).toBe(20);
    // Cells as a sheet gives them: texts of whole numbers, a Dutch date, a batch with spaces.
    const sheet = await api<Inbound>(bolOwner, 'POST', '/inbound/excel', {
      ...INFO,
      products: [
        {
          ean: ` ${jam.ean} `,
          units: '3',
          packed_per: '4,0',
          batch_nr: ' B-7 ',
          expiration_date: '31-12-2027',
        },
      ],
    });
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(201);
    expect(sheet.body.items[0]).toMatchObject({
      pieces_expected: 12,
      batch_nr: 'B-7',
      expiration_date: '2027-12-31',
    });
  });

  it('names every EAN of a sheet that is no product of the shop, in one answer, and makes nothing', async () => {
    const jam = await addProduct(t.db, bol, { name: 'Jam check', stock: [] });
    const theirs = await addProduct(t.db, stroop, { name: 'Stroopwafel check', stock: [] });
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM inbounds');
    const eans = [
      '0000000000017',
      jam.ean,
      theirs.ean,
      ...Array.from({ length: 12 }, (_, i) => `99${String(i).padStart(11, '0')}`),
      '0000000000017',
    ];
    const r = await api<{ unknown: string[] }>(bolOwner, 'POST', '/inbound/excel/check', { eans });
    expect(r.status).toBe(200);
    // Another shop's product is none of this shop's; each unknown EAN once, in the order sent, past 10 of them.
    expect(r.body.unknown).toEqual([
      '0000000000017',
      theirs.ean,
      ...Array.from({ length: 12 }, (_, i) => `99${String(i).padStart(11, '0')}`),
    ]);
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM inbounds');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    expect((await api(bolOwner, 'POST', '/inbound/excel/check', { eans: [] })).status).toBe(400);
  });

  it("answers every problem of a sheet's rows as reason codes with their values, the English reason kept (ADR 0119 §3)", async () => {
    const jam = await addProduct(t.db, bol, { name: 'Jam rows', stock: [] });
    const rows = [
      { ean: jam.ean, units: '2', packed_per: 6, batchnr: 'B1', expiration_date: '31-12-2027' },
      { ean: '9900000000002', units: 'nul', packed_per: 6 },
      { ean: '', units: 1, packed_per: 200_000, batchnr: 'x'.repeat(101), expiration_date: '31-02-2027' },
      // An EAN cell with a NUL is refused, never looked up (PostgreSQL refuses NUL in text).
      { ean: '87\u000012', units: 1, packed_per: 1 },
    ];
    const r = await api<{ unknown: string[]; issues: unknown[] }>(bolOwner, 'POST', '/inbound/excel/check', {
      rows,
    });
    expect(r.status).toBe(200);
    expect(r.body.unknown).toEqual(['9900000000002']);
    expect(r.body.issues).toEqual([
      {
        row: 2,
        ean: '9900000000002',
        field: 'ean',
        code: 'unknown_ean',
        values: { ean: '9900000000002' },
        reason: 'no product of this shop has EAN 9900000000002',
      },
      {
        row: 2,
        ean: '9900000000002',
        field: 'units',
        code: 'not_whole_number',
        values: { field: 'units', value: 'nul', min: 1, limit: 100_000 },
        reason: "units must be a whole number from 1 to 100000: 'nul'",
      },
      { row: 3, ean: '', field: 'ean', code: 'missing_ean', values: {}, reason: 'EAN is missing' },
      expect.objectContaining({ row: 3, field: 'packed_per', code: 'not_whole_number' }),
      expect.objectContaining({
        row: 3,
        field: 'batchnr',
        code: 'text_too_long',
        values: { field: 'batchnr', limit: 100 },
      }),
      expect.objectContaining({ row: 3, field: 'expiration_date', code: 'bad_date' }),
      {
        row: 4,
        ean: '',
        field: 'ean',
        code: 'text_invalid',
        values: { field: 'ean' },
        reason: 'ean contains control or invalid characters',
      },
    ]);
  });
});

describe('lists and reads (spec 2 §7 GET /inbounds…)', () => {
  it('lists pending first, by status, and the items of one inbound', async () => {
    const { inbound, jam } = await scene();
    expect(inbound.items[0]?.product.id).toBe(jam.id);
    const all = await api<{ items: Inbound[]; total: number }>(bolOwner, 'GET', '/inbounds?limit=1000');
    expect(all.status).toBe(200);
    expect(all.body.items.some((i) => i.id === inbound.id)).toBe(true);
    const firstChecked = all.body.items.findIndex((i) => i.status === 'checked_in');
    const lastPending = all.body.items.map((i) => i.status).lastIndexOf('pending');
    if (firstChecked >= 0) expect(lastPending).toBeLessThan(firstChecked);
    const pending = await api<{ items: Inbound[] }>(picker, 'GET', '/inbounds/status/pending?limit=1000');
    expect(pending.body.items.every((i) => i.status === 'pending')).toBe(true);
    expect(pending.body.items.some((i) => i.id === inbound.id)).toBe(true);
    const checked = await api<{ items: Inbound[] }>(picker, 'GET', '/inbounds/status/checked_in');
    expect(checked.body.items.every((i) => i.status === 'checked_in')).toBe(true);
    const items = await api<{ items: InboundItem[] }>(bolOwner, 'GET', `/inbound_item/inbound/${inbound.id}`);
    expect(items.body.items.map((i) => i.id)).toEqual(inbound.items.map((i) => i.id));
    const one = await api<InboundItem>(picker, 'GET', `/inbound_item/${inbound.items[0]?.id}`);
    expect(one.body.inbound_number).toBe(inbound.inbound_number);
    const report = await api<{ items: { item_id: string; pieces_open: number }[] }>(
      picker,
      'GET',
      '/pending-items-report?limit=1000',
    );
    expect(report.body.items.find((r) => r.item_id === inbound.items[0]?.id)?.pieces_open).toBe(36);
  });
});

describe('the inbound lists by part and by calendar range (issue 8, ADR 0131)', () => {
  /** Bol's inbounds in the list's order, by SQL: pending soonest expected first, then checked in newest first. */
  async function expectedOrder(where = 'true', params: unknown[] = []) {
    const r = await t.db.query<{ id: string }>(
      `SELECT id FROM inbounds ib WHERE org_id = $1 AND (${where})
        ORDER BY CASE WHEN status = 'pending' THEN 0 ELSE 1 END,
                 CASE WHEN status = 'pending' THEN expected_delivery END ASC NULLS LAST, checked_in_at DESC, id`,
      [bol, ...params],
    );
    return r.rows.map((x) => x.id);
  }

  it('pages pending then checked in, any page size giving the one order; a range gives what a calendar shows', async () => {
    const made: string[] = [];
    for (let n = 0; n < 7; n++) made.push((await scene()).inbound.id);
    // Three checked in at different moments (one on a day's Amsterdam edge), four pending: two on one expected day,
    // one without an expected date.
    const set = (id: string, values: string) =>
      t.db.query(`UPDATE inbounds SET ${values} WHERE id = $1`, [id]);
    await set(made[0] as string, `status = 'checked_in', checked_in_at = '2026-03-04T10:00:00Z'`);
    await set(made[1] as string, `status = 'checked_in', checked_in_at = '2026-03-05T23:30:00Z'`); // 6 March in NL
    await set(made[2] as string, `status = 'checked_in', checked_in_at = '2026-03-01T09:00:00Z'`);
    await set(made[3] as string, `expected_delivery = '2026-03-05'`);
    await set(made[4] as string, `expected_delivery = '2026-03-05'`);
    await set(made[5] as string, `expected_delivery = NULL`);
    await set(made[6] as string, `expected_delivery = '2026-02-20'`);

    const all = await api<{ items: Inbound[]; total: number }>(bolOwner, 'GET', '/inbounds?limit=1000');
    const order = await expectedOrder();
    expect(all.body.items.map((i) => i.id)).toEqual(order);
    expect(all.body.total).toBe(order.length);
    for (const size of [1, 2, 3, 5]) {
      const ids: string[] = [];
      for (let skip = 0; skip < order.length + size; skip += size) {
        const page = await api<{ items: Inbound[]; total: number }>(
          bolOwner,
          'GET',
          `/inbounds?skip=${skip}&limit=${size}`,
        );
        expect(page.body.total).toBe(order.length);
        ids.push(...page.body.items.map((i) => i.id));
      }
      expect(ids, `page size ${size}`).toEqual(order);
    }
    const checked = await api<{ items: Inbound[] }>(
      bolOwner,
      'GET',
      '/inbounds/status/checked_in?limit=2&skip=1',
    );
    expect(checked.body.items.map((i) => i.id)).toEqual(
      (await expectedOrder(`status = 'checked_in'`)).slice(1, 3),
    );

    // A calendar range: expected in it (1800 when missing) or checked in on an Amsterdam day in it.
    const inRange = `COALESCE(expected_delivery, DATE '1800-01-01') BETWEEN $2::date AND $3::date
      OR (checked_in_at AT TIME ZONE 'Europe/Amsterdam')::date BETWEEN $2::date AND $3::date`;
    for (const [from, to] of [
      ['2026-03-05', '2026-03-06'],
      ['2026-03-06', '2026-03-06'],
      ['2026-02-01', '2026-03-04'],
      ['1800-01-01', '1800-01-01'],
    ] as const) {
      const got = await api<{ items: Inbound[]; total: number }>(
        bolOwner,
        'GET',
        `/inbounds?from=${from}&to=${to}&limit=1000`,
      );
      const want = await expectedOrder(inRange, [from, to]);
      expect(want.length, `${from}…${to}`).toBeGreaterThan(0);
      expect(
        got.body.items.map((i) => i.id),
        `${from}…${to}`,
      ).toEqual(want);
      expect(got.body.total).toBe(want.length);
    }
    const half = await api<{ issues?: { path: string; code: string }[] }>(
      bolOwner,
      'GET',
      '/inbounds?from=2026-03-05',
    );
    expect(half.status).toBe(400);
    expect(JSON.stringify(half.body)).toContain('needs_field');
    const reversed = await api(bolOwner, 'GET', '/inbounds?from=2026-03-06&to=2026-03-05');
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('range_reversed');
  });
});

describe('editing only while pending (spec 2 §4)', () => {
  it('edits information and items, adds and deletes items while pending; refuses all once checked in', async () => {
    const { inbound, jam, binA } = await scene();
    const edited = await api<Inbound>(bolOwner, 'PUT', `/inbound/edit/${inbound.id}`, {
      track_trace: 'NEW-TT',
    });
    expect(edited.body.track_trace).toBe('NEW-TT');
    const item = inbound.items[1] as InboundItem;
    const e = await api<InboundItem>(bolOwner, 'PUT', `/inbound_item/edit/customer/${item.id}`, {
      units: 4,
      notes: 'Voorzichtig',
      package_closed: true,
    });
    expect(e.status).toBe(200);
    expect(e.body.pieces_expected).toBe(24);
    expect(e.body.package_closed).toBe(true);
    const extra = await addProduct(t.db, bol, { name: 'Extra', stock: [] });
    const added = await api<InboundItem>(bolOwner, 'POST', `/inbound_item/add/${inbound.id}`, {
      product_id: extra.id,
      units: 1,
      packed_per: 5,
    });
    expect(added.status).toBe(201);
    const del = await api(bolOwner, 'DELETE', `/inbound_item/delete/${inbound.id}/${added.body.id}`);
    expect(del.status).toBe(200);
    expect((await api(bolOwner, 'GET', `/inbound_item/${added.body.id}`)).status).toBe(404);

    // Check everything in: place and submit each item.
    const jamItem = inbound.items.find((i) => i.product.id === jam.id) as InboundItem;
    await api(picker, 'POST', '/locations/assign', {
      product_id: jam.id,
      location_id: binA,
      amount: 36,
      inbound_item_id: jamItem.id,
    });
    for (const it of inbound.items) {
      const s = await api<InboundItem>(picker, 'PUT', `/inbound_item/submitInboundItem/${it.id}`);
      expect(s.status).toBe(200);
    }
    const done = await api<Inbound>(bolOwner, 'GET', `/inbound/${inbound.id}`);
    expect(done.body.status).toBe('checked_in');
    expect(done.body.checked_in_at).not.toBeNull();
    const codes = [
      await api<{ code: string }>(bolOwner, 'PUT', `/inbound/edit/${inbound.id}`, { phone: '0' }),
      await api<{ code: string }>(bolOwner, 'PUT', `/inbound_item/edit/customer/${item.id}`, { units: 1 }),
      await api<{ code: string }>(bolOwner, 'POST', `/inbound_item/add/${inbound.id}`, {
        product_id: extra.id,
        units: 1,
        packed_per: 1,
      }),
      await api<{ code: string }>(bolOwner, 'DELETE', `/inbound_item/delete/${inbound.id}/${item.id}`),
    ];
    expect(codes.map((c) => [c.status, c.body.code])).toEqual(Array(4).fill([409, 'inbound_not_pending']));
    const again = await api<{ code: string }>(picker, 'PUT', `/inbound_item/submitInboundItem/${item.id}`);
    expect([again.status, again.body.code]).toEqual([409, 'inbound_item_submitted']);
    const checked = await api<{ items: Inbound[] }>(bolOwner, 'GET', '/inventory/org/checked_in?limit=1000');
    expect(checked.body.items.some((i) => i.id === inbound.id)).toBe(true);
  });
});

describe('surcharges and totals (spec 2 §5 Surcharge, §9)', () => {
  it('adds and removes surcharges; totals in euro; boxes = pieces checked in ÷ packed per', async () => {
    const { inbound, jam, binA } = await scene();
    const item = inbound.items.find((i) => i.product.id === jam.id) as InboundItem;
    await api(picker, 'PUT', `/inbound_item/surcharge/${item.id}`, {
      description: 'Stickeren',
      cost_cents: 150,
      amount: 4,
    });
    const two = await api<InboundItem>(picker, 'PUT', `/inbound_item/surcharge/${item.id}`, {
      description: 'Ompakken',
      cost_cents: 1000,
      amount: 1,
    });
    expect(two.body.surcharges).toHaveLength(2);
    expect(two.body.surcharge_total_eur).toBe(16);
    const one = await api<InboundItem>(picker, 'DELETE', `/inbound_item/surcharge/${item.id}/0`);
    expect(one.body.surcharges.map((s) => s.description)).toEqual(['Ompakken']);
    expect(one.body.surcharge_total_eur).toBe(10);
    expect((await api(picker, 'DELETE', `/inbound_item/surcharge/${item.id}/5`)).status).toBe(404);
    const placed = await api(picker, 'POST', `/inbound_item/place/${item.id}`, {
      location_id: binA,
      amount: 30,
    });
    expect(placed.status).toBe(200);
    const after = await api<InboundItem>(picker, 'GET', `/inbound_item/${item.id}`);
    expect(after.body.pieces_checked_in).toBe(30);
    expect(after.body.boxes_checked_in).toBe(2);
    const ib = await api<Inbound>(bolOwner, 'GET', `/inbound/${inbound.id}`);
    expect(ib.body.surcharge_total_eur).toBe(10);
    expect(ib.body.pieces_checked_in).toBe(30);
    const notes = await api<InboundItem>(picker, 'PUT', `/inbound_item/edit/checkin${item.id}`, {
      notes: 'Doos nat',
    });
    expect(notes.body.notes).toBe('Doos nat');
    const exp = await api<InboundItem>(picker, 'PUT', `/inbound_item/expiration_date/${item.id}/2028-02-29`);
    expect(exp.body.expiration_date).toBe('2028-02-29');
  });
});

describe('placing stock (spec 2 §2 Inbound item detail; the stock ledger)', () => {
  it('finds and reserves locations, writes the ledger, keeps the invariant; a wrong scan changes nothing', async () => {
    const { inbound, jam, binA, binB } = await scene();
    const item = inbound.items.find((i) => i.product.id === jam.id) as InboundItem;
    // The product lies on binA already: the finder offers it first.
    await api(picker, 'POST', '/locations/assign', { product_id: jam.id, location_id: binA, amount: 1 });
    const found = await api<InboundItem>(picker, 'POST', `/inbound_item/locations/find/${item.id}`, {
      amount: 2,
    });
    expect(found.status).toBe(200);
    expect(found.body.reserved_locations).toHaveLength(2);
    expect(found.body.reserved_locations[0]?.location_id).toBe(binA);
    const other = found.body.reserved_locations[1]?.location_id as string;
    const dropped = await api<InboundItem>(picker, 'PUT', `/inbound_item/deleteLocation/${item.id}/${other}`);
    expect(dropped.body.reserved_locations.map((l) => l.location_id)).toEqual([binA]);

    const binAName = found.body.reserved_locations[0]?.name as string;
    const wrongScan = await api<{ code: string }>(picker, 'POST', '/locations/assign', {
      product_id: jam.id,
      location_id: binA,
      amount: 12,
      inbound_item_id: item.id,
      raw_scan: 'SOMETHING-ELSE',
    });
    expect([wrongScan.status, wrongScan.body.code]).toEqual([409, 'wrong_location']);
    const notReserved = await api<{ code: string }>(picker, 'POST', '/locations/assign', {
      product_id: jam.id,
      location_id: binB,
      amount: 12,
      inbound_item_id: item.id,
    });
    expect([notReserved.status, notReserved.body.code]).toEqual([409, 'wrong_location']);
    const unchanged = await api<InboundItem>(picker, 'GET', `/inbound_item/${item.id}`);
    expect(unchanged.body.pieces_checked_in).toBe(0);
    const mutations = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM stock_mutations WHERE product_id = $1 AND reason = 'checkin'`,
      [jam.id],
    );
    expect(mutations.rows[0]?.n).toBe(0);

    const ok = await api(picker, 'POST', '/locations/assign', {
      product_id: jam.id,
      location_id: binA,
      amount: 24,
      inbound_item_id: item.id,
      raw_scan: binAName.toLowerCase(),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const rows = await t.db.query<{ quantity: number; note: string; raw_scan: string }>(
      `SELECT quantity, note, raw_scan FROM stock_mutations WHERE product_id = $1 AND reason = 'checkin'`,
      [jam.id],
    );
    expect(rows.rows).toEqual([
      { quantity: 24, note: `inbound item ${item.id}`, raw_scan: binAName.toLowerCase() },
    ]);
    const after = await api<InboundItem>(picker, 'GET', `/inbound_item/${item.id}`);
    expect(after.body.pieces_checked_in).toBe(24);
    expect(after.body.reserved_locations[0]?.stock).toBe(25);
    await ledgerHolds([jam.id]);
    const cleared = await api<InboundItem>(picker, 'DELETE', `/inbound_item/reserved_locations/${item.id}`);
    expect(cleared.body.reserved_locations).toEqual([]);
  });

  it('applies a replayed check-in scan with the same Idempotency-Key once', async () => {
    const { inbound, jam, binA } = await scene();
    const item = inbound.items.find((i) => i.product.id === jam.id) as InboundItem;
    const body = { product_id: jam.id, location_id: binA, amount: 12, inbound_item_id: item.id };
    const key = `inbound-scan-${item.id}`;
    const first = await api(picker, 'POST', '/locations/assign', body, key);
    const second = await api(picker, 'POST', '/locations/assign', body, key);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    const after = await api<InboundItem>(picker, 'GET', `/inbound_item/${item.id}`);
    expect(after.body.pieces_checked_in).toBe(12);
    const place = { location_id: binA, amount: 6 };
    await api(picker, 'POST', `/inbound_item/place/${item.id}`, place, `${key}-p`);
    await api(picker, 'POST', `/inbound_item/place/${item.id}`, place, `${key}-p`);
    const after2 = await api<InboundItem>(picker, 'GET', `/inbound_item/${item.id}`);
    expect(after2.body.pieces_checked_in).toBe(18);
    await ledgerHolds([jam.id]);
  });

  it('checks in directly: one inbound checked in at once, stock on the chosen locations', async () => {
    const binX = await addLocation(t.db, { name: `DIRECT-${Date.now()}`, sequence: 990 });
    const p = await addProduct(t.db, bol, { name: 'Direct', stock: [] });
    // Spec 2 §2: only contact person, address and e-mail are required; phone and track and trace may be left out.
    const { phone: _phone, track_trace: _tt, ...required } = INFO;
    const body = { information: required, items: [{ product_id: p.id, location_id: binX, amount: 7 }] };
    const noContact = { ...body, information: { ...required, contact_person: '' } };
    // Warehouse work: a merchant may announce but not put stock on locations.
    expect((await api(bolOwner, 'POST', '/inventory/direct_checkin', body)).status).toBe(403);
    await setCurr(picker, bol);
    expect((await api(picker, 'POST', '/inventory/direct_checkin', noContact)).status).toBe(400);
    // The one phone rule of spec 3 §5 (core phoneField): a bad number is refused with the rule's message.
    const badPhone = await api<{ message: string }>(picker, 'POST', '/inventory/direct_checkin', {
      ...body,
      information: { ...required, phone: 'bel me' },
    });
    expect([badPhone.status, badPhone.body.message]).toEqual([
      400,
      'information.phone: Please enter a valid phone number',
    ]);
    const r = await api<Inbound>(picker, 'POST', '/inventory/direct_checkin', body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect([r.body.phone, r.body.track_trace]).toEqual(['', '']);
    // The floor app names the organisation: it counts whatever the session's current one is.
    await setCurr(picker, stroop);
    // …and a national phone number is read in nl and stored in the international form the phone field sends.
    const named = await api<Inbound>(picker, 'POST', '/inventory/direct_checkin', {
      ...body,
      org_id: bol,
      information: { ...required, phone: '020 123 4567' },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    expect(named.body.org_id).toBe(bol);
    expect(named.body.phone).toBe('+31 20 123 4567');
    expect(r.body.status).toBe('checked_in');
    expect(r.body.direct).toBe(true);
    expect(r.body.items[0]?.pieces_checked_in).toBe(7);
    const stock = await t.db.query<{ stock: number }>(
      'SELECT stock FROM product_locations WHERE product_id = $1 AND location_id = $2',
      [p.id, binX],
    );
    expect(stock.rows[0]?.stock).toBe(14);
    await ledgerHolds([p.id]);
  });
});

describe('a reserved location (spec 2 §4 Inbound location finder: the bin is kept for the item)', () => {
  it('refuses another product onto a bin reserved for an item, from every task, and the finder skips it', async () => {
    const { inbound, jam, brood, binB } = await scene();
    const jamItem = inbound.items.find((i) => i.product.id === jam.id) as InboundItem;
    const broodItem = inbound.items.find((i) => i.product.id === brood.id) as InboundItem;
    const found = await api<InboundItem>(picker, 'POST', `/inbound_item/locations/find/${jamItem.id}`, {
      amount: 1,
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const reserved = found.body.reserved_locations[0] as { location_id: string; name: string };
    const refused = (r: { status: number; body: unknown }) => {
      const body = r.body as { code: string; message: string };
      expect([r.status, body.code], JSON.stringify(body)).toEqual([409, 'location_reserved']);
      expect(body.message).toContain(reserved.name);
    };
    // The locations task: by id (a label scan) and by name.
    refused(
      await api(picker, 'POST', '/locations/assign', {
        product_id: brood.id,
        location_id: reserved.location_id,
        amount: 4,
      }),
    );
    refused(
      await api(picker, 'POST', '/product/assign_location', {
        product_id: brood.id,
        rack_number: reserved.name,
      }),
    );
    // Another check-in: the other item's placing (both calls), its move from a temporary place, a direct check-in.
    refused(
      await api(picker, 'POST', `/inbound_item/place/${broodItem.id}`, {
        location_id: reserved.location_id,
        amount: 6,
      }),
    );
    refused(
      await api(picker, 'POST', '/locations/assign', {
        product_id: brood.id,
        location_id: reserved.location_id,
        amount: 6,
        inbound_item_id: broodItem.id,
      }),
    );
    expect(
      (await api(picker, 'POST', `/inbound_item/place/${broodItem.id}`, { location_id: binB, amount: 6 }))
        .status,
    ).toBe(200);
    refused(
      await api(picker, 'PUT', `/inbound_item/addTransfer/${broodItem.id}/${binB}`, {
        location_id: reserved.location_id,
        amount: 6,
      }),
    );
    await setCurr(picker, bol);
    refused(
      await api(picker, 'POST', '/inventory/direct_checkin', {
        information: INFO,
        items: [{ product_id: brood.id, location_id: reserved.location_id, amount: 2 }],
      }),
    );
    // A move of the product's pieces (the widget's transfer).
    const onB = await api<ProductLocations>(picker, 'GET', `/product/locations/${brood.id}`);
    const link = onB.body.locations.find((l) => l.location.id === binB);
    expect(link).toBeTruthy();
    refused(
      await api(picker, 'POST', `/product/transfer/${link?.id}`, {
        location_id: reserved.location_id,
        quantity: 2,
      }),
    );
    // The other item's finder does not hand out the same bin.
    const other = await api<InboundItem>(picker, 'POST', `/inbound_item/locations/find/${broodItem.id}`, {
      amount: 1,
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.reserved_locations.map((l) => l.location_id)).not.toContain(reserved.location_id);
    // Nothing of the other product reached the bin.
    const there = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM stock_mutations WHERE location_id = $1',
      [reserved.location_id],
    );
    expect(there.rows[0]?.n).toBe(0);
    // The item's own product still goes there, placed by the item or by the locations task.
    const placed = await api(picker, 'POST', `/inbound_item/place/${jamItem.id}`, {
      location_id: reserved.location_id,
      amount: 12,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const own = await api(picker, 'POST', '/locations/assign', {
      product_id: jam.id,
      location_id: reserved.location_id,
      amount: 1,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    await ledgerHolds([jam.id, brood.id]);
  });

  it('reserves nothing for an item with nothing in transit, and says why', async () => {
    const { inbound, brood, binB } = await scene();
    const item = inbound.items.find((i) => i.product.id === brood.id) as InboundItem;
    expect(
      (await api(picker, 'POST', `/inbound_item/place/${item.id}`, { location_id: binB, amount: 12 })).status,
    ).toBe(200);
    const r = await api<{ code: string; message: string }>(
      picker,
      'POST',
      `/inbound_item/locations/find/${item.id}`,
      { amount: 2 },
    );
    expect([r.status, r.body.code], JSON.stringify(r.body)).toEqual([409, 'nothing_in_transit']);
    expect(r.body.message).toContain('in transit');
    const after = await api<InboundItem>(picker, 'GET', `/inbound_item/${item.id}`);
    expect(after.body.reserved_locations).toEqual([]);
  });
});

describe('a quarantine location at check-in (issue 12: returned goods there are never picked)', () => {
  it('refuses fresh inbound stock onto a quarantine location with a coded reason naming it; moving off it is allowed', async () => {
    const { inbound, jam, binA, binB } = await scene();
    const name = `QUARANTINE-${Date.now()}`;
    const quarantine = await addLocation(t.db, { name, sequence: 995 });
    await t.db.query('UPDATE locations SET quarantine = true WHERE id = $1', [quarantine]);
    const item = inbound.items.find((i) => i.product.id === jam.id) as InboundItem;
    // The floor refuses it before queueing a placement: the location answers say which location is one.
    const byLabel = await api<{ parent: { quarantine?: boolean } }>(
      picker,
      'GET',
      `/locations/${quarantine}?limit=1`,
    );
    expect(byLabel.body.parent.quarantine).toBe(true);
    const byName = await api<{ items: { name: string; quarantine?: boolean }[] }>(
      picker,
      'GET',
      `/locations/null?search=${name}&limit=1`,
    );
    expect(byName.body.items.map((l) => [l.name, l.quarantine])).toEqual([[name, true]]);
    const refused = (r: { status: number; body: unknown }) => {
      const body = r.body as { code: string; message: string };
      expect([r.status, body.code], JSON.stringify(body)).toEqual([409, 'location_quarantine']);
      expect(body.message).toContain(name);
    };
    // The floor's and the portal's check-in scan, and the same placing through POST /locations/assign.
    refused(
      await api(picker, 'POST', `/inbound_item/place/${item.id}`, { location_id: quarantine, amount: 12 }),
    );
    refused(
      await api(picker, 'POST', '/locations/assign', {
        product_id: jam.id,
        location_id: quarantine,
        amount: 12,
        inbound_item_id: item.id,
      }),
    );
    // Direct check-in: nothing made, not even the inbound.
    await setCurr(picker, bol);
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM inbounds');
    refused(
      await api(picker, 'POST', '/inventory/direct_checkin', {
        information: INFO,
        items: [{ product_id: jam.id, location_id: quarantine, amount: 3 }],
      }),
    );
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM inbounds')).rows[0]?.n).toBe(
      before.rows[0]?.n,
    );
    // A move from a temporary place onto it is refused too …
    expect(
      (await api(picker, 'POST', `/inbound_item/place/${item.id}`, { location_id: binB, amount: 12 })).status,
    ).toBe(200);
    refused(
      await api(picker, 'PUT', `/inbound_item/addTransfer/${item.id}/${binB}`, {
        location_id: quarantine,
        amount: 12,
      }),
    );
    const held = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM stock_mutations WHERE location_id = $1',
      [quarantine],
    );
    expect(held.rows[0]?.n).toBe(0);
    // … while pieces that lie on a quarantine location (put there before this rule) may move off it.
    await t.db.query('UPDATE locations SET quarantine = true WHERE id = $1', [binB]);
    const moved = await api<InboundItem>(picker, 'PUT', `/inbound_item/addTransfer/${item.id}/${binB}`, {
      location_id: binA,
      amount: 12,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await ledgerHolds([jam.id]);
  });
});

describe('documents, mail, images and the calendar', () => {
  it('prints the QR label and the inventory ticket with codes that scan', async () => {
    const { inbound } = await scene();
    const qr = await api(bolOwner, 'GET', `/inbounds/qr/${inbound.id}`);
    expect(qr.status).toBe(200);
    expect(qr.raw.headers['content-type']).toContain('application/pdf');
    expect(await readPdfBarcodes(qr.raw.rawPayload)).toEqual([
      { code128: inbound.id, qr: inbound.id, ean13: null },
    ]);
    // The term as the portal and the floor write it (ADR 0136), not 'T&T'.
    expect((await readPdf(qr.raw.rawPayload)).text).toContain(`Track & Trace ${INFO.track_trace}`);
    const labels = await api(picker, 'POST', '/inventory/label', { _id: inbound.id, copies: 2 });
    expect((await readPdfBarcodes(labels.raw.rawPayload)).map((p) => p.qr)).toEqual([inbound.id, inbound.id]);
    const slip = await api(bolOwner, 'GET', `/inbound_item/packing_slip/${inbound.id}`);
    expect(slip.status).toBe(200);
    const [page] = await readPdfBarcodes(slip.raw.rawPayload);
    expect(page?.qr).toBe(inbound.id);
    const text = (await readPdf(slip.raw.rawPayload)).text;
    expect(text).toContain(inbound.inbound_number);
    expect(text).toContain(inbound.items[0]?.product.ean);
    expect(text).toContain(`Track & Trace ${INFO.track_trace}`);
    const pending = await api(bolOwner, 'POST', '/inventory/pending_inventory_pdf', { ids: [inbound.id] });
    expect(pending.status).toBe(200);
    expect((await readPdf(pending.raw.rawPayload)).text).toContain(inbound.inbound_number);
  });

  it('mails the check-in summary through the mail transport', async () => {
    const { inbound } = await scene();
    const r = await api(bolOwner, 'POST', '/inventory/email', { _id: inbound.id });
    expect(r.status).toBe(200);
    const mails = await t.mails();
    const mail = JSON.stringify(mails.at(-1));
    expect(mail).toContain(inbound.inbound_number);
    expect(mail).toContain('anna@bakkerijbol.nl');
    // The text as read: quoted-printable's soft line breaks (`=` at a line's end) joined.
    expect(String(mails.at(-1)).replace(/=\r?\n/g, '')).toContain(`(Track & Trace ${INFO.track_trace})`);
  });

  it('stores damage photos by their bytes (jpeg/png/webp, 5 MB) and refuses others', async () => {
    const { inbound } = await scene();
    const id = inbound.items[0]?.id as string;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const put = (body: Buffer, type: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/inventory/checkin/images/${id}`,
        headers: { cookie: picker, 'content-type': type, 'x-file-name': 'schade.png' },
        payload: body,
      });
    const ok = await put(png, 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().images).toHaveLength(1);
    // The photo reads back, byte for byte, to the item's merchant; not to another organisation.
    const imageId = ok.json().images[0].id as string;
    const get = (cookie: string) =>
      t.app.inject({ method: 'GET', url: `/api/inbound_item/image/${id}/${imageId}`, headers: { cookie } });
    const back = await get(bolOwner);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.rawPayload.equals(png)).toBe(true);
    expect((await get(stroopOwner)).statusCode).toBe(404);
    // A photo queued offline is sent with an Idempotency-Key: sent twice, it is stored once.
    const keyed = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/inventory/checkin/images/${id}`,
        headers: {
          cookie: picker,
          'content-type': 'image/png',
          'x-file-name': 'b.png',
          'idempotency-key': 'photo-1',
        },
        payload: png,
      });
    expect((await keyed()).json().images).toHaveLength(2);
    expect((await keyed()).json().images).toHaveLength(2);
    expect(
      (
        await t.app.inject({ method: 'GET', url: `/api/inbound_item/${id}`, headers: { cookie: picker } })
      ).json().images,
    ).toHaveLength(2);
    const fake = await put(Buffer.from('not an image at all'), 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Only the following formats are allowed: jpeg, png, webp.');
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await put(big, 'image/png');
    expect(tooBig.statusCode).toBe(400);
  });

  it('gives one state for a partly checked-in inbound in the list, the detail and the calendar (spec 2 §4)', async () => {
    const { inbound, jam, binA } = await scene();
    const jamItem = inbound.items.find((i) => i.product.id === jam.id) as InboundItem;
    expect(inbound.progress).toBe('expected');
    await api(picker, 'POST', '/locations/assign', {
      product_id: jam.id,
      location_id: binA,
      amount: 12,
      inbound_item_id: jamItem.id,
    });
    const detail = await api<Inbound>(bolOwner, 'GET', `/inbound/${inbound.id}`);
    expect([detail.body.status, detail.body.progress]).toEqual(['pending', 'partly_checked_in']);
    const list = await api<{ items: Inbound[] }>(bolOwner, 'GET', '/inbounds?limit=100');
    expect(list.body.items.find((i) => i.id === inbound.id)?.progress).toBe('partly_checked_in');
    const link = await api<{ token: string }>(bolOwner, 'POST', '/inbound/calendar_link');
    const cal = await t.app.inject({
      method: 'GET',
      url: `/api/inbounds-report/${link.body.token}?from=2026-11-23&to=2026-11-29`,
    });
    expect(cal.json().items.find((e: { id: string }) => e.id === inbound.id)?.progress).toBe(
      'partly_checked_in',
    );
  });

  it('serves the public calendar behind a secret link, without personal data', async () => {
    const { inbound } = await scene();
    const link = await api<{ token: string }>(bolOwner, 'POST', '/inbound/calendar_link');
    expect(link.status).toBe(200);
    const cal = await t.app.inject({
      method: 'GET',
      url: `/api/inbounds-report/${link.body.token}?from=2026-11-23&to=2026-11-29`,
    });
    expect(cal.statusCode, cal.body).toBe(200);
    // An event is a summary (issue 8: bounded per event); its items are read when it is opened.
    const ev = cal.json().items.find((e: { id: string }) => e.id === inbound.id);
    expect(ev).not.toHaveProperty('items');
    expect([ev.item_count, ev.pieces_expected, ev.pieces_checked_in]).toEqual([2, 48, 0]);
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/inbounds-report/${link.body.token}/${inbound.id}`,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(
      opened
        .json()
        .items.map((i: { name: string; units: number; packed_per: number; pieces_expected: number }) => [
          i.name,
          i.units,
          i.packed_per,
          i.pieces_expected,
        ]),
    ).toEqual([
      ['Aardbeienjam', 3, 12, 36],
      ['Roggebrood', 2, 6, 12],
    ]);
    expect(opened.body).not.toContain('anna@bakkerijbol.nl');
    // Another merchant's inbound is not found through this link, nor an inbound through a wrong link.
    const theirs = await api<Inbound>(stroopOwner, 'POST', '/inbound', {
      type: 'package',
      items: [
        {
          product_id: (await addProduct(t.db, stroop, { name: 'Stroopwafels', stock: [] })).id,
          units: 1,
          packed_per: 1,
        },
      ],
      information: INFO,
    });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/inbounds-report/${link.body.token}/${theirs.body.id}`,
    });
    expect(other.statusCode).toBe(404);
    const badLink = await t.app.inject({
      method: 'GET',
      url: `/api/inbounds-report/${'x'.repeat(43)}/${inbound.id}`,
    });
    expect(badLink.statusCode).toBe(404);
    expect(cal.body).not.toContain('anna@bakkerijbol.nl');
    expect(cal.body).not.toContain('Keizersgracht');
    expect(cal.body).not.toContain('+31 20');
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/inbounds-report/${'x'.repeat(43)}?from=2026-11-23&to=2026-11-29`,
    });
    expect(wrong.statusCode).toBe(404);
    // A new link replaces the old one.
    await api(bolOwner, 'POST', '/inbound/calendar_link');
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/inbounds-report/${link.body.token}?from=2026-11-23&to=2026-11-29`,
    });
    expect(old.statusCode).toBe(404);
    const oldOpened = await t.app.inject({
      method: 'GET',
      url: `/api/inbounds-report/${link.body.token}/${inbound.id}`,
    });
    expect(oldOpened.statusCode).toBe(404);
  });
});

describe('the short form and checking a whole inbound in (spec 2 §7 /inventory/add_inventory, /inventory/checkin)', () => {
  it('announces with the organisation as contact, then checks every item in at once', async () => {
    const p = await addProduct(t.db, bol, { name: 'Kort', stock: [] });
    const q = await addProduct(t.db, bol, { name: 'Pallet', stock: [] });
    const made = await api<Inbound>(bolOwner, 'POST', '/inventory/add_inventory', {
      products: [
        { product: p.id, amount: 25, coli: 3 },
        { product: q.id, amount: 100, pallets: 2 },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.type).toBe('pallet');
    expect(made.body.items.map((i) => [i.units, i.packed_per, i.pieces_expected])).toEqual([
      [3, 9, 27],
      [2, 50, 100],
    ]);
    expect(made.body.shipping_address.length).toBeGreaterThan(0);
    // Checking in is warehouse work: the merchant may not.
    expect((await api(bolOwner, 'POST', '/inventory/checkin', { _id: made.body.id })).status).toBe(403);
    const done = await api<Inbound>(picker, 'POST', '/inventory/checkin', { _id: made.body.id });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('checked_in');
    expect(done.body.items.every((i) => i.status === 'checked_in')).toBe(true);
    const again = await api<{ code: string }>(picker, 'POST', '/inventory/checkin', { _id: made.body.id });
    expect([again.status, again.body.code]).toEqual([409, 'inbound_not_pending']);
    const admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    expect((await api(admin, 'POST', '/inventory/checkin', { _id: 'f'.repeat(24) })).status).toBe(404);
  });
});

describe('transfers from a temporary place and more than announced (spec 2 §7 addTransfer, expand_amounts)', () => {
  it('moves placed pieces on through the ledger, then raises the expected amount to what arrived', async () => {
    const { inbound, jam, binA, binB } = await scene();
    const item = inbound.items.find((i) => i.product.id === jam.id) as InboundItem;
    // 40 pieces put down on binB (a temporary place), more than the 36 announced.
    expect(
      (await api(picker, 'POST', `/inbound_item/place/${item.id}`, { location_id: binB, amount: 40 })).status,
    ).toBe(200);
    const tooMuch = await api(picker, 'PUT', `/inbound_item/addTransfer/${item.id}/${binB}`, {
      location_id: binA,
      amount: 41,
    });
    expect(tooMuch.status).toBe(400);
    const moved = await api<InboundItem>(picker, 'PUT', `/inbound_item/addTransfer/${item.id}/${binB}`, {
      location_id: binA,
      amount: 30,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // Each move names its places (session 41: the floor showed the end of an id, not where the pieces went).
    const names = await t.db.query<{ id: string; name: string }>(
      'SELECT id, name FROM locations WHERE id = ANY($1)',
      [[binA, binB]],
    );
    const nameOf = (id: string) => names.rows.find((r) => r.id === id)?.name;
    const named = {
      departed_location_id: binB,
      departed_location_name: nameOf(binB),
      arrived_location_id: binA,
      arrived_location_name: nameOf(binA),
      stock: 30,
    };
    expect(moved.body.transfers).toMatchObject([named]);
    const read = await api<InboundItem>(picker, 'GET', `/inbound_item/${item.id}`);
    expect(read.body.transfers).toMatchObject([named]);
    const rows = await t.db.query<{ location_id: string; quantity: number }>(
      `SELECT location_id, quantity FROM stock_mutations WHERE product_id = $1 AND reason = 'transfer' ORDER BY quantity`,
      [jam.id],
    );
    expect(rows.rows).toEqual([
      { location_id: binB, quantity: -30 },
      { location_id: binA, quantity: 30 },
    ]);
    await ledgerHolds([jam.id]);
    const expanded = await api<Inbound>(picker, 'POST', `/inventory/checkin/expand_amounts/${inbound.id}`);
    expect(expanded.status).toBe(200);
    const after = expanded.body.items.find((i) => i.id === item.id);
    expect([after?.units, after?.pieces_expected]).toEqual([4, 48]);
    const other = expanded.body.items.find((i) => i.id !== item.id);
    expect(other?.pieces_expected).toBe(12);
  });
});

describe('product search of the inbound screens (spec 2 §5, §7 /products_org/ean, /products/search)', () => {
  it("finds the current organisation's products by EAN start and by name, never another's", async () => {
    const mine = await addProduct(t.db, bol, { name: 'Zoekbare Speculaas', ean: '8712345000019', stock: [] });
    const theirs = await addProduct(t.db, stroop, {
      name: 'Zoekbare Stroopwafel',
      ean: '8712345000026',
      stock: [],
    });
    const byEan = await api<{ products: { id: string }[] }>(bolOwner, 'GET', '/products_org/ean/871234500');
    expect(byEan.body.products.map((p) => p.id)).toEqual([mine.id]);
    const byName = await api<{ products: { id: string }[] }>(
      bolOwner,
      'GET',
      '/products/search?search=zoekbare&limit=5',
    );
    expect(byName.body.products.map((p) => p.id)).toEqual([mine.id]);
    const theirSide = await api<{ products: { id: string }[] }>(
      stroopOwner,
      'GET',
      '/products/search?search=zoekbare',
    );
    expect(theirSide.body.products.map((p) => p.id)).toEqual([theirs.id]);
    const none = await api<{ products: unknown[] }>(bolOwner, 'GET', '/products/search?limit=3');
    expect(none.body.products).toHaveLength(3);
  });
});

describe('light inbound lists (issue 8: every list paged, within its budget; spec 2 §7)', () => {
  /**
   * Largest answer of a page of 100 inbounds, bytes: a list row carries a summary (about 0.65 KB), not the items (the
   * same page with its 20 items an inbound was 605 KB).
   */
  const PAGE_BUDGET_BYTES = 80 * 1024;

  it('answers a page of 100 inbounds of 20 items each within the budget, its summaries the sums of the items', async () => {
    const products: { id: string; ean: string }[] = [];
    for (let n = 0; n < 20; n++)
      products.push(await addProduct(t.db, bol, { name: `Kerstbrood met amandelspijs ${n}`, stock: [] }));
    const made: string[] = [];
    for (let n = 0; n < 100; n++) {
      const r = await api<Inbound>(bolOwner, 'POST', '/inbound', {
        type: 'package',
        // One product twice (two batches): 20 items, 19 products.
        items: products.map((p, i) => ({
          product_id: i === 19 ? products[0]?.id : p.id,
          units: 1 + (i % 4),
          packed_per: 6,
          batch_nr: `KB-${n}-${i}`,
        })),
        information: INFO,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      made.push(r.body.id);
    }
    // Three quarters partly counted and half checked in, so the sums are not all zero and both lists hold 50 and more.
    await t.db.query(
      `UPDATE inbound_items SET pieces_checked_in = packed_per, status = 'checked_in'
        WHERE inbound_id = ANY($1::text[]) AND batch_nr LIKE '%-3'`,
      [made.slice(0, 75)],
    );
    await t.db.query(
      `UPDATE inbounds SET status = 'checked_in', checked_in_at = now() WHERE id = ANY($1::text[])`,
      [made.slice(0, 50)],
    );
    for (const url of [
      '/inbounds/status/pending?limit=100',
      '/inbounds/status/checked_in?limit=100',
      '/inbounds?limit=100',
      '/inventory/org/checked_in?limit=100',
    ]) {
      const page = await api<{ items: InboundSummary[]; total: number }>(bolOwner, 'GET', url);
      expect(page.status, url).toBe(200);
      const mine = page.body.items.filter((i) => made.includes(i.id));
      expect(mine.length, url).toBeGreaterThanOrEqual(50);
      expect(page.raw.body.length, url).toBeLessThanOrEqual(PAGE_BUDGET_BYTES);
      for (const row of mine) {
        const { body } = await api<{ items: InboundItem[] }>(
          bolOwner,
          'GET',
          `/inbound_item/inbound/${row.id}`,
        );
        const sum = (f: (i: InboundItem) => number) => body.items.reduce((s, i) => s + f(i), 0);
        expect(row, url).toMatchObject({
          item_count: 20,
          product_count: 19,
          items_checked_in: body.items.filter((i) => i.status === 'checked_in').length,
          units_expected: sum((i) => i.units),
          pieces_expected: sum((i) => i.pieces_expected),
          pieces_checked_in: sum((i) => i.pieces_checked_in),
          product_names: body.items.slice(0, 3).map((i) => i.product.name),
        });
        expect(row).not.toHaveProperty('items');
      }
    }
    // The floor's check-in desk still downloads the pending inbounds with every item (it works offline).
    const desk = await api<{ items: Inbound[] }>(picker, 'GET', '/inbounds/status/pending/items?limit=100');
    expect(desk.status).toBe(200);
    const one = desk.body.items.find((i) => made.includes(i.id));
    expect(one?.items).toHaveLength(20);
  }, 120_000);
});

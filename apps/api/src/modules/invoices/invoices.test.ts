import { INVOICE_SHEETS, type Invoice, newId, STORAGE_TYPES } from '@hoppa/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { DEMO_USERS } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addOrder, addProduct, orgId } from '../pick/test/fulfilment.fixtures.ts';
import { invoiceOrders } from './invoice.service.ts';

// A small fixed month, February 2026 (28 days, Amsterdam on CET = UTC+1), recomputed by hand below.
let t: TestApp;
let bolOwner: string;
let stroopOwner: string;
let bolUser: string;
let picker: string;
let admin: string;
let bol: string;
let stroop: string;
const FEB = '/api/invoice/get/2026-02-01/2026-02-28';

/** A bin of the provider's map with a location type. */
async function bin(db: Db, name: string, type: string): Promise<string> {
  const provider = await db.query<{ id: string }>(
    `SELECT id FROM organisations WHERE kind = 'provider' LIMIT 1`,
  );
  const id = newId();
  await db.query(
    `INSERT INTO locations (id, org_id, name, level, type, sequence) VALUES ($1, $2, $3, 'bin', $4, 9000)`,
    [id, provider.rows[0]?.id, name, type],
  );
  return id;
}

/**
 * Writes the ledger of a product as a list of moves at fixed moments and its stock places as their sums (the ledger
 * invariant, ADR 0034): the routes stamp "now", this month lies in the past.
 */
async function ledger(
  db: Db,
  org: string,
  productId: string,
  moves: { at: string; location: string; qty: number; reason: 'checkin' | 'pick' | 'transfer' }[],
): Promise<void> {
  const sums = new Map<string, number>();
  for (const m of moves) {
    await db.query(
      `INSERT INTO stock_mutations (id, org_id, product_id, location_id, quantity, reason, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [newId(), org, productId, m.location, m.qty, m.reason, m.at],
    );
    sums.set(m.location, (sums.get(m.location) ?? 0) + m.qty);
  }
  for (const [location, stock] of sums)
    await db.query(
      `INSERT INTO product_locations (id, org_id, product_id, location_id, stock) VALUES ($1, $2, $3, $4, $5)`,
      [newId(), org, productId, location, stock],
    );
}

async function surcharge(db: Db, code: string, type: string, cents: number, active = true): Promise<string> {
  const id = newId();
  await db.query(
    `INSERT INTO surcharges (id, name, code, price_cents, type, active) VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, `Toeslag ${code}`, code, cents, type, active],
  );
  return id;
}

async function shipped(
  db: Db,
  org: string,
  orderId: string,
  at: string,
  box: string | null,
  method: string | null,
  lines: { productId: string; quantity: number }[],
): Promise<string> {
  const o = await addOrder(db, org, { orderId, placedAt: new Date(Date.parse(at) - 3_600_000), lines });
  await db.query(
    `UPDATE orders SET status = 'shipped', shipped_at = $2, selected_box_id = $3, selected_ship_method_id = $4 WHERE id = $1`,
    [o.id, at, box, method],
  );
  return o.id;
}

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 2 } });
  const db = t.db;
  bolOwner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  stroopOwner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
  bolUser = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  bol = await orgId(db, 'Bakkerij Bol');
  stroop = await orgId(db, 'Stroopwafel & Co');

  // Locations of four types (prices per day of migration 0290: pallet 45, half-box 2, 1/3 pallet 18, rack-box 4).
  const L1 = await bin(db, 'INV-PAL', 'pallet');
  const L2 = await bin(db, 'INV-HB', 'half-box');
  const L3 = await bin(db, 'INV-3P', '1/3pallet');
  const L4 = await bin(db, 'INV-RB', 'rack-box');
  const A = await addProduct(db, bol, { name: 'Appeltaart', ean: '8712000000011' });
  const B = await addProduct(db, bol, { name: 'Boterkoek', ean: '8712000000028' });
  const C = await addProduct(db, bol, { name: 'Citroencake', ean: '8712000000035' });
  const D = await addProduct(db, bol, { name: 'Dadelbrood', ean: '8712000000042' });
  const E = await addProduct(db, bol, { name: 'Eierkoek', ean: '8712000000059' });
  const S = await addProduct(db, stroop, { name: 'Stroopwafel', ean: '8712000000066' });

  // A: 10 on the pallet place since January, all picked on 10 February → the pallet place is billed 1–10 Feb.
  await ledger(db, bol, A.id, [
    { at: '2026-01-20T09:00:00Z', location: L1, qty: 10, reason: 'checkin' },
    { at: '2026-02-10T11:00:00Z', location: L1, qty: -10, reason: 'pick' },
  ]);
  // B: 5 on the half-box from 5 Feb, moved to the 1/3 pallet place on 20 Feb (both billed that day).
  await ledger(db, bol, B.id, [
    { at: '2026-02-05T08:00:00Z', location: L2, qty: 5, reason: 'checkin' },
    { at: '2026-02-20T14:00:00Z', location: L2, qty: -5, reason: 'transfer' },
    { at: '2026-02-20T14:00:00Z', location: L3, qty: 5, reason: 'transfer' },
  ]);
  // C: 3 on the same half-box from 15 Feb until after the month (one picked in March): the half-box stays billed
  // once a day while B and C share it.
  await ledger(db, bol, C.id, [
    { at: '2026-02-15T10:00:00Z', location: L2, qty: 3, reason: 'checkin' },
    { at: '2026-03-05T10:00:00Z', location: L2, qty: -1, reason: 'pick' },
  ]);
  // D: checked in at 23:30 on 28 Feb Amsterdam time (22:30 UTC): one day on the rack-box.
  await ledger(db, bol, D.id, [{ at: '2026-02-28T22:30:00Z', location: L4, qty: 2, reason: 'checkin' }]);
  // E: 28 Feb 23:30 UTC is 1 March in Amsterdam: not February's.
  await ledger(db, bol, E.id, [{ at: '2026-02-28T23:30:00Z', location: L1, qty: 4, reason: 'checkin' }]);
  // Another shop's stock on the pallet place the whole month: never on Bakkerij Bol's invoice.
  await ledger(db, stroop, S.id, [{ at: '2026-01-01T09:00:00Z', location: L3, qty: 7, reason: 'checkin' }]);

  // Boxes (fulfilment cost, packaging cost) and methods (price) of their own, so the sums are known.
  const X = newId();
  const Y = newId();
  await db.query(
    `INSERT INTO shipment_boxes (id, name, label, price_cents, package_cost_cents) VALUES
       ($1, 'INV doos X', 'X', 150, 35), ($2, 'INV doos Y', 'Y', 100, 20)`,
    [X, Y],
  );
  const M1 = newId();
  const M2 = newId();
  await db.query(
    `INSERT INTO shipment_methods (id, code, name, carrier, price_cents) VALUES
       ($1, 'INV-M1', 'INV pakket', 'local', 495), ($2, 'INV-M2', 'INV aangetekend', 'local', 695)`,
    [M1, M2],
  );
  const sOrder = await surcharge(db, 'S-ORD', 'order', 120);
  const sLine = await surcharge(db, 'S-LINE', 'order-line', 75);
  const sAmount = await surcharge(db, 'S-AMT', 'line-amount', 10);
  const sStore = await surcharge(db, 'S-STORE', 'store', 500);
  const sOff = await surcharge(db, 'S-OFF', 'order-line', 999, false);
  const chosen: [string, string][] = [
    [A.id, sLine],
    [A.id, sAmount],
    [B.id, sOrder],
    [B.id, sLine],
    [C.id, sOrder],
    [C.id, sStore],
    [C.id, sOff],
  ];
  for (const [p, s] of chosen)
    await db.query('INSERT INTO product_surcharges (product_id, surcharge_id, org_id) VALUES ($1, $2, $3)', [
      p,
      s,
      bol,
    ]);

  await shipped(db, bol, 'INV-1', '2026-02-03T10:00:00Z', X, M1, [
    { productId: A.id, quantity: 2 },
    { productId: B.id, quantity: 1 },
  ]);
  await shipped(db, bol, 'INV-2', '2026-02-14T16:00:00Z', Y, M2, [
    { productId: C.id, quantity: 3 },
    { productId: B.id, quantity: 2 },
  ]);
  // 1 March 00:30 in Amsterdam: March's.
  await shipped(db, bol, 'INV-3', '2026-02-28T23:30:00Z', X, M1, [{ productId: A.id, quantity: 1 }]);
  // 1 February 00:30 in Amsterdam: February's; no method.
  await shipped(db, bol, 'INV-4', '2026-01-31T23:30:00Z', X, null, [{ productId: A.id, quantity: 1 }]);
  // Open and other shops' orders are not billed.
  await addOrder(db, bol, {
    orderId: 'INV-5',
    placedAt: new Date('2026-02-10T10:00:00Z'),
    lines: [{ productId: A.id, quantity: 1 }],
  });
  await shipped(db, stroop, 'INV-S1', '2026-02-11T10:00:00Z', X, M1, [{ productId: S.id, quantity: 1 }]);

  // Inbound surcharges: an item submitted on 12 Feb (25 × 40 + 350 × 1), one submitted in March.
  for (const [n, submitted, surcharges] of [
    [
      'IN-INV00001',
      '2026-02-12T13:00:00Z',
      [
        { description: 'Ompakken', cost_cents: 25, amount: 40 },
        { description: 'Extra handling', cost_cents: 350, amount: 1 },
      ],
    ],
    ['IN-INV00002', '2026-03-02T13:00:00Z', [{ description: 'Later', cost_cents: 900, amount: 1 }]],
  ] as const) {
    const inbound = newId();
    await db.query(
      `INSERT INTO inbounds (id, org_id, inbound_number, type, status, contact_person, contact_person_email, phone,
                             shipping_address, track_trace, checked_in_at)
       VALUES ($1, $2, $3, 'package', 'checked_in', 'Jan', 'jan@example.nl', '0612345678', 'Magazijn', 'TT', $4)`,
      [inbound, bol, n, submitted],
    );
    await db.query(
      `INSERT INTO inbound_items (id, inbound_id, org_id, product_id, units, packed_per, pieces_expected,
                                  pieces_checked_in, status, surcharges, submitted_at)
       VALUES ($1, $2, $3, $4, 1, 5, 5, 5, 'checked_in', $5, $6)`,
      [newId(), inbound, bol, B.id, JSON.stringify(surcharges), submitted],
    );
  }
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('GET /invoice/get/{start}/{end} (spec 3 §3 Invoice, §7 billing)', () => {
  it('equals February recomputed by hand from the orders, the ledger and the inbound items', async () => {
    const res = await get(FEB, bolOwner);
    expect(res.statusCode, res.body).toBe(200);
    const inv = res.json<Invoice>();

    // Orders shipped in February (Amsterdam): INV-4 (1 Feb 00:30), INV-1, INV-2; not INV-3 (1 March), INV-5 (open).
    expect(inv.orders_count).toBe(3);
    expect(inv.orders.items.map((o) => o.order_id)).toEqual(['INV-4', 'INV-1', 'INV-2']);
    // Fulfilment (box): X + X + Y; method: none + M1 + M2; packaging: X + X + Y.
    expect(inv.total_fulfilment_cents).toBe(150 + 150 + 100);
    expect(inv.total_used_shipment_method_cents).toBe(0 + 495 + 695);
    expect(inv.total_used_packaging_cents).toBe(35 + 35 + 20);
    // Surcharges: S-LINE per line of A or B: INV-4 1 + INV-1 2 + INV-2 1 = 4 × 75; S-AMT per piece of A: (1 + 2) × 10;
    // S-ORD once per order with B or C: INV-1, INV-2 = 2 × 120; S-STORE once in the period: 500; S-OFF inactive.
    expect(inv.surcharges).toEqual([
      { code: 'S-AMT', name: 'Toeslag S-AMT', type: 'line-amount', quantity: 3, cents: 3 * 10 },
      { code: 'S-LINE', name: 'Toeslag S-LINE', type: 'order-line', quantity: 4, cents: 4 * 75 },
      { code: 'S-ORD', name: 'Toeslag S-ORD', type: 'order', quantity: 2, cents: 2 * 120 },
      { code: 'S-STORE', name: 'Toeslag S-STORE', type: 'store', quantity: 1, cents: 500 },
    ]);
    expect(inv.total_used_surcharge_cents).toBe(30 + 300 + 240 + 500);
    // Storage: pallet 1–10 Feb = 10 days × 45; half-box 5–28 Feb (B, then C too) = 24 days × 2;
    // 1/3 pallet 20–28 Feb = 9 days × 18; rack-box 28 Feb = 1 day × 4.
    expect(inv.storage.by_type).toEqual([
      { type: 'pallet', location_days: 10, price_cents: 45, cents: 10 * 45 },
      { type: '1/3pallet', location_days: 9, price_cents: 18, cents: 9 * 18 },
      { type: 'half-box', location_days: 24, price_cents: 2, cents: 24 * 2 },
      { type: 'rack-box', location_days: 1, price_cents: 4, cents: 1 * 4 },
    ]);
    expect(inv.total_storage_cents).toBe(450 + 162 + 48 + 4);
    expect(inv.storage.total_cost).toBe('6.64');
    // Inbound surcharges: 25 × 40 + 350 × 1 (the March item not).
    expect(inv.total_inbound_surcharge_cents).toBe(25 * 40 + 350 * 1);
    expect(inv.inbound_surcharges.map((l) => [l.description, l.cents])).toEqual([
      ['Ompakken', 1000],
      ['Extra handling', 350],
    ]);
    const total = 400 + 1190 + 90 + 1070 + 664 + 1350;
    expect(inv.total_cents).toBe(total);
    expect(inv.total).toBe('47.64');
    expect(inv.total_fulfilment).toBe('4.00');
    expect(inv.org.id).toBe(bol);
  });

  it('costs each order: box, method, packaging and its surcharges', async () => {
    const inv = (await get(FEB, bolOwner)).json<Invoice>();
    const byId = Object.fromEntries(inv.orders.items.map((o) => [o.order_id, o]));
    expect(byId['INV-1']).toMatchObject({
      lines: 2,
      pieces: 3,
      box: 'INV doos X',
      method: 'INV pakket',
      fulfilment_cents: 150,
      shipment_method_cents: 495,
      packaging_cents: 35,
      surcharge_cents: 2 * 75 + 2 * 10 + 120,
      total_cents: 150 + 495 + 35 + 150 + 20 + 120,
    });
    // B and C both carry S-ORD: charged once for the order; S-OFF (inactive) and S-STORE (per period) not here.
    expect(byId['INV-2']?.surcharges.map((s) => [s.code, s.quantity, s.cents])).toEqual([
      ['S-LINE', 1, 75],
      ['S-ORD', 1, 120],
    ]);
    expect(byId['INV-4']).toMatchObject({
      method: null,
      shipment_method_cents: 0,
      total_cents: 150 + 35 + 75 + 10,
    });
  });

  it('lists every day with the ledger’s pieces in, out and moved, and the locations billed', async () => {
    const inv = (await get(FEB, bolOwner)).json<Invoice>();
    const days = inv.storage.storage;
    expect(days).toHaveLength(28);
    const day = (d: string) => days.find((x) => x.date === d);
    expect(day('2026-02-01')).toMatchObject({ total_locations: 1, by_type: { pallet: 1 }, price_cents: 45 });
    expect(day('2026-02-10')).toMatchObject({ outbounds: 10, total_locations: 2, price_cents: 45 + 2 });
    expect(day('2026-02-11')).toMatchObject({ total_locations: 1, price_cents: 2 });
    expect(day('2026-02-15')).toMatchObject({ inbounds: 3, location_products: 2, total_locations: 1 });
    expect(day('2026-02-20')).toMatchObject({ transfers: 1, total_locations: 2, price_cents: 2 + 18 });
    expect(day('2026-02-28')).toMatchObject({ inbounds: 2, total_locations: 3, price_cents: 2 + 18 + 4 });
    expect(days.reduce((s, d) => s + d.price_cents, 0)).toBe(inv.total_storage_cents);
  });

  it('pages the orders on the server while the totals cover the period', async () => {
    const inv = (await get(`${FEB}?skip=1&limit=1`, bolOwner)).json<Invoice>();
    expect(inv.orders).toMatchObject({ total: 3, skip: 1, limit: 1 });
    expect(inv.orders.items.map((o) => o.order_id)).toEqual(['INV-1']);
    expect(inv.total_cents).toBe(4764);
  });

  it('reads on from the last order for the export (keyset), the same orders as the pages', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await invoiceOrders(
        { db: t.db, orgIds: [bol] },
        { start: '2026-02-01', end: '2026-02-28' },
        { skip: 0, limit: 1, after },
        3,
      );
      seen.push(...page.items.map((o) => o.order_id));
      after = page.next ?? undefined;
    } while (after && seen.length < 10);
    expect(seen).toEqual(['INV-4', 'INV-1', 'INV-2']);
  });

  it('refuses a bad period', async () => {
    for (const url of [
      '/api/invoice/get/2026-02-10/2026-02-01',
      '/api/invoice/get/2026-02-30/2026-03-01',
      '/api/invoice/get/2026-01-01/2026-06-30',
      '/api/invoice/get/feb/2026-02-28',
    ]) {
      const res = await get(url, bolOwner);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('validation');
    }
  });
});

describe('who sees an invoice (docs/roles.md)', () => {
  it('a merchant sees only the current organisation’s invoice', async () => {
    const inv = (await get(FEB, stroopOwner)).json<Invoice>();
    expect(inv.org.id).toBe(stroop);
    expect(inv.orders.items.map((o) => o.order_id)).toEqual(['INV-S1']);
    // Stroopwafel's 7 pieces on the 1/3 pallet place all month: 28 days × 18.
    expect(inv.total_storage_cents).toBe(28 * 18);
    expect(inv.surcharges).toEqual([]);
  });

  it('the floor and read-only merchant users get 403; the provider sees the client it switched to', async () => {
    expect((await get(FEB, picker)).statusCode).toBe(403);
    expect((await get(FEB, bolUser)).statusCode).toBe(403);
    expect((await get('/api/invoice/storage', picker)).statusCode).toBe(403);
    const sw = await t.app.inject({
      method: 'POST',
      url: '/api/orgs/set_curr',
      headers: { cookie: admin },
      payload: { customer_id: bol },
    });
    expect(sw.statusCode, sw.body).toBe(200);
    const inv = (await get(FEB, admin)).json<Invoice>();
    expect(inv.org.id).toBe(bol);
    expect(inv.total_cents).toBe(4764);
  });
});

describe('GET /invoice/storage and /invoice/storage/price/{bool}', () => {
  it('answers the storage prices per location type', async () => {
    const res = await get('/api/invoice/storage', bolOwner);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.prices.map((p: { type: string }) => p.type)).toEqual([...STORAGE_TYPES]);
    expect(body.prices.find((p: { type: string }) => p.type === 'pallet').price_cents).toBe(45);
  });

  it('lists products on locations with their days, with prices when true and without when false', async () => {
    const res = await get('/api/invoice/storage/price/true?start=2026-02-01&end=2026-02-28', bolOwner);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.total).toBe(5);
    expect(
      page.items.map((r: Record<string, unknown>) => [
        r.location,
        r.ean,
        r.days,
        r.first_day,
        r.last_day,
        r.cost_cents,
      ]),
    ).toEqual([
      ['INV-3P', '8712000000028', 9, '2026-02-20', '2026-02-28', 9 * 18],
      // B and C share the half-box 15–20 Feb: its 2 cents a day are split, 1 each (billed once, 24 days × 2).
      ['INV-HB', '8712000000028', 16, '2026-02-05', '2026-02-20', 10 * 2 + 6 * 1],
      ['INV-HB', '8712000000035', 14, '2026-02-15', '2026-02-28', 6 * 1 + 8 * 2],
      ['INV-PAL', '8712000000011', 10, '2026-02-01', '2026-02-10', 10 * 45],
      ['INV-RB', '8712000000042', 1, '2026-02-28', '2026-02-28', 4],
    ]);
    const plain = (
      await get('/api/invoice/storage/price/false?start=2026-02-01&end=2026-02-28&skip=4&limit=2', bolOwner)
    ).json();
    expect(plain).toMatchObject({ total: 5, skip: 4, limit: 2 });
    expect(plain.items).toHaveLength(1);
    expect(plain.items[0]).toMatchObject({
      location: 'INV-RB',
      days: 1,
      price_cents: null,
      cost_cents: null,
    });
    expect((await get('/api/invoice/storage/price/true?start=2026-02-01', bolOwner)).statusCode).toBe(400);
  });
});

describe('GET /invoice/export/{start}/{end} (the spreadsheet)', () => {
  it('has the four sheets, every order and the invoice’s totals', async () => {
    const res = await get('/api/invoice/export/2026-02-01/2026-02-28', bolOwner);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('invoice-2026-02-01-2026-02-28.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([...INVOICE_SHEETS]);

    const rows = (name: string) => {
      const out: unknown[][] = [];
      wb.getWorksheet(name)?.eachRow((r) => {
        out.push((r.values as unknown[]).slice(1));
      });
      return out;
    };
    const orders = rows('Orders');
    expect(orders.slice(1, 4).map((r) => r[0])).toEqual(['INV-4', 'INV-1', 'INV-2']);
    const total = (label: string) => orders.find((r) => r[0] === label)?.[10];
    expect(total('Total')).toBe(47.64);
    expect(total('Total fulfilment')).toBe(4);
    expect(total('Total storage')).toBe(6.64);
    expect(total('Total inbound surcharges')).toBe(13.5);

    // Dates are Excel dates on Amsterdam's clock: INV-4 left at 00:30 on 1 February in Amsterdam (23:30 UTC the day
    // before), so its cell reads 01-02-2026 00:30; the storage days and the products' first and last days as well.
    const shippedCell = wb.getWorksheet('Orders')?.getCell('B2');
    expect(shippedCell?.value).toEqual(new Date('2026-02-01T00:30:00Z'));
    expect(shippedCell?.numFmt).toBe('dd-mm-yyyy hh:mm');
    const storage = rows('Storage');
    expect(storage[1]?.[0]).toEqual(new Date('2026-02-01T00:00:00Z'));
    expect(storage[28]?.[0]).toEqual(new Date('2026-02-28T00:00:00Z'));
    expect(wb.getWorksheet('Storage')?.getCell('A2').numFmt).toBe('dd-mm-yyyy');
    expect(rows('Product Locations')[1]?.slice(4, 6)).toEqual([
      new Date('2026-02-20T00:00:00Z'),
      new Date('2026-02-28T00:00:00Z'),
    ]);
    expect(storage).toHaveLength(1 + 28 + 1);
    expect(storage.at(-1)?.[0]).toBe('Total');
    expect(storage.at(-1)?.at(-1)).toBe(6.64);
    expect(rows('Product Locations')).toHaveLength(1 + 5);
    const summary = rows('Product Storage Summary');
    expect(summary.slice(1).map((r) => [r[0], r[2], r[3]])).toEqual([
      ['8712000000011', 1, 10],
      ['8712000000028', 2, 25],
      ['8712000000035', 1, 14],
      ['8712000000042', 1, 1],
    ]);
  });

  it('splits a location-day shared by products so the product sheets add up to the storage total', async () => {
    // April 2026: E holds the pallet place (45 a day) and D the rack-box (4 a day) since March; F shares the
    // pallet place from 11 April, G and H the rack-box the whole month (4 cents over three: 2, 1, 1).
    const db = t.db;
    const loc = async (name: string) =>
      (await db.query<{ id: string }>('SELECT id FROM locations WHERE name = $1', [name])).rows[0]?.id ?? '';
    const pal = await loc('INV-PAL');
    const rb = await loc('INV-RB');
    const F = await addProduct(db, bol, { name: 'Fruitcake', ean: '8712000000073' });
    const G = await addProduct(db, bol, { name: 'Gevulde koek', ean: '8712000000080' });
    const H = await addProduct(db, bol, { name: 'Honingkoek', ean: '8712000000097' });
    await ledger(db, bol, F.id, [{ at: '2026-04-11T08:00:00Z', location: pal, qty: 3, reason: 'checkin' }]);
    await ledger(db, bol, G.id, [{ at: '2026-03-20T08:00:00Z', location: rb, qty: 1, reason: 'checkin' }]);
    await ledger(db, bol, H.id, [{ at: '2026-03-20T08:00:00Z', location: rb, qty: 1, reason: 'checkin' }]);

    const res = await get('/api/invoice/export/2026-04-01/2026-04-30', bolOwner);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (name: string) => {
      const out: unknown[][] = [];
      wb.getWorksheet(name)?.eachRow((r) => {
        out.push((r.values as unknown[]).slice(1));
      });
      return out.slice(1);
    };
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    const storageTotal = cents(rows('Storage').at(-1)?.at(-1));
    const locations = rows('Product Locations');
    const summary = rows('Product Storage Summary');
    const sum = (list: unknown[][]) => list.reduce((s, r) => s + cents(r.at(-1)), 0);
    // What the invoice bills: every location-day once (pallet 30 × 45, rack-box 30 × 4, half-box and 1/3 pallet).
    const invoiceStorage = (await get('/api/invoice/get/2026-04-01/2026-04-30', bolOwner)).json()
      .total_storage_cents;
    expect(storageTotal).toBe(invoiceStorage);
    expect(sum(locations)).toBe(storageTotal);
    expect(sum(summary)).toBe(storageTotal);
    const cost = (location: string, ean: string) =>
      cents(locations.find((r) => r[0] === location && r[2] === ean)?.at(-1));
    // Pallet: E alone 1–10 April (10 × 45), with F 11–30 (20 days: E by EAN first 23, F 22).
    expect(cost('INV-PAL', '8712000000059')).toBe(10 * 45 + 20 * 23);
    expect(cost('INV-PAL', '8712000000073')).toBe(20 * 22);
    // Rack-box: D, G, H all month: 2, 1 and 1 cents a day.
    expect(cost('INV-RB', '8712000000042')).toBe(30 * 2);
    expect(cost('INV-RB', '8712000000080')).toBe(30);
    expect(cost('INV-RB', '8712000000097')).toBe(30);
    expect(cents(summary.find((r) => r[0] === '8712000000059')?.at(-1))).toBe(10 * 45 + 20 * 23);
  });
});

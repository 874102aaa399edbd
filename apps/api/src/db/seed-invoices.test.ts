import { amsterdamDay, type Invoice, type InvoiceOrder } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_USERS } from './seed.ts';
import { DEMO_INVOICE_ORDERS, type LiveInvoicesResult, seedLiveInvoices } from './seed-invoices.ts';
import { DEMO_LETTERBOX_METHOD, demoParcelBox, seedLiveOrders } from './seed-orders.ts';

/** Orders per merchant in the test's month (a fresh start ships {@link DEMO_INVOICE_ORDERS}). */
const MONTH_ORDERS = 12;

let t: TestApp;
let made: LiveInvoicesResult;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 24 } });
  // Fewer orders than a fresh start's DEMO_INVOICE_ORDERS: what the invoice shows of them does not depend on how many.
  // Seeded in the hook (its time limit is the hook's, as for the other demo parts' tests).
  made = await seedLiveInvoices(t.app, t.db, new Date(), MONTH_ORDERS);
});
afterAll(async () => {
  await t?.close();
});

describe('demo invoice month (issue 16 item 7)', () => {
  it('gives last month’s invoice real lines: orders, surcharges, storage and inbound surcharges', async () => {
    expect(made.shipped).toBe(2 * MONTH_ORDERS);
    const cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/invoice/get/${made.start}/${made.end}?limit=100`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const inv = res.json<Invoice>();
    expect(inv.orders_count).toBe(MONTH_ORDERS);
    // Each parcel in the box the packer chose by its pieces; one of one or two small pieces through the letterbox, in
    // the letterbox box.
    const boxes = new Map(
      (await t.db.query<{ label: string; name: string }>('SELECT label, name FROM shipment_boxes')).rows.map(
        (b) => [b.name, b.label],
      ),
    );
    const letterbox = inv.orders.items.filter((o) => o.method === 'PostNL brievenbuspakje NL');
    for (const o of inv.orders.items)
      expect(boxes.get(o.box ?? ''), o.order_id).toBe(demoParcelBox(o.pieces, false, letterbox.includes(o)));
    expect(made.letterbox).toBeGreaterThan(0);
    expect(made.letterbox).toBeGreaterThanOrEqual(letterbox.length);
    for (const o of letterbox) expect(o.pieces).toBeLessThanOrEqual(2);
    expect(inv.total_fulfilment_cents).toBeGreaterThan(0);
    expect(inv.total_used_shipment_method_cents).toBeGreaterThan(0);
    expect(inv.total_used_packaging_cents).toBeGreaterThan(0);
    expect(inv.surcharges.map((s) => s.type).sort()).toEqual([
      'line-amount',
      'order',
      'order-line',
      'order-line',
      'store',
    ]);
    expect(inv.inbound_surcharges).toHaveLength(2);
    // The warehouse's stock was there all month: every day is billed, on more than one location type.
    expect(inv.storage.storage.every((d) => d.total_locations > 0)).toBe(true);
    expect(inv.storage.by_type.length).toBeGreaterThan(1);
    expect(inv.total_cents).toBe(
      inv.total_fulfilment_cents +
        inv.total_used_shipment_method_cents +
        inv.total_used_packaging_cents +
        inv.total_used_surcharge_cents +
        inv.total_inbound_surcharge_cents +
        inv.total_storage_cents,
    );
  });
});

describe('the demo’s week and month of parcels on the invoice (ADR 0118: they shipped without a box)', () => {
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await createTestApp({ seed: { products: 60 } });
    if (!t2.seed) throw new Error('no seed');
    await seedLiveOrders(t2.app, t2.db, t2.seed, {
      mix: { open: 0, partly_picked: 0, picked: 0, shipped: 4, cancelled: 0 },
      salesHistory: 6,
    });
  }, 240_000);
  afterAll(async () => {
    await t2?.close();
  });

  it('packs every parcel in a box that fits, letterbox parcels in the letterbox box, so each shop’s invoice has its fulfilment fees', async () => {
    const admin = await t2.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const boxes = new Map(
      (
        await t2.db.query<{ label: string; name: string; price_cents: number }>(
          'SELECT label, name, price_cents FROM shipment_boxes',
        )
      ).rows.map((b) => [b.name, b]),
    );
    const letterboxMethod = (
      await t2.db.query<{ name: string; price_cents: number }>(
        'SELECT name, price_cents FROM shipment_methods WHERE code = $1',
        [DEMO_LETTERBOX_METHOD],
      )
    ).rows[0];
    if (!letterboxMethod) throw new Error('no letterbox method');
    // The last 31 days hold the week (0–6 days back) and the month before it (7–29 days back).
    const now = Date.now();
    const start = amsterdamDay(new Date(now - 31 * 86_400_000));
    const end = amsterdamDay(new Date(now));
    const letterboxLines: InvoiceOrder[] = [];
    for (const shop of ['Bakkerij Bol', 'Stroopwafel & Co']) {
      const org = (await t2.db.query<{ id: string }>('SELECT id FROM organisations WHERE name = $1', [shop]))
        .rows[0]?.id;
      const switched = await t2.app.inject({
        method: 'POST',
        url: '/api/orgs/set_curr',
        headers: { cookie: admin },
        payload: { customer_id: org },
      });
      expect(switched.statusCode, switched.body).toBe(200);
      const res = await t2.app.inject({
        method: 'GET',
        url: `/api/invoice/get/${start}/${end}?limit=100`,
        headers: { cookie: admin },
      });
      expect(res.statusCode, res.body).toBe(200);
      const inv = res.json<Invoice>();
      expect(inv.orders_count).toBe(4 + 6);
      for (const o of inv.orders.items) {
        const box = boxes.get(o.box ?? '');
        const letterbox = o.method === letterboxMethod.name;
        if (letterbox) letterboxLines.push(o);
        // By its pieces (a B2B order's cartons hold at least six a line, so they go in L either way).
        expect(box?.label, o.order_id).toBe(demoParcelBox(o.pieces, false, letterbox));
        expect(o.fulfilment_cents).toBe(box?.price_cents);
        expect(o.packaging_cents).toBeGreaterThan(0);
      }
      expect(inv.total_fulfilment_cents).toBe(inv.orders.items.reduce((n, o) => n + o.fulfilment_cents, 0));
      expect(inv.total_fulfilment_cents).toBeGreaterThan(0);
    }
    // Some parcels of one or two small pieces went through the letterbox: the letterbox box and method are billed.
    expect(letterboxLines.length).toBeGreaterThan(0);
    for (const o of letterboxLines) {
      expect(o.box).toBe('Brievenbusdoos');
      expect(o.pieces).toBeLessThanOrEqual(2);
      expect(o.shipment_method_cents).toBe(letterboxMethod.price_cents);
    }
  });
});

import type { BatchShipSummary, OpenOrders, PickListResponse } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { isLocalTrackingNumber } from '../../lib/carriers/local.carrier.ts';
import { readPdf } from '../../lib/pdf/pdf.test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  ADDRESS,
  addLocation,
  addOrder,
  addProduct,
  orgId,
  testWindow,
} from '../pick/test/fulfilment.fixtures.ts';

let t: TestApp;
let picker: string;
let bol: string;
let stroop: string;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 10 } });
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  stroop = await orgId(t.db, 'Stroopwafel & Co');
});
afterAll(async () => {
  await t?.close();
});

function ship(body: Record<string, unknown>, cookie = picker) {
  return t.app.inject({ method: 'POST', url: '/api/orders/ship', headers: { cookie }, payload: body });
}

async function openOrder(
  org = bol,
  opts: { status?: 'open' | 'shipped' | 'cancelled'; cancellation?: boolean; methodCode?: string } = {},
) {
  const w = testWindow();
  const bin = await addLocation(t.db, {
    name: `A-${String(w.start.getTime() / 86_400_000)}-07`,
    sequence: 5,
  });
  const bread = await addProduct(t.db, org, {
    name: 'Desembrood wit',
    stock: [{ locationId: bin, stock: 12 }],
    weightKg: 0.8,
  });
  const cake = await addProduct(t.db, org, {
    name: 'Ontbijtkoek naturel',
    stock: [{ locationId: bin, stock: 5 }],
    weightKg: 0.5,
  });
  const shopOrderId = `WEB-${w.start.getTime()}`;
  const order = await addOrder(t.db, org, {
    orderId: shopOrderId,
    placedAt: w.at(5),
    status: opts.status,
    methodCode: opts.methodCode,
    lines: [
      { productId: bread.id, quantity: 2, locationId: bin, cancellation: opts.cancellation },
      { productId: cake.id, quantity: 1, locationId: bin },
    ],
  });
  return { w, bin, bread, cake, shopOrderId, order };
}

describe('POST /orders/ship', () => {
  it('answers the label PDF with tracking number and shipment id, one page per parcel', async () => {
    const o = await openOrder();
    const res = await ship({ order_id: o.order.id, method_code: 'SMF-POSTNL-NL', label_quantity: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const tracking = res.headers['x-tracking-number'] as string;
    const shipmentId = res.headers['x-shipment-id'] as string;
    expect(isLocalTrackingNumber(tracking)).toBe(true);
    expect(shipmentId).toMatch(/^[0-9a-f]{24}$/);

    const { pages, pageTexts } = await readPdf(res.rawPayload);
    expect(pages).toBe(3);
    for (const [i, text] of pageTexts.entries()) {
      expect(text).toContain(tracking);
      expect(text).toContain('Sanne de Boer');
      expect(text).toContain('Keizersgracht 125 A');
      expect(text).toContain('1015 CJ AMSTERDAM');
      expect(text).toContain(`Order ${o.shopOrderId}`);
      expect(text).toContain('Hoppa Fulfilment');
      expect(text).toContain('SMF-POSTNL-NL');
      expect(text).toContain(`Colli ${i + 1}/3`);
      expect(text).toContain('Gewicht 2,10 kg');
    }
  });

  it('marks the order shipped, stores label and packing slip, and takes it off the pick list', async () => {
    const o = await openOrder();
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/pick_list/pick/all/all/${o.w.start.toISOString()}/${o.w.end.toISOString()}/all`,
      headers: { cookie: picker },
    });
    expect((before.json() as PickListResponse).total).toBe(2);

    const res = await ship({ order_id: o.order.id });
    expect(res.statusCode, res.body).toBe(200);
    const tracking = res.headers['x-tracking-number'] as string;

    const order = (
      await t.db.query<{
        status: string;
        shipped_at: Date | null;
        track_trace: string;
        used_shipment_method: string;
        label_quantity: number;
      }>(
        'SELECT status, shipped_at, track_trace, used_shipment_method, label_quantity FROM orders WHERE id = $1',
        [o.order.id],
      )
    ).rows[0];
    // No method given and none selected: the default method (the local carrier's LOCAL-NL).
    expect(order).toMatchObject({
      status: 'shipped',
      track_trace: tracking,
      used_shipment_method: 'Lokale bezorging NL',
      label_quantity: 1,
    });
    expect(order?.shipped_at).toBeInstanceOf(Date);

    const stored = (
      await t.db.query<{
        org_id: string;
        carrier: string;
        method_code: string;
        label_pdf: Buffer;
        packing_slip_pdf: Buffer;
        shipped_by: string;
      }>(
        'SELECT org_id, carrier, method_code, label_pdf, packing_slip_pdf, shipped_by FROM shipments WHERE id = $1',
        [res.headers['x-shipment-id']],
      )
    ).rows[0];
    expect(stored).toMatchObject({
      org_id: bol,
      carrier: 'local',
      method_code: 'LOCAL-NL',
      shipped_by: t.seed?.users.picker,
    });
    expect(Buffer.compare(stored?.label_pdf as Buffer, res.rawPayload)).toBe(0);
    const slip = await readPdf(stored?.packing_slip_pdf as Buffer);
    expect(slip.pages).toBe(1);
    expect(slip.text).toContain(`Order ${o.shopOrderId}`);
    expect(slip.text).toContain(`${o.bread.ean} Desembrood wit`);
    expect(slip.text).toContain(`${o.cake.ean} Ontbijtkoek naturel`);
    expect(slip.text).toContain(`A-${String(o.w.start.getTime() / 86_400_000)}-07`);
    expect(slip.text).toContain('Totaal 3 stuks in 2 regels');
    expect(slip.text).toContain(`Track & Trace: ${tracking}`);

    const after = await t.app.inject({
      method: 'GET',
      url: `/api/pick_list/pick/all/all/${o.w.start.toISOString()}/${o.w.end.toISOString()}/all`,
      headers: { cookie: picker },
    });
    expect((after.json() as PickListResponse).total).toBe(0);
  });

  it('uses the order’s selected method when none is given', async () => {
    const o = await openOrder(bol, { methodCode: 'SMF-BRIEF-NL' });
    const res = await ship({ order_id: o.order.id });
    expect(res.statusCode).toBe(200);
    expect((await readPdf(res.rawPayload)).text).toContain('PostNL brievenbuspakje NL');
  });

  it('refuses to ship twice, a cancelled order, or an order with a cancellation request (409)', async () => {
    const o = await openOrder();
    expect((await ship({ order_id: o.order.id })).statusCode).toBe(200);
    const again = await ship({ order_id: o.order.id });
    expect([again.statusCode, again.json().code]).toEqual([409, 'order_shipped']);
    const cancelled = await openOrder(bol, { status: 'cancelled' });
    const c = await ship({ order_id: cancelled.order.id });
    expect([c.statusCode, c.json().code]).toEqual([409, 'order_cancelled']);
    const asked = await openOrder(bol, { cancellation: true });
    const a = await ship({ order_id: asked.order.id });
    expect([a.statusCode, a.json().code]).toEqual([409, 'cancellation_requested']);
    const shipments = await t.db.query('SELECT id FROM shipments WHERE order_id = ANY($1::char(24)[])', [
      [o.order.id, cancelled.order.id, asked.order.id],
    ]);
    expect(shipments.rows).toHaveLength(1);
  });

  it('answers 400 for an unknown method, box or an incomplete address, and changes nothing', async () => {
    const o = await openOrder();
    const method = await ship({ order_id: o.order.id, method_code: 'NOPE-NL' });
    expect(method.statusCode).toBe(400);
    expect(method.json().message).toBe('Unknown or inactive shipment method: NOPE-NL');
    const box = await ship({ order_id: o.order.id, box_id: 'a'.repeat(24) });
    expect(box.statusCode).toBe(400);
    const tooMany = await ship({ order_id: o.order.id, label_quantity: 21 });
    expect(tooMany.statusCode).toBe(400);
    const w = testWindow();
    const p = await addProduct(t.db, bol, { name: 'Pindakaas' });
    const noAddress = await addOrder(t.db, bol, {
      orderId: `NA-${w.start.getTime()}`,
      placedAt: w.at(1),
      address: { ...ADDRESS, zipCode: '', city: '' },
      lines: [{ productId: p.id, quantity: 1 }],
    });
    const incomplete = await ship({ order_id: noAddress.id });
    expect(incomplete.statusCode).toBe(400);
    const status = await t.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
      o.order.id,
    ]);
    expect(status.rows[0]?.status).toBe('open');
  });

  it('answers 404 for an order that does not exist; merchants may not ship', async () => {
    expect((await ship({ order_id: 'b'.repeat(24) })).statusCode).toBe(404);
    const o = await openOrder(stroop);
    const owner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    expect((await ship({ order_id: o.order.id }, owner)).statusCode).toBe(403);
  });
});

describe('POST /orders/ship/batch/single', () => {
  function batch(body: Record<string, unknown>, cookie = picker) {
    return t.app.inject({
      method: 'POST',
      url: '/api/orders/ship/batch/single',
      headers: { cookie },
      payload: body,
    });
  }

  /** A single-line open order of `org` at a fresh location, placed inside window `w`. */
  async function singleLine(org: string, w: ReturnType<typeof testWindow>, n: number, quantity = 1) {
    const bin = await addLocation(t.db, {
      name: `S-${String(w.start.getTime() / 86_400_000)}-${n}`,
      sequence: 9,
    });
    const p = await addProduct(t.db, org, {
      name: `Stroopwafel ${n}`,
      stock: [{ locationId: bin, stock: 9 }],
    });
    const shopOrderId = `ONE-${w.start.getTime()}-${n}`;
    const order = await addOrder(t.db, org, {
      orderId: shopOrderId,
      placedAt: w.at(n),
      lines: [{ productId: p.id, quantity, locationId: bin }],
    });
    return { id: order.id, shopOrderId };
  }

  it('ships only the open single-line orders, in the given order, with one labels PDF', async () => {
    const multi = await openOrder(bol);
    const w = multi.w;
    const a = await singleLine(bol, w, 1);
    const b = await singleLine(bol, w, 2, 3);
    const shippedAlready = await singleLine(bol, w, 3);
    expect((await ship({ order_id: shippedAlready.id })).statusCode).toBe(200);
    const foreign = await singleLine(stroop, w, 4);
    const missing = 'c'.repeat(24);

    const res = await batch({
      orderIds: [b.id, multi.order.id, a.id, shippedAlready.id, missing, b.id],
      orgId: bol,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-shipped-count']).toBe('2');
    const summary = JSON.parse(res.headers['x-batch-summary'] as string) as BatchShipSummary;
    expect(summary.shipped.map((s) => s.order_id)).toEqual([b.id, a.id]);
    expect(summary.skipped).toEqual([
      { order_id: multi.order.id, reason: 'not_single_line' },
      { order_id: shippedAlready.id, reason: 'not_open' },
      { order_id: missing, reason: 'not_found' },
    ]);

    const { pages, pageTexts } = await readPdf(res.rawPayload);
    expect(pages).toBe(2);
    const [first, second] = summary.shipped;
    expect(isLocalTrackingNumber(first?.tracking_number as string)).toBe(true);
    expect(pageTexts[0]).toContain(first?.tracking_number);
    expect(pageTexts[0]).toContain(`Order ${b.shopOrderId}`);
    expect(pageTexts[1]).toContain(second?.tracking_number);
    expect(pageTexts[1]).toContain(`Order ${a.shopOrderId}`);

    const stored = await t.db.query<{ order_id: string; tracking_number: string }>(
      'SELECT order_id, tracking_number FROM shipments WHERE id = ANY($1::char(24)[]) ORDER BY order_id',
      [summary.shipped.map((s) => s.shipment_id)],
    );
    expect(stored.rows.map((r) => r.tracking_number).sort()).toEqual(
      summary.shipped.map((s) => s.tracking_number).sort(),
    );

    // The shipped orders leave the open list; the multi-line and the other shop's order stay.
    const open = await t.app.inject({
      method: 'GET',
      url: `/api/orders/open/${w.start.toISOString()}/${w.end.toISOString()}/all?limit=500`,
      headers: { cookie: picker },
    });
    expect(open.statusCode, open.body).toBe(200);
    const ids = (open.json() as OpenOrders).groups.flatMap((g) => g.orders.map((o) => o.id));
    expect(ids).toContain(multi.order.id);
    expect(ids).toContain(foreign.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(b.id);

    // Outside the asked organisation an order is 'not found' and stays open.
    const other = await batch({ orderIds: [foreign.id, (await singleLine(bol, w, 5)).id], orgId: bol });
    expect(other.statusCode, other.body).toBe(200);
    expect((JSON.parse(other.headers['x-batch-summary'] as string) as BatchShipSummary).skipped).toEqual([
      { order_id: foreign.id, reason: 'not_found' },
    ]);
    const status = await t.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
      foreign.id,
    ]);
    expect(status.rows[0]?.status).toBe('open');
  });

  it('keeps the orders that shipped when another fails, and answers 409 when none ships', async () => {
    const w = testWindow();
    const good = await singleLine(bol, w, 1);
    const asked = await openOrder(bol, { cancellation: true });
    const p = await addProduct(t.db, bol, { name: 'Hagelslag' });
    const noAddress = await addOrder(t.db, bol, {
      orderId: `NA1-${w.start.getTime()}`,
      placedAt: w.at(2),
      address: { ...ADDRESS, zipCode: '', city: '' },
      lines: [{ productId: p.id, quantity: 1 }],
    });
    const res = await batch({ orderIds: [noAddress.id, good.id] });
    expect(res.statusCode, res.body).toBe(200);
    const summary = JSON.parse(res.headers['x-batch-summary'] as string) as BatchShipSummary;
    expect(summary.shipped.map((s) => s.order_id)).toEqual([good.id]);
    expect(summary.skipped).toEqual([{ order_id: noAddress.id, reason: 'cannot_ship' }]);
    expect((await readPdf(res.rawPayload)).text).toContain(summary.shipped[0]?.tracking_number);

    const none = await batch({ orderIds: [asked.order.id, good.id] });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      code: 'nothing_shipped',
      issues: [
        { path: asked.order.id, message: 'not_single_line' },
        { path: good.id, message: 'not_open' },
      ],
    });
  });

  it('answers 400 for an empty or oversized list; merchants may not ship', async () => {
    expect((await batch({ orderIds: [] })).statusCode).toBe(400);
    expect((await batch({ orderIds: Array.from({ length: 201 }, () => 'd'.repeat(24)) })).statusCode).toBe(
      400,
    );
    const w = testWindow();
    const o = await singleLine(bol, w, 1);
    const owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    expect((await batch({ orderIds: [o.id] }, owner)).statusCode).toBe(403);
  });
});

describe('POST /orders/packing_slip', () => {
  it('renders the packing slip of an open order; a merchant gets only its own (404 otherwise)', async () => {
    const o = await openOrder(bol);
    const owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/packing_slip',
      headers: { cookie: owner },
      payload: { order_id: o.order.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdf(res.rawPayload);
    expect(text).toContain('Pakbon');
    expect(text).toContain('Bakkerij Bol');
    expect(text).toContain(o.bread.ean);
    expect(text).toContain('Sanne de Boer');

    const other = await openOrder(stroop);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/orders/packing_slip',
      headers: { cookie: owner },
      payload: { order_id: other.order.id },
    });
    expect(denied.statusCode).toBe(404);
  });
});

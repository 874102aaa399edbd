import { randomUUID } from 'node:crypto';
import { APP_HEADER, amsterdamDay, formatDate, type LabelRunItem, type OrdersPerDay } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { createFileMailTransport } from '../../lib/mail.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLocation, addOrder, addProduct, orgId } from '../pick/test/fulfilment.fixtures.ts';
import { lastDays } from './dashboard.service.ts';
import { toReportTable } from './pick-pack-report.service.ts';
import { sendDueWeeklyReports, weeklyReportDay } from './weekly-report.service.ts';

let t: TestApp;
let picker: string;
let admin: string;
let bolOwner: string;
let stroopOwner: string;
let bol: string;
const orders: { id: string; lineIds: string[] }[] = [];
const started = new Date();
const HOUR = 3_600_000;
const range = () => ({
  start: new Date(started.getTime() - HOUR).toISOString(),
  end: new Date(Date.now() + HOUR).toISOString(),
});

async function get(url: string, cookie: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
}
async function post(url: string, cookie: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: { cookie, 'idempotency-key': randomUUID() }, payload });
}
const q = (r: { start: string; end: string }) =>
  `start=${encodeURIComponent(r.start)}&end=${encodeURIComponent(r.end)}`;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 2 } });
  picker = await t.login(DEMO_USERS.picker.email, DEMO_USERS.picker.password);
  admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  bolOwner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  stroopOwner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  const bin = await addLocation(t.db, { name: 'RPT-01', sequence: 1 });
  const product = await addProduct(t.db, bol, {
    name: 'Rapportkoek',
    stock: [{ locationId: bin, stock: 100 }],
  });
  // Three orders of Bakkerij Bol placed now: the picker picks 2 + 3 pieces, the admin 1 (a B2B order).
  for (const [i, qty] of [2, 3, 1].entries()) {
    orders.push(
      await addOrder(t.db, bol, {
        orderId: `RPT-${i}`,
        placedAt: new Date(),
        lines: [{ productId: product.id, quantity: qty, locationId: bin }],
      }),
    );
  }
  await t.db.query(`UPDATE orders SET order_type = 'b2b_order' WHERE id = $1`, [orders[2]?.id]);
  for (const [i, o] of orders.entries()) {
    const who = i === 2 ? admin : picker;
    const res = await post('/api/pick_list/confirm', who, {
      order_line_id: o.lineIds[0],
      quantity: [2, 3, 1][i],
      location_id: bin,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  // The picker ships the first, the admin the other two.
  for (const [i, o] of orders.entries()) {
    const res = await post('/api/orders/ship', i === 0 ? picker : admin, { order_id: o.id });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('toReportTable', () => {
  it('heads the table with people by total and fills empty hours with 0', () => {
    expect(
      toReportTable([
        { hour: '09:00', person: 'A', n: 1 },
        { hour: '08:00', person: 'B', n: 4 },
        { hour: '09:00', person: 'B', n: 1 },
      ]),
    ).toEqual([
      ['hour', 'B', 'A'],
      ['08:00', 4, 0],
      ['09:00', 1, 1],
    ]);
    expect(toReportTable([])).toEqual([['hour']]);
  });
});

describe('lastDays', () => {
  it('lists calendar days across a DST change, ending today', () => {
    const span = lastDays(3, new Date('2026-10-26T10:00:00Z'));
    expect(span.days).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    // 25 October 2026 has 25 hours in Amsterdam.
    expect(span.end.getTime() - span.start.getTime() + 1).toBe(73 * HOUR);
  });
});

describe('GET /report/pick, /report/pack, /report/pack_details', () => {
  it('counts pieces picked per hour and person, most first', async () => {
    const res = await get(`/api/report/pick?${q(range())}`, picker);
    expect(res.statusCode, res.body).toBe(200);
    const table = res.json() as (string | number)[][];
    expect(table[0]).toEqual(['hour', 'Piet Jansen', 'Anna de Vries']);
    const sums = [1, 2].map((c) => table.slice(1).reduce((n, row) => n + Number(row[c]), 0));
    expect(sums).toEqual([5, 1]);
    expect(table.slice(1).every((row) => /^\d{2}:00$/.test(String(row[0])))).toBe(true);
  });

  it('counts orders shipped per hour and person, and packed orders by type', async () => {
    const pack = (await get(`/api/report/pack?${q(range())}`, picker)).json() as (string | number)[][];
    expect(pack[0]).toEqual(['hour', 'Anna de Vries', 'Piet Jansen']);
    expect(pack.slice(1).reduce((n, row) => n + Number(row[1]) + Number(row[2]), 0)).toBe(3);
    const details = (await get(`/api/report/pack_details?${q(range())}`, picker)).json();
    expect(details.series.map((s: { name: string }) => s.name)).toEqual(['b2b_order', 'manual_order']);
    const total = details.series
      .flatMap((s: { data: number[] }) => s.data)
      .reduce((a: number, b: number) => a + b, 0);
    expect(total).toBe(3);
    expect(details.categories.length).toBe(details.series[0].data.length);
  });

  it("shows a merchant only its own organisation's work", async () => {
    const mine = (await get(`/api/report/pick?${q(range())}`, bolOwner)).json();
    expect(mine[0]).toEqual(['hour', 'Piet Jansen', 'Anna de Vries']);
    const other = (await get(`/api/report/pick?${q(range())}`, stroopOwner)).json();
    expect(other).toEqual([['hour']]);
  });

  it('refuses a range over 31 days or ending before it starts', async () => {
    const long = await get(`/api/report/pick?start=2026-01-01T00:00:00Z&end=2026-03-01T00:00:00Z`, picker);
    expect(long.statusCode).toBe(400);
    const backwards = await get(
      `/api/report/pack?start=2026-03-01T00:00:00Z&end=2026-01-01T00:00:00Z`,
      picker,
    );
    expect(backwards.statusCode).toBe(400);
  });
});

describe('GET /report/orders_per_day', () => {
  it('lists every one of the last 30 days with the orders placed and shipped', async () => {
    const res = await get('/api/report/orders_per_day', bolOwner);
    expect(res.statusCode, res.body).toBe(200);
    const { days } = res.json() as OrdersPerDay;
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ day: amsterdamDay(), orders: 3, shipped: 3 });
    expect(days.slice(0, -1).every((d) => d.orders === 0)).toBe(true);
    const stroop = (await get('/api/report/orders_per_day?days=7', stroopOwner)).json() as OrdersPerDay;
    expect(stroop.days).toHaveLength(7);
    expect(stroop.days.at(-1)?.orders).toBe(0);
    expect((await get('/api/report/orders_per_day?days=91', bolOwner)).statusCode).toBe(400);
  });
});

describe('GET /report/attention', () => {
  it('lists open orders with a red note and their products, for their own organisation', async () => {
    const product = await t.db.query<{ id: string }>(`SELECT id FROM products WHERE name = 'Rapportkoek'`);
    const open = await addOrder(t.db, bol, {
      orderId: 'RPT-RED',
      placedAt: new Date(),
      lines: [{ productId: product.rows[0]?.id as string, quantity: 4 }],
    });
    const green = await addOrder(t.db, bol, {
      orderId: 'RPT-GREEN',
      placedAt: new Date(),
      lines: [{ productId: product.rows[0]?.id as string, quantity: 1 }],
    });
    await t.db.query(`UPDATE orders SET notes_color = 'red', notes_text = 'Eerst bellen' WHERE id = $1`, [
      open.id,
    ]);
    await t.db.query(`UPDATE orders SET notes_color = 'green', notes_text = 'Prima' WHERE id = $1`, [
      green.id,
    ]);
    // A shipped order with a red note needs no attention any more.
    await t.db.query(`UPDATE orders SET notes_color = 'red', notes_text = 'Oud' WHERE id = $1`, [
      orders[0]?.id,
    ]);
    const res = await get('/api/report/attention', bolOwner);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      order_id: 'RPT-RED',
      org_name: 'Bakkerij Bol',
      notes_color: 'red',
      notes_text: 'Eerst bellen',
      products: [{ title: 'Rapportkoek', quantity: 4 }],
    });
    expect((await get('/api/report/attention', stroopOwner)).json().total).toBe(0);
    expect((await get('/api/report/attention', picker)).json().total).toBe(1);
  });
});

describe('GET /user/orders/fulfilled', () => {
  it('pages the orders shipped in the last week, newest first', async () => {
    const res = await get('/api/user/orders/fulfilled?limit=2', bolOwner);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(2);
    expect(page.items[0].shipped_at >= page.items[1].shipped_at).toBe(true);
    expect(page.items[0]).toMatchObject({ org_name: 'Bakkerij Bol', carrier: 'local' });
    expect((await get('/api/user/orders/fulfilled', stroopOwner)).json().total).toBe(0);
  });
});

describe('GET /orders/weekly_report', () => {
  it('answers and e-mails the 7 days ending yesterday; needs the app header', async () => {
    // One order placed and picked yesterday (back-dated: the calls stamp "now").
    const yesterday = new Date(Date.now() - 24 * HOUR);
    await t.db.query('UPDATE orders SET placed_at = $1 WHERE id = $2', [yesterday, orders[1]?.id]);
    await t.db.query(`UPDATE stock_mutations SET created_at = $1 WHERE order_id = $2 AND reason = 'pick'`, [
      yesterday,
      orders[1]?.id,
    ]);
    expect((await get('/api/orders/weekly_report', bolOwner)).statusCode).toBe(400);
    const before = t.mails().length;
    const res = await get('/api/orders/weekly_report', bolOwner, { [APP_HEADER]: 'test' });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.days).toHaveLength(7);
    expect(report.days.at(-1).day).toBe(amsterdamDay(yesterday));
    expect(report.totals).toEqual({ orders: 1, shipped: 0, picked: 3 });
    // Each day as the orders and shipments themselves count it (the report reads the counts kept per day and hour).
    const counted = async (table: 'orders' | 'shipments', column: 'placed_at' | 'created_at') =>
      Object.fromEntries(
        (
          await t.db.query<{ day: string; n: number }>(
            `SELECT to_char(${column} AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM-DD') AS day, count(*)::int AS n
               FROM ${table} WHERE org_id = $1 AND ${column} >= $2 AND ${column} <= $3 GROUP BY 1`,
            [t.seed?.orgs.bol, report.start, report.end],
          )
        ).rows.map((r) => [r.day, r.n]),
      );
    const placedBy = await counted('orders', 'placed_at');
    const shippedBy = await counted('shipments', 'created_at');
    for (const d of report.days as { day: string; orders: number; shipped: number }[])
      expect([d.day, d.orders, d.shipped]).toEqual([d.day, placedBy[d.day] ?? 0, shippedBy[d.day] ?? 0]);
    expect(report.sent_to).toBe(DEMO_USERS.bolOwner.email);
    // Quoted-printable soft line breaks joined again.
    const mails = t
      .mails()
      .slice(before)
      .map((m) => m.replace(/=\r?\n/g, ''));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Weekrapport van Bakkerij Bol');
    expect(mails[0]).toContain('1 orders binnengekomen');
    // Its days as a Dutch merchant reads them ('ma 30-11-2026'), not as ISO dates.
    expect(mails[0]).toContain(weeklyReportDay(amsterdamDay(yesterday), 'nl'));
    expect(mails[0]).toMatch(new RegExp(`\\n(ma|di|wo|do|vr|za|zo) ${formatDate(yesterday)} `));
    expect(mails[0]).not.toContain(amsterdamDay(yesterday));
    // In English for an English user.
    const en = await get('/api/orders/weekly_report', bolOwner, {
      [APP_HEADER]: 'test',
      'accept-language': 'en-GB',
    });
    expect(en.statusCode, en.body).toBe(200);
    const enMail = (t.mails().at(-1) ?? '').replace(/=\r?\n/g, '');
    expect(enMail).toMatch(new RegExp(`\\n(Mon|Tue|Wed|Thu|Fri|Sat|Sun) ${formatDate(yesterday)} `));
    expect(enMail).not.toContain(amsterdamDay(yesterday));
    const user = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
    expect((await get('/api/orders/weekly_report', user, { [APP_HEADER]: 'test' })).statusCode).toBe(403);
  });

  it('sends each merchant its weekly mail once per week, also from two processes at once', async () => {
    await t.db.query(
      `UPDATE organisations SET contact_person_email = 'rapport@' || lower(replace(name, ' ', '')) || '.nl' WHERE kind = 'merchant'`,
    );
    const merchants = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM organisations WHERE kind = 'merchant' AND active AND contact_person_email IS NOT NULL`,
    );
    const mail = createFileMailTransport(`${t.dataDir}/weekly`, 'test@hoppa.nl');
    const now = new Date();
    const sent = await Promise.all([
      sendDueWeeklyReports(t.db, mail, now),
      sendDueWeeklyReports(t.db, mail, now),
    ]);
    expect(sent[0] + sent[1]).toBe(merchants.rows[0]?.n);
    expect(await sendDueWeeklyReports(t.db, mail, now)).toBe(0);
    // Next week's reports go out again.
    expect(await sendDueWeeklyReports(t.db, mail, new Date(now.getTime() + 7 * 24 * HOUR))).toBe(
      merchants.rows[0]?.n,
    );
  });
});

describe('POST /labels/ and /labels/printed/:id', () => {
  it("lists a range's labels oldest first and marks one printed once", async () => {
    const res = await post('/api/labels/', picker, { startDate: range().start, endDate: range().end });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: LabelRunItem[]; total: number };
    expect(page.total).toBe(3);
    expect(page.items.map((i) => i.order_number)).toEqual(['RPT-0', 'RPT-1', 'RPT-2']);
    expect(page.items.every((i) => i.printed_at === null)).toBe(true);
    const label = await get(`/api/shipments/${page.items[0]?.shipment_id}/label`, picker);
    expect(label.headers['content-type']).toContain('application/pdf');

    const first = await post(`/api/labels/printed/${page.items[0]?.shipment_id}`, picker, {});
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(`/api/labels/printed/${page.items[0]?.shipment_id}`, admin, {});
    expect(again.json().printed_at).toBe(first.json().printed_at);
    const after = (
      await post('/api/labels/', picker, { startDate: range().start, endDate: range().end })
    ).json();
    expect(after.items[0].printed_at).toBe(first.json().printed_at);

    const earlier = await post('/api/labels/', picker, {
      startDate: '2030-01-01T00:00:00Z',
      endDate: '2030-01-01T03:00:00Z',
    });
    expect(earlier.json().total).toBe(0);
    expect((await post('/api/labels/printed/0123456789abcdef01234567', picker, {})).statusCode).toBe(404);
    expect(
      (await post('/api/labels/', bolOwner, { startDate: range().start, endDate: range().end })).statusCode,
    ).toBe(403);
  });
});

describe('GET /report/setup', () => {
  it("ticks the current organisation's steps from its data", async () => {
    const setCurr = await post('/api/orgs/set_curr', stroopOwner, {
      customer_id: await orgId(t.db, 'Stroopwafel & Co'),
    });
    expect(setCurr.statusCode, setCurr.body).toBeLessThan(300);
    const done = async (cookie: string) =>
      Object.fromEntries(
        ((await get('/api/report/setup', cookie)).json().steps as { key: string; done: boolean }[]).map(
          (s) => [s.key, s.done],
        ),
      );
    // Stroopwafel has products (the seed) but no orders or shipments.
    expect(await done(stroopOwner)).toEqual({
      shop: true,
      apis: false,
      products: true,
      inbound: false,
      orders: false,
      shipments: false,
      dashboard: false,
    });
    await post('/api/orgs/set_curr', bolOwner, { customer_id: bol });
    expect(await done(bolOwner)).toMatchObject({
      orders: true,
      shipments: true,
      dashboard: true,
      apis: false,
    });
    // An order made in the portal's wizard is not a shop connection; one from bol.com is.
    await t.db.query(`UPDATE orders SET platform = 'portal' WHERE id = $1`, [orders[0]?.id]);
    expect((await done(bolOwner)).apis).toBe(false);
    await t.db.query(`UPDATE orders SET platform = 'bol' WHERE id = $1`, [orders[0]?.id]);
    expect((await done(bolOwner)).apis).toBe(true);
  });
});

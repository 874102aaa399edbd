import {
  amsterdamWallTime,
  amsterdamWallTimeToIso,
  OPEN_ORDERS_UNTIL_HOUR,
  type OpenOrders,
  type PickListResponse,
  type ShipmentListResponse,
} from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../lib/pdf/pdf.test-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_USERS, lcg } from './seed.ts';
import {
  DEMO_LETTERBOX_METHOD,
  DEMO_LETTERBOX_PIECE_KG,
  DEMO_ORDER_MIX,
  demoOrderMoments,
  type LiveOrdersResult,
  seedLiveOrders,
} from './seed-orders.ts';

let t: TestApp;
let live: LiveOrdersResult;
const now = new Date();
/** The board's default range at `now` (spec 1 §2): four days ago 00:00 until today 22:00, Amsterdam time. */
const boardFrom = amsterdamWallTimeToIso(amsterdamWallTime(now, { days: -4, hour: 0 }));
const boardUntil = amsterdamWallTimeToIso(amsterdamWallTime(now, { hour: OPEN_ORDERS_UNTIL_HOUR }));

beforeAll(async () => {
  // 100 products a merchant hold more than the 50 pick items below; the size seed-stock.test.ts seeds too, so a run
  // builds that template once for both.
  t = await createTestApp({ seed: { products: 200 } });
  if (!t.seed) throw new Error('seed missing');
  live = await seedLiveOrders(t.app, t.db, t.seed, { now });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string, who: keyof typeof DEMO_USERS): Promise<T> {
  const cookie = await t.login(DEMO_USERS[who].email, DEMO_USERS[who].password);
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe('the live demo warehouse', () => {
  it('has orders in every state for both merchants', async () => {
    const rows = (
      await t.db.query<{ org: string; state: string; n: number }>(
        `SELECT org.name AS org,
                CASE WHEN o.status <> 'open' THEN o.status
                     WHEN bool_and(l.picked_quantity = l.quantity) THEN 'picked'
                     WHEN bool_or(l.picked_quantity > 0) THEN 'partly_picked'
                     ELSE 'open' END AS state,
                count(DISTINCT o.id) AS n
           FROM orders o JOIN organisations org ON org.id = o.org_id JOIN order_lines l ON l.order_id = o.id
          GROUP BY org.name, o.id, o.status`,
      )
    ).rows;
    for (const org of ['Bakkerij Bol', 'Stroopwafel & Co']) {
      const count = (state: string) => rows.filter((r) => r.org === org && r.state === state).length;
      expect({
        open: count('open'),
        partly_picked: count('partly_picked'),
        picked: count('picked'),
        shipped: count('shipped'),
        cancelled: count('cancelled'),
      }).toEqual(DEMO_ORDER_MIX);
    }
    expect(live.orders).toBe(rows.length);
  });

  it('has open orders waiting with PostNL, stamps and own shipment for the packing station (ADR 0044)', async () => {
    const rows = (
      await t.db.query<{ code: string; n: number }>(
        `SELECT m.code, count(*)::int AS n FROM orders o JOIN shipment_methods m ON m.id = o.selected_ship_method_id
          WHERE o.status = 'open' GROUP BY m.code`,
      )
    ).rows;
    const codes = new Map(rows.map((r) => [r.code, Number(r.n)]));
    for (const code of ['SMF-POSTNL-NL', 'SMF-STAMP1-NL', 'SMF-STAMP2-NL', 'OWN-SHIPMENT', 'LOCAL-NL'])
      expect(codes.get(code) ?? 0, code).toBeGreaterThan(0);
  });

  it('gives the picker at least 50 pick items in the floor’s default window', async () => {
    // The floor's default window: from midnight four days ago until now (22:00 today at the latest).
    const start = new Date(now.getTime() - 5 * 86_400_000).toISOString();
    const end = now.toISOString();
    const list = await get<PickListResponse>(
      `/api/pick_list/pick/all/located/${start}/${end}/all?limit=2000`,
      'picker',
    );
    expect(list.total).toBeGreaterThanOrEqual(50);
    // Partly picked orders still show their unpicked line; nothing fully picked is on the list.
    expect(list.items.every((i) => i.orders.every((o) => o.qty > 0))).toBe(true);
  });

  it('shows both merchants’ open orders on the packing station’s default board, also late in the evening', async () => {
    // Started after 22:00, the board's default range ends before now: today's open orders are placed before it.
    const open = await get<OpenOrders>(`/api/orders/open/${boardFrom}/${boardUntil}/all?limit=250`, 'admin');
    const orgs = new Set(open.groups.flatMap((g) => g.orders.map((o) => o.org)));
    expect(orgs.size).toBe(2);
    const perMerchant = DEMO_ORDER_MIX.open + DEMO_ORDER_MIX.partly_picked + DEMO_ORDER_MIX.picked;
    expect(open.total).toBe(2 * perMerchant);
  });

  it('has each merchant’s top seller in more than one open order, so a packer’s scan marks several cards', async () => {
    const open = await get<OpenOrders>(`/api/orders/open/${boardFrom}/${boardUntil}/all?limit=250`, 'admin');
    const orders = new Map(open.groups.flatMap((g) => g.orders.map((o) => [o.id, o] as const)));
    const holding = new Map<string, Set<string>>();
    for (const o of orders.values())
      for (const l of o.products)
        holding.set(`${o.org} ${l.ean}`, (holding.get(`${o.org} ${l.ean}`) ?? new Set()).add(o.id));
    const shared = new Set([...holding].filter(([, ids]) => ids.size >= 3).map(([key]) => key.split(' ')[0]));
    expect(shared.size).toBe(2);
  });

  it('has a week of parcels with stored labels, some shipped today', async () => {
    const list = await get<ShipmentListResponse>('/api/shipments?limit=1000', 'bolOwner');
    expect(list.total).toBe(DEMO_ORDER_MIX.shipped);
    const days = new Set(list.items.map((s) => s.shipped_at.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(5);
    const shippedAt = list.items.map((s) => new Date(s.shipped_at).getTime());
    expect(Math.max(...shippedAt)).toBeLessThanOrEqual(now.getTime());
    expect(Math.min(...shippedAt)).toBeGreaterThan(now.getTime() - 7 * 86_400_000);
    const first = list.items[0];
    if (!first) throw new Error('no shipment');
    const cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const label = await t.app.inject({
      method: 'GET',
      url: `/api/shipments/${first.id}/label`,
      headers: { cookie },
    });
    expect(label.headers['content-type']).toBe('application/pdf');
    expect((await readPdf(label.rawPayload)).text).toContain(first.tracking_number);
  });

  it('sends parcels of one or two small pieces through the letterbox in the letterbox box, as the packer chose', async () => {
    const parcels = (
      await t.db.query<{
        method: string;
        box: string | null;
        country: string;
        b2b: boolean;
        pieces: number;
        kg: string;
      }>(
        `SELECT s.method_code AS method, b.label AS box, o.shipment_details->>'countryCode' AS country,
                o.order_type = 'b2b_order' AS b2b, sum(l.quantity)::int AS pieces, max(p.weight_kg) AS kg
           FROM shipments s JOIN orders o ON o.id = s.order_id LEFT JOIN shipment_boxes b ON b.id = o.selected_box_id
           JOIN order_lines l ON l.order_id = o.id JOIN products p ON p.id = l.product_id
          GROUP BY s.id, b.label, o.id`,
      )
    ).rows;
    const letterbox = parcels.filter((p) => p.method === DEMO_LETTERBOX_METHOD);
    expect(letterbox.length).toBe(live.letterbox);
    // A realistic share: some of the week's parcels, not most of them.
    expect(letterbox.length).toBeGreaterThanOrEqual(3);
    expect(letterbox.length).toBeLessThan(parcels.length / 3);
    for (const p of letterbox) {
      expect(p).toMatchObject({ box: 'BB', country: 'NL', b2b: false });
      expect(p.pieces).toBeLessThanOrEqual(2);
      expect(Number(p.kg)).toBeLessThanOrEqual(DEMO_LETTERBOX_PIECE_KG);
    }
    // The letterbox box holds letterbox parcels only.
    expect(parcels.filter((p) => p.box === 'BB').length).toBe(letterbox.length);
    // The shipments list shows them by the method's name, to the provider admin as to the shop.
    const list = await get<ShipmentListResponse>('/api/shipments?limit=1000', 'admin');
    expect(
      list.items.filter((s) => s.method_code === DEMO_LETTERBOX_METHOD).map((s) => s.method_name),
    ).toEqual(letterbox.map(() => 'PostNL brievenbuspakje NL'));
  });

  it('keeps the stock ledger equal to the stock on hand after the demo picks', async () => {
    const r = await t.db.query<{ n: number }>(
      `SELECT count(*) AS n FROM product_locations pl
        WHERE pl.stock <> (SELECT coalesce(sum(m.quantity), 0) FROM stock_mutations m
                            WHERE m.product_id = pl.product_id AND m.location_id = pl.location_id)`,
    );
    expect(r.rows[0]?.n).toBe(0);
    expect(live.picks).toBeGreaterThan(0);
  });

  it('makes no order of a product with a placeholder name (Open Food Facts’ "Produit inconnu")', async () => {
    const r = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_lines l JOIN products p ON p.id = l.product_id
        WHERE lower(p.name) = 'produit inconnu'`,
    );
    const present = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM products WHERE lower(name) = 'produit inconnu'`,
    );
    expect(present.rows[0]?.n).toBeGreaterThan(0);
    expect(r.rows[0]?.n).toBe(0);
  });
});

describe('the demo orders’ moments', () => {
  it('places today’s orders before the board’s default end of 22:00 on a start late in the evening', () => {
    const late = new Date(
      amsterdamWallTimeToIso(amsterdamWallTime(new Date(), { hour: 23, minute: 59 })) ?? '',
    );
    const until = Date.parse(
      amsterdamWallTimeToIso(amsterdamWallTime(late, { hour: OPEN_ORDERS_UNTIL_HOUR })) ?? '',
    );
    const midnight = Date.parse(amsterdamWallTimeToIso(amsterdamWallTime(late, { hour: 0 })) ?? '');
    const moments = demoOrderMoments(late, 400, 0, 3, lcg(1)).map((d) => d.getTime());
    const today = moments.filter((t) => t >= midnight);
    expect(today.length).toBeGreaterThan(5);
    expect(Math.max(...today)).toBeLessThan(until);
    // Not all crowded at the cut-off: spread over the day.
    expect(Math.min(...today)).toBeLessThan(midnight + 12 * 3_600_000);
  });

  it('places today’s orders before now early in the morning', () => {
    const early = new Date(
      amsterdamWallTimeToIso(amsterdamWallTime(new Date(), { hour: 6, minute: 15 })) ?? '',
    );
    const moments = demoOrderMoments(early, 40, 0, 3, Math.random).map((d) => d.getTime());
    expect(Math.max(...moments)).toBeLessThan(early.getTime());
  });
});

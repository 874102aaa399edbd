import { randomUUID } from 'node:crypto';
import {
  APP_HEADER,
  type Inbound,
  type InboundItem,
  newId,
  type Order,
  previousMonthPeriod,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from './client.ts';
import { DEMO_LETTERBOX_METHOD, demoBoxIds, fitsDemoLetterbox, login, packDemoOrder } from './seed-orders.ts';
import { DEMO_SURCHARGES } from './seed-product-card.ts';

/** What {@link seedLiveInvoices} made, both demo merchants together. */
export interface LiveInvoicesResult {
  /** The period: the previous calendar month (YYYY-MM-DD). */
  start: string;
  end: string;
  shipped: number;
  /** Of the shipped orders, parcels sent through the letterbox in the letterbox box (seed-orders.ts `fitsDemoLetterbox`). */
  letterbox: number;
  surchargedProducts: number;
  inboundSurcharges: number;
}

/** Shipped orders per demo merchant in the previous month (about one and a half a working day). */
export const DEMO_INVOICE_ORDERS = 30;

/** A line-amount surcharge (per piece) the demo's surcharge list lacks; written once, like {@link DEMO_SURCHARGES}. */
const PIECE_SURCHARGE = {
  code: 'LABEL-PIECE',
  name: 'Etiketteren per stuk',
  price_cents: 6,
  type: 'line-amount',
  note: 'Per stuk op de orderregel',
} as const;

const HOUR = 3_600_000;
const STREETS = [
  ['Oudegracht', '3511 AR', 'Utrecht'],
  ['Damrak', '1012 LG', 'Amsterdam'],
  ['Coolsingel', '3011 AD', 'Rotterdam'],
  ['Vrijthof', '6211 LD', 'Maastricht'],
  ['Grote Markt', '9711 LV', 'Groningen'],
] as const;
const NAMES = ['Emma de Jong', 'Daan Jansen', 'Sophie de Vries', 'Lucas Bakker', 'Julia Visser', 'Sem Smit'];

async function call<T>(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<{ body: T; headers: Record<string, unknown> }> {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: {
      cookie,
      [APP_HEADER]: 'demo',
      ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (res.statusCode >= 300)
    throw new Error(`demo ${method} ${url} failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const json = String(res.headers['content-type'] ?? '').includes('json');
  return { body: (json ? res.json() : res.rawPayload) as T, headers: res.headers };
}

/** Midday-ish moments on the working days of a month (Amsterdam), `count` of them, spread evenly, deterministic. */
function workMoments(start: string, end: string, count: number): Date[] {
  const days: string[] = [];
  for (
    let d = new Date(`${start}T12:00:00Z`);
    d <= new Date(`${end}T12:00:00Z`);
    d = new Date(d.getTime() + 24 * HOUR)
  ) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) days.push(d.toISOString().slice(0, 10));
  }
  return Array.from({ length: count }, (_, i) => {
    const day = days[Math.floor((i * days.length) / count)] as string;
    // 09:00–16:00 UTC (10:00–18:00 in Amsterdam), by the order's place in the day.
    return new Date(
      `${day}T${String(9 + ((i * 5) % 8)).padStart(2, '0')}:${String((i * 17) % 60).padStart(2, '0')}:00Z`,
    );
  });
}

/**
 * A month of finished work in the previous calendar month (issue 16 item 7; docs/decisions/0052-invoices.md), so the
 * invoice of /settings/invoices has real lines on a fresh `npm start`. Through the same calls users make, as Bakkerij
 * Bol's and Stroopwafel & Co's owners and the demo picker:
 * - surcharges chosen for three products per merchant (`POST /surcharges/select`: order-line, order, line-amount
 *   and store);
 * - `ordersPerMerchant` ({@link DEMO_INVOICE_ORDERS} by default) orders per merchant imported (`POST /orders/import`),
 *   picked (`POST /pick_list/confirm`) and shipped (`POST /orders/ship`) in the box the packer chose on the card
 *   (`packDemoOrder`: by pieces; a parcel of one or two small pieces with the letterbox method in the letterbox box),
 *   then moved into last month;
 * - one inbound per merchant announced, given two surcharges by the warehouse, placed and submitted, then moved to the
 *   middle of last month.
 * The services stamp "now"; as the other demo parts do, commented SQL moves the moments afterwards (orders, shipments
 * and their ledger rows; the inbound and its check-in rows). The base map's stock (a bulk insert with `seed` ledger
 * rows stamped at the first start, ADR 0034) is moved to the day before the month, so the warehouse held it all month.
 */
export async function seedLiveInvoices(
  app: FastifyInstance,
  db: Db,
  now = new Date(),
  ordersPerMerchant = DEMO_INVOICE_ORDERS,
): Promise<LiveInvoicesResult> {
  const { start, end } = previousMonthPeriod(now);
  const result: LiveInvoicesResult = {
    start,
    end,
    shipped: 0,
    letterbox: 0,
    surchargedProducts: 0,
    inboundSurcharges: 0,
  };
  // (1) The base map's stock arrived before last month (its `seed` rows are stamped with the first start).
  await db.query(
    `UPDATE stock_mutations SET created_at = ($1::date - 1)::timestamp AT TIME ZONE 'Europe/Amsterdam' + interval '8 hours'
      WHERE reason = 'seed' AND created_at >= $1::date::timestamp AT TIME ZONE 'Europe/Amsterdam'`,
    [start],
  );
  // (2) The demo's list has no per-piece surcharge: written once, as the product card's demo writes its list.
  const have = await db.query<{ code: string; id: string }>('SELECT code, id FROM surcharges');
  if (have.rows.length === 0) {
    for (const s of DEMO_SURCHARGES)
      await db.query(
        'INSERT INTO surcharges (id, code, name, price_cents, type, note) VALUES ($1, $2, $3, $4, $5, $6)',
        [newId(), s.code, s.name, s.price_cents, s.type, s.note],
      );
  }
  if (!have.rows.some((r) => r.code === PIECE_SURCHARGE.code))
    await db.query(
      'INSERT INTO surcharges (id, code, name, price_cents, type, note) VALUES ($1, $2, $3, $4, $5, $6)',
      [
        newId(),
        PIECE_SURCHARGE.code,
        PIECE_SURCHARGE.name,
        PIECE_SURCHARGE.price_cents,
        PIECE_SURCHARGE.type,
        PIECE_SURCHARGE.note,
      ],
    );
  const surchargeId = new Map(
    (await db.query<{ code: string; id: string }>('SELECT code, id FROM surcharges WHERE active')).rows.map(
      (r) => [r.code, r.id],
    ),
  );
  const picker = await login(app, 'picker');
  const boxes = await demoBoxIds(app, picker);
  const moments = workMoments(start, end, ordersPerMerchant);

  for (const [m, key] of (['bolOwner', 'stroopOwner'] as const).entries()) {
    const owner = await login(app, key);
    const org = (await call<{ id: string }>(app, owner, 'GET', '/current_org')).body;
    // Products with plenty of stock on a pick place and no surcharges yet, in a fixed order.
    const products = (
      await db.query<{ id: string; ean: string; weight_kg: string | null }>(
        `SELECT p.id, p.ean, p.weight_kg FROM products p
          WHERE p.org_id = $1 AND p.active
            AND NOT EXISTS (SELECT 1 FROM product_surcharges s WHERE s.product_id = p.id)
            AND EXISTS (SELECT 1 FROM product_locations pl WHERE pl.product_id = p.id AND pl.stock >= 40)
          ORDER BY p.ean LIMIT 8`,
        [org.id],
      )
    ).rows;
    if (products.length < 4) continue;
    const weightOf = new Map(products.map((p) => [p.ean, p.weight_kg === null ? null : Number(p.weight_kg)]));
    // (3) Surcharges per product, through the product card's call.
    const choose: [number, string[]][] = [
      [0, ['FRAGILE']],
      [1, ['COOL', 'GIFT']],
      [2, [PIECE_SURCHARGE.code, ...(m === 0 ? ['STORE-SPECIAL'] : [])]],
    ];
    for (const [i, codes] of choose) {
      const ids = codes.map((c) => surchargeId.get(c)).filter((x): x is string => !!x);
      await call(app, owner, 'POST', '/surcharges/select', {
        product_id: products[i]?.id,
        surcharge_ids: ids,
      });
      result.surchargedProducts++;
    }

    // (4) Last month's orders: import, pick, ship; then moved to their moment.
    const prefix = m === 0 ? 'BB' : 'SW';
    const rows = moments.flatMap((_, i) => {
      const [street, zip, city] = STREETS[i % STREETS.length] as readonly [string, string, string];
      const [first, ...last] = (NAMES[i % NAMES.length] as string).split(' ');
      const lines = 1 + (i % 3);
      return Array.from({ length: lines }, (_, l) => ({
        order_id: `${prefix}-F${String(i + 1).padStart(3, '0')}`,
        product_ean: (products[(i + l * 3) % products.length] as { ean: string }).ean,
        quantity: String(1 + ((i + l) % 3)),
        ...(l === 0
          ? {
              firstName: first,
              surName: last.join(' '),
              streetName: street,
              houseNumber: String(3 + i),
              zipcode: zip,
              city,
              countryCode: 'NL',
              email: `klant.f${i + 1}@example.nl`,
            }
          : {}),
      }));
    });
    const imported = (
      await call<{ orders: { order_id: string; id: string }[]; errors: unknown[] }>(
        app,
        owner,
        'POST',
        '/orders/import',
        rows,
      )
    ).body;
    if (imported.errors.length > 0)
      throw new Error(`demo invoice orders refused: ${JSON.stringify(imported.errors.slice(0, 3))}`);
    const parcels: { order: string; shipment: string; at: Date }[] = [];
    for (const [i, o] of imported.orders.entries()) {
      const order = (await call<Order>(app, picker, 'GET', `/order/get/${o.id}`)).body;
      for (const line of order.products) {
        if (!line.pick_location) continue;
        await call(app, picker, 'POST', '/pick_list/confirm', {
          order_line_id: line.id,
          quantity: line.quantity,
          location_id: line.pick_location.id,
          scanned: line.ean,
        });
      }
      // The packer's choices, as for the live orders: a parcel of one or two small pieces through the letterbox in
      // the letterbox box, any other in the box its pieces fit (seed-orders.ts).
      const letterbox = fitsDemoLetterbox(
        order.products.map((l) => ({ quantity: l.quantity, weightKg: weightOf.get(l.ean) ?? null })),
        'NL',
        false,
      );
      if (letterbox)
        await call(app, picker, 'POST', `/order/shipment_method/${o.id}`, { code: DEMO_LETTERBOX_METHOD });
      await packDemoOrder(app, picker, order, boxes, letterbox);
      const res = await call(app, picker, 'POST', '/orders/ship', { order_id: o.id });
      result.shipped++;
      if (letterbox) result.letterbox++;
      parcels.push({ order: o.id, shipment: String(res.headers['x-shipment-id']), at: moments[i] as Date });
    }
    // (5) Shipping stamps "now": these parcels left last month, each order placed five hours and picked an hour
    // before; one statement per table.
    await db.query(
      `UPDATE shipments s SET created_at = v.at
         FROM unnest($1::text[], $2::timestamptz[]) AS v(id, at) WHERE s.id = v.id`,
      [parcels.map((p) => p.shipment), parcels.map((p) => p.at)],
    );
    await db.query(
      `UPDATE orders o SET shipped_at = v.at, placed_at = v.at - interval '5 hours', created_at = v.at - interval '5 hours'
         FROM unnest($1::text[], $2::timestamptz[]) AS v(id, at) WHERE o.id = v.id`,
      [parcels.map((p) => p.order), parcels.map((p) => p.at)],
    );
    await db.query(
      `UPDATE stock_mutations m SET created_at = v.at - interval '1 hour'
         FROM unnest($1::text[], $2::timestamptz[]) AS v(id, at) WHERE m.order_id = v.id`,
      [parcels.map((p) => p.order), parcels.map((p) => p.at)],
    );

    // (6) An inbound in the middle of last month with the warehouse's extra work on it.
    const mid = `${start.slice(0, 8)}14`;
    const ib = (
      await call<Inbound>(app, owner, 'POST', '/inbound', {
        type: 'pallet',
        items: products.slice(0, 2).map((p) => ({ product_id: p.id, units: 4, packed_per: 12 })),
        information: {
          contact_person: key === 'bolOwner' ? 'Bakkerij Bol' : 'Stroopwafel & Co',
          contact_person_email: `magazijn+f@${key === 'bolOwner' ? 'bakkerijbol.nl' : 'stroopwafel.nl'}`,
          phone: '+31 20 555 0100',
          shipping_address: 'Hoppa Fulfilment, Havenweg 12, 1041 AA Amsterdam',
          track_trace: `3SDEMOF${prefix}000001`,
          expected_delivery: mid,
        },
      })
    ).body;
    for (const [n, item] of ib.items.entries()) {
      const surcharge =
        n === 0
          ? { description: 'Ompakken naar doos', cost_cents: 35, amount: item.pieces_expected }
          : { description: 'Pallet sealen', cost_cents: 450, amount: 1 };
      await call(app, picker, 'PUT', `/inbound_item/surcharge/${item.id}`, surcharge);
      result.inboundSurcharges++;
      // A pallet of the first product on a pallet place, the second on a half pallet place; when every such place
      // holds other stock (the full demo's reserve pallets), any free bin.
      let loc: InboundItem['reserved_locations'][number] | undefined;
      for (const type of [n === 0 ? 'pallet' : '1/2pallet', undefined]) {
        const res = await app.inject({
          method: 'POST',
          url: `/api/inbound_item/locations/find/${item.id}`,
          headers: { cookie: picker, [APP_HEADER]: 'demo', 'idempotency-key': randomUUID() },
          payload: { amount: 1, ...(type ? { type } : {}) },
        });
        loc = res.statusCode < 300 ? (res.json() as InboundItem).reserved_locations[0] : undefined;
        if (loc) break;
      }
      if (!loc) throw new Error('demo invoice inbound: no free location');
      await call(app, picker, 'POST', `/inbound_item/place/${item.id}`, {
        location_id: loc.location_id,
        amount: item.pieces_expected,
        raw_scan: loc.name,
      });
      await call(app, picker, 'PUT', `/inbound_item/submitInboundItem/${item.id}`);
      // (7) Checked in on the 14th of last month at 14:00.
      const at = `${mid}T13:00:00Z`;
      await db.query(
        "UPDATE inbound_items SET submitted_at = $1, created_at = $1::timestamptz - interval '3 days' WHERE id = $2",
        [at, item.id],
      );
      await db.query(`UPDATE stock_mutations SET created_at = $1 WHERE note = $2`, [
        at,
        `inbound item ${item.id}`,
      ]);
    }
    await db.query(
      `UPDATE inbounds SET checked_in_at = $1, created_at = $1::timestamptz - interval '3 days' WHERE id = $2`,
      [`${mid}T13:00:00Z`, ib.id],
    );
  }
  return result;
}

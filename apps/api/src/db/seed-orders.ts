import { randomUUID } from 'node:crypto';
import {
  APP_HEADER,
  amsterdamWallTime,
  amsterdamWallTimeToIso,
  OPEN_ORDERS_UNTIL_HOUR,
  type Order,
  type OrderImportResult,
  type OrderImportRow,
  type ShipmentBox,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../lib/auth.ts';
import type { Db } from './client.ts';
import { DEMO_USERS, type DemoUserKey, lcg, type SeedResult } from './seed.ts';

/**
 * The live demo warehouse (issue 6 §6): a week of orders per merchant in every state, with times relative to the
 * first start, made through the same HTTP calls users make (import as the merchant, pick and ship as the picker).
 * The API has no call for three things the demo needs, so after the calls a few commented SQL updates
 * (1) back-date orders (the import stamps "now"), (2) back-date shipments over the week (shipping stamps "now"),
 * (3) cancel orders and mark B2B orders (cancelling and order types arrive with the orders issue).
 */

/** The states a demo order ends in. */
export type DemoOrderState = 'open' | 'partly_picked' | 'picked' | 'shipped' | 'cancelled';

/** What {@link seedLiveOrders} made. */
export interface LiveOrdersResult {
  /** Orders per state, both merchants together. */
  byState: Record<DemoOrderState, number>;
  orders: number;
  shipments: number;
  /** Of the shipments, parcels sent with {@link DEMO_LETTERBOX_METHOD} in the letterbox box. */
  letterbox: number;
  picks: number;
}

/** Options of {@link seedLiveOrders}; the defaults give the demo of a fresh `npm start`. */
export interface LiveOrdersOptions {
  /** The moment the demo is relative to (default: now). */
  now?: Date;
  /** How many orders of each state per merchant (default {@link DEMO_ORDER_MIX}). */
  mix?: Record<DemoOrderState, number>;
  /**
   * Shipped orders per merchant over the 23 days before that week (7 to 29 days back; default 0), mostly of the
   * merchant's {@link BEST_SELLERS} best sellers, so the product table's sales figures (sold in 30 days, days until
   * out of stock, reorder point; issue 15) show a month of sales on a fresh start.
   */
  salesHistory?: number;
}

/** Shipped orders per merchant over days 7 to 29 on a fresh `npm start` (main.ts): about two a day. */
export const DEMO_SALES_HISTORY = 45;

/** How many products of each merchant the sales history mostly sells (the rest of its lines: any product). */
export const BEST_SELLERS = 12;

/** Orders per merchant and state on a fresh start: ≥ 50 pick items in the floor's default window, a week of parcels. */
export const DEMO_ORDER_MIX: Record<DemoOrderState, number> = {
  open: 24,
  partly_picked: 6,
  picked: 8,
  shipped: 28,
  cancelled: 3,
};

/**
 * Open Food Facts' placeholder names (lower case) of sample products whose name nobody entered ("Produit inconnu":
 * unknown product). They stay in the catalogue as the sample has them, but the demo's orders are not made of them, so
 * a picker's first demo pick is a named product.
 */
const PLACEHOLDER_PRODUCT_NAMES = ['produit inconnu', 'unknown product', 'onbekend product'];

/** Every how many open orders of a merchant one also holds its top seller (the first of its EANs). */
const TOP_SELLER_EVERY = 6;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const FIRST_NAMES = [
  'Emma',
  'Daan',
  'Sophie',
  'Lucas',
  'Julia',
  'Sem',
  'Tess',
  'Finn',
  'Mila',
  'Noah',
  'Zoë',
  'Levi',
  'Sara',
  'Bram',
  'Lotte',
  'Jesse',
  'Fleur',
  'Thijs',
  'Anouk',
  'Ruben',
  'Iris',
  'Milan',
  'Noor',
  'Joris',
];
const SURNAMES = [
  'de Jong',
  'Jansen',
  'de Vries',
  'van den Berg',
  'van Dijk',
  'Bakker',
  'Janssen',
  'Visser',
  'Smit',
  'Meijer',
  'de Boer',
  'Mulder',
  'de Groot',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'van Leeuwen',
  'Dekker',
  'Brouwer',
];
/** Real streets with a postcode of that street and its city. */
const ADDRESSES: { street: string; zip: string; city: string; country?: string }[] = [
  { street: 'Oudegracht', zip: '3511 AR', city: 'Utrecht' },
  { street: 'Damrak', zip: '1012 LG', city: 'Amsterdam' },
  { street: 'Grote Markt', zip: '9711 LV', city: 'Groningen' },
  { street: 'Lange Voorhout', zip: '2514 EA', city: 'Den Haag' },
  { street: 'Coolsingel', zip: '3011 AD', city: 'Rotterdam' },
  { street: 'Stratumseind', zip: '5611 ET', city: 'Eindhoven' },
  { street: 'Vrijthof', zip: '6211 LD', city: 'Maastricht' },
  { street: 'Breestraat', zip: '2311 CS', city: 'Leiden' },
  { street: 'Grote Houtstraat', zip: '2011 SN', city: 'Haarlem' },
  { street: 'Markt', zip: '2801 JG', city: 'Gouda' },
  { street: 'Steenstraat', zip: '6828 CA', city: 'Arnhem' },
  { street: 'Lange Hezelstraat', zip: '6511 CA', city: 'Nijmegen' },
  { street: 'Oude Ebbingestraat', zip: '9712 HA', city: 'Groningen' },
  { street: 'Diezerstraat', zip: '8011 RH', city: 'Zwolle' },
  { street: 'Meir', zip: '2000', city: 'Antwerpen', country: 'BE' },
];
const COMPANIES = [
  'Koffiehuis De Zwaan',
  'Lunchroom Het Hoekje',
  'Hotel Aan de Gracht',
  'Delicatessen Van Dam',
];
const PACK_NOTES = [
  'Cadeauverpakking graag',
  'Kaartje bijvoegen: gefeliciteerd!',
  'Breekbaar, extra vulmateriaal',
];

/** Midnight in Europe/Amsterdam of the day `now` falls on, as an instant. */
function amsterdamMidnight(now: Date): Date {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Amsterdam',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(
    now.getTime() - ((n('hour') * 60 + n('minute')) * 60 + n('second')) * 1000 - now.getMilliseconds(),
  );
}

/**
 * The methods a share of the demo's open and picked Dutch orders get (four in ten, in turn; the rest keep the default
 * method),
 * so the packing station shows PostNL, stamp and own-shipment buttons (spec 1 §4; ADR 0044).
 */
const PACKING_VARIANTS: readonly (string | undefined)[] = [
  'SMF-POSTNL-NL',
  undefined,
  undefined,
  'SMF-STAMP1-NL',
  undefined,
  'OWN-SHIPMENT',
  undefined,
  undefined,
  'SMF-STAMP2-NL',
  undefined,
];

interface PlannedOrder {
  shopOrderId: string;
  state: DemoOrderState;
  placedAt: Date;
  /** For shipped orders: when the parcel left. */
  shippedAt?: Date;
  b2b: boolean;
  methodCode?: string;
  rows: OrderImportRow[];
}

/**
 * Places `count` moments (sorted, oldest first) over the past days: `fromDay` and `toDay` are whole days back
 * (0 = today, Amsterdam), spread evenly; earlier days between 07:00 and 21:00, today's share after midnight and a
 * minute before both `now` and today's 22:00 ({@link OPEN_ORDERS_UNTIL_HOUR}), so "today" tiles, the floor's default
 * window and the packing station's default board (00:00 four days ago until 22:00 today, spec 1 §2) hold them on a
 * start at any hour. `rand` returns [0, 1).
 */
export function demoOrderMoments(
  now: Date,
  count: number,
  fromDay: number,
  toDay: number,
  rand: () => number,
): Date[] {
  const midnight = amsterdamMidnight(now);
  const cutoff = Date.parse(
    amsterdamWallTimeToIso(amsterdamWallTime(now, { hour: OPEN_ORDERS_UNTIL_HOUR })) ?? now.toISOString(),
  );
  const out: Date[] = [];
  for (let i = 0; i < count; i++) {
    const day = fromDay + Math.floor((i * (toDay - fromDay + 1)) / Math.max(1, count));
    const dayStart = midnight.getTime() - day * DAY;
    // 07:00-21:00 on earlier days; today between midnight and now (at least a minute back), and before the boards'
    // default end of today 22:00, so a fresh start late in the evening shows today's orders too.
    const todayEnd = Math.min(now.getTime(), cutoff) - 60_000;
    const at =
      day === 0
        ? dayStart + (todayEnd - dayStart) * (0.1 + 0.85 * rand())
        : dayStart + 7 * HOUR + rand() * 14 * HOUR;
    out.push(new Date(Math.min(at, todayEnd)));
  }
  return out.sort((a, b) => a.getTime() - b.getTime());
}

function planOrders(
  prefix: string,
  eans: string[],
  now: Date,
  mix: Record<DemoOrderState, number>,
  rand: () => number,
  history = 0,
): PlannedOrder[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const moments: Record<DemoOrderState, Date[]> = {
    // Open work sits in the floor's default window: placed today and up to three days back.
    open: demoOrderMoments(now, mix.open, 0, 3, rand),
    partly_picked: demoOrderMoments(now, mix.partly_picked, 0, 2, rand),
    picked: demoOrderMoments(now, mix.picked, 0, 1, rand),
    // Parcels over the past week, today included; each placed some hours before it shipped.
    shipped: demoOrderMoments(now, mix.shipped, 0, 6, rand),
    cancelled: demoOrderMoments(now, mix.cancelled, 1, 5, rand),
  };
  // The month before: parcels of the best sellers, one to three pieces a line (the sales history, issue 15).
  const older = new Set(demoOrderMoments(now, history, 7, 29, rand));
  moments.shipped = [...older, ...moments.shipped];
  const planned: PlannedOrder[] = [];
  let n = 1001;
  let productCursor = Math.floor(rand() * eans.length);
  let openIndex = 0;
  for (const state of Object.keys(moments) as DemoOrderState[]) {
    for (const moment of moments[state]) {
      const shopOrderId = `${prefix}-${n++}`;
      const b2b = rand() < 0.08;
      const drawn = b2b ? 3 + Math.floor(rand() * 3) : rand() < 0.55 ? 1 : 2 + Math.floor(rand() * 2);
      // A partly picked order has a picked line and a line still on the shelf.
      const lineCount = state === 'partly_picked' ? Math.max(2, drawn) : drawn;
      const address = pick(ADDRESSES);
      const shippedAt = state === 'shipped' ? moment : undefined;
      // A shipped order was placed 2-20 hours before its parcel left, never in the future.
      const placedAt = shippedAt ? new Date(shippedAt.getTime() - (2 + rand() * 18) * HOUR) : moment;
      const rows: OrderImportRow[] = [];
      const fromHistory = older.has(moment);
      const used = new Set<string>();
      for (let l = 0; l < lineCount; l++) {
        // History lines favour the first best sellers (rand² leans to the start of the list), one line per product.
        let ean = fromHistory
          ? (eans[Math.floor(rand() ** 2 * Math.min(BEST_SELLERS, eans.length))] as string)
          : (eans[productCursor++ % eans.length] as string);
        if (used.has(ean)) ean = eans[productCursor++ % eans.length] as string;
        used.add(ean);
        const base = l === 0;
        rows.push({
          order_id: shopOrderId,
          product_ean: ean,
          quantity: String(
            b2b
              ? 6 + Math.floor(rand() * 6)
              : fromHistory
                ? 1 + Math.floor(rand() * 3)
                : rand() < 0.8
                  ? 1
                  : 2,
          ),
          ...(base
            ? {
                firstName: pick(FIRST_NAMES),
                surName: pick(SURNAMES),
                streetName: address.street,
                houseNumber: String(1 + Math.floor(rand() * 120)),
                zipcode: address.zip,
                city: address.city,
                countryCode: address.country ?? 'NL',
                email: `klant${n}@example.nl`,
                ...(b2b ? { company: pick(COMPANIES) } : {}),
                ...(rand() < 0.1 ? { notesText: pick(PACK_NOTES) } : {}),
              }
            : {}),
        } as OrderImportRow);
      }
      // The merchant's top seller is also in every sixth open order, as in a real webshop: a packer's scan of it
      // marks one card to ship and the others that hold it (spec 1 §4 Open orders barcode scan).
      const top = eans[0];
      if (
        state === 'open' &&
        openIndex++ % TOP_SELLER_EVERY === TOP_SELLER_EVERY - 1 &&
        top &&
        !used.has(top)
      ) {
        rows.push({ order_id: shopOrderId, product_ean: top, quantity: '1' } as OrderImportRow);
      }
      planned.push({
        shopOrderId,
        state,
        placedAt,
        shippedAt,
        b2b,
        methodCode: address.country === 'BE' ? 'SMF-POSTNL-BE' : rand() < 0.4 ? 'SMF-POSTNL-NL' : undefined,
        rows,
      });
    }
  }
  return planned;
}

/** The labels of the demo boxes a packer takes for a parcel ({@link DEMO_SHIPMENT_BOXES} in seed.ts; BB: letterbox). */
export type DemoParcelBox = 'BB' | 'S' | 'M' | 'L';

/**
 * The box a packer takes for a demo parcel (spec 1 §4 shipping a card with its packaging; the box's price is the
 * order's fulfilment fee on the invoice, ADR 0052): a letterbox parcel ({@link fitsDemoLetterbox}, sent with
 * {@link DEMO_LETTERBOX_METHOD}) goes in the letterbox box BB; else a B2B order's cartons and parcels of four pieces
 * or more go in L, two or three pieces in M, one piece in S. `pieces` is the order's total quantity.
 */
export function demoParcelBox(pieces: number, b2b: boolean, letterbox = false): DemoParcelBox {
  if (letterbox) return 'BB';
  if (b2b || pieces >= 4) return 'L';
  return pieces >= 2 ? 'M' : 'S';
}

/** The demo's letterbox method (PostNL brievenbuspakje, product 2928; {@link DEMO_SHIPMENT_METHODS} in seed.ts). */
export const DEMO_LETTERBOX_METHOD = 'SMF-BRIEF-NL';

/**
 * The heaviest piece the demo's packer puts through a letterbox, kg: the demo's products carry a weight but no sizes,
 * and a piece of at most half a kilo (a pack of stroopwafels, a bag of coffee) fits the letterbox box (38 × 26.5 ×
 * 3.2 cm; PostNL takes letterbox parcels up to 2 kg).
 */
export const DEMO_LETTERBOX_PIECE_KG = 0.5;

/**
 * Whether a demo parcel goes through the letterbox (spec 1 §9 methods; the packer's choice at the packing station): a
 * consumer parcel within the Netherlands (`country` ISO alpha-2; not B2B) of one or two pieces, each weighing at most
 * {@link DEMO_LETTERBOX_PIECE_KG} (`lines`: quantity and the product's weight in kg, null when unknown, which does
 * not fit).
 */
export function fitsDemoLetterbox(
  lines: readonly { quantity: number; weightKg: number | null }[],
  country: string,
  b2b: boolean,
): boolean {
  const pieces = lines.reduce((n, l) => n + l.quantity, 0);
  return (
    country === 'NL' &&
    !b2b &&
    pieces >= 1 &&
    pieces <= 2 &&
    lines.every((l) => l.weightKg !== null && l.weightKg <= DEMO_LETTERBOX_PIECE_KG)
  );
}

/**
 * Packs a demo order as the packer does at the packing station before shipping it: the box of {@link demoParcelBox}
 * chosen on the order card (`POST /api/order/shipment_package/{id}` {id}, the order's `selected_packaging_option`,
 * which `POST /orders/ship` then uses); `letterbox` when the packer chose the letterbox method for it (the BB box).
 * `boxes` are the ids by label from `GET /api/shipment_boxes` ({@link demoBoxIds}); a label missing there leaves the
 * order without a box. Throws when the call fails.
 */
export async function packDemoOrder(
  app: FastifyInstance,
  cookie: string,
  order: Pick<Order, 'id' | 'order_type' | 'products'>,
  boxes: ReadonlyMap<string, string>,
  letterbox = false,
): Promise<void> {
  const pieces = order.products.reduce((n, line) => n + line.quantity, 0);
  const box = boxes.get(demoParcelBox(pieces, order.order_type === 'b2b_order', letterbox));
  if (!box) return;
  const res = await app.inject({
    method: 'POST',
    url: `/api/order/shipment_package/${order.id}`,
    headers: { cookie, 'idempotency-key': randomUUID() },
    payload: { id: box },
  });
  if (res.statusCode >= 300)
    throw new Error(`demo box for order ${order.id} refused: ${res.statusCode} ${res.body.slice(0, 300)}`);
}

/** The shipment boxes' ids by label, as the packing station lists them (`GET /api/shipment_boxes`). */
export async function demoBoxIds(app: FastifyInstance, cookie: string): Promise<Map<string, string>> {
  const res = await app.inject({ method: 'GET', url: '/api/shipment_boxes', headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`demo GET /shipment_boxes failed: ${res.statusCode}`);
  return new Map(res.json<ShipmentBox[]>().map((b) => [b.label, b.id]));
}

/**
 * The two demo merchants as their owners, each with the session's current shop set to theirs (`POST /orgs/set_curr`)
 * and the ids of up to `limit` of their products that lie on an active location with at least 10 pieces, by name:
 * what the demo's manual orders are made of (seed-new-orders.ts, seed-drive.ts). A shop that is missing is left out.
 */
export async function demoShopsWithStock(
  app: FastifyInstance,
  db: Db,
  limit: number,
): Promise<{ key: 'bolOwner' | 'stroopOwner'; cookie: string; products: string[] }[]> {
  const shops: { key: 'bolOwner' | 'stroopOwner'; cookie: string; products: string[] }[] = [];
  for (const [key, name] of [
    ['bolOwner', 'Bakkerij Bol'],
    ['stroopOwner', 'Stroopwafel & Co'],
  ] as const) {
    const org = await db.query<{ id: string }>('SELECT id FROM organisations WHERE name = $1', [name]);
    const orgId = org.rows[0]?.id;
    if (!orgId) continue;
    const cookie = await login(app, key);
    const set = await app.inject({
      method: 'POST',
      url: '/api/orgs/set_curr',
      headers: { cookie, [APP_HEADER]: 'demo', 'idempotency-key': randomUUID() },
      payload: { customer_id: orgId },
    });
    if (set.statusCode >= 300) throw new Error(`demo POST /orgs/set_curr failed: ${set.statusCode}`);
    const stocked = await db.query<{ id: string }>(
      `SELECT p.id FROM products p
        WHERE p.org_id = $1 AND EXISTS (SELECT 1 FROM product_locations pl
                                         WHERE pl.product_id = p.id AND pl.active AND pl.stock >= 10)
          AND lower(p.name) <> ALL($3::text[])
        ORDER BY p.name LIMIT $2`,
      [orgId, limit, PLACEHOLDER_PRODUCT_NAMES],
    );
    shops.push({ key, cookie, products: stocked.rows.map((r) => r.id) });
  }
  return shops;
}

/** Logs a demo user in through `POST /api/login` and answers the `Cookie` header (also the demo stock's, seed-stock.ts). */
export async function login(app: FastifyInstance, key: DemoUserKey): Promise<string> {
  const u = DEMO_USERS[key];
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: u.email, password: u.password },
  });
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (res.statusCode !== 200 || !cookie)
    throw new Error(`demo login of ${u.email} failed: ${res.statusCode}`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

async function call<T>(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<{ body: T; headers: Record<string, unknown> }> {
  const res = await app.inject({
    method,
    url,
    headers: { cookie, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (res.statusCode >= 300)
    throw new Error(`demo ${method} ${url} failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return { body: (isJson ? res.json() : res.rawPayload) as T, headers: res.headers };
}

/**
 * Creates the live demo orders (issue 6 §6) on a database that {@link seedDemo} just filled, through `app`'s HTTP
 * routes: per merchant a week of orders in every state of {@link DEMO_ORDER_MIX} — open and unpicked, partly
 * picked, picked and waiting at the packing station, shipped in a box that fits ({@link packDemoOrder}) with label,
 * packing slip and tracking number (spread over the last seven days, some today; a parcel of one or two small pieces
 * without a carrier of the shop's through the letterbox, {@link fitsDemoLetterbox}), cancelled — with Dutch
 * addresses, single-line, multi-line and B2B orders.
 * Deterministic apart from the times, which are relative to `now`. Throws when a call fails.
 */
export async function seedLiveOrders(
  app: FastifyInstance,
  db: Db,
  seed: SeedResult,
  opts: LiveOrdersOptions = {},
): Promise<LiveOrdersResult> {
  const now = opts.now ?? new Date();
  const mix = opts.mix ?? DEMO_ORDER_MIX;
  const rand = lcg(20_261_122);
  const picker = await login(app, 'picker');
  const boxes = await demoBoxIds(app, picker);
  const result: LiveOrdersResult = {
    byState: { open: 0, partly_picked: 0, picked: 0, shipped: 0, cancelled: 0 },
    orders: 0,
    shipments: 0,
    letterbox: 0,
    picks: 0,
  };

  const merchants: { key: DemoUserKey; orgId: string; prefix: string }[] = [
    { key: 'bolOwner', orgId: seed.orgs.bol, prefix: 'BB' },
    { key: 'stroopOwner', orgId: seed.orgs.stroop, prefix: 'SW' },
  ];
  let variantTurn = 0;
  for (const m of merchants) {
    // Products with stock on a pick location, in a fixed order, so every fresh start looks the same.
    const products = (
      await db.query<{ ean: string; weight_kg: string | null }>(
        `SELECT p.ean, p.weight_kg FROM products p
          WHERE p.org_id = $1 AND EXISTS (SELECT 1 FROM product_locations pl WHERE pl.product_id = p.id AND pl.stock >= 20)
            AND lower(p.name) <> ALL($2::text[])
          ORDER BY p.ean LIMIT 400`,
        [m.orgId, PLACEHOLDER_PRODUCT_NAMES],
      )
    ).rows;
    const eans = products.map((r) => r.ean);
    const weightOf = new Map(products.map((r) => [r.ean, r.weight_kg === null ? null : Number(r.weight_kg)]));
    if (eans.length === 0) continue;
    const planned = planOrders(m.prefix, eans, now, mix, rand, opts.salesHistory ?? 0);
    const owner = await login(app, m.key);
    const imported = (
      await call<OrderImportResult>(
        app,
        owner,
        'POST',
        '/api/orders/import',
        planned.flatMap((o) => o.rows),
      )
    ).body;
    if (imported.errors.length > 0)
      throw new Error(`demo order import refused rows: ${JSON.stringify(imported.errors.slice(0, 3))}`);
    const idOf = new Map(imported.orders.map((o) => [o.order_id, o.id]));

    // (1) The import stamps orders with the moment of the import; the demo's orders arrived over the past week (one
    // statement for the merchant's orders: a statement per order cost ≈ 10 ms each on PGlite).
    await db.query(
      `UPDATE orders o SET placed_at = v.at, created_at = v.at
         FROM unnest($1::text[], $2::timestamptz[]) AS v(id, at) WHERE o.id = v.id`,
      [planned.map((o) => idOf.get(o.shopOrderId)), planned.map((o) => o.placedAt)],
    );
    // (3) Order types are not part of the import yet: mark the B2B orders as such.
    const b2b = planned.filter((o) => o.b2b).map((o) => idOf.get(o.shopOrderId));
    if (b2b.length > 0)
      await db.query(`UPDATE orders SET order_type = 'b2b_order' WHERE id = ANY($1)`, [b2b]);

    const parcels: { order: string; shipment: string; at: Date }[] = [];
    for (const o of planned) {
      const id = idOf.get(o.shopOrderId) as string;
      result.orders++;
      result.byState[o.state]++;
      // (4) Some open and picked orders wait with a carrier's method, as the packer chose it through the card, so
      // the packing station shows each ship button on a fresh start: PostNL, stamps, own shipment (ADR 0044).
      const variant =
        o.state === 'open' || o.state === 'picked'
          ? PACKING_VARIANTS[variantTurn++ % PACKING_VARIANTS.length]
          : undefined;
      if (variant && o.rows[0]?.countryCode === 'NL')
        await call(app, picker, 'POST', `/api/order/shipment_method/${id}`, { code: variant });
      if (o.state === 'open') continue;
      if (o.state === 'cancelled') {
        // (3) No cancel call exists yet (orders issue): the shop cancelled these before they were picked.
        await db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [id]);
        continue;
      }
      const order = (await call<Order>(app, picker, 'GET', `/api/order/get/${id}`)).body;
      const lines = o.state === 'partly_picked' ? order.products.slice(0, 1) : order.products;
      for (const line of lines) {
        if (!line.pick_location) continue;
        await call(
          app,
          picker,
          'POST',
          '/api/pick_list/confirm',
          {
            order_line_id: line.id,
            quantity: line.quantity,
            location_id: line.pick_location.id,
            scanned: line.ean,
          },
          { 'idempotency-key': randomUUID() },
        );
        result.picks++;
      }
      if (o.state !== 'shipped') continue;
      // A parcel of one or two small pieces whose shop asked for no carrier goes through the letterbox: the packer
      // chooses the letterbox method on the order card and packs it in the letterbox box.
      const letterbox =
        !o.methodCode &&
        fitsDemoLetterbox(
          o.rows.map((r) => ({
            quantity: Number(r.quantity),
            weightKg: weightOf.get(String(r.product_ean)) ?? null,
          })),
          String(o.rows[0]?.countryCode ?? ''),
          o.b2b,
        );
      if (letterbox)
        await call(app, picker, 'POST', `/api/order/shipment_method/${id}`, { code: DEMO_LETTERBOX_METHOD });
      // The packer packs the parcel in a box that fits it (its price is the order's fulfilment fee), then ships.
      await packDemoOrder(app, picker, order, boxes, letterbox);
      const shipped = await call<Buffer>(app, picker, 'POST', '/api/orders/ship', {
        order_id: id,
        ...(o.methodCode ? { method_code: o.methodCode } : {}),
        ...(o.b2b ? { label_quantity: 2 } : {}),
      });
      if (letterbox) result.letterbox++;
      result.shipments++;
      parcels.push({
        order: id,
        shipment: String(shipped.headers['x-shipment-id']),
        at: o.shippedAt as Date,
      });
    }
    // (2) Shipping stamps "now": the merchant's parcels left over the past week (and the month before), their pieces
    // were picked half an hour before; one statement per table.
    await db.query(
      `UPDATE shipments s SET created_at = v.at
         FROM unnest($1::text[], $2::timestamptz[]) AS v(id, at) WHERE s.id = v.id`,
      [parcels.map((p) => p.shipment), parcels.map((p) => p.at)],
    );
    await db.query(
      `UPDATE orders o SET shipped_at = v.at
         FROM unnest($1::text[], $2::timestamptz[]) AS v(id, at) WHERE o.id = v.id`,
      [parcels.map((p) => p.order), parcels.map((p) => p.at)],
    );
    await db.query(
      `UPDATE stock_mutations m SET created_at = v.at
         FROM unnest($1::text[], $2::timestamptz[]) AS v(id, at) WHERE m.order_id = v.id`,
      [parcels.map((p) => p.order), parcels.map((p) => new Date(p.at.getTime() - HOUR / 2))],
    );
  }
  return result;
}

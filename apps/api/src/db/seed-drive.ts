import { randomUUID } from 'node:crypto';
import { APP_HEADER, type CreateOrderBody, type CreateOrderResult, DRIVE_CARRIER_CODE } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from './client.ts';
import { demoShopsWithStock, login } from './seed-orders.ts';

/** The demo's shipment method of the warehouse's own drivers (carrier `drive`; ADR 0133). */
export const DEMO_DRIVE_METHOD = {
  name: 'Bezorging eigen rijders',
  code: 'HOPPA-RIT-NL',
  carrier: DRIVE_CARRIER_CODE,
  group: 'Eigen bezorging',
  price: 5.95,
  purchase_price: 3.5,
  cut_off: '12:00',
  late_drop_surcharge: 0,
  peak_surcharge: 0,
  country_code: 'nl',
} as const;

/**
 * Delivery addresses of the demo's drive orders: a real street with a postcode of it in 33 places across the
 * Netherlands, and one hamlet (Ransdorp, fewer than 1,000 inhabitants) that the offline place list does not know, so
 * the route plan shows an unplaceable order.
 */
export const DRIVE_ADDRESSES: { street: string; nr: string; zip: string; city: string }[] = [
  { street: 'Grote Houtstraat', nr: '70', zip: '2011 SR', city: 'Haarlem' },
  { street: 'Westzijde', nr: '12', zip: '1506 EA', city: 'Zaandam' },
  { street: 'Langestraat', nr: '35', zip: '1811 JB', city: 'Alkmaar' },
  { street: 'Grote Noord', nr: '40', zip: '1621 KK', city: 'Hoorn' },
  { street: 'Kaasmarkt', nr: '5', zip: '1441 BG', city: 'Purmerend' },
  { street: 'Stationsplein', nr: '10', zip: '1315 KT', city: 'Almere' },
  { street: 'Stadhuisplein', nr: '2', zip: '8232 ZX', city: 'Lelystad' },
  { street: 'Kerkstraat', nr: '63', zip: '1211 CL', city: 'Hilversum' },
  { street: 'Langestraat', nr: '20', zip: '3811 AH', city: 'Amersfoort' },
  { street: 'Oudegracht', nr: '158', zip: '3511 AZ', city: 'Utrecht' },
  { street: 'Breestraat', nr: '91', zip: '2311 CK', city: 'Leiden' },
  { street: 'Lange Voorhout', nr: '34', zip: '2514 EE', city: 'Den Haag' },
  { street: 'Oude Delft', nr: '90', zip: '2611 CD', city: 'Delft' },
  { street: 'Coolsingel', nr: '40', zip: '3011 AD', city: 'Rotterdam' },
  { street: 'Voorstraat', nr: '180', zip: '3311 ES', city: 'Dordrecht' },
  { street: 'Markt', nr: '27', zip: '2801 JJ', city: 'Gouda' },
  { street: 'Ginnekenstraat', nr: '18', zip: '4811 JE', city: 'Breda' },
  { street: 'Heuvelstraat', nr: '55', zip: '5038 AE', city: 'Tilburg' },
  { street: 'Hinthamerstraat', nr: '90', zip: '5211 MS', city: "'s-Hertogenbosch" },
  { street: 'Stratumseind', nr: '32', zip: '5611 ET', city: 'Eindhoven' },
  { street: 'Lange Hezelstraat', nr: '15', zip: '6511 CA', city: 'Nijmegen' },
  { street: 'Steenstraat', nr: '28', zip: '6828 CA', city: 'Arnhem' },
  { street: 'Hoofdstraat', nr: '110', zip: '7311 AL', city: 'Apeldoorn' },
  { street: 'Brink', nr: '60', zip: '7411 BV', city: 'Deventer' },
  { street: 'Diezerstraat', nr: '41', zip: '8011 RH', city: 'Zwolle' },
  { street: 'Oude Markt', nr: '14', zip: '7511 GB', city: 'Enschede' },
  { street: 'Oude Ebbingestraat', nr: '22', zip: '9712 HA', city: 'Groningen' },
  { street: 'Nieuwestad', nr: '79', zip: '8911 CN', city: 'Leeuwarden' },
  { street: 'Brink', nr: '8', zip: '9401 HS', city: 'Assen' },
  { street: 'Vrijthof', nr: '47', zip: '6211 LE', city: 'Maastricht' },
  { street: 'Lomstraat', nr: '19', zip: '5911 ED', city: 'Venlo' },
  { street: 'Lange Delft', nr: '42', zip: '4331 AP', city: 'Middelburg' },
  { street: 'Keizersstraat', nr: '60', zip: '1781 GH', city: 'Den Helder' },
  { street: 'Dorpsstraat', nr: '3', zip: '1027 AG', city: 'Ransdorp' },
];

const FIRST = [
  'Daan',
  'Emma',
  'Sem',
  'Julia',
  'Lucas',
  'Mila',
  'Finn',
  'Tess',
  'Levi',
  'Sara',
  'Noah',
  'Zoë',
];
const LAST = [
  'de Jong',
  'Jansen',
  'de Vries',
  'van Dijk',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'de Boer',
  'Mulder',
];

async function call<T>(app: FastifyInstance, cookie: string, method: 'POST', url: string, payload: unknown) {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie, [APP_HEADER]: 'demo', 'idempotency-key': randomUUID() },
    payload: payload as object,
  });
  if (res.statusCode >= 300)
    throw new Error(`demo ${method} ${url} failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json() as T;
}

/**
 * The route plan's demo (spec 3 §7 sales/routes; ADR 0133): the admin adds the own drivers' shipment method
 * ({@link DEMO_DRIVE_METHOD}) with `POST /shipment_methods/add`, and the two merchants' owners place one open order
 * with it to each of {@link DRIVE_ADDRESSES} through `POST /orders` (the shops take turns), so /planning shows routes
 * over the Netherlands and one unplaceable order on a fresh start. Returns how many orders it made; throws when a call
 * fails.
 */
export async function seedLiveDrive(app: FastifyInstance, db: Db): Promise<number> {
  const admin = await login(app, 'admin');
  await call(app, admin, 'POST', '/shipment_methods/add', DEMO_DRIVE_METHOD);
  const shops = (await demoShopsWithStock(app, db, 5)).filter((s) => s.products.length > 0);
  let made = 0;
  for (const [i, a] of DRIVE_ADDRESSES.entries()) {
    const shop = shops[i % shops.length];
    if (!shop) break;
    const first = FIRST[i % FIRST.length] as string;
    const last = LAST[(i * 7) % LAST.length] as string;
    await call<CreateOrderResult>(app, shop.cookie, 'POST', '/orders', {
      order_type: 'manual_order',
      products: [{ product_id: shop.products[i % shop.products.length] as string, quantity: 1 + (i % 3) }],
      shipment_details: {
        countryCode: 'NL',
        name: first,
        surename: last,
        streetname: a.street,
        housenumber: a.nr,
        postalcode: a.zip,
        city: a.city,
        email: `${first.toLowerCase().replace(/[^a-z]/g, '')}.${i}@example.nl`,
      },
      ship_option: DEMO_DRIVE_METHOD.code,
      type: 'webshop_order',
    } satisfies CreateOrderBody);
    made++;
  }
  return made;
}

import {
  type AdminShipmentBox,
  type AdminShipmentMethod,
  type AdminSurcharge,
  APP_HEADER,
  type Page,
  type ShipmentBoxBody,
  type ShipmentMethodBody,
  type SurchargeBody,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { login } from './seed-orders.ts';

/**
 * What the admin area's demo gives each shipment method of the seed (issue 16 item 7): its group, purchase price,
 * cut-off time and surcharges, by code. Methods not named keep their seed values and get the group 'Overig' (the demo's names are Dutch, like its
 * methods and boxes).
 */
const METHOD_DETAILS: Record<
  string,
  { group: string; purchase: number; cutOff: string | null; lateDrop: number; peak: number }
> = {
  'LOCAL-NL': { group: 'Lokale bezorging', purchase: 3.1, cutOff: '16:00', lateDrop: 1.5, peak: 0.5 },
  'SMF-BRIEF-NL': { group: 'PostNL', purchase: 3.05, cutOff: '17:00', lateDrop: 1, peak: 0.35 },
  'SMF-POSTNL-NL': { group: 'PostNL', purchase: 5.2, cutOff: '17:00', lateDrop: 1, peak: 0.5 },
  // The own drivers' method of the route plan's demo (seed-drive.ts): as it was added.
  'HOPPA-RIT-NL': { group: 'Eigen bezorging', purchase: 3.5, cutOff: '12:00', lateDrop: 0, peak: 0 },
};

/** The demo's boxes: outer sizes in mm, purchase cost and the supplier's package code, by name. */
const BOX_DETAILS: Record<string, { size: [number, number, number]; purchase: number; code: string }> = {
  Brievenbusdoos: { size: [380, 265, 32], purchase: 0.22, code: 'BB-380' },
  'Doos S (20x15x10)': { size: [200, 150, 100], purchase: 0.31, code: 'DS-201510' },
  'Doos M (30x20x15)': { size: [300, 200, 150], purchase: 0.42, code: 'DM-302015' },
  'Doos L (40x30x20)': { size: [400, 300, 200], purchase: 0.61, code: 'DL-403020' },
  Pallet: { size: [1200, 800, 1500], purchase: 9.5, code: 'EUR-PAL' },
};

/** A box the admin adds on the first day, and one surcharge per type the seed lacks. */
const NEW_BOX: ShipmentBoxBody = {
  name: 'Doos XL (60x40x40)',
  label: 'XL',
  max_size: { L: 600, W: 400, H: 400 },
  fulfillment_cost: 1.75,
  package_cost: 1.1,
  purchase_cost: 0.95,
  package_code: 'DXL-604040',
};
const NEW_SURCHARGES: SurchargeBody[] = [
  { code: 'FRAGILE', name: 'Breekbaar inpakken', price: 0.75, type: 'order-line', note: 'Extra noppenfolie' },
  { code: 'GIFT', name: 'Cadeauverpakking', price: 1.5, type: 'order-line', note: null },
  { code: 'COOL', name: 'Koelelement', price: 1.2, type: 'order', note: 'Per zending' },
  { code: 'STORE-SPECIAL', name: 'Opslag speciale goederen', price: 5, type: 'store', note: null },
  {
    code: 'LABEL-PIECE',
    name: 'Etiketteren per stuk',
    price: 0.12,
    type: 'line-amount',
    note: 'Per stuk in de order',
  },
  {
    code: 'INSERT',
    name: 'Flyer bijvoegen',
    price: 0.05,
    type: 'order',
    note: 'Flyer van de winkel in elk pakket',
  },
];

/**
 * The admin area's demo (issue 16 item 7), through its own routes as the provider's admin: groups, purchase prices,
 * cut-off times and surcharges on the seed's shipment methods, sizes, purchase costs and package codes on its boxes,
 * an XL box, and surcharges of every type (store, order, order-line, line-amount; those already there are kept).
 * Run before the product card's demo, which chooses a surcharge from this list. Throws when a call fails.
 */
export async function seedLiveAdmin(
  app: FastifyInstance,
): Promise<{ methods: number; boxes: number; surcharges: number }> {
  const cookie = await login(app, 'admin');
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<T> => {
    const res = await app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie, [APP_HEADER]: 'demo' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    if (res.statusCode >= 300)
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res.json() as T;
  };

  const methods = await call<Page<AdminShipmentMethod>>('GET', '/shipment_methods/list?limit=200');
  for (const m of methods.items) {
    const d = METHOD_DETAILS[m.code];
    const body: ShipmentMethodBody = {
      name: m.name,
      code: m.code,
      carrier: m.carrier as ShipmentMethodBody['carrier'],
      group: d?.group ?? (m.carrier === 'dhl' ? 'DHL' : m.carrier === 'postnl' ? 'PostNL' : 'Overig'),
      price: m.price,
      purchase_price: d?.purchase ?? Math.round(m.price * 70) / 100,
      cut_off: d?.cutOff ?? (m.carrier === 'own' ? null : '15:30'),
      late_drop_surcharge: d?.lateDrop ?? 0,
      peak_surcharge: d?.peak ?? 0,
      country_code: m.country_code,
      active: m.active,
    };
    await call('PUT', `/shipment_methods/${m.id}`, body);
  }

  const boxes = await call<Page<AdminShipmentBox>>('GET', '/shipment_boxes/list?limit=200');
  for (const b of boxes.items) {
    const d = BOX_DETAILS[b.name];
    if (!d) continue;
    await call('PUT', `/shipment_boxes/${b.id}`, {
      name: b.name,
      label: b.label,
      max_size: { L: d.size[0], W: d.size[1], H: d.size[2] },
      fulfillment_cost: b.fulfillment_cost,
      package_cost: b.package_cost,
      purchase_cost: d.purchase,
      package_code: d.code,
    } satisfies ShipmentBoxBody);
  }
  if (!boxes.items.some((b) => b.name === NEW_BOX.name)) await call('POST', '/shipment_boxes/add', NEW_BOX);

  const have = await call<Page<AdminSurcharge>>('GET', '/surcharges/list?limit=200');
  const codes = new Set(have.items.map((s) => s.code.toLowerCase()));
  let added = 0;
  for (const s of NEW_SURCHARGES) {
    if (codes.has(s.code.toLowerCase())) continue;
    await call('POST', '/surcharge/add', s);
    added++;
  }
  return {
    methods: methods.items.length,
    boxes: boxes.items.length + 1,
    surcharges: have.items.length + added,
  };
}

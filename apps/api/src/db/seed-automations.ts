import { randomUUID } from 'node:crypto';
import {
  APP_HEADER,
  type Automation,
  type BundleImportResult,
  gtinCheckDigit,
  type OrderImportResult,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from './client.ts';
import { login } from './seed-orders.ts';

/** What {@link seedLiveAutomations} made. */
export interface LiveAutomationsResult {
  bundles: number;
  rules: number;
  orders: number;
}

async function post<T>(app: FastifyInstance, cookie: string, url: string, payload: unknown): Promise<T> {
  const res = await app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { cookie, [APP_HEADER]: 'demo', 'idempotency-key': randomUUID() },
    payload: payload as object,
  });
  if (res.statusCode >= 300)
    throw new Error(`demo POST ${url} failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json() as T;
}

/** A valid EAN-13 from a 12-digit body. */
const ean13 = (body: string) => `${body}${gtinCheckDigit(body)}`;

/**
 * Bundles and automation rules of the demo (issue 15 item 4), made through the calls the import screen and the
 * product card make, as Bakkerij Bol's owner: two bundles (a gift box of three products, one of them twice, and a
 * tasting set of two) with `POST /products/import-bundles`; two rules on its best-stocked product with `POST
 * /automation/` (orders to Belgium go with PostNL BE; three or more pieces add a second product as an insert); then
 * two orders with `POST /orders/import`: one to Antwerp with three pieces (both rules apply: the order detail lists
 * them) and one gift box, which the pick list shows as its parts. Throws when a call fails.
 */
export async function seedLiveAutomations(app: FastifyInstance, db: Db): Promise<LiveAutomationsResult> {
  const made: LiveAutomationsResult = { bundles: 0, rules: 0, orders: 0 };
  const org = await db.query<{ id: string }>(`SELECT id FROM organisations WHERE name = 'Bakkerij Bol'`);
  const orgId = org.rows[0]?.id;
  if (!orgId) return made;
  const stocked = await db.query<{ id: string; ean: string; name: string }>(
    `SELECT p.id, p.ean, p.name FROM products p
      WHERE p.org_id = $1 AND EXISTS (SELECT 1 FROM product_locations pl
                                       WHERE pl.product_id = p.id AND pl.active AND pl.stock >= 20)
      ORDER BY p.name LIMIT 5`,
    [orgId],
  );
  const [a, b, c, d] = stocked.rows;
  if (!a || !b || !c || !d) return made;
  const cookie = await login(app, 'bolOwner');
  await post(app, cookie, '/orgs/set_curr', { customer_id: orgId });

  const giftBox = ean13('871999000001');
  const tasting = ean13('871999000002');
  const bundles = await post<BundleImportResult>(app, cookie, '/products/import-bundles', [
    {
      parent_ean: giftBox,
      parent_name: 'Cadeaubox Bakkerij Bol',
      description: `${b.name}, 2 × ${c.name} en ${d.name} in een geschenkdoos`,
      bundle_items: [
        { ean: b.ean, quantity: 1 },
        { ean: c.ean, quantity: 2 },
        { ean: d.ean, quantity: 1 },
      ],
    },
    {
      parent_ean: tasting,
      parent_name: 'Proefpakket',
      description: 'Kennismakingspakket',
      bundle_items: [
        { ean: c.ean, quantity: 1 },
        { ean: d.ean, quantity: 1 },
      ],
    },
  ]);
  made.bundles = bundles.success;

  await post<Automation>(app, cookie, '/automation/', {
    product_id: a.id,
    affected_field: 'shipmentDetails.countryCode',
    logical_operator: '==',
    value: 'BE',
    type: 'change',
    actions: [{ field: 'selected_ship_option', value: 'SMF-POSTNL-BE' }],
  });
  await post<Automation>(app, cookie, '/automation/', {
    product_id: a.id,
    affected_field: 'quantity',
    logical_operator: '>=',
    value: '3',
    type: 'add',
    actions: [{ ean: b.ean, quantity: 1 }],
  });
  made.rules = 2;

  const orders = await post<OrderImportResult>(app, cookie, '/orders/import', [
    {
      order_id: 'DEMO-BE-3001',
      product_ean: a.ean,
      quantity: '3',
      firstName: 'Lotte',
      surName: 'Peeters',
      streetName: 'Meir',
      houseNumber: '24',
      zipcode: '2000',
      city: 'Antwerpen',
      countryCode: 'BE',
      email: 'lotte.peeters@example.be',
    },
    {
      order_id: 'DEMO-GIFT-3002',
      product_ean: giftBox,
      quantity: '1',
      firstName: 'Eva',
      surName: 'Bakker',
      streetName: 'Oudegracht',
      houseNumber: '112',
      zipcode: '3511 AX',
      city: 'Utrecht',
      countryCode: 'NL',
      email: 'eva.bakker@example.nl',
    },
  ]);
  made.orders = orders.created;
  return made;
}

import { APP_HEADER, type StoreApiBody } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import type { BolClient } from '../lib/outside/bol.ts';
import { connectionRow, pullBolOrders } from '../modules/connections/index.ts';
import type { Db } from './client.ts';
import { DEMO_USERS } from './seed.ts';
import { login } from './seed-orders.ts';

/**
 * The demo's API connections (issue 14; docs/decisions/0043-api-connections-and-bol.md): each merchant owner adds one
 * example bol.com connection through `POST /store-api`, as the portal's add form does, disabled (its client id and
 * secret are placeholders, so no pull runs against bol.com), so /settings/apis shows a real row with its switches and
 * the owner sees what to fill in. Returns how many were made; throws when a call fails.
 */
export async function seedLiveConnections(app: FastifyInstance, db: Db): Promise<number> {
  let made = 0;
  for (const key of ['bolOwner', 'stroopOwner'] as const) {
    const cookie = await login(app, key);
    const orgs = await db.query<{ id: string }>(
      `SELECT o.id FROM organisations o JOIN memberships m ON m.org_id = o.id JOIN users u ON u.id = m.user_id
        WHERE u.email = $1 AND o.kind = 'merchant' ORDER BY o.name LIMIT 1`,
      [DEMO_USERS[key].email],
    );
    const org = orgs.rows[0]?.id;
    if (!org) continue;
    const headers = { cookie, [APP_HEADER]: 'demo' };
    const set = await app.inject({
      method: 'POST',
      url: '/api/orgs/set_curr',
      headers,
      payload: { customer_id: org },
    });
    if (set.statusCode >= 300) throw new Error(`demo set_curr failed: ${set.statusCode}`);
    const body: StoreApiBody = {
      api_name: 'bol.com (voorbeeld)',
      platform: 'bol',
      api_key: 'vul-je-client-id-in',
      secret: 'vul-je-client-secret-in',
      active: false,
    };
    const res = await app.inject({ method: 'POST', url: '/api/store-api', headers, payload: body });
    if (res.statusCode !== 201)
      throw new Error(`demo POST /store-api failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
    made += 1;
  }
  return made;
}

/** The demo's bol order with a cancellation request (bol's order id; items `<id>1`, `<id>2`). */
export const DEMO_BOL_CANCELLATION_ORDER = '1043965710';

/**
 * The demo's bol order with a cancellation request (spec 1 §4 Picking state; ADR 0128), taken in by the bol intake
 * (`pullBolOrders`, the pull every active connection runs) through Bakkerij Bol's example connection from a
 * recorded-style answer of bol instead of bol.com itself (the example's credentials are placeholders): two items of
 * two of the shop's products, the customer asked to cancel the second. So a fresh demo shows a dimmed line, the
 * order's shipping disabled and 'Annulering accepteren' (which then says the connection is disabled: the example
 * reaches no bol.com). Idempotent: a second run finds the items taken in. Answers the orders imported (0 or 1).
 */
export async function seedBolCancellationRequest(db: Db): Promise<number> {
  const found = await db.query<{ id: string; org_id: string }>(
    `SELECT c.id, c.org_id FROM api_connections c JOIN memberships m ON m.org_id = c.org_id JOIN users u ON u.id = m.user_id
      WHERE u.email = $1 AND c.platform = 'bol' ORDER BY c.created_at LIMIT 1`,
    [DEMO_USERS.bolOwner.email],
  );
  const c = found.rows[0];
  if (!c) return 0;
  const products = await db.query<{ ean: string; name: string }>(
    `SELECT ean, name FROM products WHERE org_id = $1 AND active AND ean <> '' ORDER BY name, id LIMIT 2`,
    [c.org_id],
  );
  if (products.rows.length < 2) return 0;
  const conn = await connectionRow({ db, orgIds: [c.org_id] }, c.id);
  const items = products.rows.map((p, i) => ({
    orderItemId: `${DEMO_BOL_CANCELLATION_ORDER}${i + 1}`,
    ean: p.ean,
    title: p.name,
    quantity: 1,
    cancellationRequest: i === 1,
  }));
  const placed = new Date().toISOString();
  const notHere = (what: string) => () => Promise.reject(new Error(`the demo's bol answer has no ${what}`));
  const recorded: BolClient = {
    openOrders: async (page) =>
      page === 1
        ? [
            {
              orderId: DEMO_BOL_CANCELLATION_ORDER,
              orderPlacedDateTime: placed,
              orderItems: items.map(({ title: _t, ...i }) => i),
            },
          ]
        : [],
    order: async (orderId) => ({
      orderId,
      orderPlacedDateTime: placed,
      shipmentDetails: {
        salutation: 'FEMALE',
        firstName: 'Sanne',
        surname: 'de Vries',
        streetName: 'Oudegracht',
        houseNumber: '158',
        zipCode: '3511AZ',
        city: 'Utrecht',
        countryCode: 'NL',
        email: '2vcbsx5ak4wi6nhmmn2evjgjmq@verkopen.bol.com',
        language: 'nl',
      },
      orderItems: items.map((i) => ({
        orderItemId: i.orderItemId,
        cancellationRequest: i.cancellationRequest,
        product: { ean: i.ean, title: i.title },
        quantity: i.quantity,
      })),
    }),
    exportOffers: notHere('offer export'),
    deliveryOptions: notHere('delivery options'),
    requestLabel: notHere('labels'),
    label: notHere('labels'),
    cancelOrderItem: notHere('cancellations'),
    confirmShipment: notHere('shipments'),
    waitForProcess: notHere('process status'),
  };
  return (await pullBolOrders(db, conn, recorded)).imported;
}

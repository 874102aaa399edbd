import { APP_HEADER, type StoreApiBody } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
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

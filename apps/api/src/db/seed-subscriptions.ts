import { type AddUsersBody, APP_HEADER, type SubscriptionBody } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { STANDARD_PLANS } from '../modules/users/index.ts';
import { login } from './seed-orders.ts';

/** The demo's extra colleagues per merchant owner: invited, so they show without the verified tick until they log in. */
const COLLEAGUES: Record<'bolOwner' | 'stroopOwner', AddUsersBody> = {
  bolOwner: [
    {
      first_name: 'Sanne',
      family_name: 'de Vries',
      email: 'sanne@bakkerijbol.nl',
      licence: 'CSR Manager',
      stakeholders_group: 'Klantenservice',
    },
    {
      first_name: 'Pieter',
      family_name: 'Bol',
      email: 'pieter@bakkerijbol.nl',
      licence: 'Stakeholders',
      stakeholders_group: 'Finance',
    },
  ],
  stroopOwner: [
    {
      first_name: 'Fatima',
      family_name: 'El Amrani',
      email: 'fatima@stroopwafel.nl',
      licence: 'Stakeholders',
      stakeholders_group: 'Finance',
    },
  ],
};

/**
 * The demo's plans, subscriptions and terms (issue 16): each merchant owner accepts the terms in force
 * (`GET /accept_terms`), subscribes (`POST /subscriptions`: 3 CSR Manager and 5 Stakeholders licences for the bakery, 2
 * and 3 for the stroopwafel shop) and invites colleagues (`POST /users`, their invitation mails land in
 * DATA_DIR/mail), through the routes the portal calls. The plans themselves are the standard price list of migration
 * 0270, described in Dutch and English since migration 0452. Returns how many subscriptions were made; throws when a call fails.
 */
export async function seedLiveSubscriptions(app: FastifyInstance): Promise<number> {
  const counts = { bolOwner: [3, 5], stroopOwner: [2, 3] } as const;
  let made = 0;
  for (const key of ['bolOwner', 'stroopOwner'] as const) {
    const cookie = await login(app, key);
    const headers = { cookie, [APP_HEADER]: 'demo' };
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (res.statusCode >= 300)
        throw new Error(`demo ${method} ${url} failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    };
    await call('GET', '/api/accept_terms');
    const body: SubscriptionBody = {
      subscription: [
        { id: STANDARD_PLANS.csrManager, count: counts[key][0] },
        { id: STANDARD_PLANS.stakeholders, count: counts[key][1] },
      ],
    };
    await call('POST', '/api/subscriptions', body);
    await call('POST', '/api/users', COLLEAGUES[key]);
    made += 1;
  }
  return made;
}

import {
  CurrentSubscriptionSchema,
  CurrentUserSchema,
  pageOf,
  ShopUserSchema,
  TERMS_VERSION,
} from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_USERS } from './seed.ts';
import { seedLiveSubscriptions } from './seed-subscriptions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 2 } });
});
afterAll(async () => {
  await t?.close();
});

describe('demo subscriptions, terms and colleagues (issue 16)', () => {
  it('gives each merchant accepted terms, a subscription and invited colleagues, through the routes', async () => {
    expect(await seedLiveSubscriptions(t.app)).toBe(2);
    const cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json();
    const curr = CurrentSubscriptionSchema.parse(await get('/api/current_subscr'));
    expect(curr.terms_accepted?.version).toBe(TERMS_VERSION);
    expect(curr.subscription?.plans.map((p) => [p.name, p.count])).toEqual([
      ['CSR Manager', 3],
      ['Stakeholders', 5],
    ]);
    const users = pageOf(ShopUserSchema).parse(await get('/api/users?limit=100'));
    expect(
      users.items
        .filter((u) => !u.confirmed)
        .map((u) => u.email)
        .sort(),
    ).toEqual(['pieter@bakkerijbol.nl', 'sanne@bakkerijbol.nl']);
    const me = CurrentUserSchema.parse(await get('/api/current_user'));
    expect(me.curr_org?.licences).toEqual([
      { name: 'CSR Manager', used: 2, count: 3 },
      { name: 'Stakeholders', used: 2, count: 5 },
    ]);
    expect(t.mails().filter((m) => m.includes('/reset?token'))).toHaveLength(3);
  });
});

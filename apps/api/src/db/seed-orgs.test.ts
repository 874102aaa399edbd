import { OrgDetailSchema, OrgSchema } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_USERS } from './seed.ts';
import { seedLiveOrgs } from './seed-orgs.ts';

describe('demo shops (issue 16): wizard data through PUT /orgs, one deactivated shop', () => {
  let t: TestApp;
  let closed: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 4 } });
    closed = await seedLiveOrgs(t.app, t.db);
  });
  afterAll(async () => t.close());

  it('gives each merchant a logo, contacts, addresses and VAT numbers, and leaves one shop deactivated', async () => {
    const owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const detail = OrgDetailSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/current_org', headers: { cookie: owner } })).json(),
    );
    expect(detail.profile).toMatchObject({ vat_id: 'NL851234567B01', has_logo: true });
    expect(detail.profile.contacts).toHaveLength(3);
    const admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    const off = z
      .array(OrgSchema)
      .parse(
        (await t.app.inject({ method: 'GET', url: '/api/orgs/deactive', headers: { cookie: admin } })).json(),
      );
    expect(off.map((o) => o.id)).toEqual([closed]);
    const auth = (
      await t.app.inject({ method: 'GET', url: '/api/current_org_auth', headers: { cookie: admin } })
    ).json();
    expect(auth.org.kind).toBe('provider');
  });
});

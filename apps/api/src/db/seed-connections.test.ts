import type { ApiConnection, Page } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_USERS } from './seed.ts';
import { seedLiveConnections } from './seed-connections.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 2 } });
});
afterAll(async () => {
  await t?.close();
});

describe('demo API connections (issue 14)', () => {
  it('gives each merchant owner one disabled example bol connection, made through POST /store-api', async () => {
    expect(await seedLiveConnections(t.app, t.db)).toBe(2);
    for (const key of ['bolOwner', 'stroopOwner'] as const) {
      const cookie = await t.login(DEMO_USERS[key].email, DEMO_USERS[key].password);
      const r = await t.app.inject({ method: 'GET', url: '/api/get-apis', headers: { cookie } });
      const page: Page<ApiConnection> = r.json();
      expect(page.items.map((c) => [c.api_name, c.platform, c.active, c.has_secret])).toEqual([
        ['bol.com (voorbeeld)', 'bol', false, true],
      ]);
    }
  });
});

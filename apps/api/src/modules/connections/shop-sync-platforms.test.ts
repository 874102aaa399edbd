import type { ShopSyncResult } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { startChannelEngineFake } from '../../test/fakes/channel-engine-fake.ts';
import { startLightspeedFake } from '../../test/fakes/lightspeed-fake.ts';
import { startMiraklFake } from '../../test/fakes/mirakl-fake.ts';
import { startShopwareFake } from '../../test/fakes/shopware-fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { orgId } from '../pick/test/fulfilment.fixtures.ts';

/**
 * The four adapters of ADR 0108 through the route (spec 3 §7 Sync): a merchant stores the connection as the portal's
 * form does (POST /store-api with the shop's URL) and presses Sync (GET /products/sync/{platform}). Each adapter's
 * own paging and mapping is tested against its fake in lib/outside/shops; this file proves the four are registered,
 * that the connection's fields reach them as the adapter expects, and that a second sync only links.
 */
let t: TestApp;
let owner: string;
let stroop: string;
type Fake = { url: string; invalid: string[]; close(): Promise<void> };
const fakes: Fake[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 4 } });
  owner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
  stroop = await orgId(t.db, 'Stroopwafel & Co');
  const set = await t.app.inject({
    method: 'POST',
    url: '/api/orgs/set_curr',
    headers: { cookie: owner },
    payload: { customer_id: stroop },
  });
  expect(set.statusCode, set.body).toBeLessThan(300);
});
afterAll(async () => {
  await t?.close();
  await Promise.all(fakes.map((f) => f.close()));
});

function call(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: owner, 'x-hoppa-app': 'portal' },
    ...(payload ? { payload } : {}),
  });
}

/** Each platform: how its fake starts and what the portal's form sends for it. */
const PLATFORMS: {
  platform: 'lightspeed' | 'shopware' | 'mirakl' | 'channel_engine';
  start(): Promise<{ fake: Fake; connection: Record<string, unknown> }>;
}[] = [
  {
    platform: 'lightspeed',
    async start() {
      const fake = await startLightspeedFake();
      return {
        fake,
        connection: {
          url: fake.url,
          api_key: fake.credentials.key,
          secret: fake.credentials.secret,
          platform_lang: 'NL',
        },
      };
    },
  },
  {
    platform: 'shopware',
    async start() {
      const fake = await startShopwareFake();
      return {
        fake,
        connection: {
          url: fake.url,
          api_key: fake.credentials.clientId,
          secret: fake.credentials.clientSecret,
        },
      };
    },
  },
  {
    platform: 'mirakl',
    async start() {
      const fake = await startMiraklFake();
      return { fake, connection: { url: fake.url, secret: fake.apiKey } };
    },
  },
  {
    platform: 'channel_engine',
    async start() {
      const fake = await startChannelEngineFake();
      return { fake, connection: { url: fake.url, secret: fake.apiKey } };
    },
  },
];

describe('GET /products/sync/{platform} for Lightspeed, Shopware, Mirakl and ChannelEngine (ADR 0107, 0108)', () => {
  for (const { platform, start } of PLATFORMS) {
    it(`${platform}: the stored connection reaches the shop; a second sync links what the first made`, async () => {
      const { fake, connection } = await start();
      fakes.push(fake);
      const stored = await call('POST', '/api/store-api', {
        api_name: `Winkel ${platform}`,
        platform,
        ...connection,
      });
      expect(stored.statusCode, stored.body).toBe(201);

      const first = await call('GET', `/api/products/sync/${platform}`);
      expect(first.statusCode, first.body).toBe(200);
      const a = first.json() as ShopSyncResult;
      expect(a.platform).toBe(platform);
      expect(a.units).toBeGreaterThan(0);
      expect(a.created + a.linked).toBeGreaterThan(0);
      expect(a.created + a.linked + a.skipped_count).toBe(a.units);
      expect(fake.invalid).toEqual([]);

      const linked = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM products WHERE org_id = $1 AND api_name = $2',
        [stroop, platform],
      );
      expect(linked.rows[0]?.n).toBe(a.created + a.linked);

      const again = (await call('GET', `/api/products/sync/${platform}`)).json() as ShopSyncResult;
      expect(again).toMatchObject({ units: a.units, created: 0, linked: a.created + a.linked });
    });
  }
});

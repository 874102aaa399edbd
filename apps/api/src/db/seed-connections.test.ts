import type { ApiConnection, Page } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_USERS } from './seed.ts';
import {
  DEMO_BOL_CANCELLATION_ORDER,
  seedBolCancellationRequest,
  seedLiveConnections,
} from './seed-connections.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 8 } });
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

  it('takes in a bol order with a cancellation request through the bol intake, once (ADR 0128)', async () => {
    expect(await seedBolCancellationRequest(t.db)).toBe(1);
    expect(await seedBolCancellationRequest(t.db)).toBe(0);
    const lines = await t.db.query<{ platform: string; status: string; cancellation_request: boolean }>(
      `SELECT o.platform, o.status, l.cancellation_request FROM orders o JOIN order_lines l ON l.order_id = o.id
        WHERE o.order_id = $1 ORDER BY l.position`,
      [DEMO_BOL_CANCELLATION_ORDER],
    );
    expect(lines.rows).toEqual([
      { platform: 'bol', status: 'open', cancellation_request: false },
      { platform: 'bol', status: 'open', cancellation_request: true },
    ]);
  });
});

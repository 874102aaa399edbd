import { APP_HEADER, ProblemSchema } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../db/seed.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The input classes the hardening probe found (issue 7), one deterministic request each, beside the random
 * route fuzz suite: NUL in login and sign-up, out-of-range dates on the lists, a 1 MB code echoed back.
 */
describe('bounded inputs answer 400, never 500 (issue 7)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 2 } });
    admin = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  });
  afterAll(async () => t.close());

  const expect400 = (res: { statusCode: number; body: string }, what: string) => {
    expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(400);
    expect(ProblemSchema.parse(JSON.parse(res.body)).statusCode).toBe(400);
    expect(res.body.length, what).toBeLessThan(2048);
  };

  it('refuses NUL in the login e-mail and in sign-up names', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'owner\u0000@bakkerijbol.nl', password: 'whatever-pw' },
    });
    expect400(login, 'login');
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        first_name: 'Jan\u0000',
        family_name: 'Klant',
        email: 'jan@example.nl',
        phone: '0612345678',
        password: 'long-enough-pw',
      },
    });
    expect400(signup, 'signup');
  });

  it('refuses dates outside the years 2000–2100 on open orders, pick list, shipments and product history', async () => {
    const product = (await t.db.query<{ id: string }>('SELECT id FROM products LIMIT 1')).rows[0]?.id;
    const urls = [
      '/api/orders/open/0000-01-01T00:00:00Z/2026-01-01T00:00:00Z/all',
      '/api/orders/open/2026-01-01/%2B275760-09-13T00:00:00Z/all',
      '/api/pick_list/pick/all/all/-000001-01-01T00:00:00Z/2026-01-01T00:00:00Z/all',
      '/api/shipments?start=-271821-04-20T00:00:00Z',
      '/api/shipments?end=9999-12-31T23:59:59Z',
      `/api/product/history_locations/${product}?before=0000-01-01T00:00:00Z`,
    ];
    for (const url of urls)
      expect400(
        await t.app.inject({ method: 'GET', url, headers: { cookie: admin, [APP_HEADER]: 'test' } }),
        url,
      );
  });

  it('does not echo a 1 MB shipment-method code', async () => {
    const orderId = '0123456789abcdef01234567';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/order/shipment_method/${orderId}`,
      headers: { cookie: admin, [APP_HEADER]: 'test' },
      payload: { code: 'X'.repeat(1024 * 1024) },
    });
    expect400(res, 'shipment method');
    expect(res.body).not.toContain('XXXXXXXXXX');
  });
});

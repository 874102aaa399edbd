import { APP_HEADER, newId } from '@hoppa/core';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed.ts';
import { hashPassword } from '../../lib/auth.ts';
import type { RouteEntry } from '../../lib/route.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addProductImage } from '../orders/index.ts';

/**
 * Every registered /api route, proven against the permission model (spec 1 §6, spec 2 §6, spec 3 §6;
 * docs/roles.md): 401 without a session, 403 for a role without grants, and no merchant reads another
 * merchant's records. New routes are picked up automatically from app.routeTable.
 */

const SAMPLE_ID = '0123456789abcdef01234567';

/** A concrete path for a route pattern: every `:param` filled (auth runs before validation). */
function concrete(url: string, value = SAMPLE_ID): string {
  return url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, value).replace(/\*$/, 'x');
}

const isDocs = (r: RouteEntry) => r.url === '/api/docs' || r.url.startsWith('/api/docs/');

describe('every /api route checks session and grants', () => {
  let t: TestApp;
  let apiRoutes: RouteEntry[];
  let noGrantsCookie: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 4 } });
    apiRoutes = t.app.routeTable.filter((r) => (r.url === '/api' || r.url.startsWith('/api/')) && !isDocs(r));
    const roleId = newId();
    await t.db.query(
      `INSERT INTO roles (id, key, name, grants, all_orgs) VALUES ($1, 'test_nothing', 'Nothing', '[]', false)`,
      [roleId],
    );
    await t.db.query(
      `INSERT INTO users (id, first_name, family_name, email, password_hash, curr_role_id, curr_org_id)
       VALUES ($1, 'No', 'Grants', 'nogrants@example.nl', $2, $3, $4)`,
      [newId(), await hashPassword('no-grants-pw'), roleId, t.seed?.orgs.bol],
    );
    noGrantsCookie = await t.login('nogrants@example.nl', 'no-grants-pw');
  });
  afterAll(async () => t.close());

  const call = (r: RouteEntry, cookie?: string, path = concrete(r.url)) =>
    t.app.inject({
      method: r.method as HTTPMethods,
      url: path,
      headers: { [APP_HEADER]: 'test', ...(cookie ? { cookie } : {}) },
      payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
    });

  it('registers every /api route from a core endpoint (so it gets schemas, OpenAPI and checks)', () => {
    expect(apiRoutes.length).toBeGreaterThan(10);
    const bare = apiRoutes.filter((r) => !r.endpoint).map((r) => `${r.method} ${r.url}`);
    expect(bare).toEqual([]);
  });

  it('answers 401 without a session on every non-public route', async () => {
    const wrong: string[] = [];
    for (const r of apiRoutes.filter((x) => !x.endpoint?.public)) {
      const res = await call(r);
      if (res.statusCode !== 401 || res.json().code !== 'unauthorized')
        wrong.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 on every non-public route for a role without grants', async () => {
    const wrong: string[] = [];
    for (const r of apiRoutes.filter((x) => !x.endpoint?.public)) {
      const res = await call(r, noGrantsCookie);
      if (res.statusCode !== 403 || res.json().code !== 'forbidden')
        wrong.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the public routes public', () => {
    const pub = apiRoutes.filter((r) => r.endpoint?.public).map((r) => `${r.method} ${r.url}`);
    expect(pub.sort()).toEqual(
      [
        'GET /api/health',
        'GET /api/inbounds-report/:token',
        'GET /api/inbounds-report/:token/:id',
        'GET /api/logout',
        'POST /api/login',
        'POST /api/signup',
        'POST /api/signup/confirm/:token',
        'GET /api/users/password_reset/:token',
        'POST /api/users/password_reset/:token',
        'POST /api/users/password_reset/email',
      ].sort(),
    );
  });

  it('requires the app header on state-changing GETs', async () => {
    const cookie = await t.login(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    for (const r of apiRoutes.filter((x) => x.endpoint?.changesState)) {
      const res = await t.app.inject({ method: 'GET', url: concrete(r.url), headers: { cookie } });
      expect(res.statusCode, r.url).toBe(400);
    }
  });

  it('gives the default roles what docs/roles.md promises', async () => {
    const denied = async (key: keyof typeof DEMO_USERS, rs: RouteEntry[]) => {
      const cookie = await t.login(DEMO_USERS[key].email, DEMO_USERS[key].password);
      const allowed: string[] = [];
      for (const r of rs)
        if ((await call(r, cookie)).statusCode !== 403) allowed.push(`${r.method} ${r.url}`);
      return allowed;
    };
    const find = (method: string, prefix: string) =>
      apiRoutes.filter(
        (r) => r.method === method && r.url.startsWith(`/api${prefix}`) && !r.endpoint?.public,
      );
    // A read-only merchant user changes nothing (switching its current shop and its own profile aside).
    const writes = apiRoutes.filter(
      (r) =>
        r.method !== 'GET' &&
        !r.endpoint?.public &&
        r.url !== '/api/orgs/set_curr' &&
        !(r.method === 'PUT' && r.url === '/api/current_user'),
    );
    expect(await denied('bolUser', writes)).toEqual([]);
    // Merchants neither pick nor ship: that is warehouse work.
    expect(
      await denied('bolOwner', [
        ...find('GET', '/pick_list'),
        ...find('POST', '/pick_list'),
        ...find('POST', '/orders/ship'),
      ]),
    ).toEqual([]);
    // Warehouse staff do not import or create merchants' products and orders.
    expect(
      await denied(
        'picker',
        [
          ...find('POST', '/products/import'),
          ...find('POST', '/orders/import'),
          ...find('POST', '/orgs'),
          // Nor manage a shop's users, licences or subscription (issue 16).
          ...find('GET', '/users'),
          ...find('POST', '/users'),
          ...find('PUT', '/users/licence'),
          ...find('GET', '/plans'),
          ...find('GET', '/subscriptions'),
          ...find('POST', '/subscriptions'),
          ...find('PUT', '/subscriptions'),
          ...find('GET', '/current_subscr'),
          ...find('GET', '/accept_terms'),
        ].filter((r) => r.url !== '/api/orgs/set_curr' && !r.url.startsWith('/api/users/password_reset')),
      ),
    ).toEqual([]);
  });
});

describe('tenant isolation between merchants', () => {
  let t: TestApp;
  let bolOwner: string;
  let stroopOwner: string;
  /** Values that identify records of Bakkerij Bol: ids of an order, a product, a shipment, the shop itself; an EAN. */
  let bolValues: string[];
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 6 } });
    const seed = t.seed as NonNullable<TestApp['seed']>;
    const product = (
      await t.db.query<{ id: string; ean: string; name: string }>(
        'SELECT id, ean, name FROM products WHERE org_id = $1 ORDER BY ean LIMIT 1',
        [seed.orgs.bol],
      )
    ).rows[0] as { id: string; ean: string; name: string };
    const orderId = newId();
    await t.db.query(
      `INSERT INTO orders (id, org_id, order_id, status, shipment_details)
       VALUES ($1, $2, 'BOL-1001', 'shipped', $3)`,
      [
        orderId,
        seed.orgs.bol,
        JSON.stringify({
          firstName: 'Jan',
          surname: 'Klant',
          countryCode: 'NL',
          zipCode: '1234 AB',
          city: 'Utrecht',
          streetName: 'Dorpsstraat',
          houseNumber: '1',
        }),
      ],
    );
    await t.db.query(
      `INSERT INTO order_lines (id, order_id, org_id, product_id, ean, title, quantity, picked_quantity)
       VALUES ($1, $2, $3, $4, $5, $6, 1, 1)`,
      [newId(), orderId, seed.orgs.bol, product.id, product.ean, product.name],
    );
    const shipmentId = newId();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await t.db.query(
      `INSERT INTO shipments (id, org_id, order_id, carrier, method_code, tracking_number, label_pdf, packing_slip_pdf)
       VALUES ($1, $2, $3, 'local', 'LOCAL-NL', 'LOC123456789NL', $4, $4)`,
      [shipmentId, seed.orgs.bol, orderId, pdf],
    );
    // A product photo, so the product image route has a record of Bakkerij Bol to guard (1 × 1 PNG).
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await addProductImage({ db: t.db, orgIds: [seed.orgs.bol] }, t.app.hoppa.config.dataDir, product.id, png);
    bolValues = [orderId, product.id, shipmentId, product.ean, seed.orgs.bol];
    bolOwner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    stroopOwner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
  });
  afterAll(async () => t.close());

  const get = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie, [APP_HEADER]: 'test' } });

  it("answers 404 to a merchant asking for another merchant's record on every GET-by-id route", async () => {
    const byId = t.app.routeTable.filter(
      (r) =>
        r.method === 'GET' &&
        r.endpoint &&
        !r.endpoint.public &&
        !r.endpoint.changesState &&
        (r.url.match(/:[A-Za-z_]/g) ?? []).length === 1,
    );
    const covered: string[] = [];
    const leaks: string[] = [];
    for (const r of byId) {
      for (const value of bolValues) {
        const path = concrete(r.url, value);
        const own = await get(path, bolOwner);
        if (own.statusCode !== 200) continue;
        covered.push(r.url);
        const other = await get(path, stroopOwner);
        const idParam = /:(id|[A-Za-z]*Id|[a-z_]*_id)$|:(id|[A-Za-z]*Id|[a-z_]*_id)\//.test(r.url);
        if (idParam ? other.statusCode !== 404 : other.statusCode !== 404 && other.body.includes(value)) {
          leaks.push(`${path} → ${other.statusCode}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    if (byId.length > 0) expect(covered.length).toBeGreaterThan(0);
    // Whatever single-record routes the order, product and shipment modules register are covered.
    const expected = byId
      .map((r) => r.url)
      .filter((u) => /^\/api\/(order|orders|product|products|shipments?)\/.*:(id|orderId)/.test(u));
    expect(expected.filter((u) => !covered.includes(u))).toEqual([]);
  });

  it("keeps another merchant's organisation out of /orgs, /current_org and switching", async () => {
    const seed = t.seed as NonNullable<TestApp['seed']>;
    const list = (await get('/api/orgs', stroopOwner)).json() as { id: string }[];
    expect(list.map((o) => o.id)).toEqual([seed.orgs.stroop]);
    expect((await get('/api/current_org', stroopOwner)).json().id).toBe(seed.orgs.stroop);
    const sw = await t.app.inject({
      method: 'POST',
      url: '/api/orgs/set_curr',
      headers: { cookie: stroopOwner },
      payload: { customer_id: seed.orgs.bol },
    });
    expect(sw.statusCode).toBe(404);
    expect((await get('/api/current_org_auth', stroopOwner)).json().org.id).toBe(seed.orgs.stroop);
  });
});

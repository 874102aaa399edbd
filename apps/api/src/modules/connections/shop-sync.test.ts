import { newId, type ShopSyncResult } from '@hoppa/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERS, readSampleProducts } from '../../db/seed.ts';
import { publicOnlyFetch } from '../../lib/outside/shops/public-host.ts';
import { SHOP_SOURCES } from '../../lib/outside/shops/registry.ts';
import { loadSecretsKey, type SecretBox, secretBox } from '../../lib/secrets.ts';
import { type FakeShopItem, sampleShopCatalogue } from '../../test/fakes/shop-catalogue.ts';
import { type ShopifyFake, startShopifyFake } from '../../test/fakes/shopify-fake.ts';
import { startWooFake, type WooFake } from '../../test/fakes/woo-fake.ts';
import { replayedTransactions } from '../../test/replayed-transactions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { orgId } from '../pick/test/fulfilment.fixtures.ts';
import { sortShopUnits, syncShopProducts } from './shop-sync.service.ts';

let t: TestApp;
let woo: WooFake;
let shopify: ShopifyFake;
let owner: string;
let user: string;
let stroopOwner: string;
let bol: string;
let box: SecretBox;
let wooId: string;
/** A product of Bakkerij Bol from the seed (bsku and image set) and one added without SKU and image. */
let seeded: { ean: string; name: string; bsku: string; img_url: string | null };
const BARE_EAN = readSampleProducts()[3000]?.ean as string;

/** The shop: the two products we have (other names), then a small realistic shop of new products and odd units. */
function shopItems(): FakeShopItem[] {
  const rest = sampleShopCatalogue({ from: 2000, simple: 5 });
  return [
    { id: 1, name: 'Naam in de webshop', ean: seeded.ean, sku: 'SHOP-1', image: 'https://cdn.example/1.jpg' },
    { id: 2, name: 'Kale variant', ean: BARE_EAN, sku: 'SHOP-2', image: 'https://cdn.example/2.jpg' },
    ...rest,
  ];
}

beforeAll(async () => {
  [woo, shopify] = await Promise.all([startWooFake(), startShopifyFake()]);
  t = await createTestApp({ seed: { products: 4 } });
  box = secretBox(loadSecretsKey(t.app.hoppa.config.secretsKey, t.app.hoppa.config.dataDir));
  owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
  user = await t.login(DEMO_USERS.bolUser.email, DEMO_USERS.bolUser.password);
  stroopOwner = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
  bol = await orgId(t.db, 'Bakkerij Bol');
  const stroop = await orgId(t.db, 'Stroopwafel & Co');
  for (const [cookie, org] of [
    [owner, bol],
    [user, bol],
    [stroopOwner, stroop],
  ] as const) {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/orgs/set_curr',
      headers: { cookie },
      payload: { customer_id: org },
    });
    expect(r.statusCode, r.body).toBeLessThan(300);
  }
  const s = await t.db.query<typeof seeded>(
    'SELECT ean, name, bsku, img_url FROM products WHERE org_id = $1 ORDER BY ean LIMIT 1',
    [bol],
  );
  seeded = s.rows[0] as typeof seeded;
  await t.db.query(`INSERT INTO products (id, org_id, name, ean) VALUES ($1, $2, 'Ons eigen product', $3)`, [
    newId(),
    bol,
    BARE_EAN,
  ]);
  woo.items = shopItems();
});
afterAll(async () => {
  await t?.close();
  await Promise.all([woo?.close(), shopify?.close()]);
});
beforeEach(() => {
  woo.requests.length = 0;
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, 'x-hoppa-app': 'portal' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const productsOf = async (eans: string[]) =>
  (
    await t.db.query<{
      ean: string;
      name: string;
      bsku: string | null;
      img_url: string | null;
      offer_id: string | null;
      api_name: string | null;
    }>(
      'SELECT ean, name, bsku, img_url, offer_id, api_name FROM products WHERE org_id = $1 AND ean = ANY($2::text[])',
      [bol, eans],
    )
  ).rows;

describe('shop connections (spec 3 §3 Custom API connection; ADR 0107)', () => {
  it('needs an https URL for shop platforms (http only on this machine), none for the others', async () => {
    const base = { api_name: 'Winkel', platform: 'woo', api_key: 'ck_x', secret: 'cs_x' };
    const cases: [unknown, RegExp][] = [
      [base, /URL of the shop/],
      [{ ...base, url: 'http://winkel.nl' }, /https/],
      [{ ...base, url: 'https://user:pw@winkel.nl' }, /URL/],
      [{ ...base, url: 'winkel.nl' }, /URL/],
      [{ ...base, platform: 'bol', url: 'https://winkel.nl' }, /Only shop platforms/],
      [{ api_name: 'S', platform: 'woo', url: 'https://winkel.nl', secret: 'cs' }, /API key/],
    ];
    for (const [payload, message] of cases) {
      const r = await call('POST', '/api/store-api', owner, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.body).toMatch(message);
    }
  });

  it('stores a Shopify token as the sealed secret, without a key, and never answers it', async () => {
    const r = await call('POST', '/api/store-api', owner, {
      api_name: 'Shopify winkel',
      platform: 'shopify',
      url: `${shopify.url}/`,
      secret: shopify.token,
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ platform: 'shopify', url: shopify.url, api_key: '', has_secret: true });
    const list = await call('GET', '/api/get-apis', owner);
    expect(list.body).not.toContain(shopify.token);
  });
});

describe('GET /products/sync/{platform} (spec 3 §7 Sync; ADR 0107)', () => {
  let first: ShopSyncResult;

  it('answers 404 without an active connection of the platform', async () => {
    const r = await call('GET', '/api/products/sync/woo', owner);
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe('There is no active WooCommerce connection');
  });

  it('links products by EAN, creates the missing ones and reports the skipped units', async () => {
    const made = await call('POST', '/api/store-api', owner, {
      api_name: 'Webwinkel',
      platform: 'woo',
      url: woo.url,
      api_key: woo.credentials.key,
      secret: woo.credentials.secret,
    });
    expect(made.statusCode, made.body).toBe(201);
    wooId = made.json()._id;
    const before = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM products WHERE org_id = $1',
      [bol],
    );
    const r = await call('GET', '/api/products/sync/woo', owner);
    expect(r.statusCode, r.body).toBe(200);
    first = r.json();
    // 2 ours + 5 new simple + 3 variants + 4 odd (two without EAN, a wrong check digit, a repeated EAN).
    expect(first).toMatchObject({
      platform: 'woo',
      api_id: wooId,
      api_name: 'Webwinkel',
      units: 14,
      linked: 2,
      created: 8,
      skipped_count: 4,
      truncated: false,
    });
    const reasons = first.skipped.map((s) => s.reason);
    expect(reasons).toHaveLength(4);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'EAN check digit is wrong (8712345678901)',
        'EAN is missing',
        expect.stringMatching(/^EAN \d+ is listed 2 times in the shop; only 1001 is synchronised$/),
      ]),
    );
    expect(reasons.filter((r) => r === 'EAN is missing')).toHaveLength(2);
    const after = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM products WHERE org_id = $1',
      [bol],
    );
    expect(after.rows[0]?.n).toBe((before.rows[0]?.n ?? 0) + 8);
    expect(woo.invalid).toEqual([]);
  });

  it('keeps our name, SKU and image where we have them and fills them where empty', async () => {
    const [ours, bare] = [(await productsOf([seeded.ean]))[0], (await productsOf([BARE_EAN]))[0]];
    expect(ours).toMatchObject({
      name: seeded.name,
      bsku: seeded.bsku,
      img_url: seeded.img_url,
      offer_id: '1',
      api_name: 'woo',
    });
    expect(bare).toMatchObject({
      name: 'Ons eigen product',
      bsku: 'SHOP-2',
      img_url: 'https://cdn.example/2.jpg',
      offer_id: '2',
      api_name: 'woo',
    });
    const hagel = woo.items.find((i) => i.name === 'Hagelslag')?.variants ?? [];
    const made = await productsOf(hagel.map((v) => v.ean as string));
    expect(made.map((p) => [p.name, p.bsku, p.offer_id, p.api_name]).sort()).toEqual([
      ['Hagelslag – 200 g', 'HAGEL-1', '5001', 'woo'],
      ['Hagelslag – 400 g', 'HAGEL-2', '5002', 'woo'],
      ['Hagelslag – 600 g', 'HAGEL-3', '5003', 'woo'],
    ]);
  });

  it('stores the outcome on the connection’s status', async () => {
    const r = await call('GET', `/api/get-api/${wooId}`, owner);
    expect(r.json().status).toMatchObject({ ok: true, error: null, problem: null, imported: 10 });
    expect(r.json().status.last_sync_at).toEqual(expect.any(String));
  });

  it('is idempotent: a second sync links everything and creates nothing', async () => {
    const r = await call('GET', '/api/products/sync/woo', owner);
    expect(r.json()).toMatchObject({ units: 14, linked: 10, created: 0, skipped_count: 4 });
  });

  it('is not for a read-only user, and another shop cannot reach the connection', async () => {
    expect((await call('GET', '/api/products/sync/woo', user)).statusCode).toBe(403);
    const other = await call('GET', `/api/products/sync/woo?api_id=${wooId}`, stroopOwner);
    expect(other.statusCode).toBe(404);
  });

  it('writes nothing when the shop fails mid-way, and says why (502), also on the status', async () => {
    const fresh = sampleShopCatalogue({ from: 2500, simple: 250 }).slice(0, 250);
    const saved = woo.items;
    woo.items = fresh;
    woo.inject('500', { times: 4, path: /page=3/ });
    const r = await call('GET', '/api/products/sync/woo', owner);
    expect(r.statusCode).toBe(502);
    expect(r.json()).toMatchObject({
      code: 'outside_service',
      message: expect.stringMatching(/^WooCommerce: /),
    });
    expect(await productsOf(fresh.map((i) => i.ean as string))).toEqual([]);
    const status = (await call('GET', `/api/get-api/${wooId}`, owner)).json().status;
    expect(status).toMatchObject({ ok: false, error: expect.stringMatching(/critical error/) });
    // Coded for the portal (ADR 0119 §3): the platform's own words as the value, the English `error` kept.
    expect(status.problem).toEqual({
      code: 'products_sync_failed',
      values: { message: status.error },
    });
    expect(status.problem.values.message).toMatch(/^WooCommerce: /);
    // The answer itself carries the same coded problem, for the product table's Sync button.
    expect(r.json().issues).toEqual([
      {
        path: 'api_id',
        message: status.error,
        code: 'products_sync_failed',
        values: { message: status.error },
      },
    ]);
    woo.items = saved;
  });

  it('answers 502 with WooCommerce’s message for wrong credentials', async () => {
    await call('PUT', '/api/update-api', owner, { _id: wooId, secret: 'cs_wrong' });
    const r = await call('GET', '/api/products/sync/woo', owner);
    expect(r.statusCode).toBe(502);
    expect(r.json().message).toBe('WooCommerce: Sorry, you cannot list resources.');
    await call('PUT', '/api/update-api', owner, { _id: wooId, secret: woo.credentials.secret });
  });

  it('answers 409 while another sync of the connection runs', async () => {
    await t.db.query(
      `UPDATE api_connections SET sync_lease_owner = 'elsewhere', sync_lease_until = now() + interval '1 hour' WHERE id = $1`,
      [wooId],
    );
    const r = await call('GET', '/api/products/sync/woo', owner);
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('shop_sync_running');
    await t.db.query(
      'UPDATE api_connections SET sync_lease_owner = NULL, sync_lease_until = NULL WHERE id = $1',
      [wooId],
    );
  });

  it('synchronises a Shopify shop through its token', async () => {
    shopify.items = sampleShopCatalogue({ from: 3500, simple: 20 });
    const r = await call('GET', '/api/products/sync/shopify', owner);
    expect(r.statusCode, r.body).toBe(200);
    // 20 simple + 3 variants + 4 odd ones; the grouped product is no Shopify unit.
    expect(r.json()).toMatchObject({
      platform: 'shopify',
      units: 27,
      created: 23,
      linked: 0,
      skipped_count: 4,
    });
    expect(shopify.invalid).toEqual([]);
  });

  it('answers 501 for a platform whose adapter is not built, before reading anything', async () => {
    await call('POST', '/api/store-api', owner, {
      api_name: 'Lightspeed',
      platform: 'lightspeed',
      api_key: 'key',
      secret: 'secret',
    });
    const err = await syncShopProducts(t.db, bol, 'lightspeed', {
      box,
      sources: {},
      allowPrivateHosts: true,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 501, code: 'shop_platform_unavailable' });
  });

  it('refuses a shop URL on this machine or a private network unless allowed, before asking the shop anything', async () => {
    woo.requests.length = 0;
    const err = await syncShopProducts(t.db, bol, 'woo', {
      box,
      sources: SHOP_SOURCES,
      allowPrivateHosts: false,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      statusCode: 422,
      code: 'shop_url_not_public',
      issues: [expect.objectContaining({ code: 'shop_url_not_public', values: { value: '127.0.0.1' } })],
    });
    expect((err as Error).message).toContain('leads to 127.0.0.1');
    expect(woo.requests).toEqual([]);
    const status = await t.db.query<{ last_sync_ok: boolean; last_sync_error: string }>(
      `SELECT last_sync_ok, last_sync_error FROM api_connections WHERE org_id = $1 AND platform = 'woo'
        ORDER BY created_at LIMIT 1`,
      [bol],
    );
    expect(status.rows[0]).toMatchObject({ last_sync_ok: false });
    expect(status.rows[0]?.last_sync_error).toContain('only connects to shops on the internet');
    expect((await call('GET', `/api/get-api/${wooId}`, owner)).json().status.problem).toEqual({
      code: 'shop_url_not_public',
      values: { value: '127.0.0.1' },
    });
  });

  it('refuses a shop whose name resolves elsewhere when the sync connects (rebinding), as it refuses the URL', async () => {
    woo.requests.length = 0;
    await t.db.query(
      `UPDATE api_connections SET url = replace(url, '127.0.0.1', 'winkel.example') WHERE id = $1`,
      [wooId],
    );
    try {
      // The check before the first request sees a public address; the connection's own lookup gets this machine.
      const err = await syncShopProducts(t.db, bol, 'woo', {
        box,
        sources: SHOP_SOURCES,
        allowPrivateHosts: false,
        resolveHost: async () => ['93.184.216.34'],
        publicFetch: publicOnlyFetch({ resolve: async () => ['127.0.0.1'] }),
      }).catch((e: unknown) => e);
      expect(err).toMatchObject({ statusCode: 422, code: 'shop_url_not_public' });
      expect((err as Error).message).toContain('winkel.example leads to 127.0.0.1');
      expect(woo.requests).toEqual([]);
      const status = await t.db.query<{ last_sync_ok: boolean; last_sync_error: string }>(
        'SELECT last_sync_ok, last_sync_error FROM api_connections WHERE id = $1',
        [wooId],
      );
      expect(status.rows[0]).toMatchObject({ last_sync_ok: false, last_sync_error: (err as Error).message });
      const problem = (await call('GET', `/api/get-api/${wooId}`, owner)).json().status.problem;
      expect(problem).toEqual({
        code: 'shop_led_elsewhere',
        values: { message: expect.stringContaining('winkel.example leads to 127.0.0.1') },
      });
    } finally {
      await t.db.query(
        `UPDATE api_connections SET url = replace(url, 'winkel.example', '127.0.0.1') WHERE id = $1`,
        [wooId],
      );
    }
  });

  it('counts right when its transactions run twice (ADR 0104)', async () => {
    woo.items = sampleShopCatalogue({ from: 4000, simple: 3 });
    const db = replayedTransactions(t.db);
    const r = await syncShopProducts(db, bol, 'woo', { box, sources: SHOP_SOURCES, allowPrivateHosts: true });
    expect(db.replays).toBeGreaterThan(0);
    expect(r).toMatchObject({ units: 10, linked: 0, created: 6, skipped_count: 4 });
  });
});

describe('sortShopUnits', () => {
  it('takes the first unit of a repeated EAN and reports the repeat once, with how often it is listed', () => {
    const unit = (ref: string, ean: string | null) => ({
      ref,
      name: `n${ref}`,
      ean,
      sku: null,
      imageUrl: null,
    });
    const r = sortShopUnits([
      unit('1', '8710400000013'),
      unit('2', '8710400000013'),
      unit('3', '8710400000013'),
      unit('4', ' 96385074 '),
    ]);
    expect(r.writable.map((u) => [u.ref, u.ean])).toEqual([
      ['1', '8710400000013'],
      ['4', '96385074'],
    ]);
    expect(r.skipped).toEqual([
      {
        ref: '2',
        name: 'n2',
        reason: 'EAN 8710400000013 is listed 3 times in the shop; only 1 is synchronised',
      },
    ]);
  });
});

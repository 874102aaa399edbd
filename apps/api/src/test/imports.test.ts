import { APP_HEADER, IMPORT_BODY_LIMIT, PRODUCT_NUMBER_LIMITS } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../db/seed.ts';
import { IMPORT_LIMITS } from '../lib/rate-limit.ts';
import { orderImportRows } from './order-rows.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Issue 7: imports report each bad row, take 50,000 realistic rows, and are rate-limited. */
describe('imports under pressure (issue 7 items 2–3)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let owner: string;
  let eans: string[];
  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 60 } });
    owner = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const bol = (t.seed as NonNullable<TestApp['seed']>).orgs.bol;
    eans = (
      await t.db.query<{ ean: string }>('SELECT ean FROM products WHERE org_id = $1 ORDER BY ean', [bol])
    ).rows.map((r) => r.ean);
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: string, ip = '198.51.100.1', cookie = owner) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: ip,
      headers: { cookie, 'content-type': 'application/json', [APP_HEADER]: 'test' },
    });

  it('imports the valid product rows and reports a 10,000,000 kg weight and a NUL name as rows with reasons', async () => {
    const rows = [
      { Product_name: 'Stroopwafels 8 st.', barcode_sku_ean: '871999999001', weight_kg: '0,4' },
      { Product_name: 'Zware doos', barcode_sku_ean: '871999999002', weight_kg: '10000000' },
      { Product_name: 'Nul\u0000byte', barcode_sku_ean: '871999999003' },
      { Product_name: 'Drop 200 g', barcode_sku_ean: '871999999004', length: '12', value: '2,95' },
    ].map((r) => ({ ...r, barcode_sku_ean: withCheckDigit(r.barcode_sku_ean) }));
    const res = await post('/api/products/import', JSON.stringify(rows));
    expect(res.statusCode).toBe(201);
    const { products } = res.json();
    expect(products.created, JSON.stringify(products)).toBe(2);
    expect(products.errors.map((e: { row: number }) => e.row)).toEqual([2, 3]);
    expect(products.errors[0].reason).toBe(
      `weight_kg must be at most ${PRODUCT_NUMBER_LIMITS.weight_kg.max.toLocaleString('en')} kg`,
    );
    expect(products.errors[1].reason).toMatch(/control|invalid/i);
    const stored = await t.db.query<{ name: string }>(
      'SELECT name FROM products WHERE ean = ANY($1::text[]) ORDER BY name',
      [rows.map((r) => r.barcode_sku_ean)],
    );
    expect(stored.rows.map((r) => r.name)).toEqual(['Drop 200 g', 'Stroopwafels 8 st.']);
  });

  it('accepts 50,000 realistic order rows (about 16 MB, over the global 10 MiB limit) and writes every order', async () => {
    const { rows, orders } = orderImportRows(eans, 50_000, 'BIG-');
    const body = JSON.stringify(rows);
    expect(body.length).toBeGreaterThan(10 * 2 ** 20);
    const res = await post('/api/orders/import', body, '198.51.100.2');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    expect(res.json().created).toBe(orders);
    const n = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE order_id LIKE 'BIG-%'",
    );
    expect(n.rows[0]?.n).toBe(orders);
  });

  it('refuses a body over the import limit as too large, and a body that is no list of rows with 400 and its reason', async () => {
    const huge = JSON.stringify([{ order_id: 'x'.repeat(IMPORT_BODY_LIMIT) }]);
    const tooBig = await post('/api/orders/import', huge, '198.51.100.3');
    expect(tooBig.json().code).toBe('body_too_large');
    for (const url of ['/api/orders/import', '/api/products/import']) {
      const notJson = await post(url, '{"rows": [', '198.51.100.3');
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().code).toBe('validation');
      const notList = await post(url, JSON.stringify({ rows: [] }), '198.51.100.3');
      expect(notList.statusCode).toBe(400);
      expect(notList.json().issues?.[0]?.path).toBe('body');
      const empty = await post(url, '[]', '198.51.100.3');
      expect(empty.json().message).toContain('No data available for import');
    }
  });

  it('limits imports per user with 429 and Retry-After, counting refused files too', async () => {
    const user = await t.login(DEMO_USERS.stroopOwner.email, DEMO_USERS.stroopOwner.password);
    const one = JSON.stringify([{ order_id: 'L-1', product_ean: '123', quantity: '1' }]);
    const statuses: number[] = [];
    for (let i = 0; i <= IMPORT_LIMITS.perUser.max; i++) {
      statuses.push((await post('/api/orders/import', one, `203.0.113.${i + 1}`, user)).statusCode);
    }
    expect(statuses.slice(0, IMPORT_LIMITS.perUser.max).every((s) => s === 201)).toBe(true);
    const last = await post('/api/orders/import', one, '203.0.113.200', user);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().code).toBe('rate_limited');
  });
});

/** A valid EAN-13 from its first 12 digits. */
function withCheckDigit(first12: string): string {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

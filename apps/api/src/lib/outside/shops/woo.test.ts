import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeShopItem, sampleShopCatalogue } from '../../../test/fakes/shop-catalogue.ts';
import { startWooFake, type WooFake } from '../../../test/fakes/woo-fake.ts';
import { OutsideServiceError } from '../http-client.ts';
import type { ShopCredentials, ShopProduct } from './source.ts';
import { wooEan, wooSource } from './woo.ts';

let fake: WooFake;
let catalogue: FakeShopItem[];
beforeAll(async () => {
  fake = await startWooFake();
  catalogue = structuredClone(fake.items);
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.items = structuredClone(catalogue);
  fake.requests.length = 0;
});

const source = wooSource({ retries: 1, backoffMs: 5, maxRetryAfterMs: 1500 });
const creds = (over: Partial<ShopCredentials> = {}): ShopCredentials => ({
  url: fake.url,
  apiKey: fake.credentials.key,
  secret: fake.credentials.secret,
  lang: 'NL',
  ...over,
});

async function readAll(c = creds()): Promise<{ pages: ShopProduct[][]; units: ShopProduct[] }> {
  const pages: ShopProduct[][] = [];
  for await (const p of source.pages(c)) pages.push(p);
  return { pages, units: pages.flat() };
}

describe('WooCommerce adapter against the Woo fake (ADR 0107)', () => {
  it('reads every page (X-WP-TotalPages) and lists simple products and the variations of a variable product', async () => {
    const { pages, units } = await readAll();
    const listCalls = fake.requests.filter((r) => r.path === '/wp-json/wc/v3/products');
    expect(listCalls.map((r) => [r.query.per_page, r.query.page])).toEqual([
      ['100', '1'],
      ['100', '2'],
      ['100', '3'],
    ]);
    expect(pages).toHaveLength(3);
    expect(fake.invalid).toEqual([]);
    // 230 simple + 3 variations + 4 odd simple ones; the grouped product and the variable parent are no units.
    expect(units).toHaveLength(237);
    expect(units.some((u) => u.name === 'Ontbijtpakket')).toBe(false);
    expect(units.filter((u) => u.name.startsWith('Hagelslag'))).toEqual([
      {
        ref: '5001',
        name: 'Hagelslag – 200 g',
        ean: catalogue.find((i) => i.name === 'Hagelslag')?.variants?.[0]?.ean,
        sku: 'HAGEL-1',
        imageUrl: 'https://static.openfoodfacts.org/images/products/hagelslag/200g.400.jpg',
      },
      expect.objectContaining({ ref: '5002', name: 'Hagelslag – 400 g', sku: 'HAGEL-2' }),
      expect.objectContaining({ ref: '5003', name: 'Hagelslag – 600 g' }),
    ]);
    // A variation without an image of its own shows the product's.
    expect(units.find((u) => u.ref === '5002')?.imageUrl).toBe(
      'https://static.openfoodfacts.org/images/products/hagelslag/front.400.jpg',
    );
    expect(fake.requests.some((r) => r.path === '/wp-json/wc/v3/products/1231/variations')).toBe(true);
  });

  it('maps EAN from global_unique_id or the plugin meta keys, trims names, and leaves units without EAN at null', async () => {
    const { units } = await readAll();
    const byRef = new Map(units.map((u) => [u.ref, u]));
    for (const item of catalogue.slice(0, 12)) {
      const u = byRef.get(String(item.id));
      expect(u?.ean, `${item.id} ${item.eanField}`).toBe(item.ean);
      expect(u?.sku).toBe(item.sku);
    }
    expect(catalogue.slice(0, 12).map((i) => i.eanField)).toContain('_ean');
    expect(catalogue.slice(0, 12).map((i) => i.eanField)).toContain('_alg_ean');
    expect(units.find((u) => u.name === 'Cadeaubon € 25')?.ean).toBeNull();
    expect(units.find((u) => u.name === 'Proefpakket (zonder barcode)')?.ean).toBeNull();
    expect(
      wooEan({ global_unique_id: ' ', meta_data: [{ key: '_alg_ean', value: ' 8710400000013 ' }] }),
    ).toBe('8710400000013');
  });

  it('keeps only https images and folds control characters out of names', async () => {
    fake.items = [
      {
        id: 1,
        name: '  Drop\tzout\u0007 ',
        ean: '8710400000013',
        sku: ' D1 ',
        image: 'http://insecure.example/a.jpg',
      },
    ];
    const { units } = await readAll();
    expect(units).toEqual([{ ref: '1', name: 'Drop zout', ean: '8710400000013', sku: 'D1', imageUrl: null }]);
  });

  it('turns wrong credentials into OutsideServiceError 401 with WooCommerce’s message', async () => {
    const err = await readAll(creds({ secret: 'cs_wrong' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutsideServiceError);
    expect(err).toMatchObject({
      status: 401,
      code: 'woocommerce_rest_cannot_view',
      message: 'WooCommerce: Sorry, you cannot list resources.',
    });
  });

  it('refuses a malformed answer (malformed_answer) and gives up after retrying a failing page', async () => {
    fake.inject('malformed', { path: /page=2/ });
    const bad = await readAll().catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'malformed_answer', status: 200 });
    fake.inject('500', { times: 2, path: /page=3/ });
    const down = await readAll().catch((e: unknown) => e);
    expect(down).toMatchObject({ status: 500, code: 'internal_server_error' });
    expect(fake.requests.filter((r) => r.query.page === '3' && r.path.endsWith('/products'))).toHaveLength(2);
  });

  it('waits out a 429 with Retry-After and carries on', async () => {
    fake.items = sampleShopCatalogue({ simple: 5 }).slice(0, 5);
    fake.inject('429');
    const { units } = await readAll();
    expect(units).toHaveLength(5);
    expect(fake.requests).toHaveLength(2);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeShopItem, sampleShopCatalogue } from '../../../test/fakes/shop-catalogue.ts';
import { type ShopifyFake, startShopifyFake } from '../../../test/fakes/shopify-fake.ts';
import { OutsideServiceError } from '../http-client.ts';
import { SHOPIFY_API_VERSION, SHOPIFY_PAGE_SIZE, shopifyRef, shopifySource } from './shopify.ts';
import type { ShopCredentials, ShopProduct } from './source.ts';

let fake: ShopifyFake;
let catalogue: FakeShopItem[];
beforeAll(async () => {
  fake = await startShopifyFake();
  catalogue = structuredClone(fake.items);
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.items = structuredClone(catalogue);
  fake.requests.length = 0;
});

const source = shopifySource({ retries: 1, backoffMs: 5, maxRetryAfterMs: 1500, throttleWaitMs: 5 });
const creds = (over: Partial<ShopCredentials> = {}): ShopCredentials => ({
  url: fake.url,
  apiKey: fake.token,
  secret: null,
  lang: 'NL',
  ...over,
});

async function readAll(c = creds()): Promise<{ pages: ShopProduct[][]; units: ShopProduct[] }> {
  const pages: ShopProduct[][] = [];
  for await (const p of source.pages(c)) pages.push(p);
  return { pages, units: pages.flat() };
}

describe('Shopify adapter against the Shopify fake (ADR 0107)', () => {
  it('pages productVariants by cursor with the access token and maps barcode, SKU, titles and images', async () => {
    const { pages, units } = await readAll();
    // 230 simple + 3 variants + 4 odd ones (the grouped product is no unit): 237 variants over three pages of 100.
    expect(units).toHaveLength(237);
    expect(pages.map((p) => p.length)).toEqual([100, 100, 37]);
    expect(fake.invalid).toEqual([]);
    const calls = fake.requests.map(
      (r) => JSON.parse(r.body) as { variables: { first: number; after: string | null } },
    );
    expect(calls.map((c) => c.variables.first)).toEqual([
      SHOPIFY_PAGE_SIZE,
      SHOPIFY_PAGE_SIZE,
      SHOPIFY_PAGE_SIZE,
    ]);
    expect(calls[0]?.variables.after).toBeNull();
    expect(calls[1]?.variables.after).toEqual(expect.any(String));
    expect(fake.requests[0]?.path).toBe(`/admin/api/${SHOPIFY_API_VERSION}/graphql.json`);
    const first = catalogue[0] as FakeShopItem;
    expect(units[0]).toEqual({
      ref: String(first.id + 40_000_000_000),
      name: first.name, // 'Default Title' adds nothing
      ean: first.ean,
      sku: first.sku,
      imageUrl: first.image,
    });
    const hagel = units.filter((u) => u.name.startsWith('Hagelslag'));
    expect(hagel.map((u) => [u.ref, u.name, u.sku])).toEqual([
      ['5001', 'Hagelslag – 200 g', 'HAGEL-1'],
      ['5002', 'Hagelslag – 400 g', 'HAGEL-2'],
      ['5003', 'Hagelslag – 600 g', 'HAGEL-3'],
    ]);
    // The variant's own image, else the product's featured media.
    expect(hagel[0]?.imageUrl).toMatch(/200g/);
    expect(hagel[1]?.imageUrl).toMatch(/front/);
    expect(units.find((u) => u.name === 'Cadeaubon € 25')?.ean).toBeNull();
    expect(shopifyRef('gid://shopify/ProductVariant/123')).toBe('123');
  });

  it('turns a refused token into OutsideServiceError 401', async () => {
    const err = await readAll(creds({ apiKey: 'shpat_wrong' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutsideServiceError);
    expect(err).toMatchObject({ status: 401, service: 'Shopify' });
    expect((err as Error).message).toMatch(/^Shopify: the access token was refused/);
  });

  it('waits out THROTTLED answers and an HTTP 429, then reads on', async () => {
    fake.items = sampleShopCatalogue({ simple: 3 }).slice(0, 3);
    fake.inject('throttled', { times: 2 });
    fake.inject('429');
    const { units } = await readAll();
    expect(units).toHaveLength(3);
    expect(fake.requests).toHaveLength(4);
  });

  it('ends with Shopify’s message on a GraphQL error, on endless throttling and on a malformed answer', async () => {
    fake.inject('graphql_error');
    await expect(readAll()).rejects.toMatchObject({ code: 'undefinedField', status: 200 });
    // Six THROTTLED answers in a row (the adapter's tries) end the read.
    fake.inject('throttled', { times: 6 });
    await expect(readAll()).rejects.toMatchObject({ code: 'THROTTLED' });
    fake.inject('malformed');
    await expect(readAll()).rejects.toMatchObject({ code: 'malformed_answer' });
  });
});

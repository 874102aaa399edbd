import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LightspeedFake, startLightspeedFake } from '../../../test/fakes/lightspeed-fake.ts';
import { OutsideServiceError } from '../http-client.ts';
import { createLightspeedSource, lightspeedSource } from './lightspeed.ts';
import type { ShopCredentials, ShopProduct, ShopProductSource } from './source.ts';

let fake: LightspeedFake;
beforeAll(async () => {
  fake = await startLightspeedFake();
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.invalid.length = 0;
});

const creds = (over: Partial<ShopCredentials> = {}): ShopCredentials => ({
  url: fake.url,
  apiKey: fake.credentials.key,
  secret: fake.credentials.secret,
  lang: 'NL',
  ...over,
});
const source = (opts: Parameters<typeof createLightspeedSource>[0] = {}) =>
  createLightspeedSource({ pageSize: 4, retries: 0, ...opts });

async function read(src: ShopProductSource, c: ShopCredentials): Promise<ShopProduct[][]> {
  const pages: ShopProduct[][] = [];
  for await (const page of src.pages(c)) pages.push(page);
  return pages;
}

/** The reads the fake saw: resource, limit and page. */
const reads = () => fake.requests.map((r) => `${r.path} limit=${r.query.limit} page=${r.query.page}`);

describe('Lightspeed eCom source', () => {
  it('reads the products, then every variant page once and in order, with Basic auth and the language in the path', async () => {
    const pages = await read(source(), creds());
    expect(pages.map((p) => p.length)).toEqual([4, 4, 1]);
    expect(reads()).toEqual([
      '/nl/products.json limit=4 page=1',
      '/nl/products.json limit=4 page=2',
      '/nl/variants.json limit=4 page=1',
      '/nl/variants.json limit=4 page=2',
      '/nl/variants.json limit=4 page=3',
    ]);
    const basic = Buffer.from(`${fake.credentials.key}:${fake.credentials.secret}`).toString('base64');
    expect(new Set(fake.requests.map((r) => r.headers.authorization))).toEqual(new Set([`Basic ${basic}`]));
    expect(pages.flat().map((u) => u.ref)).toEqual(fake.variants.map((v) => String(v.id)));
    expect(fake.invalid).toEqual([]);
  });

  it('maps a default variant to its product and the variants of a product with the variant title after –', async () => {
    const units = (await read(source(), creds())).flat();
    expect(units[0]).toEqual({
      ref: '322925830',
      name: 'Gelbe Schälerbsen',
      ean: '8710281102370',
      sku: 'SKU-100',
      imageUrl: 'https://static.openfoodfacts.org/images/products/871/028/110/2370/front_de.3.400.jpg',
    });
    // No SKU: the article code.
    expect(units[1]?.sku).toBe('ART-101');
    // Empty EAN → null; a padded one trimmed.
    expect(units[2]?.ean).toBeNull();
    expect(units[3]?.ean).toBe('8710293053660');
    // Neither the product nor the variant has an image.
    expect(units[4]?.imageUrl).toBeNull();
    expect(units.slice(6).map((u) => [u.ref, u.name, u.ean, u.sku, u.imageUrl])).toEqual([
      [
        '322925840',
        'Crackers Sticks – 250 g',
        '8710293083506',
        'SKU-200-0',
        'https://static.openfoodfacts.org/images/products/871/029/308/3421/front_fr.3.400.jpg',
      ],
      // The variant's own image wins over the product's.
      [
        '322925841',
        'Crackers Sticks – 500 g',
        '8710293085418',
        'SKU-200-1',
        'https://static.openfoodfacts.org/images/products/871/029/308/5418/front_fr.3.400.jpg',
      ],
      [
        '322925842',
        'Crackers Sticks – 1 kg',
        null,
        'SKU-200-2',
        'https://static.openfoodfacts.org/images/products/871/029/308/3421/front_fr.3.400.jpg',
      ],
    ]);
  });

  it('asks 250 a page by default and lower-cases the connection language', async () => {
    const pages = await read(lightspeedSource, creds({ lang: 'EN', url: `${fake.url}/` }));
    expect(pages.map((p) => p.length)).toEqual([9]);
    expect(reads()).toEqual(['/en/products.json limit=250 page=1', '/en/variants.json limit=250 page=1']);
  });

  it('stops at the unit limit without reading further pages', async () => {
    const pages = await read(source({ maxUnits: 5 }), creds());
    expect(pages.map((p) => p.length)).toEqual([4, 1]);
    expect(reads().filter((r) => r.startsWith('/nl/variants'))).toEqual([
      '/nl/variants.json limit=4 page=1',
      '/nl/variants.json limit=4 page=2',
    ]);
  });

  it("refuses wrong credentials with Lightspeed's own message, without retrying", async () => {
    const err = await read(source({ retries: 2 }), creds({ secret: 'wrong' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutsideServiceError);
    expect(err).toMatchObject({ service: 'Lightspeed', status: 401, code: 'http_401' });
    expect((err as Error).message).toBe('Lightspeed: Invalid API key or secret');
    expect(fake.requests).toHaveLength(1);
  });

  it('needs the API secret', async () => {
    await expect(read(source(), creds({ secret: null }))).rejects.toMatchObject({ code: 'missing_secret' });
    expect(fake.requests).toHaveLength(0);
  });

  it('throws malformed_answer for a variant list that does not fit', async () => {
    fake.malformNext('variants');
    await expect(read(source(), creds())).rejects.toMatchObject({
      service: 'Lightspeed',
      code: 'malformed_answer',
    });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ShopwareFake, startShopwareFake } from '../../../test/fakes/shopware-fake.ts';
import { OutsideServiceError } from '../http-client.ts';
import { createShopwareSource } from './shopware.ts';
import type { ShopCredentials, ShopProduct, ShopProductSource } from './source.ts';

let fake: ShopwareFake;
beforeAll(async () => {
  fake = await startShopwareFake();
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.invalid.length = 0;
});

const creds = (over: Partial<ShopCredentials> = {}): ShopCredentials => ({
  url: fake.url,
  apiKey: fake.credentials.clientId,
  secret: fake.credentials.clientSecret,
  lang: 'NL',
  ...over,
});
const source = (opts: Parameters<typeof createShopwareSource>[0] = {}) =>
  createShopwareSource({ pageSize: 4, retries: 0, ...opts });

async function read(src: ShopProductSource, c: ShopCredentials): Promise<ShopProduct[][]> {
  const pages: ShopProduct[][] = [];
  for await (const page of src.pages(c)) pages.push(page);
  return pages;
}

/** The calls the fake saw: the token request, or the search's page. */
const calls = () =>
  fake.requests.map((r) =>
    r.path === '/api/search/product'
      ? `search page ${(JSON.parse(r.body) as { page: number }).page}`
      : r.path,
  );

describe('Shopware 6 source', () => {
  it('takes one token and reads every search page once and in order, skipping the parent of variants', async () => {
    const before = fake.tokensIssued();
    const pages = await read(source(), creds());
    expect(calls()).toEqual(['/api/oauth/token', 'search page 1', 'search page 2', 'search page 3']);
    expect(fake.tokensIssued() - before).toBe(1);
    // 9 rows: page 2 holds the parent (childCount 3), which is no unit.
    expect(pages.map((p) => p.length)).toEqual([4, 3, 1]);
    const parent = fake.products.find((p) => p.childCount > 0);
    expect(pages.flat().map((u) => u.ref)).toEqual(
      fake.products.filter((p) => p !== parent).map((p) => p.id),
    );
    const body = JSON.parse(fake.requests[1]?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ page: 1, limit: 4, 'total-count-mode': 1 });
    expect(fake.invalid).toEqual([]);
  });

  it("names a variant from its parent's name and its options, with the parent's cover when it has none", async () => {
    const units = (await read(source(), creds())).flat();
    expect(units[0]).toEqual({
      ref: fake.products[0]?.id,
      name: 'Minder sniker',
      ean: '8710397004766',
      sku: 'SW10001',
      imageUrl: 'https://static.openfoodfacts.org/images/products/871/039/700/4766/front_fr.4.400.jpg',
    });
    expect(units[1]?.ean).toBeNull();
    expect(units[2]?.ean).toBe('8710397011535');
    expect(units.slice(5).map((u) => [u.name, u.ean, u.sku, u.imageUrl])).toEqual([
      [
        'Ontbijtkoek – 250 g',
        '8710397041693',
        'SW20000.1',
        'https://static.openfoodfacts.org/images/products/871/039/704/1532/front_en.3.400.jpg',
      ],
      [
        'Ontbijtkoek – 500 g',
        null,
        'SW20000.2',
        'https://static.openfoodfacts.org/images/products/871/039/704/1532/front_en.3.400.jpg',
      ],
      [
        'Ontbijtkoek – 1 kg',
        '8710397061806',
        'SW20000.3',
        'https://static.openfoodfacts.org/images/products/871/039/706/1806/front_fr.4.400.jpg',
      ],
    ]);
  });

  it('keeps the token for the next sync and takes a new one once when a search answers 401', async () => {
    const src = source();
    await read(src, creds());
    const issued = fake.tokensIssued();
    fake.requests.length = 0;
    await read(src, creds());
    expect(fake.tokensIssued()).toBe(issued);
    expect(calls()[0]).toBe('search page 1');

    fake.expireTokens();
    fake.requests.length = 0;
    const pages = await read(src, creds());
    expect(pages.flat()).toHaveLength(8);
    expect(fake.tokensIssued()).toBe(issued + 1);
    expect(calls()).toEqual([
      'search page 1',
      '/api/oauth/token',
      'search page 1',
      'search page 2',
      'search page 3',
    ]);
  });

  it("refuses wrong client credentials with Shopware's own message, also after a sync with the right ones", async () => {
    const src = source();
    await read(src, creds());
    fake.requests.length = 0;
    const err = await read(src, creds({ secret: 'wrong' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutsideServiceError);
    expect(err).toMatchObject({ service: 'Shopware', status: 401, code: 'http_401' });
    expect((err as Error).message).toBe('Shopware: Client authentication failed');
    expect(calls()).toEqual(['/api/oauth/token']);
  });

  it('needs the client secret', async () => {
    await expect(read(source(), creds({ secret: null }))).rejects.toMatchObject({ code: 'missing_secret' });
    expect(fake.requests).toHaveLength(0);
  });

  it('stops at the unit limit without reading further pages', async () => {
    const pages = await read(source({ maxUnits: 3 }), creds());
    expect(pages.map((p) => p.length)).toEqual([3]);
    expect(calls()).toEqual(['/api/oauth/token', 'search page 1']);
  });

  it('throws malformed_answer for a search answer that does not fit', async () => {
    fake.malformNext();
    await expect(read(source(), creds())).rejects.toMatchObject({
      service: 'Shopware',
      code: 'malformed_answer',
    });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MiraklFake, miraklCatalogue, startMiraklFake } from '../../../test/fakes/mirakl-fake.ts';
import { OutsideServiceError } from '../http-client.ts';
import { createMiraklSource, miraklSource } from './mirakl.ts';
import type { ShopCredentials, ShopProduct, ShopProductSource } from './source.ts';

let fake: MiraklFake;
beforeAll(async () => {
  fake = await startMiraklFake();
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.invalid.length = 0;
});

const creds = (over: Partial<ShopCredentials> = {}): ShopCredentials => ({
  url: fake.url,
  apiKey: fake.apiKey,
  secret: null,
  lang: 'NL',
  ...over,
});
const source = (opts: Parameters<typeof createMiraklSource>[0] = {}) =>
  createMiraklSource({ pageSize: 4, retries: 0, ...opts });

async function read(src: ShopProductSource, c: ShopCredentials): Promise<ShopProduct[][]> {
  const pages: ShopProduct[][] = [];
  for await (const page of src.pages(c)) pages.push(page);
  return pages;
}

const reads = () => fake.requests.map((r) => `${r.path} max=${r.query.max} offset=${r.query.offset}`);

describe('Mirakl source (OF21)', () => {
  it('reads every page once and in order by offset until total_count, with the shop key as Authorization', async () => {
    const pages = await read(source(), creds());
    expect(pages.map((p) => p.length)).toEqual([4, 4, 2]);
    expect(reads()).toEqual([
      '/api/offers max=4 offset=0',
      '/api/offers max=4 offset=4',
      '/api/offers max=4 offset=8',
    ]);
    expect(new Set(fake.requests.map((r) => r.headers.authorization))).toEqual(new Set([fake.apiKey]));
    expect(pages.flat().map((u) => u.ref)).toEqual(fake.offers.map((o) => String(o.offer_id)));
    expect(fake.invalid).toEqual([]);
  });

  it('maps an offer: ref the offer id, SKU the shop SKU, the EAN from the product references', async () => {
    const units = (await read(source(), creds())).flat();
    expect(units[0]).toEqual({
      ref: '2214',
      name: "Duyvis Oven Roasted Pinda's Honey Roasted",
      ean: '8710398167071',
      sku: 'WINKEL-0001',
      imageUrl: null,
    });
    // No product references → no EAN; a padded EAN trimmed; a GTIN when there is no EAN; the EAN after an MPN.
    expect(units.map((u) => u.ean).slice(2, 8)).toEqual([
      null,
      '8710398167736',
      '8710398167811',
      '8710398167958',
      '8710398167972',
      '8710398168269',
    ]);
  });

  it('asks 100 offers a page by default', async () => {
    const pages = await read(miraklSource, creds({ url: `${fake.url}/api/` }));
    expect(pages.map((p) => p.length)).toEqual([10]);
    expect(reads()).toEqual(['/api/offers max=100 offset=0']);
  });

  it('stops at the unit limit without reading further pages', async () => {
    const pages = await read(source({ maxUnits: 6 }), creds());
    expect(pages.map((p) => p.length)).toEqual([4, 2]);
    expect(reads()).toEqual(['/api/offers max=4 offset=0', '/api/offers max=4 offset=4']);
  });

  it('yields an offer once when a price change moves it to a later page during the sync', async () => {
    const offers = miraklCatalogue();
    const moving = await startMiraklFake(offers);
    try {
      moving.moveAfterNextPage(0, 5);
      const units = (await read(source(), creds({ url: moving.url, apiKey: moving.apiKey }))).flat();
      const refs = units.map((u) => u.ref);
      expect(new Set(refs).size).toBe(refs.length);
      // Offer 2214 moved from the first page to the second and is not repeated; 2218 moved onto the first page after it was read.
      expect(refs).toEqual(['2214', '2215', '2216', '2217', '2219', '2220', '2221', '2222', '2223']);
    } finally {
      await moving.close();
    }
  });

  it("refuses a wrong shop key with Mirakl's own message", async () => {
    const err = await read(source(), creds({ apiKey: 'wrong' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutsideServiceError);
    expect(err).toMatchObject({ service: 'Mirakl', status: 401, code: 'http_401' });
    expect((err as Error).message).toBe('Mirakl: Unauthorized');
  });

  it('throws malformed_answer for an offer list that does not fit', async () => {
    fake.malformNext();
    await expect(read(source(), creds())).rejects.toMatchObject({
      service: 'Mirakl',
      code: 'malformed_answer',
    });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChannelEngineFake, startChannelEngineFake } from '../../../test/fakes/channel-engine-fake.ts';
import { OutsideServiceError } from '../http-client.ts';
import { createChannelEngineSource } from './channel-engine.ts';
import type { ShopCredentials, ShopProduct, ShopProductSource } from './source.ts';

let fake: ChannelEngineFake;
beforeAll(async () => {
  // ChannelEngine chooses the page size (100); 4 here makes three pages of the ten products.
  fake = await startChannelEngineFake({ itemsPerPage: 4 });
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
const source = (opts: Parameters<typeof createChannelEngineSource>[0] = {}) =>
  createChannelEngineSource({ retries: 0, ...opts });

async function read(src: ShopProductSource, c: ShopCredentials): Promise<ShopProduct[][]> {
  const pages: ShopProduct[][] = [];
  for await (const page of src.pages(c)) pages.push(page);
  return pages;
}

const reads = () => fake.requests.map((r) => `${r.path}?${new URLSearchParams(r.query).toString()}`);

describe('ChannelEngine source', () => {
  it('reads every page once and in order until TotalCount, with the key in X-CE-KEY', async () => {
    const pages = await read(source(), creds());
    expect(pages.map((p) => p.length)).toEqual([4, 4, 2]);
    expect(reads()).toEqual([
      '/api/v2/products?page=1',
      '/api/v2/products?page=2',
      '/api/v2/products?page=3',
    ]);
    expect(new Set(fake.requests.map((r) => r.headers['x-ce-key']))).toEqual(new Set([fake.apiKey]));
    expect(pages.flat().map((u) => u.ref)).toEqual(fake.products.map((p) => p.MerchantProductNo));
    expect(fake.invalid).toEqual([]);
  });

  it("maps products, and a child's size after – unless its name has it already", async () => {
    const units = (await read(source(), creds({ url: `${fake.url}/api` }))).flat();
    expect(units[0]).toEqual({
      ref: 'CE-1001',
      name: "Lay's pickels",
      ean: '8710398507099',
      sku: 'CE-1001',
      imageUrl: 'https://static.openfoodfacts.org/images/products/871/039/850/7099/front_fr.4.400.jpg',
    });
    expect(units[1]?.ean).toBeNull();
    expect(units[3]?.ean).toBe('8710398507365');
    // An empty image URL → null.
    expect(units[5]?.imageUrl).toBeNull();
    expect(units.slice(7).map((u) => [u.ref, u.name, u.ean])).toEqual([
      ['CE-2000', 'Cacahuète salées', null],
      ['CE-2000-500', 'Cacahuète salées – 500 g', '8710398507617'],
      ['CE-2000-1000', 'Cacahuète salées 1 kg', '8710398507631'],
    ]);
  });

  it('stops at the unit limit without reading further pages', async () => {
    const pages = await read(source({ maxUnits: 5 }), creds());
    expect(pages.map((p) => p.length)).toEqual([4, 1]);
    expect(reads()).toEqual(['/api/v2/products?page=1', '/api/v2/products?page=2']);
  });

  it("refuses a wrong key with ChannelEngine's own message", async () => {
    const err = await read(source(), creds({ apiKey: 'wrong' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutsideServiceError);
    expect(err).toMatchObject({ service: 'ChannelEngine', status: 401, code: 'http_401' });
    expect((err as Error).message).toBe('ChannelEngine: API key is unknown: wrong');
  });

  it('refuses a key without the products permission (403) with its message', async () => {
    fake.forbidNext();
    await expect(read(source(), creds())).rejects.toMatchObject({
      status: 403,
      code: 'http_403',
      message: 'ChannelEngine: This API key does not have permission to access products',
    });
  });

  it('refuses an answer whose envelope says Success: false, with its Message', async () => {
    fake.refuseInEnvelopeNext();
    await expect(read(source(), creds())).rejects.toMatchObject({
      status: 200,
      code: 'refused',
      message: 'ChannelEngine: Products could not be read at this moment',
    });
  });

  it('throws malformed_answer for a product list that does not fit', async () => {
    fake.malformNext();
    await expect(read(source(), creds())).rejects.toMatchObject({
      service: 'ChannelEngine',
      code: 'malformed_answer',
    });
  });
});

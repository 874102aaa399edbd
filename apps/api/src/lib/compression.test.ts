import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { COMPRESS_MIN_BYTES } from './compression.ts';

/** The API's JSON answers compressed (issue 8 §1, ADR 0075). */
describe('compressed JSON answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  // The OpenAPI document is a JSON answer of a route like any other, well above the threshold, without a session.
  const big = (encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });

  it('sends a large JSON answer brotli-compressed to a browser that accepts it, the same JSON inside', async () => {
    const plain = await big();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const res = await big('gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('falls back to gzip, and sends plain JSON to a client that accepts neither', async () => {
    const plain = await big();
    const gz = await big('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
    const none = await big('identity');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/current_user',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTypeOf('object');
  });

  it('reads Accept-Encoding: brotli first, q=0 refuses it, nothing without the header', async () => {
    const encodingFor = async (h: string) => (await big(h)).headers['content-encoding'];
    expect(await encodingFor('gzip, deflate, br')).toBe('br');
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(await encodingFor('gzip;q=0')).toBeUndefined();
    expect((await big()).headers['content-encoding']).toBeUndefined();
  });
});

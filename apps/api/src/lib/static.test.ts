import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('serving the built portal and floor apps', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hoppa-static-'));
  const portal = join(dir, 'portal');
  const floor = join(dir, 'floor');
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(portal, 'assets'), { recursive: true });
    mkdirSync(join(floor, 'assets'), { recursive: true });
    writeFileSync(join(portal, 'index.html'), '<html>portal shell</html>');
    writeFileSync(join(portal, 'assets', 'app-1a2b.js'), 'console.log("portal")');
    // As the build leaves them (vite-plugin-compression2): a brotli and a gzip copy beside the file.
    const big = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    writeFileSync(join(portal, 'assets', 'big-3c4d.js'), big);
    writeFileSync(join(portal, 'assets', 'big-3c4d.js.br'), brotliCompressSync(big));
    writeFileSync(join(portal, 'assets', 'big-3c4d.js.gz'), gzipSync(big));
    writeFileSync(join(floor, 'index.html'), '<html>floor shell</html>');
    writeFileSync(join(floor, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(join(floor, 'manifest.webmanifest'), '{}');
    t = await createTestApp({ staticDirs: { portal, floor } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('serves the portal at / and falls back to its index.html for app routes', async () => {
    for (const url of ['/', '/orders', '/shipments/0123456789abcdef01234567', '/reset?token=abc']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<html>portal shell</html>');
    }
    const asset = await get('/assets/app-1a2b.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
  });

  it('serves the floor at /floor/ with its own fallback, and the service worker uncached', async () => {
    for (const url of ['/floor/', '/floor/pick', '/floor/returns/abc']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<html>floor shell</html>');
    }
    const sw = await get('/floor/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect((await get('/floor/manifest.webmanifest')).headers['cache-control']).toBe('no-cache');
  });

  it('serves precompressed copies to browsers that accept them, the plain file to others', async () => {
    const url = '/assets/big-3c4d.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toMatch(/immutable/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(200);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(200);
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4000);
  });

  it('never answers /api paths or missing files with an app shell', async () => {
    const api = await get('/api/no-such-call');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
    expect((await get('/assets/missing-9z.js')).statusCode).toBe(404);
    expect((await get('/floor/missing.js')).statusCode).toBe(404);
    expect((await get('/api/health')).json().status).toBe('ok');
  });
});

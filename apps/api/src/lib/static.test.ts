import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('never answers /api paths or missing files with an app shell', async () => {
    const api = await get('/api/no-such-call');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
    expect((await get('/assets/missing-9z.js')).statusCode).toBe(404);
    expect((await get('/floor/missing.js')).statusCode).toBe(404);
    expect((await get('/api/health')).json().status).toBe('ok');
  });
});

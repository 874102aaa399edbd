import { describe, expect, it } from 'vitest';
import { FLOOR_BASE, pwaOptions } from './pwa.config.ts';

describe('floor PWA configuration', () => {
  const wb = pwaOptions.workbox ?? {};

  it('never caches or replays /api: no runtime route at all, and no shell fallback for /api', () => {
    expect(wb.runtimeCaching).toEqual([]);
    const deny = wb.navigateFallbackDenylist ?? [];
    expect(deny.some((re) => re.test('/api/pick_list/pick/all/located/a/b/all'))).toBe(true);
    expect(deny.some((re) => re.test('/api/locations/stock/update/1/2/3'))).toBe(true);
  });

  it('falls back to the app shell only for navigations under /floor/', () => {
    expect(wb.navigateFallback).toBe('index.html');
    const allow = wb.navigateFallbackAllowlist ?? [];
    expect(allow.some((re) => re.test('/floor/pick'))).toBe(true);
    expect(allow.some((re) => re.test('/orders'))).toBe(false);
  });

  it('precaches the shell, icons, feedback sounds and the camera’s barcode reader (WebAssembly, ADR 0101)', () => {
    const globs = (wb.globPatterns ?? []).join(',');
    for (const ext of ['html', 'js', 'css', 'png', 'wav', 'wasm']) expect(globs).toContain(ext);
  });

  it('waits for the picker to apply a new version (prompt, no skipWaiting)', () => {
    expect(pwaOptions.registerType).toBe('prompt');
    expect(wb.skipWaiting).toBe(false);
  });

  it('controls a device’s first visit as soon as the shell is cached (clientsClaim, ADR 0132 §7)', () => {
    expect(wb.clientsClaim).toBe(true);
  });

  it('installs as the standalone Hoppa Floor app at /floor/', () => {
    const m = pwaOptions.manifest;
    expect(m && typeof m === 'object' ? m : null).toMatchObject({
      name: 'Hoppa Floor',
      start_url: FLOOR_BASE,
      scope: FLOOR_BASE,
      display: 'standalone',
    });
    const icons = m && typeof m === 'object' ? (m.icons ?? []) : [];
    expect(icons.map((i) => i.purpose)).toContain('maskable');
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });
});

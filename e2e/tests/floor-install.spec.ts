import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { apiSession, json, type ListedProduct, orderRow, productsInStock } from '../fixtures/api.ts';
import { CHROMIUM } from '../fixtures/browser.ts';
import { DEMO_USERS, floorLogin } from '../fixtures/demo.ts';
import { widenPickPeriod } from '../fixtures/floor.ts';
import { expect, PHONE, shot } from '../fixtures/hoppa.ts';
import { testWithOwnServer } from '../fixtures/own-server.ts';
import { scan } from '../fixtures/scanner.ts';
import { REPO_ROOT } from '../fixtures/server.ts';

/**
 * The floor app as warehouse staff install it (issue 11 item 5): Chromium's installability check passes, the app
 * starts cold with the network off and shows the cached work window, and a new version that arrives while scans wait
 * is offered but applied only once they are sent — after the update nothing queued is lost. The server serves a copy
 * of the built floor app (`FLOOR_DIST`), so the journey can publish a "new release" by changing its service worker.
 */
const release = mkdtempSync(join(tmpdir(), 'hoppa-floor-release-'));
cpSync(join(REPO_ROOT, 'apps/floor/dist'), release, { recursive: true });
const test = testWithOwnServer({ DEMO_ORDERS: 'false', FLOOR_DIST: release }, 'server-floor-install.log');
test.describe.configure({ mode: 'serial' });

let product: ListedProduct;
let context: BrowserContext;
let page: Page;

/**
 * Waits until the service worker controls the page, without a reload: the first visit is claimed as soon as the app
 * shell is cached (`clientsClaim`, ADR 0132 §7).
 */
async function controlled(p: Page): Promise<void> {
  await p.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => p.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 })
    .toBe(true);
}

test('the floor app passes Chromium’s installability check and starts cold offline with its work window', async ({
  demo,
}) => {
  const merchant = await apiSession(demo.url, DEMO_USERS.bolOwner);
  product = (await productsInStock(merchant, 50)).find((p) => p.locations.length === 1) as ListedProduct;
  await json(await merchant.post('/api/orders/import', { data: [orderRow('INSTALL-1', product.ean, 2, 1)] }));
  await merchant.dispose();

  // A profile of its own, as an installed app has (Playwright's usual contexts are incognito, which Chromium does not
  // install from).
  context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'hoppa-floor-profile-')), {
    ...CHROMIUM,
    ...PHONE,
    baseURL: demo.url,
    locale: 'en-GB',
    timezoneId: 'Europe/Amsterdam',
  });
  page = await context.newPage();
  await floorLogin(page, DEMO_USERS.picker);
  await controlled(page);
  // The Wi-Fi drops in the device's very first session, never reloaded: a screen not opened yet (its code a chunk of
  // its own) still loads, from the cache.
  await context.setOffline(true);
  await page.evaluate(() => {
    history.pushState(null, '', '/floor/menu');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByTestId('task-returns').click();
  await expect(page.getByRole('heading', { name: 'Returns' })).toBeVisible();
  await shot(page, 'install-00-first-session-offline');
  await context.setOffline(false);
  await page.goto('/floor/pick');
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(manifest.errors).toEqual([]);
  expect(manifest.url).toMatch(/\/floor\/manifest\.webmanifest$/);
  await widenPickPeriod(page);
  await expect(page.getByTestId('pick-ean')).toHaveText(product.ean);

  // Cold start without a network: a new tab with the network off gets the app shell and the stored list.
  await context.setOffline(true);
  await page.close();
  page = await context.newPage();
  await page.goto('/floor/pick');
  await expect(page.getByTestId('network-status')).toHaveAttribute('data-online', 'false');
  await expect(page.getByTestId('pick-ean')).toHaveText(product.ean);
  // The camera's barcode reader (zxing-cpp's WebAssembly, ADR 0101) is precached as well: the camera scans offline.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
    return urls;
  });
  expect(cached.filter((u) => /\/floor\/assets\/zxing_reader-[\w-]+\.wasm/.test(u))).toHaveLength(1);
  await shot(page, 'install-01-cold-start-offline');
});

test('a new version is applied only after the queued scans are sent, and nothing queued is lost', async ({
  demo,
}) => {
  // The API will not answer the picks when the network comes back, so the scan stays queued. The route goes in before
  // the scan: its first send starts at once, and a data-count of 1 says it was queued, not that this send has failed
  // yet (it waits for the page's service worker's fetch event first). Playwright lets a request that started before
  // the route was added go on unrouted (crNetworkManager: a paused request it already knew without interception is
  // continued), so when that send reached the network after setOffline(false), the API got the pick, the outbox was
  // empty and the strip rightly offered Update at once (the flaky failure: Update enabled for 15 s).
  await page.route('**/api/pick_list/confirm', (route) => route.abort());
  await scan(page, product.ean);
  await expect(page.getByTestId('scan-feedback')).toHaveAttribute('data-kind', 'valid');
  await expect(page.getByTestId('outbox-count')).toHaveAttribute('data-count', '1');
  await page.context().setOffline(false);

  // A new release is published: its service worker differs, the browser finds it and waits.
  const sw = join(release, 'sw.js');
  writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// release 2\n`);
  rmSync(`${sw}.br`, { force: true });
  rmSync(`${sw}.gz`, { force: true });
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  const prompt = page.getByRole('region', { name: 'A new version of the app is available.' });
  await expect(prompt).toContainText('you can update once the changes have been sent');
  await expect(prompt.getByRole('button', { name: 'Update' })).toBeDisabled();
  await shot(page, 'install-02-update-waits-for-scans');

  // The API answers again: the scan is sent, then the update may be applied.
  await page.unroute('**/api/pick_list/confirm');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByTestId('outbox-count')).toHaveAttribute('data-count', '0', { timeout: 30_000 });
  await expect(prompt.getByRole('button', { name: 'Update' })).toBeEnabled();
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Update' }).click()]);
  await expect(page.getByRole('region', { name: 'A new version of the app is available.' })).toHaveCount(0);
  await expect(page.getByTestId('outbox-count')).toHaveAttribute('data-count', '0');

  // The server has the pick exactly once: the stock on the location went down by the two pieces.
  const staff = await apiSession(demo.url, DEMO_USERS.picker);
  const now = await json<{ locations: { stock: number }[] }>(
    await staff.get(`/api/product/locations/${product.id}`),
  );
  expect(now.locations[0]?.stock).toBe((product.locations[0]?.stock ?? 0) - 2);
  await staff.dispose();
  await context.close();
});

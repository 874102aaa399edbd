import { sampleShopCatalogue } from '../../apps/api/src/test/fakes/shop-catalogue.ts';
import { startWooFake, type WooFake } from '../../apps/api/src/test/fakes/woo-fake.ts';
import { apiSession, json } from '../fixtures/api.ts';
import { DEMO_USERS, portalLogin } from '../fixtures/demo.ts';
import { expect, shot } from '../fixtures/hoppa.ts';
import { testWithOwnServer } from '../fixtures/own-server.ts';

/**
 * The product sync from a merchant's own shop (spec 3 §7 Sync `GET /products/sync/woo`, the product table's Sync
 * button; ADR 0107): with the WooCommerce fake running on this machine (its catalogue from the real sample products:
 * half of them Bakkerij Bol's own, half the other merchant's, so new to Bakkerij Bol; a product with three variations;
 * units without a usable EAN), the merchant adds a WooCommerce connection pointing at the fake, synchronises from the
 * product table and sees the counts and the skipped units; the new products are in the table and a second sync
 * creates nothing. Its own server (the sync creates products), and the WooCommerce fake for the test.
 */
const test = testWithOwnServer(
  { DEMO_ORDERS: 'false', ALLOW_PRIVATE_SHOP_HOSTS: 'true' },
  'server-shop-sync.log',
).extend<{ woo: WooFake }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  woo: async ({}, use) => {
    const fake = await startWooFake({ items: sampleShopCatalogue({ from: 4500, simple: 4 }) });
    await use(fake);
    await fake.close();
  },
});

test('a merchant connects a WooCommerce shop and synchronises its products from the product table', async ({
  browser,
  demo,
  woo,
}) => {
  const api = await apiSession(demo.url, DEMO_USERS.bolOwner);
  const hagel = woo.items.find((i) => i.name === 'Hagelslag')?.variants ?? [];
  const shopEans = [...woo.items.map((i) => i.ean), ...hagel.map((v) => v.ean)].filter(
    (e): e is string => !!e && e !== '8712345678901',
  );
  const ours = new Set<string>();
  for (const ean of new Set(shopEans)) {
    const found = await json<{ items: { ean: string }[] }>(
      await api.get('/api/products', { params: { search: ean } }),
    );
    if (found.items.some((p) => p.ean === ean)) ours.add(ean);
  }
  const unique = new Set(shopEans);
  const created = unique.size - ours.size;
  expect(ours.size).toBeGreaterThan(0);
  expect(created).toBeGreaterThan(0);

  const context = await browser.newContext({ baseURL: demo.url });
  const page = await context.newPage();
  await portalLogin(page, DEMO_USERS.bolOwner);
  await page.goto('/settings/apis/add');
  await page.locator('label', { hasText: /^WooCommerce$/ }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill('Webwinkel');
  await page.getByRole('textbox', { name: /^Shop URL/ }).fill(woo.url);
  await page.getByRole('textbox', { name: /^Consumer key/ }).fill(woo.credentials.key);
  await page.getByLabel(/^Consumer secret/).fill(woo.credentials.secret);
  await shot(page, 'shop-sync-00-add-woo');
  await page.getByRole('button', { name: 'Save connection' }).click();
  await expect(page).toHaveURL(/\/settings\/apis$/);
  await expect(page.getByRole('row', { name: /Webwinkel/ })).toContainText('Products not synchronised yet');

  await page.goto('/products');
  await page.getByRole('button', { name: 'Sync' }).click();
  await page.getByRole('menuitem', { name: 'Sync with WooCommerce (Webwinkel)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Products synchronized successfully' });
  await expect(dialog).toContainText(
    `11 units in the shop: ${ours.size} linked, ${created} created, 4 skipped.`,
  );
  await dialog.getByRole('button', { name: 'Show the 4 skipped units' }).click();
  await expect(dialog.getByRole('table', { name: 'Skipped units' })).toContainText(
    'EAN check digit is wrong',
  );
  await shot(page, 'shop-sync-01-result');
  await dialog.getByRole('button', { name: 'Close' }).click();

  const newEan = [...unique].find((e) => !ours.has(e)) as string;
  const variant = hagel.find((v) => v.ean === newEan);
  const newName = variant ? `Hagelslag – ${variant.option}` : woo.items.find((i) => i.ean === newEan)?.name;
  await page.getByRole('searchbox', { name: 'Search by name, EAN or SKU' }).fill(newEan);
  await expect(page.getByRole('row', { name: new RegExp(newEan) })).toContainText(newName ?? '∅');

  // A second sync links what the first one made and creates nothing.
  await page.getByRole('button', { name: 'Sync' }).click();
  await page.getByRole('menuitem', { name: 'Sync with WooCommerce (Webwinkel)' }).click();
  await expect(page.getByRole('dialog', { name: 'Products synchronized successfully' })).toContainText(
    `${unique.size} linked, 0 created, 4 skipped.`,
  );
  expect(woo.invalid).toEqual([]);
  await context.close();
});

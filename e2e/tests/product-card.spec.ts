import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProductCard } from '@hoppa/core';
import { apiSession, json, productsInStock } from '../fixtures/api.ts';
import { DEMO_USERS, portalLogin } from '../fixtures/demo.ts';
import { expect, shot } from '../fixtures/hoppa.ts';
import { testWithOwnServer } from '../fixtures/own-server.ts';
import { REPO_ROOT } from '../fixtures/server.ts';

/**
 * The product card (issue 15, spec 3 §2 Product item card): a merchant opens a product's card, sets its pick, pack and
 * own note in the options panel, picks a default box and a surcharge, fills the customs panel (which closes the
 * options: one panel at a time), links a child product found by its EAN, and uploads a photo, which replaces the
 * placeholder and clears the data-quality warning. Every change is read back through `GET /product/{id}`. Its own server, so the product it
 * changes is nobody else's.
 */
const test = testWithOwnServer({ DEMO_ORDERS: 'false' }, 'server-product-card.log');

test('a merchant sets notes, customs and a default box, links a child and uploads a photo', async ({
  browser,
  demo,
}) => {
  const merchant = await apiSession(demo.url, DEMO_USERS.bolOwner);
  const stocked = await productsInStock(merchant, 40);
  const cards = await Promise.all(
    stocked.slice(10, 20).map((p) => merchant.get(`/api/product/${p.id}`).then((r) => json<ProductCard>(r))),
  );
  const free = cards.filter((c) => !c.parent && c.children.length === 0 && c.image_ids.length === 0);
  const [product, child] = free;
  expect(product && child).toBeTruthy();
  if (!product || !child) return;

  const context = await browser.newContext({ baseURL: demo.url, viewport: { width: 1360, height: 900 } });
  const page = await context.newPage();
  await portalLogin(page, DEMO_USERS.bolOwner);
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  await expect(page.getByLabel('Total stock')).toHaveText(String(product.sf_stock));
  // Without a photo the card shows the placeholder and the data-quality warning.
  if (!product.img_url) {
    await expect(page.getByRole('img', { name: 'No product photo' })).toBeVisible();
    await expect(page.getByText('This product is incomplete')).toBeVisible();
  }
  await shot(page, 'product-card-01-opened');

  // Options: the notes for the picker and the packer and the merchant's own note.
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByLabel('Pick note').fill('Take two at a time: they come in pairs.');
  await page.getByLabel('Pack note').fill('Fragile: on top, in bubble wrap.');
  await page.getByLabel('Note', { exact: true }).fill('Seasonal; reorder before October.');
  await page.getByRole('button', { name: 'Save options' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  // The default box, from the selector under the switches.
  const boxSelect = page
    .getByRole('region', { name: 'Product settings' })
    .getByLabel('Default box (packaging)');
  const boxValue = await boxSelect.locator('option').nth(1).getAttribute('value');
  await boxSelect.selectOption(boxValue ?? '');
  await expect(boxSelect).toHaveValue(boxValue ?? '');
  // A surcharge from the provider's list.
  await page.getByRole('region', { name: 'Product settings' }).getByLabel('Surcharges').click();
  await page.getByRole('option', { name: /Breekbaar inpakken/ }).click();
  await page.keyboard.press('Escape');
  await shot(page, 'product-card-02-options');

  // Customs: a wrong HS code is refused in the form, a right one saved; the options panel closes.
  await page.getByRole('button', { name: 'Customs' }).click();
  await expect(page.getByLabel('Pick note')).toHaveCount(0);
  await page.getByLabel('HS code').fill('19A5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText("HS code is not an HS code of 6 to 10 digits: '19A5'")).toBeVisible();
  await page.getByLabel('HS code').fill('1905.90.30');
  await page.getByLabel('Customs value').fill('4.95');
  await page.getByLabel('Weight').fill('0.45');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await shot(page, 'product-card-03-customs');

  // Linked child products: found by the start of its EAN.
  await page.getByRole('button', { name: 'Linked child products' }).click();
  await page.getByLabel('Link a child product').fill(child.ean.slice(0, 12));
  await page.getByRole('button', { name: `Link ${child.name}` }).click();
  await expect(page.getByRole('row', { name: child.name })).toBeVisible();

  // The photo: the placeholder gives way to the uploaded image.
  const png = readFileSync(join(REPO_ROOT, 'apps/floor/public/icons/icon-192.png'));
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Images uploaded successfully')).toBeVisible();
  await expect(page.getByRole('img', { name: product.name })).toBeVisible();
  await expect(page.getByText('This product is incomplete')).toHaveCount(0);
  await shot(page, 'product-card-04-linked-and-photo');

  const after = await json<ProductCard>(await merchant.get(`/api/product/${product.id}`));
  expect(after).toMatchObject({
    pick_note: 'Take two at a time: they come in pairs.',
    pack_note: 'Fragile: on top, in bubble wrap.',
    note: 'Seasonal; reorder before October.',
    ship_box_id: boxValue,
    customs: { hs: '19059030', value: 4.95 },
    weight_kg: 0.45,
    has_image: true,
  });
  expect(after.children.map((c) => c.id)).toEqual([child.id]);
  expect(after.image_ids).toHaveLength(1);
  expect(after.surcharge_ids).toHaveLength(1);
  await context.close();
});

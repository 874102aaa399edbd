import { readFileSync } from 'node:fs';
import { gtinCheckDigit } from '@hoppa/core';
import ExcelJS from 'exceljs';
import { apiSession, DEMO_USERS, json, orderRow, productsInStock } from '../fixtures/api.ts';
import { portalLogin, tomorrowNight } from '../fixtures/demo.ts';
import { expect, shot } from '../fixtures/hoppa.ts';
import { testWithOwnServer } from '../fixtures/own-server.ts';

/**
 * Bundles and automation rules (issue 15): a merchant downloads the bundle template from the bulk import screen,
 * fills it with a gift box of three of its products, imports it (the type is detected from the headers); creates an
 * automation rule on a product's page (orders to Belgium go with PostNL BE); then an imported Belgian order carries
 * that method and shows the rule on its order page, and a gift box order reaches the packing station as its parts.
 * Its own server; screenshots in e2e/screenshots/product-bundles-*.png.
 */
const test = testWithOwnServer({ DEMO_ORDERS: 'false' }, 'server-product-bundles.log');
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36).toUpperCase();
const BOX_EAN = (() => {
  const body = `87199${String(Date.now()).slice(-7)}`;
  return `${body}${gtinCheckDigit(body)}`;
})();

test('bundle template, bundle import, a rule on the product page, and orders that show both', async ({
  browser,
  demo,
}) => {
  test.setTimeout(240_000);
  const merchant = await apiSession(demo.url, DEMO_USERS.bolOwner);
  const stock = (await productsInStock(merchant, 50)).filter((p) => p.locations.some((l) => l.stock >= 5));
  const [a, b, c] = stock as [(typeof stock)[0], (typeof stock)[0], (typeof stock)[0]];
  expect(c).toBeTruthy();
  const page = await (await browser.newContext({ baseURL: demo.url, acceptDownloads: true })).newPage();
  await portalLogin(page, DEMO_USERS.bolOwner);

  // 1. The bundle template, downloaded and filled.
  await page.goto('/products/import');
  await page.getByText('Product bundles', { exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download template' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('product_bundle_import_template.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0] as ExcelJS.Worksheet;
  expect((ws.getRow(1).values as unknown[]).slice(1, 4)).toEqual([
    'bundle_name',
    'main_product_ean',
    'main_product_name',
  ]);
  // The template's two example rows are replaced by ours, and a bundle with a bad main EAN is added.
  const name = `Cadeaubox ${RUN}`;
  ws.getRow(2).values = [name, BOX_EAN, name, b.ean, b.name, 1, 'Drie producten in een doos'];
  ws.getRow(3).values = [name, BOX_EAN, name, c.ean, c.name, 2, ''];
  ws.getRow(4).values = ['Fout', '1234', 'Fout', c.ean, c.name, 1, ''];
  const filled = Buffer.from(await wb.xlsx.writeBuffer());

  // 2. Back on products, the file switches the type to bundles; preview, import, results.
  await page.getByText('Products only', { exact: true }).click();
  await page.getByLabel('Choose file').first().setInputFiles({
    name: 'bundles.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: filled,
  });
  await expect(page.getByRole('radio', { name: 'Product bundles' })).toBeChecked();
  await page.getByRole('button', { name: 'Show preview' }).click();
  await expect(page.getByText('2 bundles with 3 parts will be imported.')).toBeVisible();
  await shot(page, 'product-bundles-01-preview');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/products/import-bundles'));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  expect((await answer).status()).toBe(201);
  await expect(page.getByLabel('Bundles saved: 1')).toBeVisible();
  await expect(page.getByLabel('New bundle products: 1')).toBeVisible();
  await expect(page.getByLabel('Errors: 1')).toBeVisible();
  await expect(page.getByText('main_product_ean must have 8 to 14 digits')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import More' })).toBeVisible();
  await shot(page, 'product-bundles-02-results');

  // 3. A rule on product a's page: orders to Belgium go with PostNL BE.
  await page.goto(`/products/${a.id}`);
  // The rules are a panel of the product card (ADR 0048): opened first.
  await page.getByRole('button', { name: 'Automation rules' }).click();
  const panel = page.getByRole('region', { name: 'Automation rules' }).last();
  await expect(panel.getByText('No rules yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Add rule' }).click();
  await panel.getByRole('combobox', { name: 'Condition field' }).click();
  await page.getByRole('option', { name: 'Country' }).click();
  await panel.getByRole('textbox', { name: 'Value', exact: true }).fill('BE');
  await panel.getByRole('combobox', { name: 'To', exact: true }).click();
  await page
    .getByRole('listbox', { name: 'To' })
    .getByRole('option', { name: /SMF-POSTNL-BE/ })
    .click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/automation/'));
  await panel.getByRole('button', { name: 'Save rule' }).click();
  expect((await saved).status()).toBe(201);
  await expect(panel.getByRole('cell', { name: 'Country = BE' })).toBeVisible();
  await expect(panel.getByText('shipment method SMF-POSTNL-BE')).toBeVisible();
  await shot(page, 'product-bundles-03-rule');

  // 4. Orders: a Belgian one with product a, and a gift box.
  const be = { ...orderRow(`BE-${RUN}`, a.ean, 1, 1), zipcode: '2000', city: 'Antwerpen', countryCode: 'BE' };
  const gift = orderRow(`GIFT-${RUN}`, BOX_EAN, 1, 2);
  const imported = await json<{ orders: { order_id: string; id: string }[] }>(
    await merchant.post('/api/orders/import', { data: [be, gift] }),
  );
  const beId = imported.orders.find((o) => o.order_id === `BE-${RUN}`)?.id as string;
  const detail = await json<{ selected_ship_option: string; automations: { description: string }[] }>(
    await merchant.get(`/api/order/get/${beId}`),
  );
  expect(detail.selected_ship_option).toBe('SMF-POSTNL-BE');
  await merchant.dispose();

  await page.goto(`/order/edit/${beId}`);
  await expect(page.getByText('Automation rules applied when the order arrived')).toBeVisible();
  await expect(page.getByText('country = BE → shipment method SMF-POSTNL-BE')).toBeVisible();
  await shot(page, 'product-bundles-04-order-rule');

  await page.goto('/orders');
  await page.getByLabel('Until').fill(tomorrowNight());
  await page.getByRole('heading', { name: 'Open orders' }).click();
  const card = page.getByLabel(`Order GIFT-${RUN}`);
  await expect(card).toBeVisible();
  await expect(card.getByText(`Part of 1× ${name}`)).toHaveCount(2);
  await expect(card.getByText(c.ean)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'product-bundles-05-packing-card');

  // 5. The gift box's page: its parts and the stock it makes.
  const box = await apiSession(demo.url, DEMO_USERS.bolOwner);
  const found = await json<{ products: { id: string }[] }>(await box.get(`/api/products/ean/${BOX_EAN}`));
  await box.dispose();
  await page.goto(`/products/${found.products[0]?.id}`);
  await page.getByRole('button', { name: 'Bundle parts' }).click();
  const parts = page.getByRole('region', { name: 'Bundle parts' }).last();
  await expect(parts.getByText(/Bundles in stock: \d+/)).toBeVisible();
  await expect(parts.getByRole('cell', { name: c.ean })).toBeVisible();
  await shot(page, 'product-bundles-06-bundle-parts');
});

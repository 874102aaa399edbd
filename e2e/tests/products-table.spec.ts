import { gtinCheckDigit, type MostSold, type ProductList } from '@hoppa/core';
import ExcelJS from 'exceljs';
import { apiSession, json } from '../fixtures/api.ts';
import { DEMO_USERS, portalLogin } from '../fixtures/demo.ts';
import { expect, shot } from '../fixtures/hoppa.ts';
import { testWithOwnServer } from '../fixtures/own-server.ts';
import { SAMPLE_PHOTO_HOST, serveSamplePhotos } from '../fixtures/photos.ts';
import { scan } from '../fixtures/scanner.ts';

/**
 * Product management (issue 15; spec 3 §2 Product management, Scanner, New product form) on its own server with the
 * demo's live orders (a month of shipped orders, so the sales columns have figures): a merchant filters and sorts the
 * table, exports the filtered products to xlsx (the download is parsed and its rows checked against the API), switches
 * the track-and-trace email off for a selection, finds a product on the scanner page and adds a new product.
 */
const test = testWithOwnServer({}, 'server-products-table.log');

test('a merchant filters, sorts and exports the product table, changes a selection, scans and adds a product', async ({
  browser,
  demo,
}) => {
  test.setTimeout(240_000);
  const api = await apiSession(demo.url, DEMO_USERS.bolOwner);
  const list = (query: string) => api.get(`/api/products?${query}`).then((r) => json<ProductList>(r));
  // A word of the name of a best seller with more than 5 in stock (the demo's products are Dutch groceries), so the
  // filtered table shows sales figures.
  const sold = await api.get('/api/most_sold_product').then((r) => json<MostSold>(r));
  const top = sold.products.find((p) => p.sf_stock > 5);
  const best = (await list(`search=${top?.ean}`)).items[0];
  expect(best?.total_sold_30d).toBe(top?.sold);
  expect(best?.total_sold_30d).toBeGreaterThan(0);
  expect(best?.days_until_out_of_stock).toBeGreaterThan(0);
  const word = (best?.name ?? '').split(/\s+/).find((w) => w.length >= 4) ?? (best?.name ?? '').slice(0, 4);

  const context = await browser.newContext({ baseURL: demo.url, acceptDownloads: true });
  // The demo's products carry the sample's photo addresses (Open Food Facts); this machine has no internet, so the
  // photo host answers here with one small PNG. The page's own Content-Security-Policy must let them in.
  expect((await list('limit=25')).items.some((p) => p.img_url?.startsWith(SAMPLE_PHOTO_HOST))).toBe(true);
  await serveSamplePhotos(context);
  const page = await context.newPage();
  await portalLogin(page, DEMO_USERS.bolOwner);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Products' })
    .click();
  const table = page.getByRole('table', { name: 'Product management' });
  await expect(table).toBeVisible();
  // The product photos load (a photo the browser refuses leaves the placeholder, data-state "failed").
  await expect(table.locator('[data-state="loaded"]').first()).toBeVisible();
  // Counts in the reader's number notation (2,502 in English).
  await expect(page.getByText(/in total · [\d,]+ in stock/)).toBeVisible();
  await shot(page, 'products-table-00-list');

  // Filter: the word, in stock; sort by warehouse stock, most first.
  await page.getByRole('searchbox', { name: 'Search by name, EAN or SKU' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(word)}`));
  await page.getByRole('combobox', { name: 'Stock status' }).click();
  await page.getByRole('option', { name: 'In stock (more than 5)' }).click();
  // Stock sorts most first on the first click.
  await table.getByRole('button', { name: 'Warehouse stock' }).click();
  await expect(page).toHaveURL(/sort=-stock/);
  const filtered = await list(
    `limit=1000&search=${encodeURIComponent(word)}&stock_status=in_stock&sort=-stock`,
  );
  expect(filtered.total).toBeGreaterThan(0);
  await expect(table.getByRole('row').nth(1)).toContainText(filtered.items[0]?.name ?? '');
  const stocks = filtered.items.map((p) => p.sf_stock);
  expect(stocks).toEqual([...stocks].sort((a, b) => b - a));
  await shot(page, 'products-table-01-filtered-sorted');

  // Export the filtered products to xlsx and read the file back.
  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export products' });
  await dialog.getByText('XLSX').click();
  await expect(dialog.getByRole('radio', { name: /Filtered products/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /Selected products/ })).toBeDisabled();
  await shot(page, 'products-table-02-export');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('products.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await download.path()) as string);
  const sheet = wb.getWorksheet('Products');
  expect(sheet?.getRow(1).getCell(1).value).toBe('name');
  const exported: string[] = [];
  sheet?.eachRow((row, n) => {
    if (n > 1) exported.push(String(row.getCell(2).value));
  });
  expect(exported).toEqual(filtered.items.map((p) => p.ean));

  // Select two products and switch their track-and-trace email off.
  const chosen = filtered.items.slice(0, 2);
  for (const p of chosen) await page.getByRole('checkbox', { name: `Select ${p.name}` }).check();
  await expect(
    page.getByText(`${chosen.length} product${chosen.length === 1 ? '' : 's'} selected`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Track & Trace', exact: true }).click();
  const tt = page.getByRole('dialog', { name: /Track & Trace of/ });
  await tt.getByRole('radiogroup', { name: 'Send the Track & Trace email' }).getByText('Off').click();
  await shot(page, 'products-table-03-bulk-track-trace');
  await tt.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Updated Track & Trace settings for ${chosen.length} products`)).toBeVisible();
  const after = await list(`limit=1000&search=${encodeURIComponent(word)}&stock_status=in_stock&sort=-stock`);
  for (const p of chosen) expect(after.items.find((x) => x.id === p.id)?.track_trace_email).toBe(false);
  expect(
    after.items.filter((x) => !chosen.some((c) => c.id === x.id)).every((x) => x.track_trace_email),
  ).toBe(true);

  // The scanner page: a wedge scan finds the best seller with its stock and locations.
  await page.getByRole('link', { name: 'Scanner' }).first().click();
  await expect(page.getByTestId('scanner-illustration')).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await scan(page, best?.ean ?? '');
  const result = page.getByTestId('scanner-result').first();
  await expect(result).toContainText(best?.name ?? '');
  await shot(page, 'products-table-04-scanner');

  // A new product: a wrong check digit first, then Enter in the note submits and the browser goes back.
  await page.goto('/products');
  await page.getByRole('link', { name: 'Add Product' }).click();
  await expect(page).toHaveURL(/\/products\/new$/);
  const body = `87${String(Date.now()).slice(-10)}`;
  const ean = `${body}${gtinCheckDigit(body)}`;
  await page.getByLabel(/^Product name/).fill('Zeeuwse bolussen 4 stuks');
  await page.getByLabel(/^EAN/).fill(`${body}${(gtinCheckDigit(body) + 1) % 10}`);
  await page.getByRole('button', { name: 'Finish and add product' }).click();
  await expect(page.getByText(/check digit does not match/)).toBeVisible();
  await shot(page, 'products-table-05-new-product-check-digit');
  await page.getByLabel(/^EAN/).fill(ean);
  await page.getByLabel('Note').fill('Koel bewaren');
  await page.getByLabel('Note').press('Enter');
  await expect(page).toHaveURL(/\/products(\?|$)/);
  await expect(page.getByText('Product Zeeuwse bolussen 4 stuks added')).toBeVisible();
  const added = await list(`search=${ean}`);
  expect(added.items.map((p) => [p.name, p.note])).toEqual([['Zeeuwse bolussen 4 stuks', 'Koel bewaren']]);
  await shot(page, 'products-table-06-added');
  await context.close();
});

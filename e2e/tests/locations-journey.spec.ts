import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { apiSession, json, type ListedProduct, orderRow, productsInStock } from '../fixtures/api.ts';
import { DEMO_USERS, floorLogin, portalLogin } from '../fixtures/demo.ts';
import { widenPickPeriod } from '../fixtures/floor.ts';
import { expect, PHONE, SCREENSHOT_DIR, shot } from '../fixtures/hoppa.ts';
import { testWithOwnServer } from '../fixtures/own-server.ts';
import { qrCodesOfPdf } from '../fixtures/pdf.ts';
import { scan } from '../fixtures/scanner.ts';

/**
 * Locations and stock end to end (issue 9, "How to show it"): provider staff build a rack of 20 bins in the portal
 * and print its labels (the PDF read back: one page per bin, each QR code scanning as the bin's id); a warehouse
 * worker on a phone, partly offline, opens a product by scanning its EAN, adds two bins by scanning their labels,
 * sets stock, moves part of it and puts the new bin first; the portal's product history shows every mutation; and
 * the picker finds the product's order on the new bin. Its own server: the order it makes stays out of the other
 * journeys' pick lists.
 */
const test = testWithOwnServer({ DEMO_ORDERS: 'false' }, 'server-locations.log');
test.describe.configure({ mode: 'serial' });

const RACK = 'R-20';
const bins: { id: string; name: string }[] = [];
let product: ListedProduct;

test('provider staff add a rack of 20 bins and print their labels', async ({ browser, demo }) => {
  const context = await browser.newContext({ baseURL: demo.url });
  const page = await context.newPage();
  await portalLogin(page, DEMO_USERS.admin);
  await page.getByRole('link', { name: 'Locations' }).click();
  await page.getByRole('button', { name: 'Open R', exact: true }).click();
  const addRack = page.getByRole('region', { name: 'Add a rack' });
  await addRack.getByLabel('Name').fill(RACK);
  await addRack.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: `Open ${RACK}` }).click();
  const binsForm = page.getByRole('region', { name: `Add bins to ${RACK}` });
  await binsForm.getByLabel('From').fill('1');
  await binsForm.getByLabel('To').fill('20');
  await expect(binsForm).toContainText(`${RACK}-01 … ${RACK}-20 (20 bins)`);
  await binsForm.getByRole('button', { name: 'Add bins' }).click();
  await expect(page.getByRole('row').filter({ hasText: `${RACK}-20` })).toContainText('Free');
  await shot(page, 'locations-01-rack-of-20');

  // The rack's labels: the portal opens the PDF in a new tab; the answer is copied on its way to the page.
  let pdf: Buffer = Buffer.alloc(0);
  await page.route('**/api/location/labels/**', async (route) => {
    const response = await route.fetch();
    pdf = await response.body();
    await route.fulfill({ response, body: pdf });
  });
  const tab = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Print location labels' }).first().click();
  const labelsTab = await tab;
  await expect.poll(() => labelsTab.url()).toMatch(/^blob:/);
  await labelsTab.close();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  expect(doc.numPages).toBe(20);
  const { text } = await extractText(doc, { mergePages: false });
  expect(text[0]).toContain(`${RACK}-01`);
  expect(text[19]).toContain(`${RACK}-20`);

  const admin = await apiSession(demo.url, DEMO_USERS.admin);
  const rack = (
    await json<{ items: { id: string; name: string }[] }>(
      await admin.get('/api/locations/null', { params: { search: RACK } }),
    )
  ).items.find((l) => l.name === RACK);
  expect(rack).toBeTruthy();
  const children = await json<{ items: { id: string; name: string }[] }>(
    await admin.get(`/api/locations/${rack?.id}`),
  );
  await admin.dispose();
  bins.push(...children.items.map((b) => ({ id: b.id, name: b.name })));
  expect(bins.map((b) => b.name)).toEqual(
    Array.from({ length: 20 }, (_, i) => `${RACK}-${String(i + 1).padStart(2, '0')}`),
  );
  // Every label scans as its bin's id, the code the floor app reads (the first page kept to look at).
  const codes = await qrCodesOfPdf(pdf, join(SCREENSHOT_DIR, 'locations-02-label-page-1.png'));
  expect(codes).toEqual(bins.map((b) => b.id));
  await context.close();
});

test('a worker on a phone, partly offline, puts a product on two scanned bins, moves stock and reorders', async ({
  browser,
  demo,
}) => {
  test.setTimeout(120_000);
  const merchant = await apiSession(demo.url, DEMO_USERS.bolOwner);
  const candidate = (await productsInStock(merchant, 200)).find((p) => p.locations.length === 1);
  await merchant.dispose();
  expect(candidate).toBeTruthy();
  product = candidate as ListedProduct;
  const [bin1, bin2] = bins as [{ id: string; name: string }, { id: string; name: string }];

  const context = await browser.newContext({ ...PHONE, baseURL: demo.url });
  const page = await context.newPage();
  await floorLogin(page, DEMO_USERS.picker);
  await page.goto('/floor/menu');
  await page.getByTestId('task-locations').click();
  await expect(page).toHaveURL(/\/floor\/locations$/);
  await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
  await shot(page, 'locations-03-floor-scan-product');

  await scan(page, product.ean);
  await expect(page.getByTestId('location-product')).toContainText(product.name);
  const rows = page.getByTestId('location-row');
  await expect(rows).toHaveCount(1);
  // Both bins by their labels' code (QR and Code 128 hold the bin's id), as the printed labels scan.
  await scan(page, bin1.id);
  await expect(rows.filter({ hasText: bin1.name })).toHaveAttribute('data-pending', 'false');
  await scan(page, bin2.id.toUpperCase());
  await expect(rows.filter({ hasText: bin2.name })).toHaveAttribute('data-pending', 'false');
  const stockOf = (name: string) => rows.filter({ hasText: name }).getByTestId('location-stock');
  await stockOf(bin1.name).fill('4');
  await stockOf(bin1.name).press('Enter');
  // A typed stock changes what the system holds: asked first, expected against counted; a scanner's Enter confirms.
  await expect(page.getByTestId('amount-check')).toContainText('expected 0 · counted 4');
  await shot(page, 'locations-04a-floor-confirm-count');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('amount-check')).toHaveCount(0);
  await expect(rows.filter({ hasText: bin1.name })).toHaveAttribute('data-pending', 'false');
  await shot(page, 'locations-04-floor-two-bins');

  // The Wi-Fi drops: the move is queued and shown as waiting.
  await context.setOffline(true);
  await expect(page.getByTestId('network-status')).toHaveAttribute('data-online', 'false');
  await rows.filter({ hasText: bin1.name }).getByTestId('location-move').click();
  await page.getByTestId('transfer-quantity').fill('2');
  await page.getByTestId('scan-input').focus();
  await scan(page, bin2.id);
  await expect(stockOf(bin1.name)).toHaveValue('2');
  await expect(stockOf(bin2.name)).toHaveValue('2');
  await expect(rows.filter({ hasText: bin2.name })).toHaveAttribute('data-pending', 'true');
  await expect(page.getByTestId('outbox-count')).toHaveAttribute('data-count', /^[1-9]/);
  await shot(page, 'locations-05-floor-offline-move-waiting');
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-count')).toHaveAttribute('data-count', '0', { timeout: 30_000 });
  await expect(rows.filter({ hasText: bin2.name })).toHaveAttribute('data-pending', 'false');

  // Drag the second bin to the top: it becomes the product's pick location.
  const handle = rows
    .filter({ hasText: bin2.name })
    .getByRole('button', { name: 'Drag to change the order' });
  const top = rows.first();
  const from = await handle.boundingBox();
  const to = await top.boundingBox();
  if (!from || !to) throw new Error('rows not laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 15 });
  await page.mouse.up();
  await expect(rows.first()).toHaveAttribute('data-location', bin2.name);
  await expect(page.getByTestId('outbox-count')).toHaveAttribute('data-count', '0', { timeout: 30_000 });
  await shot(page, 'locations-06-floor-reordered');
  await context.close();

  // What the server holds now: the new bin first, the stock where the worker put it.
  const staff = await apiSession(demo.url, DEMO_USERS.picker);
  const now = await json<{ locations: { location: { name: string }; stock: number }[] }>(
    await staff.get(`/api/product/locations/${product.id}`),
  );
  await staff.dispose();
  expect(now.locations.map((l) => [l.location.name, l.stock]).slice(0, 1)).toEqual([[bin2.name, 2]]);
  expect(now.locations.find((l) => l.location.name === bin1.name)?.stock).toBe(2);
});

test("the product's history in the portal shows every mutation, and the picker finds it on the new bin", async ({
  browser,
  demo,
}) => {
  const [bin1, bin2] = bins as [{ id: string; name: string }, { id: string; name: string }];
  const context = await browser.newContext({ baseURL: demo.url });
  const page = await context.newPage();
  await portalLogin(page, DEMO_USERS.picker);
  await page.goto(`/products/${product.id}`);
  const history = page.getByRole('region', { name: 'Location history' });
  const entry = (what: string, where: string) =>
    history.getByRole('row').filter({ hasText: what }).filter({ hasText: where });
  await expect(entry('Put on location', bin1.name)).toBeVisible();
  await expect(entry('Put on location', bin2.name)).toBeVisible();
  await expect(entry('Stock set', bin1.name)).toContainText('+4');
  // A move is two rows with one transfer id: −2 on the first bin ("to R-20-02"), +2 on the second.
  await expect(entry('Moved', `to ${bin2.name}`)).toContainText('-2');
  await expect(entry('Moved', bin2.name).filter({ hasText: '+2' })).toBeVisible();
  await shot(page, 'locations-07-portal-history');
  await context.close();

  // An order for the product: the picker is sent to the bin the worker put first.
  const merchant = await apiSession(demo.url, DEMO_USERS.bolOwner);
  const imported = await json<{ created: number }>(
    await merchant.post('/api/orders/import', { data: [orderRow('LOC-1', product.ean, 1, 1)] }),
  );
  await merchant.dispose();
  expect(imported.created).toBe(1);
  const phone = await browser.newContext({ ...PHONE, baseURL: demo.url });
  const floor = await phone.newPage();
  await floorLogin(floor, DEMO_USERS.picker);
  await floor.goto('/floor/pick');
  await widenPickPeriod(floor);
  await expect(floor.getByTestId('pick-ean')).toHaveText(product.ean);
  await expect(floor.getByTestId('pick-location')).toHaveText(bin2.name);
  await expect(floor.getByRole('dialog')).toBeHidden();
  await shot(floor, 'locations-08-pick-on-new-bin');
  await phone.close();
});

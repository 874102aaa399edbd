import { INVOICE_SHEETS, type Invoice, previousMonthPeriod } from '@hoppa/core';
import { test as base } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiSession, json } from '../fixtures/api.ts';
import { DEMO_USERS, portalLogin } from '../fixtures/demo.ts';
import { expect, shot } from '../fixtures/hoppa.ts';
import { type StartedServer, startServer } from '../fixtures/server.ts';

/**
 * Invoices (issue 16 item 4; spec 3 §2 Invoices, §7 billing) on its own server with the demo's live orders, which
 * include a month of finished work in the previous calendar month: the merchant opens last month's invoice from the
 * settings menu, reads the cost table and exports it; the downloaded XLSX has the four sheets and the screen's totals.
 */
const test = base.extend<object, { demo: StartedServer }>({
  demo: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      // The whole demo with its live orders and last month's work: allow a slow first start on a busy machine.
      const server = await startServer({ logName: 'server-invoices.log', healthTimeoutMs: 280_000 });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 320_000 },
  ],
});

/** The euro text of cents as the screen writes it (nl-NL, a no-break space after the sign). */
const euro = (cents: number) =>
  new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);

test('a merchant opens last month’s invoice and exports it to Excel', async ({ browser, demo }) => {
  test.setTimeout(180_000);
  const { start, end } = previousMonthPeriod(new Date());
  const api = await apiSession(demo.url, DEMO_USERS.bolOwner);
  const inv = await api.get(`/api/invoice/get/${start}/${end}`).then((r) => json<Invoice>(r));
  expect(inv.orders_count).toBeGreaterThan(0);
  expect(inv.total_storage_cents).toBeGreaterThan(0);

  const context = await browser.newContext({ baseURL: demo.url, acceptDownloads: true });
  const page = await context.newPage();
  await portalLogin(page, DEMO_USERS.bolOwner);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Invoices' })
    .click();
  await expect(page).toHaveURL(/\/settings\/invoices$/);
  const costs = page.getByRole('table', { name: 'Costs' });
  await expect(costs).toBeVisible();
  // The previous calendar month by default, its total as the API computes it.
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue(start.split('-').reverse().join('-'));
  const shown = (await page.getByTestId('invoice-total').textContent()) ?? '';
  expect(shown).toBe(euro(inv.total_cents));
  await expect(costs.getByRole('row', { name: /Fulfilment \(boxes\)/ })).toContainText(
    euro(inv.total_fulfilment_cents),
  );
  await expect(page.getByRole('table', { name: 'Shipped orders' }).getByRole('row')).toHaveCount(1 + 25);
  await shot(page, 'invoices-00-last-month');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`invoice-${start}-${end}.xlsx`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await download.path()) as string);
  expect(wb.worksheets.map((w) => w.name)).toEqual([...INVOICE_SHEETS]);
  const firstColumn = (name: string) => {
    const out = new Map<string, number>();
    wb.getWorksheet(name)?.eachRow((r) => {
      const label = r.getCell(1).value;
      const value = r.getCell(name === 'Orders' ? 11 : r.cellCount).value;
      if (typeof label === 'string' && typeof value === 'number') out.set(label, value);
    });
    return out;
  };
  const orders = firstColumn('Orders');
  // The file's totals equal the screen's: the total, the fulfilment and the storage.
  expect(euro(Math.round((orders.get('Total') ?? -1) * 100))).toBe(shown);
  expect(Math.round((orders.get('Total fulfilment') ?? -1) * 100)).toBe(inv.total_fulfilment_cents);
  expect(Math.round((firstColumn('Storage').get('Total') ?? -1) * 100)).toBe(inv.total_storage_cents);
  let orderRows = 0;
  wb.getWorksheet('Orders')?.eachRow((r, n) => {
    if (n > 1 && /^BB-/.test(String(r.getCell(1).value))) orderRows++;
  });
  expect(orderRows).toBe(inv.orders_count);
  expect(wb.getWorksheet('Product Locations')?.rowCount).toBeGreaterThan(1);
  expect(wb.getWorksheet('Product Storage Summary')?.rowCount).toBeGreaterThan(1);

  // After the download: the confirmation over the page, seen from the top (a full-page shot of a scrolled page would
  // draw the sticky header in the middle).
  await expect(page.getByText('The invoice was downloaded')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'invoices-01-exported');
  await context.close();
});

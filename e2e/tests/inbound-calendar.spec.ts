import type { Inbound, InboundSummary, ProductLocations } from '@hoppa/core';
import type { Locator } from '@playwright/test';
import { apiSession, json, productsInStock } from '../fixtures/api.ts';
import { DEMO_USERS, portalLogin } from '../fixtures/demo.ts';
import { expect, shot } from '../fixtures/hoppa.ts';
import { testWithOwnServer } from '../fixtures/own-server.ts';
import { scan } from '../fixtures/scanner.ts';

/**
 * The public inbound calendar and direct check-in in the portal (issue 10 parts 3 and 4; spec 2 §2): a merchant makes
 * the secret calendar link, a stranger opens it without a session and sees this week's demo inbounds, switches to the
 * month, year and years views and opens an inbound's item table; a warehouse worker checks a delivery in directly by
 * scanning an EAN, and the stock shows on the product's location. Its own server with the demo's inbounds.
 */
const test = testWithOwnServer({ DEMO_ORDERS: 'false' }, 'server-inbound-calendar.log');
test.describe.configure({ mode: 'serial' });

const DESKTOP = { viewport: { width: 1366, height: 900 } };

/** Waits until a dialog's opening transition has ended, so its screenshot is not half faded in. */
async function settled(dialog: Locator): Promise<void> {
  await dialog.evaluate((el) =>
    Promise.all(
      (el.closest('.mantine-Modal-root') ?? el).getAnimations({ subtree: true }).map((a) => a.finished),
    ),
  );
}
/** The Amsterdam date `days` from today, YYYY-MM-DD (as seed-inbound.ts counts). */
const day = (days = 0) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });
const today = () => day(0);

test('a merchant shares the calendar; without a session it shows this week’s inbounds in every view', async ({
  browser,
  demo,
}) => {
  const merchant = await apiSession(demo.url, DEMO_USERS.bolOwner);
  // The list answers summaries without the contact (issue 8); the pallet's own answer has it.
  const own = await json<{ items: InboundSummary[] }>(
    await merchant.get('/api/inbounds', { params: { limit: 100 } }),
  );
  // The demo's pallet expected today and the one checked in a week ago (seed-inbound.ts).
  const listed = own.items.find(
    (i) => i.type === 'pallet' && i.status === 'pending' && i.expected_delivery === today(),
  );
  const listedDone = own.items.find((i) => i.status === 'checked_in' && i.expected_delivery === day(-7));
  expect(listed, 'the demo pallet expected today').toBeTruthy();
  expect(listedDone).toBeTruthy();
  if (!listed || !listedDone) return;
  const pallet = await json<Inbound>(await merchant.get(`/api/inbound/${listed.id}`));
  const received = await json<Inbound>(await merchant.get(`/api/inbound/${listedDone.id}`));
  await merchant.dispose();
  expect(pallet.contact_person_email).toBeTruthy();
  expect(pallet.phone).toBeTruthy();

  const context = await browser.newContext({ ...DESKTOP, baseURL: demo.url });
  const page = await context.newPage();
  await portalLogin(page, DEMO_USERS.bolOwner);
  await page.getByRole('link', { name: 'Inbound calendar' }).click();
  await expect(page).toHaveURL(/\/inbound\/calendar$/);
  await expect(page.getByTestId('calendar-event').filter({ hasText: pallet.inbound_number })).toBeVisible();
  await page.getByRole('button', { name: 'Create link' }).click();
  const link = await page.getByLabel('Secret calendar link').inputValue();
  expect(link).toMatch(new RegExp(`^${demo.url}/inbounds-report/[A-Za-z0-9_-]{43}$`));
  await shot(page, 'inbound-calendar-00-own-with-link');
  await context.close();

  // A fresh context: no cookie, no session.
  const stranger = await browser.newContext({ ...DESKTOP });
  const pub = await stranger.newPage();
  await pub.goto(link);
  await expect(pub.getByRole('heading', { name: 'Inbound calendar', level: 1 })).toBeVisible();
  expect((await stranger.cookies()).filter((c) => c.name.startsWith('hoppa_session'))).toEqual([]);
  // Week view by default, with today's pallet in it.
  await expect(pub.getByRole('radio', { name: 'Week', exact: true })).toBeChecked();
  const event = pub.getByTestId('calendar-event').filter({ hasText: pallet.inbound_number });
  await expect(event).toBeVisible();
  await shot(pub, 'inbound-calendar-01-public-week');
  // Nothing personal on the page.
  await expect(pub.locator('body')).not.toContainText(pallet.contact_person_email);
  await expect(pub.locator('body')).not.toContainText(pallet.phone);

  await pub.getByText('Month', { exact: true }).click();
  await expect(pub).toHaveURL(/view=month/);
  const monthTitle = new Date().toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Amsterdam',
  });
  await expect(pub.getByTestId('calendar-title')).toHaveText(monthTitle);
  await expect(pub.getByTestId('calendar-event').filter({ hasText: pallet.inbound_number })).toBeVisible();
  await shot(pub, 'inbound-calendar-02-public-month');

  await pub.getByText('Year', { exact: true }).click();
  await expect(pub.getByTestId('calendar-title')).toHaveText(today().slice(0, 4));
  await expect(pub.getByText('January', { exact: true })).toBeVisible();
  await expect(pub.getByText('December', { exact: true })).toBeVisible();
  await shot(pub, 'inbound-calendar-03-public-year');

  await pub.getByText('Years', { exact: true }).click();
  const year = pub.getByTestId('calendar-year').filter({ hasText: today().slice(0, 4) });
  await expect(year).toContainText('expected');
  await shot(pub, 'inbound-calendar-04-public-years');
  // A year card opens that year; back to the week and open today's pallet.
  await year.click();
  await expect(pub.getByRole('radio', { name: 'Year', exact: true })).toBeChecked();
  await pub.getByText('Week', { exact: true }).click();
  await pub.getByTestId('calendar-event').filter({ hasText: pallet.inbound_number }).click();
  const dialog = pub.getByRole('dialog');
  await expect(dialog).toContainText(`${pallet.org_name} ${pallet.inbound_number}`);
  await expect(dialog.getByTestId('calendar-event-status')).toHaveText('Expected');
  await expect(dialog).toContainText(pallet.track_trace);
  const table = dialog.getByRole('table', { name: `Products of ${pallet.inbound_number}` });
  await expect(table.getByRole('columnheader', { name: 'Pallets' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(pallet.items.length + 1);
  const first = pallet.items[0];
  if (first) {
    const row = table.getByRole('row').filter({ hasText: first.product.ean });
    await expect(row).toContainText(`${first.units} × ${first.packed_per} pcs`);
    await expect(row).toContainText(String(first.pieces_expected));
  }
  await settled(dialog);
  await shot(pub, 'inbound-calendar-05-public-event');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The week before: the inbound checked in then, with its counts.
  await pub.getByRole('button', { name: 'Previous' }).click();
  await pub.getByTestId('calendar-event').filter({ hasText: received.inbound_number }).click();
  await expect(pub.getByRole('dialog').getByTestId('calendar-event-status')).toHaveText('Checked in');
  const done = received.items[0];
  if (done)
    await expect(
      pub.getByRole('dialog').getByRole('row').filter({ hasText: done.product.ean }),
    ).toContainText(`${done.pieces_expected}${done.pieces_checked_in}`);
  await settled(pub.getByRole('dialog'));
  await shot(pub, 'inbound-calendar-06-public-last-week');
  await pub.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // A replaced or made-up link shows no calendar.
  await pub.goto(`${demo.url}/inbounds-report/${'x'.repeat(43)}`);
  await expect(pub.getByText('This calendar link does not work')).toBeVisible();
  await shot(pub, 'inbound-calendar-07-public-unknown');
  await stranger.close();
});

test('a warehouse worker checks a delivery in directly by scanning, and the stock shows on its location', async ({
  browser,
  demo,
}) => {
  const merchant = await apiSession(demo.url, DEMO_USERS.bolOwner);
  const [product] = await productsInStock(merchant, 5);
  expect(product).toBeTruthy();
  if (!product) return;
  const before = await json<ProductLocations>(await merchant.get(`/api/product/locations/${product.id}`));
  const place = before.locations.find((l) => l.active && l.location.active);
  expect(place).toBeTruthy();
  if (!place) return;

  const context = await browser.newContext({ ...DESKTOP, baseURL: demo.url });
  const page = await context.newPage();
  await portalLogin(page, DEMO_USERS.picker);
  // Work for the shop whose goods arrived.
  await page.getByRole('combobox', { name: 'Current organisation' }).first().click();
  await page.getByRole('option', { name: 'Bakkerij Bol' }).click();
  await expect(page.getByText('You are now working for Bakkerij Bol')).toBeVisible();
  await page.getByRole('link', { name: 'Direct check-in' }).click();
  await expect(page).toHaveURL(/\/checkin$/);
  await expect(page.getByText('Stock of Bakkerij Bol')).toBeVisible();
  await shot(page, 'direct-checkin-00-empty');

  // An unknown EAN says so; the product's EAN, scanned twice, is one row of 2 pieces on its own location.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await scan(page, '5000000000009');
  await expect(page.getByTestId('checkin-notice')).toContainText('Unknown EAN 5000000000009');
  for (let i = 0; i < 2; i++) {
    await scan(page, product.ean);
    await expect(page.getByLabel(`Pieces ${product.name}`)).toHaveValue(String(i + 1));
  }
  const row = page.getByTestId('checkin-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByLabel(`Location ${product.name}`)).toHaveValue(place.location.name);
  await row.getByLabel(`Pieces ${product.name}`).fill('6');
  await page.getByLabel(/Track & Trace/).fill('3SDIRECT0001');
  await shot(page, 'direct-checkin-01-filled');
  await page.getByRole('button', { name: 'Check in 6 pcs' }).click();
  const done = page.getByTestId('checkin-done');
  await expect(done).toContainText(/Inbound IN-[0-9A-F]{8} checked in/);
  await shot(page, 'direct-checkin-02-done');

  // The inbound is checked in, and the stock is on the location.
  const after = await json<ProductLocations>(await merchant.get(`/api/product/locations/${product.id}`));
  const now = after.locations.find((l) => l.location.id === place.location.id);
  expect(now?.stock).toBe(place.stock + 6);
  await page.goto(`/products/${product.id}`);
  await expect(page.getByLabel(`Pieces on ${place.location.name}`)).toHaveValue(String(place.stock + 6));
  await shot(page, 'direct-checkin-03-product-stock');
  await merchant.dispose();
  await context.close();
});

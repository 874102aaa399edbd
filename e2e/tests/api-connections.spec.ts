import { apiSession, productsInStock } from '../fixtures/api.ts';
import { bolJourneyTest } from '../fixtures/bol-journey.ts';
import { DEMO_USERS, portalLogin, tomorrowNight } from '../fixtures/demo.ts';
import { expect, shot } from '../fixtures/hoppa.ts';

/**
 * API connections and bol.com order intake (issue 14, the part built so far): with the bol.com fake running (it
 * answers from ../shared/contracts recordings and validates every request against retailer.v10.json), a merchant sees
 * the demo's disabled example connection, adds a bol connection through /settings/apis/add, the scheduled pull (every
 * 1.5 s here, CONNECTIONS_SYNC_MS) brings the bol orders into the open orders, and the connections page shows the last
 * sync with the order it held back for an EAN that is not one of the merchant's products. Its own server, pointed at
 * the fake by BOL_API_URL / BOL_LOGIN_URL.
 */
const test = bolJourneyTest('server-api-connections.log');

test('a merchant adds a bol.com connection and its orders arrive in the open orders', async ({
  browser,
  demo,
  bol,
}) => {
  const merchant = await apiSession(demo.url, DEMO_USERS.bolOwner);
  const [jam, bread] = await productsInStock(merchant, 2);
  expect(jam && bread).toBeTruthy();
  if (!jam || !bread) return;
  bol.orders = [
    {
      orderId: '1043946570',
      orderPlacedDateTime: '2026-11-25T09:12:00+01:00',
      orderItems: [{ orderItemId: '6042823871', ean: jam.ean, quantity: 2 }],
    },
    {
      orderId: '1042831430',
      orderPlacedDateTime: '2026-11-25T09:40:00+01:00',
      orderItems: [
        { orderItemId: '6107331382', ean: jam.ean, quantity: 1 },
        { orderItemId: '6107331383', ean: bread.ean, quantity: 1 },
      ],
    },
    {
      orderId: 'A4K8290LP0',
      orderPlacedDateTime: '2026-11-25T10:04:00+01:00',
      orderItems: [{ orderItemId: '2070906705', ean: '8718846038683', quantity: 1 }],
    },
  ];

  const context = await browser.newContext({ baseURL: demo.url });
  const page = await context.newPage();
  await portalLogin(page, DEMO_USERS.bolOwner);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'API connections' })
    .click();
  await expect(page).toHaveURL(/\/settings\/apis$/);
  // The demo's example: disabled, never synced.
  const example = page.getByRole('row', { name: /bol\.com \(voorbeeld\)/ });
  await expect(example).toContainText('Not synced yet');
  await expect(example.getByRole('switch', { name: 'Active: bol.com (voorbeeld)' })).not.toBeChecked();
  await shot(page, 'api-connections-00-list-demo');

  await page.getByRole('link', { name: 'Add connection' }).click();
  await expect(page).toHaveURL(/\/settings\/apis\/add$/);
  await page.getByRole('button', { name: 'Save connection' }).click();
  await expect(page.getByText('This field is required!').first()).toBeVisible();
  await page.getByRole('textbox', { name: /^Name/ }).fill('bol.com NL');
  await page.getByRole('textbox', { name: /^Client id/ }).fill(bol.credentials.clientId);
  await page.getByLabel(/^Client secret/).fill(bol.credentials.clientSecret);
  await shot(page, 'api-connections-01-add-bol');
  await page.getByRole('button', { name: 'Save connection' }).click();
  await expect(page).toHaveURL(/\/settings\/apis$/);
  const row = page.getByRole('row', { name: /bol\.com NL/ });
  await expect(row.getByRole('switch', { name: 'Active: bol.com NL' })).toBeChecked();

  // The scheduled pull runs within seconds; the page shows its result after a reload (or its own 30 s refresh).
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('2 taken in so far', { timeout: 1500 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('Held back, unknown EAN: A4K8290LP0 (8718846038683)');
  await shot(page, 'api-connections-02-synced');
  // Every request the adapter sent is one bol's contract accepts.
  expect(bol.invalid.map((i) => i.errors)).toEqual([]);
  // The secret never comes back.
  const listed = await (await merchant.get('/api/get-apis')).text();
  expect(listed).not.toContain(bol.credentials.clientSecret);

  // The same page for a Dutch browser.
  const nl = await browser.newContext({
    baseURL: demo.url,
    locale: 'nl-NL',
    storageState: await context.storageState(),
  });
  const nlPage = await nl.newPage();
  await nlPage.goto('/settings/apis');
  await expect(nlPage.getByRole('heading', { name: 'API-koppelingen' })).toBeVisible();
  await expect(nlPage.getByRole('row', { name: /bol\.com NL/ })).toContainText('binnengehaald tot nu toe');
  await shot(nlPage, 'api-connections-02-synced-nl');
  await nl.close();

  await page.goto('/orders');
  // The list defaults to "until today 22:00" (spec 1 §9): orders taken in later in the evening are listed from then.
  await page.getByLabel('Until').fill(tomorrowNight());
  await page.getByRole('heading', { name: 'Open orders' }).click();
  await expect(page.getByText('1043946570').first()).toBeVisible();
  await expect(page.getByText('1042831430').first()).toBeVisible();
  await expect(page.getByText('A4K8290LP0')).toHaveCount(0);
  await shot(page, 'api-connections-03-open-orders');

  // Switching the connection off stops the pull: a new bol order does not arrive.
  await page.goto('/settings/apis');
  const active = page.getByRole('switch', { name: 'Active: bol.com NL' });
  await expect(active).toBeChecked();
  // Mantine draws the switch's track over its visually hidden input: the user clicks the track.
  await page
    .getByRole('row', { name: /bol\.com NL/ })
    .locator('.mantine-Switch-track')
    .first()
    .click();
  await expect(page.getByRole('switch', { name: 'Active: bol.com NL' })).not.toBeChecked();
  const requests = bol.requests.length;
  await page.waitForTimeout(4000);
  expect(bol.requests.length).toBe(requests);
  await context.close();
});

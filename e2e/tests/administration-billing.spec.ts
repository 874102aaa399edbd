import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  type AdminShipmentMethod,
  INVOICE_SHEETS,
  type Invoice,
  type Page as ListPage,
  type Order,
  previousMonthPeriod,
} from '@hoppa/core';
import type { BrowserContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { startViesFake, type ViesFake } from '../../apps/api/src/test/fakes/vies-fake.ts';
import { apiSession, json, orderRow, productsInStock } from '../fixtures/api.ts';
import { DEMO_USERS, portalLogin, uniqueEmail } from '../fixtures/demo.ts';
import {
  test as base,
  expect,
  fakePerFile,
  newestMailTo,
  SERVER_START_MS,
  settleForShot,
  shot,
} from '../fixtures/hoppa.ts';
import { type StartedServer, startServer } from '../fixtures/server.ts';

/**
 * Administration and billing, issue 16's one journey ("How to show it"; spec 3 §2 Users, Shops, Organisation wizard,
 * Invoices, pricing, terms, Admin area; §4; §5; §7): a new merchant signs up, completes the seven-step wizard (the VAT
 * lookup through the VIES fake fills the company name and address), chooses licences on the pricing page, accepts the
 * terms, invites a colleague (the mail is read from DATA_DIR, the colleague sets a password and logs in with the
 * chosen licence), changes that licence and the portal's language; the provider admin deactivates and reactivates the
 * new shop (it leaves and rejoins the pickers' organisation filter), edits a shipment method and a surcharge, adds a
 * box, finds a partly picked order and deletes it, and edits a role (the merchant user sees its new menu entry at
 * once); the merchant opens last month's invoice and exports it (the XLSX has the four sheets and the screen's
 * totals).
 *
 * One server for the whole story, with the demo's live orders (last month's finished work for the invoice) and
 * VIES_API_URL pointed at the fake. The steps run in order and share their pages.
 */
const test = base.extend<{ vies: ViesFake; demo: StartedServer }>({
  vies: fakePerFile('vies', () =>
    startViesFake({
      NL859123456B01: { name: 'KAASHANDEL GOUDA B.V.', address: 'MARKT 00012\n2801JK GOUDA' },
    }),
  ),
  demo: [
    async ({ workerServers, vies }, use, testInfo) => {
      // The whole demo with its live orders and last month's work: allow a slow first start on a busy machine.
      const start = () =>
        startServer({
          env: { VIES_API_URL: vies.url },
          logName: 'server-administration-billing.log',
          healthTimeoutMs: 280_000,
        });
      await use(await workerServers.forFile(testInfo.file, 'server', start, (server) => server.stop()));
    },
    { scope: 'test', timeout: SERVER_START_MS },
  ],
});
test.describe.configure({ mode: 'serial' });

const SHOP = 'KAASHANDEL GOUDA B.V.';
const CSR_MANAGER = '5e1ec7000000000000000001';
const STAKEHOLDERS = '5e1ec7000000000000000002';

/** The new merchant's browser, kept from the sign-up to the language change. */
let merchant: BrowserContext;
let owner: Page;
/** The colleague the merchant invites, and the browser the colleague logs in with. */
const colleagueEmail = uniqueEmail('colleague');
let colleague: Page;
/** The provider administrator's browser, from the shops list to the role edit. */
let staff: BrowserContext;
let admin: Page;

/** Picks `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: typeof label === 'string' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The organisations offered by the open orders board's organisation filter. */
async function filterOptions(page: Page): Promise<string[]> {
  await page.goto('/orders');
  const filter = page.getByRole('combobox', { name: 'Organisation', exact: true });
  await filter.click();
  // The combobox's own list: the order cards' native selects (ship method) have options of their own.
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = await options.allTextContents();
  await page.keyboard.press('Escape');
  return names;
}

/** The euro text of cents as the screen writes it (nl-NL, a no-break space after the sign). */
const euro = (cents: number) =>
  new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);

test.afterAll(async () => {
  await merchant?.close();
  await colleague?.context().close();
  await staff?.close();
});

test('1 · a new merchant signs up with an international phone number and confirms by the mailed link', async ({
  browser,
  demo,
}) => {
  merchant = await browser.newContext({ baseURL: demo.url });
  owner = await merchant.newPage();
  const email = uniqueEmail('wizard');
  await owner.goto('/signup');
  await owner.getByRole('textbox', { name: 'First name', exact: true }).fill('Nel');
  await owner.getByRole('textbox', { name: 'Last name', exact: true }).fill('de Kaasboer');
  await owner.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
  // The shared phone field (spec 3 §5): country NL by default, a national number is sent in international form.
  const phone = owner.getByRole('textbox', { name: 'Phone number', exact: true });
  await phone.fill('06-12ab');
  await phone.blur();
  await expect(owner.getByText('Please enter a valid phone number')).toBeVisible();
  await phone.fill('06 12345678');
  await owner.getByRole('textbox', { name: 'Password', exact: true }).fill('Kaas-uit-Gouda-2026');
  await shot(owner, 'administration-billing-01-signup');
  await owner.getByRole('button', { name: 'Create account' }).click();
  await expect(owner.getByText(`We have sent a link to ${email}.`, { exact: false })).toBeVisible();
  const token = (await newestMailTo(demo, email)).match(/\/signup\?token=([A-Za-z0-9_-]+)/)?.[1];
  expect(token).toBeTruthy();
  // No shop yet: the guard opens the wizard.
  await owner.goto(`/signup?token=${token}`);
  await expect(owner).toHaveURL(/\/orgs\/add$/);
  await expect(owner.getByRole('heading', { name: 'Create your shop' })).toBeVisible();
  const me = await (await owner.request.get('/api/current_user')).json();
  expect(me.phone).toBe('+31 6 12345678');
});

test('2 · the merchant completes the seven-step wizard; the VAT lookup through the fake fills the name', async ({
  vies,
}) => {
  test.setTimeout(120_000);
  const page = owner;
  // Step 0, company: the VAT number is looked up at VIES (the fake) and fills the company name.
  const next = page.getByRole('button', { name: 'Next' });
  await next.click();
  await expect(page.getByText('This field is required!').first()).toBeVisible();
  await page.getByRole('textbox', { name: /VAT number/ }).fill('NL859123456B01');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByTestId('vat-found')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Company name/ })).toHaveValue(SHOP);
  await page.getByRole('textbox', { name: /Chamber of Commerce/ }).fill('87654321');
  await choose(page, /Industry/, 'Food and drink');
  await page.getByRole('textbox', { name: /Website/ }).fill('https://www.kaasgouda.nl');
  await page.locator('input[type=file][accept^="image"]').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#f59f00"/></svg>',
    ),
  });
  await expect(page.getByRole('img', { name: 'Logo' })).toBeVisible();
  await shot(page, 'administration-billing-02-wizard-company');
  await next.click();

  // Step 1, contacts: the signed-up user is the first contact (with the phone of the sign-up); a colleague is added
  // with an invitation.
  await expect(page.getByText('Contact 1')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Phone number/ }).first()).toHaveValue('06 12345678');
  await page.getByRole('button', { name: 'Add a contact' }).click();
  await page.getByRole('textbox', { name: /^Name/ }).nth(1).fill('Fien Financiën');
  await page
    .getByRole('textbox', { name: /^E-mail/ })
    .nth(1)
    .fill('fien@kaasgouda.nl');
  await page
    .getByRole('textbox', { name: /Phone number/ })
    .nth(1)
    .fill('+31 182 123456');
  await page.getByRole('checkbox', { name: 'Invite as user' }).nth(1).check();
  await shot(page, 'administration-billing-03-wizard-contacts');
  await next.click();

  // Step 2, products and shipping.
  await choose(page, /Number of products/, '51–250');
  await choose(page, /Orders per year/, '1,000–10,000');
  await choose(page, /Where do your goods come from/, 'Netherlands');
  await choose(page, /Preferred carrier/, 'PostNL');
  await shot(page, 'administration-billing-04-wizard-products');
  await next.click();

  // Step 3, storage.
  await page.getByRole('textbox', { name: /Pallets in storage/ }).fill('3');
  await choose(page, /How long does stock stay/, '1–3 months');
  await shot(page, 'administration-billing-05-wizard-storage');
  await next.click();

  // Step 4, returns: the questions appear only with a returns policy, and are then required.
  await expect(page.getByTestId('returns-questions')).toHaveCount(0);
  await page.getByText('Yes', { exact: true }).click();
  await expect(page.getByTestId('returns-questions')).toBeVisible();
  await next.click();
  await expect(page.getByText('This field is required!').first()).toBeVisible();
  await choose(page, /Defective returns/, 'Destroy them');
  await choose(page, /Sellable returns/, 'Back into stock, same location');
  await choose(page, /Return window/, '30 days');
  await choose(page, /Who pays the return shipment/, 'The customer');
  await choose(page, /How is a return settled/, 'Refund');
  await choose(page, /Processing time/, '1–3 days');
  await page.getByRole('textbox', { name: /Returns support e-mail/ }).fill('retour@kaasgouda.nl');
  await shot(page, 'administration-billing-06-wizard-returns');
  await next.click();

  // Step 5, growth.
  await choose(page, /Expected order growth/, 'Moderate growth');
  await shot(page, 'administration-billing-07-wizard-growth');
  await next.click();

  // Step 6, address: VIES gave the address; the billing address shows only when it differs.
  await expect(page.getByRole('textbox', { name: /^Street/ })).toHaveValue('MARKT');
  await expect(page.getByRole('textbox', { name: /^City/ })).toHaveValue('GOUDA');
  await expect(page.getByTestId('billing-address')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Billing address differs' }).check();
  await page.getByRole('textbox', { name: /Billing street/ }).fill('Postbus');
  await page
    .getByTestId('billing-address')
    .getByRole('textbox', { name: /House number/ })
    .fill('120');
  await page
    .getByTestId('billing-address')
    .getByRole('textbox', { name: /Postal code/ })
    .fill('2800 AC');
  await page.getByTestId('billing-address').getByRole('textbox', { name: /City/ }).fill('Gouda');
  await shot(page, 'administration-billing-08-wizard-address');
  await page.getByRole('button', { name: 'Submit' }).click();

  // In the app, with the new shop current; the contacts' phones are stored in the international form.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByLabel('Current organisation').first()).toContainText(SHOP);
  await shot(page, 'administration-billing-09-wizard-done');
  expect(vies.invalid).toEqual([]);
  const me = await (await page.request.get('/api/current_user')).json();
  expect(me.curr_org.name).toBe(SHOP);
});

test('3 · the merchant chooses licences (totals in nl-NL euro) and accepts the terms', async () => {
  const page = owner;
  await page.goto('/subscriptions/add');
  await expect(page.getByText('€ 0,35 per order')).toBeVisible();
  await page.getByRole('textbox', { name: 'Licences of CSR Manager' }).fill('4');
  await page.getByRole('textbox', { name: 'Licences of Stakeholders' }).fill('5');
  // 4 × 35 + 5 × 10 = 190 cents; 9 licences: 5 % = 9.5 → 10.
  await expect(page.getByTestId('subtotal')).toHaveText('€ 1,90');
  await expect(page.getByTestId('discount')).toHaveText('− € 0,10');
  await expect(page.getByTestId('total')).toHaveText('€ 1,80');
  await shot(page, 'administration-billing-10-pricing');
  await page.getByRole('button', { name: 'Continue to the terms' }).click();

  // Terms: the PDF, the checkbox and the continue rule (spec 3 §4).
  await expect(page).toHaveURL(/\/subscriptions\/terms\?plans=/);
  await expect(page.getByTitle('Terms of service (PDF)')).toBeVisible();
  const cont = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(cont).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I accept the terms of service' }).check();
  await expect(cont).toBeEnabled();
  // A browser that shows no PDF inline (headless Chromium draws a grey box) still gets the terms: the Download PDF
  // link saves the PDF itself, Open PDF opens it in a tab of its own.
  await expect(page.getByRole('link', { name: 'Open PDF' })).toHaveAttribute('target', '_blank');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^hoppa-terms-of-service-.+\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  // The PDF viewer draws its first page a moment after the frame appears.
  await settleForShot(page, 1000);
  await shot(page, 'administration-billing-11-terms');
  await cont.click();
  await expect(page).toHaveURL(/\/settings\/subscription$/);
  await expect(page.getByRole('cell', { name: '€ 1,80' })).toBeVisible();
  await shot(page, 'administration-billing-12-subscription');
});

test('4 · the merchant invites a colleague, who sets a password and logs in with the chosen licence', async ({
  browser,
  demo,
}) => {
  test.setTimeout(120_000);
  const page = owner;
  const before = (await (await page.request.get('/api/current_user')).json()).curr_org.licences as {
    name: string;
    used: number;
    count: number;
  }[];
  const used = (name: string) => before.find((l) => l.name === name)?.used ?? 0;

  // Invite a colleague with a CSR Manager licence.
  await page.goto('/settings/users/add');
  await page.getByRole('textbox', { name: 'First name' }).fill('Lotte');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Visser');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(colleagueEmail);
  await choose(page, 'Licence', 'CSR Manager');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${colleagueEmail}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/users$/);
  await page.getByRole('textbox', { name: 'Search by name or e-mail' }).fill('Lotte');
  const row = page.getByRole('row').filter({ hasText: colleagueEmail });
  // A short status badge; the sentence is its tooltip (the long text pushed the table past 1280 px in Dutch).
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();
  await expect(row.getByTitle('Not verified yet: invitation sent')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await shot(page, 'administration-billing-13-invited');

  // The colleague opens the mailed link (DATA_DIR/mail), chooses a password and logs in.
  const mail = await newestMailTo(demo, colleagueEmail);
  const token = mail.match(/\/reset\?token=([A-Za-z0-9_-]+)/)?.[1];
  expect(token, `an invitation link in:\n${mail}`).toBeTruthy();
  colleague = await (await browser.newContext({ baseURL: demo.url, locale: 'en-GB' })).newPage();
  await colleague.goto(`/reset?token=${token}&invite=1`);
  // An invitation asks for the colleague's (first) password, not a new one (ADR 0118's QA sweep).
  await expect(colleague.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await colleague.getByRole('textbox', { name: 'Password', exact: true }).fill('Lotte-wachtwoord-1');
  await colleague.getByRole('button', { name: 'Save password' }).click();
  await expect(colleague).toHaveURL(/\/login$/);
  await portalLogin(colleague, { email: colleagueEmail, password: 'Lotte-wachtwoord-1' });
  const me = await (await colleague.request.get('/api/current_user')).json();
  expect(me.curr_org.name).toBe(SHOP);
  expect(me.confirmed).toBe(true);
  expect(me.licences).toEqual([{ organization_id: me.curr_org.id, licence_id: CSR_MANAGER }]);
  expect(me.curr_org.licences).toEqual([
    { name: 'CSR Manager', used: used('CSR Manager') + 1, count: 4 },
    { name: 'Stakeholders', used: used('Stakeholders'), count: 5 },
  ]);
  await shot(colleague, 'administration-billing-14-colleague-home');

  // The owner now sees the tick, and changes the colleague's licence to Stakeholders.
  await page.reload();
  await page.getByRole('textbox', { name: 'Search by name or e-mail' }).fill('Lotte');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(
    page.getByRole('row').filter({ hasText: colleagueEmail }).getByText('Verified', { exact: true }),
  ).toBeVisible();
  await choose(page, 'Licence of Lotte Visser', 'Stakeholders');
  await expect(page.getByText('Licence of Lotte Visser changed to Stakeholders.')).toBeVisible();
  await shot(page, 'administration-billing-15-licence-changed');
  const after = await (await colleague.request.get('/api/current_user')).json();
  expect(after.licences[0].licence_id).toBe(STAKEHOLDERS);
  expect(after.curr_role.key).toBe('merchant_user');

  // Language: Dutch first (the portal follows at once), then back to English; Spanish says it falls back.
  await page.goto('/settings/user');
  await page.getByText('Nederlands', { exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Mijn account' })).toBeVisible();
  await shot(page, 'administration-billing-16-dutch');
  await page.getByText('English', { exact: true }).click();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByRole('heading', { name: 'My account', exact: true })).toBeVisible();
  await page.getByText('Español', { exact: true }).click();
  await expect(page.getByTestId('lang-fallback')).toBeVisible();
  await shot(page, 'administration-billing-17-english');
  await page.getByText('English', { exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'My account', exact: true })).toBeVisible();
  const saved = await (await page.request.get('/api/current_user')).json();
  expect(saved.lang).toBe('en');
  // The phone of the sign-up, shown in the phone field as the national number with NL chosen.
  await expect(page.getByRole('textbox', { name: /Phone/ })).toHaveValue('06 12345678');
});

test('5 · the provider admin deactivates the new shop (it leaves the pickers’ filter) and activates it again', async ({
  browser,
  demo,
}) => {
  staff = await browser.newContext({ baseURL: demo.url, viewport: { width: 1440, height: 960 } });
  admin = await staff.newPage();
  await portalLogin(admin, DEMO_USERS.admin);
  // The new shop is in the packing station's filter; the demo's deactivated one is not.
  const before = await filterOptions(admin);
  expect(before).toContain(SHOP);
  expect(before).not.toContain('Kaashandel De Gouden Korst');

  await admin.goto('/orgs');
  await admin.getByRole('textbox', { name: 'Search' }).fill('gouda');
  // The search runs on the server, 300 ms after typing (spec 3 §9 debounce).
  await expect(admin).toHaveURL(/search=gouda/);
  await expect(admin.getByRole('row', { name: /Bakkerij Bol/ })).toHaveCount(0);
  const row = admin.getByRole('row', { name: new RegExp(SHOP) });
  await expect(row).toBeVisible();
  await shot(admin, 'administration-billing-18-shops');
  await row.getByRole('button', { name: 'Deactivate' }).click();
  // Deactivating asks first, in a dialog naming the shop (ADR 0118's QA sweep).
  await admin.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(admin.getByText(`${SHOP} has been deactivated`)).toBeVisible();
  expect(await filterOptions(admin)).not.toContain(SHOP);

  await admin.goto('/orgs?tab=deactivated');
  const off = admin.getByRole('row', { name: new RegExp(SHOP) });
  await expect(off).toBeVisible();
  await shot(admin, 'administration-billing-19-shops-deactivated');
  await off.getByRole('button', { name: 'Activate' }).click();
  await expect(admin.getByText(`${SHOP} has been activated`)).toBeVisible();
  expect(await filterOptions(admin)).toContain(SHOP);

  // The settings area: /settings/org inside its side navigation.
  await admin.goto('/settings/org');
  await expect(admin.getByRole('navigation', { name: 'Settings' })).toBeVisible();
  await shot(admin, 'administration-billing-20-settings-org');
});

test('6 · the provider admin edits a shipment method and a surcharge, adds a box, deletes an order and edits a role', async ({
  browser,
  demo,
}) => {
  test.setTimeout(150_000);
  // An order of Bakkerij Bol, two pieces of it picked by the floor.
  const bol = await apiSession(demo.url, DEMO_USERS.bolOwner);
  const [product] = await productsInStock(bol, 5);
  if (!product) throw new Error('no product in stock');
  const imported = await json<{ orders: { order_id: string; id: string }[] }>(
    await bol.post('/api/orders/import', { data: [orderRow('ADMIN-E2E-1', product.ean, 3, 1)] }),
  );
  const orderId = imported.orders[0]?.id as string;
  const picker = await apiSession(demo.url, DEMO_USERS.picker);
  const order = await json<Order>(await picker.get(`/api/order/get/${orderId}`));
  const line = order.products[0];
  if (!line?.pick_location) throw new Error('the order line has no pick location');
  const stockOf = async () => {
    const card = await json<{ locations: { location_id: string; stock: number }[] }>(
      await bol.get(`/api/product/${product.id}`),
    );
    return card.locations.find((l) => l.location_id === line.pick_location?.id)?.stock;
  };
  const before = await stockOf();
  const pick = await picker.post('/api/pick_list/confirm', {
    headers: { 'idempotency-key': randomUUID() },
    data: { order_line_id: line.id, quantity: 2, location_id: line.pick_location.id, scanned: line.ean },
  });
  expect(pick.status(), await pick.text()).toBeLessThan(300);
  expect(await stockOf()).toBe((before ?? 0) - 2);

  // The merchant user is logged in and has no 'New order' in the menu.
  const userContext = await browser.newContext({ baseURL: demo.url, viewport: { width: 1360, height: 900 } });
  const userPage = await userContext.newPage();
  await portalLogin(userPage, DEMO_USERS.bolUser);
  const nav = userPage.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'New order' })).toHaveCount(0);

  const page = admin;
  await page.goto('/home');
  await page.getByRole('navigation').getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  for (const name of [
    'Shipment methods',
    'Shipment boxes',
    'Surcharges',
    'Search order',
    'Users and groups',
    'Locations',
  ]) {
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(name) })).toBeVisible();
  }
  await shot(page, 'administration-billing-21-admin');

  // A shipment method: the price of local delivery from € 4,95 to € 5,25, in its dialog.
  await page
    .getByRole('main')
    .getByRole('link', { name: /Shipment methods/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Shipment methods', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Edit LOCAL-NL' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Price (€)', { exact: true }).fill('5,25');
  await dialog.getByLabel('Cut-off time').fill('16:30');
  await shot(page, 'administration-billing-22-method-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: 'LOCAL-NL' });
  await expect(row).toContainText('€ 5,25');
  await expect(row).toContainText('16:30');
  const adminApi = await apiSession(demo.url, DEMO_USERS.admin);
  const methods = await json<ListPage<AdminShipmentMethod>>(
    await adminApi.get('/api/shipment_methods/list?search=LOCAL-NL'),
  );
  expect(methods.items[0]).toMatchObject({ price_cents: 525, cut_off: '16:30' });
  await shot(page, 'administration-billing-23-methods');

  // A surcharge edited in place: its name, then its price.
  await page.goto('/admin/surcharge');
  await page.getByRole('button', { name: 'Change Name of Breekbaar inpakken' }).click();
  const nameCell = page.getByRole('textbox', { name: 'Change Name of Breekbaar inpakken' });
  await nameCell.fill('Breekbaar verpakken');
  await nameCell.press('Enter');
  await expect(page.getByRole('button', { name: 'Change Name of Breekbaar verpakken' })).toBeVisible();
  await page.getByRole('button', { name: 'Change Price of Breekbaar verpakken' }).click();
  const priceCell = page.getByRole('textbox', { name: 'Change Price of Breekbaar verpakken' });
  await priceCell.fill('0,95');
  await priceCell.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: 'Breekbaar verpakken' })).toContainText('€ 0,95');
  await shot(page, 'administration-billing-24-surcharges');

  // A new box.
  await page.goto('/admin/shipment_box');
  await page.getByRole('link', { name: 'Add shipment box' }).click();
  await page.getByLabel('Name').fill('Wijndoos 3 flessen');
  await page.getByLabel('Length').fill('330');
  await page.getByLabel('Width').fill('260');
  await page.getByLabel('Height').fill('110');
  await page.getByLabel('Fulfilment cost (€)').fill('1,45');
  await page.getByLabel('Package cost (€)').fill('0,80');
  await page.getByLabel('Purchase cost (€)').fill('0,62');
  await page.getByLabel('Package code').fill('WD-3');
  await shot(page, 'administration-billing-25-box-add');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Shipment boxes', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Wijndoos 3 flessen' })).toContainText(
    '330 × 260 × 110',
  );

  // The order: found by its number, deleted after the warning; the two picked pieces are back on their location.
  await page.goto('/admin/search_order');
  await page.getByLabel('Order number').fill('admin-e2e-1');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('2 of 3 picked')).toBeVisible();
  await page.getByRole('button', { name: 'Delete order' }).click();
  const warning = page.getByRole('dialog');
  await expect(warning).toContainText('This cannot be undone.');
  await expect(warning).toContainText('2 pieces have been picked already');
  await shot(page, 'administration-billing-26-delete-warning');
  await warning.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(/Deleted on .* by Anna de Vries/)).toBeVisible();
  await shot(page, 'administration-billing-27-deleted');
  expect(await stockOf()).toBe(before);

  // The role: the merchant user's role gets POST /orders.
  await page.goto('/admin/users');
  await page
    // Shipped roles are listed by the names the header uses (ADR 0118), in the editor's name field too (an untouched
    // name is saved as the stored one).
    .getByRole('link', { name: /Shop user/ })
    .or(page.getByText('Shop user', { exact: true }))
    .first()
    .click();
  await expect(page.getByLabel('Role name')).toHaveValue('Shop user');
  const rows = page.getByRole('textbox', { name: /^Path pattern #/ });
  const grantCount = await rows.count();
  await page.getByRole('button', { name: 'Add grant' }).click();
  await expect(rows).toHaveCount(grantCount + 1);
  const last = grantCount + 1;
  await page.getByRole('textbox', { name: `Path pattern #${last}`, exact: true }).fill('/orders');
  // The method chips of the new grant (their inputs are visually hidden: click the chips).
  const grantRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('textbox', { name: `Path pattern #${last}`, exact: true }) });
  await grantRow.locator('label').filter({ hasText: /^GET$/ }).click();
  await grantRow
    .locator('label')
    .filter({ hasText: /^POST$/ })
    .click();
  await expect(grantRow.getByRole('checkbox', { name: `POST #${last}`, exact: true })).toBeChecked();
  await expect(grantRow.getByRole('checkbox', { name: `GET #${last}`, exact: true })).not.toBeChecked();
  await expect(page.getByRole('main').getByText('New order', { exact: true })).toBeVisible();
  await shot(page, 'administration-billing-28-role-edit');
  await page.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByText(/its users have the new permissions now/)).toBeVisible();

  // The merchant user's open session: the next page shows 'New order', without logging in again.
  await userPage.reload();
  await expect(userPage.getByRole('navigation').getByRole('link', { name: 'New order' })).toBeVisible();
  await shot(userPage, 'administration-billing-29-user-sees-new-order');
  await userContext.close();
});

test('7 · a merchant opens last month’s invoice and exports it to Excel (four sheets, the screen’s totals)', async ({
  browser,
  demo,
}) => {
  // The new merchant has no work last month: the demo's Bakkerij Bol has a month of finished work in the previous
  // calendar month (seeded through the same services), so its owner opens the invoice.
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
  await shot(page, 'administration-billing-30-invoice');

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
  await shot(page, 'administration-billing-31-invoice-exported');
  await context.close();
});

test('8 · the provider admin opens the sales dashboard (beta), queries it, ticks a lead contacted and finds it kept after a reload', async ({
  browser,
  demo,
}) => {
  const context = await browser.newContext({ baseURL: demo.url, viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await portalLogin(page, DEMO_USERS.admin);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Sales (beta)' })
    .click();
  await expect(page).toHaveURL(/\/sales$/);
  // The default query (spec 3 §2): the demo's leads with at most 75 products, updated within a week of now.
  const table = page.getByRole('table', { name: 'Sales dashboard (beta)' });
  await expect(table).toBeVisible();
  expect(await table.getByRole('row').count()).toBeGreaterThan(5);
  await expect(page.getByText(/^Page 1 of 1$/)).toBeVisible();
  await shot(page, 'administration-billing-32-sales-1280');

  // A mistake in the query is named beside it, and nothing is sent.
  const query = page.getByRole('textbox', { name: 'Query' });
  await query.fill('{"$match": {"prodcts": {"$lte": 75}}}');
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByText(/unknown field 'prodcts' at \$match\.prodcts/)).toBeVisible();
  await shot(page, 'administration-billing-33-sales-query-refused');

  // Every lead: 120, 50 a page, Previous / Next.
  await query.fill('');
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByText(/^Page 1 of 3$/)).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText(/^Page 2 of 3$/)).toBeVisible();

  // The cheese shops by name; tick the first one not yet contacted.
  await query.fill('[{"$match": {"name": {"$regex": "^kaashandel"}}}, {"$sort": {"name": 1}}]');
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByText(/^Page 1 of 1$/)).toBeVisible();
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(9);
  // The demo ticked three leads already: take the first one that is not.
  let row = rows.nth(1);
  for (let i = 1; i < 9 && (await rows.nth(i).getByRole('checkbox').isChecked()); i++) row = rows.nth(i + 1);
  const name = ((await row.getByRole('cell').first().textContent()) ?? '').trim();
  expect(name).toMatch(/^Kaashandel /);
  const box = page.getByRole('checkbox', { name: `Contacted ${name}` });
  await expect(box).not.toBeChecked();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/sales') && r.request().method() === 'PUT');
  await box.check();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: `Contacted ${name}` })).toBeChecked();

  // The marketplace links open in a new tab without handing it this window.
  const link = page.getByRole('link', { name: `Profile of ${name} (opens in a new tab)` });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);

  // A column's width is dragged by its header's edge; the other columns keep theirs.
  const header = table.getByRole('columnheader', { name: 'Address' });
  const nameHeader = table.getByRole('columnheader', { name: 'Name' });
  const before = (await header.boundingBox())?.width ?? 0;
  const nameBefore = (await nameHeader.boundingBox())?.width ?? 0;
  const handle = page.getByRole('separator', { name: /Width of column Address/ });
  const h = await handle.boundingBox();
  if (!h) throw new Error('no handle');
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(h.x + h.width / 2 + 120, h.y + h.height / 2, { steps: 6 });
  await page.mouse.up();
  const after = (await header.boundingBox())?.width ?? 0;
  expect(after).toBeGreaterThan(before + 60);
  expect(Math.abs(((await nameHeader.boundingBox())?.width ?? 0) - nameBefore)).toBeLessThan(2);
  // The widths are kept in this browser (TanStack Table's column sizing, localStorage per table): a reload keeps them.
  await page.reload();
  await expect(header).toBeVisible();
  expect(Math.abs(((await header.boundingBox())?.width ?? 0) - after)).toBeLessThan(2);
  await shot(page, 'administration-billing-34-sales-contacted');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await shot(page, 'administration-billing-35-sales-1920');

  // The same screen for a Dutch browser: its texts, the pager and a refused query in Dutch.
  const nl = await browser.newContext({
    baseURL: demo.url,
    locale: 'nl-NL',
    viewport: { width: 1280, height: 720 },
    storageState: await context.storageState(),
  });
  const nlPage = await nl.newPage();
  await nlPage.goto('/sales');
  await expect(nlPage.getByRole('heading', { name: 'Salesdashboard (bèta)' })).toBeVisible();
  await expect(nlPage.getByText(/^Pagina 1 van 1$/)).toBeVisible();
  await nlPage.getByRole('textbox', { name: 'Query' }).fill('{"$match": {"products": {"$lte": "veel"}}}');
  await nlPage.getByRole('button', { name: 'Query uitvoeren' }).click();
  await expect(nlPage.getByText("$match.products.$lte vraagt een getal, niet 'veel'")).toBeVisible();
  await shot(nlPage, 'administration-billing-36-sales-nl');
  await nl.close();
  await context.close();
});

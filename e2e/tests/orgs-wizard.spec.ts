import { test as base, type Page } from '@playwright/test';
import { startViesFake, type ViesFake } from '../../apps/api/src/test/fakes/vies-fake.ts';
import { DEMO_USERS, portalLogin, uniqueEmail } from '../fixtures/demo.ts';
import { expect, newestMailTo, shot } from '../fixtures/hoppa.ts';
import { type StartedServer, startServer } from '../fixtures/server.ts';

/**
 * Shops and the organisation wizard (issue 16; spec 3 §2 Shops and Organisation wizard, §4, §5, §7 EU VAT lookup): a
 * new merchant signs up, completes the seven steps (the VAT lookup through the VIES fake fills the company name and
 * address), lands on the dashboard with the new shop current; the provider administrator deactivates that shop,
 * sees it leave the packing station's organisation filter, and activates it again. Its own server, pointed at the
 * fake by VIES_API_URL.
 */
const test = base.extend<object, { vies: ViesFake; demo: StartedServer }>({
  vies: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const fake = await startViesFake({
        NL859123456B01: { name: 'KAASHANDEL GOUDA B.V.', address: 'MARKT 00012\n2801JK GOUDA' },
      });
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  demo: [
    async ({ vies }, use) => {
      const server = await startServer({
        env: { DEMO_ORDERS: 'false', VIES_API_URL: vies.url },
        logName: 'server-orgs-wizard.log',
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

const SHOP = 'KAASHANDEL GOUDA B.V.';

/** Picks `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The organisations offered by the open orders board's organisation filter. */
async function filterOptions(page: Page): Promise<string[]> {
  await page.goto('/orders');
  const filter = page.getByRole('combobox', { name: 'Organisation', exact: true });
  await filter.click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = await options.allTextContents();
  await page.keyboard.press('Escape');
  return names;
}

test('a new merchant completes the seven-step wizard; the provider deactivates and reactivates the shop', async ({
  browser,
  demo,
  vies,
}) => {
  test.setTimeout(180_000);
  const merchant = await browser.newContext({ baseURL: demo.url });
  const page = await merchant.newPage();
  const email = uniqueEmail('wizard');

  // Sign up (spec 2 §2) and confirm by the mailed link: no shop yet, so the guard opens the wizard.
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Nel');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('de Kaasboer');
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('+31 6 12345678');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Kaas-uit-Gouda-2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(`We have sent a link to ${email}.`, { exact: false })).toBeVisible();
  const token = (await newestMailTo(demo, email)).match(/\/signup\?token=([A-Za-z0-9_-]+)/)?.[1];
  expect(token).toBeTruthy();
  await page.goto(`/signup?token=${token}`);
  await expect(page).toHaveURL(/\/orgs\/add$/);
  await expect(page.getByRole('heading', { name: 'Create your shop' })).toBeVisible();

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
  await shot(page, 'orgs-wizard-0-company');
  await next.click();

  // Step 1, contacts: the signed-up user is the first contact; a colleague is added with an invitation.
  await expect(page.getByText('Contact 1')).toBeVisible();
  await page.getByRole('textbox', { name: /Phone number/ }).fill('06 12345678');
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
  await shot(page, 'orgs-wizard-1-contacts');
  await next.click();

  // Step 2, products and shipping.
  await choose(page, /Number of products/, '51–250');
  await choose(page, /Orders per year/, '1,000–10,000');
  await choose(page, /Where do your goods come from/, 'Netherlands');
  await choose(page, /Preferred carrier/, 'PostNL');
  await shot(page, 'orgs-wizard-2-products');
  await next.click();

  // Step 3, storage.
  await page.getByRole('textbox', { name: /Pallets in storage/ }).fill('3');
  await choose(page, /How long does stock stay/, '1–3 months');
  await shot(page, 'orgs-wizard-3-storage');
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
  await shot(page, 'orgs-wizard-4-returns');
  await next.click();

  // Step 5, growth.
  await choose(page, /Expected order growth/, 'Moderate growth');
  await shot(page, 'orgs-wizard-5-growth');
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
  await shot(page, 'orgs-wizard-6-address');
  await page.getByRole('button', { name: 'Submit' }).click();

  // In the app, with the new shop current.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByLabel('Current organisation').first()).toContainText(SHOP);
  await shot(page, 'orgs-wizard-done');
  expect(vies.invalid).toEqual([]);
  await merchant.close();

  // The provider administrator: the new shop is in the packing station's filter; the demo's deactivated one is not.
  const staff = await browser.newContext({ baseURL: demo.url });
  const admin = await staff.newPage();
  await portalLogin(admin, DEMO_USERS.admin);
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
  await shot(admin, 'orgs-shops-list');
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await expect(admin.getByText(`${SHOP} has been deactivated`)).toBeVisible();
  expect(await filterOptions(admin)).not.toContain(SHOP);

  await admin.goto('/orgs?tab=deactivated');
  const off = admin.getByRole('row', { name: new RegExp(SHOP) });
  await expect(off).toBeVisible();
  await shot(admin, 'orgs-shops-deactivated');
  await off.getByRole('button', { name: 'Activate' }).click();
  await expect(admin.getByText(`${SHOP} has been activated`)).toBeVisible();
  expect(await filterOptions(admin)).toContain(SHOP);

  // The settings area: /settings/org inside its side navigation.
  await admin.goto('/settings/org');
  await expect(admin.getByRole('navigation', { name: 'Settings' })).toBeVisible();
  await shot(admin, 'orgs-settings-org');
  await staff.close();
});

import { DEMO_USERS, portalLogin, uniqueEmail } from '../fixtures/demo.ts';
import { expect, newestMailTo, shot } from '../fixtures/hoppa.ts';
import { testWithOwnServer } from '../fixtures/own-server.ts';

/**
 * Users, licences, pricing and terms (issue 16): the bakery's owner chooses licences on the pricing page (totals in
 * nl-NL euro), accepts the terms (the PDF is shown; Continue stays disabled until the box is ticked), invites a
 * colleague (the invitation is read from DATA_DIR/mail, the colleague sets a password through its link and logs in:
 * `current_user` carries the chosen licence), changes the colleague's licence, and switches the language of the
 * portal (Dutch, then English). Its own server, so the subscription it changes is the demo's own.
 */
const test = testWithOwnServer({ DEMO_ORDERS: 'false' }, 'server-users-licences.log');

test('a merchant chooses licences, accepts the terms, invites a colleague and changes licence and language', async ({
  browser,
  demo,
}) => {
  test.setTimeout(240_000);
  const owner = await browser.newPage({ baseURL: demo.url });
  await portalLogin(owner, DEMO_USERS.bolOwner);

  // Pricing: the demo shop has 3 CSR Manager and 5 Stakeholders licences; it takes a fourth CSR Manager licence.
  await owner.goto('/subscriptions/add');
  await expect(owner.getByText('€ 0,35 per order')).toBeVisible();
  await owner.getByRole('textbox', { name: 'Licences of CSR Manager' }).fill('4');
  // 4 × 35 + 5 × 10 = 190 cents; 9 licences: 5 % = 9.5 → 10.
  await expect(owner.getByTestId('subtotal')).toHaveText('€ 1,90');
  await expect(owner.getByTestId('discount')).toHaveText('− € 0,10');
  await expect(owner.getByTestId('total')).toHaveText('€ 1,80');
  await shot(owner, 'users-licences-1-pricing');
  await owner.getByRole('button', { name: 'Continue to the terms' }).click();

  // Terms: the PDF, the checkbox and the continue rule.
  await expect(owner).toHaveURL(/\/subscriptions\/terms\?plans=/);
  await expect(owner.getByTitle('Terms of service (PDF)')).toBeVisible();
  const cont = owner.getByRole('button', { name: 'Continue', exact: true });
  await expect(cont).toBeDisabled();
  await owner.getByRole('checkbox', { name: 'I accept the terms of service' }).check();
  await expect(cont).toBeEnabled();
  await owner.waitForTimeout(1000);
  await shot(owner, 'users-licences-2-terms');
  await cont.click();
  await expect(owner).toHaveURL(/\/settings\/subscription$/);
  await expect(owner.getByRole('cell', { name: '€ 1,80' })).toBeVisible();
  await shot(owner, 'users-licences-3-subscription');

  // Invite a colleague with a CSR Manager licence.
  const email = uniqueEmail('colleague');
  await owner.goto('/settings/users/add');
  await owner.getByRole('textbox', { name: 'First name' }).fill('Lotte');
  await owner.getByRole('textbox', { name: 'Last name' }).fill('Visser');
  await owner.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await owner.getByRole('combobox', { name: 'Licence', exact: true }).click();
  await owner.getByRole('option', { name: 'CSR Manager' }).click();
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(owner).toHaveURL(/\/settings\/users$/);
  await owner.getByRole('textbox', { name: 'Search by name or e-mail' }).fill('Lotte');
  const row = owner.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Not verified yet: invitation sent')).toBeVisible();
  await expect(owner.getByRole('row')).toHaveCount(2);
  await shot(owner, 'users-licences-4-invited');

  // The colleague opens the mailed link, chooses a password and logs in.
  const mail = await newestMailTo(demo, email);
  const token = mail.match(/\/reset\?token=([A-Za-z0-9_-]+)/)?.[1];
  expect(token, `an invitation link in:\n${mail}`).toBeTruthy();
  const colleague = await (await browser.newContext({ baseURL: demo.url, locale: 'en-GB' })).newPage();
  await colleague.goto(`/reset?token=${token}&invite=1`);
  await colleague.getByRole('textbox', { name: 'New password', exact: true }).fill('Lotte-wachtwoord-1');
  await colleague.getByRole('button', { name: 'Save new password' }).click();
  await expect(colleague).toHaveURL(/\/login$/);
  await portalLogin(colleague, { email, password: 'Lotte-wachtwoord-1' });
  const me = await (await colleague.request.get('/api/current_user')).json();
  expect(me.curr_org.name).toBe('Bakkerij Bol');
  expect(me.confirmed).toBe(true);
  expect(me.licences).toEqual([{ organization_id: me.curr_org.id, licence_id: '5e1ec7000000000000000001' }]);
  expect(me.curr_org.licences).toEqual([
    { name: 'CSR Manager', used: 3, count: 4 },
    { name: 'Stakeholders', used: 2, count: 5 },
  ]);
  await shot(colleague, 'users-licences-5-colleague-home');

  // The owner now sees the tick, and changes the colleague's licence to Stakeholders.
  await owner.reload();
  await owner.getByRole('textbox', { name: 'Search by name or e-mail' }).fill('Lotte');
  await expect(owner.getByRole('row')).toHaveCount(2);
  await expect(owner.getByRole('row').filter({ hasText: email }).getByLabel('Verified')).toBeVisible();
  await owner.getByRole('combobox', { name: 'Licence of Lotte Visser' }).click();
  await owner.getByRole('option', { name: 'Stakeholders' }).click();
  await expect(owner.getByText('Licence of Lotte Visser changed to Stakeholders.')).toBeVisible();
  await shot(owner, 'users-licences-6-licence-changed');
  const after = await (await colleague.request.get('/api/current_user')).json();
  expect(after.licences[0].licence_id).toBe('5e1ec7000000000000000002');
  expect(after.curr_role.key).toBe('merchant_user');

  // Language: Dutch first (the portal follows at once), then back to English.
  await owner.goto('/settings/user');
  await owner.getByText('Nederlands', { exact: true }).click();
  await owner.getByRole('button', { name: 'Save' }).click();
  await expect(owner.getByRole('heading', { name: 'Gebruiker' })).toBeVisible();
  await shot(owner, 'users-licences-7-dutch');
  await owner.getByText('English', { exact: true }).click();
  await owner.getByRole('button', { name: 'Opslaan' }).click();
  await expect(owner.getByRole('heading', { name: 'User', exact: true })).toBeVisible();
  await owner.getByText('Español', { exact: true }).click();
  await expect(owner.getByTestId('lang-fallback')).toBeVisible();
  await shot(owner, 'users-licences-8-english');
  await owner.getByText('English', { exact: true }).click();
  await owner.getByRole('button', { name: 'Save' }).click();
  const saved = await (await owner.request.get('/api/current_user')).json();
  expect(saved.lang).toBe('en');
});

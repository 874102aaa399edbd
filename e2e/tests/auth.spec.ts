import {
  DEMO_USERS,
  type DemoUserKey,
  floorLogin,
  portalLogin,
  submitLogin,
  uniqueEmail,
} from '../fixtures/demo.ts';
import { expect, newestMailTo, PHONE, shot, test } from '../fixtures/hoppa.ts';

// Spec 2 §2 (sign-up, login, reset; main layout), §5 (validation), §6 (menus follow the role's grants).

/**
 * The portal's navigation items each demo role sees (apps/portal/src/app/layout/navigation.rules.ts): since issue 16
 * everyone has their own account ('My account'); shop owners and the admin also the shop's users, subscription and invoices.
 */
const WORK = ['Dashboard', 'Orders', 'Shipments', 'Products'];
/** Inbound (issue 10): the list for every role; announcing and the calendar link for merchants who may announce;
 * direct check-in for the warehouse (it puts stock on locations). */
const work = (...inbound: string[]) => [...WORK, ...inbound, 'Scanner'];
/** The same with 'New order' after 'Orders', for roles that may create orders (POST /orders; issue 13). */
const creating = (...inbound: string[]) => {
  const items = work(...inbound);
  items.splice(2, 0, 'New order');
  return items;
};
const PORTAL_MENU: Record<DemoUserKey, string[]> = {
  // The route plan for roles that may plan the own drivers' runs (POST /route_plan), the sales dashboard for the
  // provider admin only (GET /sales; ADR 0133).
  admin: [
    ...creating('Inbound', 'Announce stock', 'Inbound calendar', 'Direct check-in'),
    'Route plan',
    'Sales (beta)',
    'Shops',
    'Shop settings',
    'My account',
    'Users',
    'Subscription',
    'API connections',
    'Invoices',
    'New shop',
    'Locations',
    'Transfers',
    'Print labels',
    'Admin',
  ],
  picker: [
    ...work('Inbound', 'Direct check-in'),
    'Route plan',
    'Shops',
    'My account',
    'Locations',
    'Transfers',
    'Print labels',
  ],
  bolOwner: [
    ...creating('Inbound', 'Announce stock', 'Inbound calendar'),
    'Shops',
    'Shop settings',
    'My account',
    'Users',
    'Subscription',
    'API connections',
    'Invoices',
    'New shop',
  ],
  bolUser: [...work('Inbound'), 'Shops', 'My account'],
  stroopOwner: [
    ...creating('Inbound', 'Announce stock', 'Inbound calendar'),
    'Shops',
    'Shop settings',
    'My account',
    'Users',
    'Subscription',
    'API connections',
    'Invoices',
    'New shop',
  ],
};

/** Whether the role does floor work, so the floor offers the pick and locations tasks (GET /pick_list/pick/*, POST /locations/assign). */
const FLOOR_PICKS: Record<DemoUserKey, boolean> = {
  admin: true,
  picker: true,
  bolOwner: false,
  bolUser: false,
  stroopOwner: false,
};

const USER_KEYS = Object.keys(DEMO_USERS) as DemoUserKey[];

/** The token of the sign-up link mailed to `email` (docs/decisions/0015-signup-confirmation.md). */
async function signupTokenFor(server: Parameters<typeof newestMailTo>[0], email: string): Promise<string> {
  const mail = await newestMailTo(server, email);
  const token = mail.match(/\/signup\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no sign-up link in the newest mail to ${email}:\n${mail}`);
  return token;
}

test.describe('portal login per role', () => {
  for (const key of USER_KEYS) {
    test(`${key} (${DEMO_USERS[key].role}) sees the menu the role allows`, async ({ page }) => {
      await portalLogin(page, DEMO_USERS[key]);
      await expect(page).toHaveURL(/\/home$/);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await expect(nav.getByRole('link').first()).toBeVisible();
      await expect(nav.getByRole('link')).toHaveText(PORTAL_MENU[key]);
      await shot(page, `auth-portal-home-${key}`);
    });
  }

  test('a wrong password shows the error and stays on the login page', async ({ page }) => {
    await submitLogin(page, 'portal', { email: DEMO_USERS.bolUser.email, password: 'not-the-password' });
    await expect(page.getByRole('alert')).toHaveText('The email address or password is incorrect');
    await expect(page).toHaveURL(/\/login$/);
    await shot(page, 'auth-portal-wrong-password');
  });
});

test.describe('floor login per role (phone)', () => {
  test.use(PHONE);

  for (const key of USER_KEYS) {
    test(`${key} (${DEMO_USERS[key].role}) sees the floor tasks the role allows`, async ({ page }) => {
      await floorLogin(page, DEMO_USERS[key]);
      // A picker starts on the pick screen; anyone else on the task menu.
      await expect(page).toHaveURL(FLOOR_PICKS[key] ? /\/floor\/pick$/ : /\/floor\/menu$/);
      await shot(page, `auth-floor-start-${key}`);
      await page.goto('/floor/menu');
      await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
      const pickTile = page.getByRole('button', { name: /^Pick/ });
      const locationsTile = page.getByRole('button', { name: /^Locations/ });
      if (FLOOR_PICKS[key]) {
        await expect(pickTile).toBeVisible();
        await expect(locationsTile).toBeVisible();
      } else {
        await expect(page.getByText('Your role has no floor tasks.')).toBeVisible();
        await expect(pickTile).toHaveCount(0);
        await expect(locationsTile).toHaveCount(0);
      }
      await shot(page, `auth-floor-menu-${key}`);
    });
  }

  test('a wrong password shows the error banner', async ({ page }) => {
    await submitLogin(page, 'floor', { email: DEMO_USERS.picker.email, password: 'not-the-password' });
    await expect(page.getByRole('alert')).toHaveText('The email address or password is incorrect');
    await expect(page).toHaveURL(/\/floor\/login$/);
    await shot(page, 'auth-floor-wrong-password');
  });
});

test.describe('accounts', () => {
  test('sign-up confirms the address by the mailed link, then logs in and asks for a shop', async ({
    page,
    server,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto('/signup');
    // Validation before submit (spec 2 §5): all required, password minimum 9 characters.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Eva');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('van Dijk');
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('+31 6 12345678');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Minimum 9 characters')).toBeVisible();
    await shot(page, 'auth-signup-invalid');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Eva-van-Dijk-2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    // No session before the address is confirmed (issue 7: sign-up never tells who has an account).
    await expect(page.getByText(`We have sent a link to ${email}.`, { exact: false })).toBeVisible();
    await shot(page, 'auth-signup-sent');
    expect((await page.request.get('/api/current_user')).status()).toBe(401);

    const token = await signupTokenFor(server, email);
    await page.goto(`/signup?token=${token}`);
    // A new account has no organisation yet: the guard sends it to create one (spec 2 §2).
    await expect(page).toHaveURL(/\/orgs\/add$/);
    await shot(page, 'auth-signup-done');
    const me = await page.request.get('/api/current_user');
    expect(me.ok()).toBe(true);
    expect(await me.json()).toMatchObject({
      email,
      first_name: 'Eva',
      family_name: 'van Dijk',
      confirmed: true,
    });

    // The same address again gets the very answer a new one gets; its owner a notice, no second account.
    const again = await page.request.post('/api/signup', {
      data: {
        first_name: 'Eva',
        family_name: 'Twee',
        email,
        phone: '0612345678',
        password: 'Another-pass-2026',
      },
    });
    expect(again.status()).toBe(202);
    expect(await again.json()).toEqual({
      ok: true,
      message: 'Check your e-mail: we have sent a link to confirm your address and finish signing up.',
    });
    // The notice is mailed after the answer: wait until it is the newest mail to the address.
    await expect
      .poll(async () => newestMailTo(server, email), { timeout: 15_000 })
      .toContain('which already has an account');
    const reused = await page.request.post(`/api/signup/confirm/${token}`);
    expect(reused.status()).toBe(400);
  });

  test('password reset by the mailed token, end to end', async ({ page, request, server }) => {
    const email = uniqueEmail('reset');
    const signup = await request.post('/api/signup', {
      data: {
        first_name: 'Ruud',
        family_name: 'Reset',
        email,
        phone: '0612345678',
        password: 'Old-password-2026',
      },
    });
    expect(signup.status()).toBe(202);
    const confirmed = await request.post(`/api/signup/confirm/${await signupTokenFor(server, email)}`);
    expect(confirmed.status()).toBe(201);

    await page.goto('/reset');
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Check your inbox')).toBeVisible();
    await shot(page, 'auth-reset-sent');

    // The reset mail is sent after the answer; until it arrives the newest mail is the sign-up confirmation.
    await expect
      .poll(async () => newestMailTo(server, email), { timeout: 15_000 })
      .toContain('/reset?token=');
    const mail = await newestMailTo(server, email);
    const link = mail.match(/https?:\/\/\S+\/reset\?token=([^\s"'<>&]+)/);
    expect(link, `a reset link in the mail:\n${mail}`).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');

    await page.goto(`/reset?token=${encodeURIComponent(token)}`);
    await expect(page.getByText('Choose a new password')).toBeVisible();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('New-password-2026');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password has been changed.', { exact: false })).toBeVisible();
    await shot(page, 'auth-reset-saved');

    // The old password no longer works, the new one does, and the link works only once.
    const old = await request.post('/api/login', { data: { email, password: 'Old-password-2026' } });
    expect(old.status()).toBe(401);
    await portalLogin(page, { email, password: 'New-password-2026' });
    await expect(page).toHaveURL(/\/orgs\/add$/);
    const reused = await request.post(`/api/users/password_reset/${encodeURIComponent(token)}`, {
      data: { password: 'Third-password-2026' },
    });
    expect(reused.status()).toBe(400);
  });
});

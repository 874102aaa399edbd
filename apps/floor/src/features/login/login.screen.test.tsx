// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie and canvas-confetti load.
import '../../test/dom-setup.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { floorDb, setMeta } from '../../offline/db.ts';
import { browser, json } from '../../test/dom-setup.ts';
import { clearFloorDb, currentUser, renderFloor } from '../../test/render.tsx';

/** The API with nobody logged in, where every login fails as a wrong password does. */
function wrongPasswordApi() {
  browser.server = async (req) => {
    const path = new URL(req.url).pathname;
    if (path === '/api/current_user')
      return json(401, { statusCode: 401, code: 'unauthorized', message: 'You are not logged in' });
    if (path === '/api/login')
      return json(401, {
        statusCode: 401,
        code: 'invalid_credentials',
        message: 'The email address or password is incorrect',
      });
    return json(404, { statusCode: 404, code: 'not_found', message: 'Not found' });
  };
}

async function logInWith(email: string, password: string, labels: [string, string], submit: string) {
  fireEvent.input(screen.getByLabelText(labels[0], { exact: true }), { target: { value: email } });
  fireEvent.input(screen.getByLabelText(labels[1], { exact: true }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: submit }));
}

describe('login screen (spec 2 §2, §5, §8)', () => {
  beforeEach(async () => {
    browser.reset();
    await clearFloorDb();
  });
  afterEach(cleanup);

  it("shows 'The email address or password is incorrect' for a wrong password, not the 401 text", async () => {
    wrongPasswordApi();
    renderFloor('/login');
    await screen.findByRole('heading', { name: 'Log in' });
    await logInWith('picker@demo.hoppa.nl', 'wrong', ['Email address', 'Password'], 'Log in');
    expect((await screen.findByTestId('error-banner')).textContent).toBe(
      'The email address or password is incorrect',
    );
  });

  it('says it in Dutch on a Dutch browser', async () => {
    wrongPasswordApi();
    renderFloor('/login', { lang: 'nl' });
    await screen.findByRole('heading', { name: 'Inloggen' });
    await logInWith('picker@demo.hoppa.nl', 'fout', ['E-mailadres', 'Wachtwoord'], 'Inloggen');
    expect((await screen.findByTestId('error-banner')).textContent).toBe(
      'Het e-mailadres of wachtwoord is onjuist',
    );
  });

  it("says a login without a connection is offline, not 'Er is iets misgegaan' (ADR 0142)", async () => {
    // 360 × 640 sweep: offline, the orange offline note stood above a red 'Er is iets misgegaan, raadpleeg je logs'.
    renderFloor('/login', { lang: 'nl' });
    await screen.findByRole('heading', { name: 'Inloggen' });
    browser.online = false;
    browser.server = () => {
      throw new TypeError('Failed to fetch');
    };
    await logInWith('picker@demo.hoppa.nl', 'Hoppa-picker-2026', ['E-mailadres', 'Wachtwoord'], 'Inloggen');
    await waitFor(() =>
      expect(screen.getByText('Je bent offline. Inloggen kan zodra er weer verbinding is.')).toBeTruthy(),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Inloggen' })).toHaveProperty('disabled', false),
    );
    expect(screen.queryByTestId('error-banner')).toBeNull();
  });

  it('links to sign-up and password reset', async () => {
    wrongPasswordApi();
    renderFloor('/login');
    await screen.findByRole('heading', { name: 'Log in' });
    fireEvent.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    await screen.findByRole('heading', { name: 'Forgot your password' });
    fireEvent.click(screen.getByRole('link', { name: 'Back to login' }));
    await screen.findByRole('heading', { name: 'Log in' });
    fireEvent.click(screen.getByRole('link', { name: 'No account yet? Create an account' }));
    await screen.findByRole('heading', { name: 'Create an account' });
  });
});

describe('routing guard for public paths (spec 2 §2)', () => {
  beforeEach(async () => {
    browser.reset();
    await clearFloorDb();
  });
  afterEach(cleanup);

  for (const path of ['/login', '/signup', '/reset', '/reset?token=Q7x2mVd9pL0aR4tY8uK3wZ']) {
    it(`sends a logged-in picker from ${path} to the pick screen`, async () => {
      const user = currentUser('picker');
      await setMeta(floorDb(), 'session', user);
      browser.server = (req) =>
        new URL(req.url).pathname === '/api/current_user'
          ? json(200, user)
          : json(503, { statusCode: 503, code: 'unavailable', message: 'Not in this test' });
      renderFloor(path);
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/pick'));
    });
  }

  it('sends a logged-in user without floor tasks to the menu', async () => {
    const user = currentUser('merchant');
    browser.server = (req) =>
      new URL(req.url).pathname === '/api/current_user'
        ? json(200, user)
        : json(503, { statusCode: 503, code: 'unavailable', message: 'Not in this test' });
    renderFloor('/signup');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/menu'));
  });
});

// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie and canvas-confetti load.
import '../../test/dom-setup.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, json } from '../../test/dom-setup.ts';
import { clearFloorDb, currentUser, renderFloor } from '../../test/render.tsx';

/** Requests the fake API received, as `METHOD /path` with the JSON body. */
let calls: { call: string; body: unknown }[] = [];

/** Nobody is logged in; POST /signup answers with `signup` (default: the new account, logged in). */
function anonymousApi(signup: () => Response = () => json(201, currentUser('merchant'))) {
  browser.server = async (req) => {
    const path = new URL(req.url).pathname;
    const text = await req.text();
    calls.push({ call: `${req.method} ${path}`, body: text ? JSON.parse(text) : undefined });
    if (path === '/api/current_user')
      return json(401, { statusCode: 401, code: 'unauthorized', message: 'You are not logged in' });
    if (path === '/api/signup' && req.method === 'POST') return signup();
    return json(404, { statusCode: 404, code: 'not_found', message: 'Not found' });
  };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });

function type(label: string, value: string) {
  const input = field(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

const signupCalls = () => calls.filter((c) => c.call === 'POST /api/signup');

describe('sign-up screen (spec 2 §2, §5)', () => {
  beforeEach(async () => {
    browser.reset();
    calls = [];
    await clearFloorDb();
    anonymousApi();
  });
  afterEach(cleanup);

  it('asks for every field before sending, and shows the password hint', async () => {
    renderFloor('/signup');
    await screen.findByRole('heading', { name: 'Create an account' });
    expect(screen.getByText('At least 9 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('This field is required!')).toHaveLength(5);
    expect(signupCalls()).toEqual([]);
  });

  it('checks a field once it was changed, before any submit, and clears the message while typing', async () => {
    renderFloor('/signup');
    await screen.findByRole('heading', { name: 'Create an account' });
    type('Email address', 'anna@');
    expect(await screen.findByText('Invalid email address!')).toBeTruthy();
    type('Password', '12345678');
    expect(await screen.findByText('Minimum 9 characters')).toBeTruthy();
    // leaving an untouched field says nothing yet
    fireEvent.blur(field('Phone number'));
    expect(screen.queryByText('This field is required!')).toBeNull();
    fireEvent.change(field('Email address'), { target: { value: 'anna@bakkerijbol.nl' } });
    await waitFor(() => expect(screen.queryByText('Invalid email address!')).toBeNull());
  });

  it('shows the messages in Dutch on a Dutch browser', async () => {
    renderFloor('/signup', { lang: 'nl' });
    await screen.findByRole('heading', { name: 'Account aanmaken' });
    type('E-mailadres', 'anna@');
    type('Wachtwoord', 'kort');
    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect(await screen.findByText('Ongeldig e-mailadres!')).toBeTruthy();
    expect(screen.getByText('Minimaal 9 tekens', { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    expect(screen.getAllByText('Dit veld is verplicht!')).toHaveLength(3);
  });

  it('sends a valid sign-up and takes the new account home', async () => {
    renderFloor('/signup');
    await screen.findByRole('heading', { name: 'Create an account' });
    type('First name', ' Anna ');
    type('Last name', 'de Vries');
    type('Email address', 'anna@bakkerijbol.nl ');
    type('Phone number', '+31 6 1234 5678');
    type('Password', 'brood-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    // a merchant has no floor tasks: home is the task menu
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/menu'));
    expect(signupCalls()).toEqual([
      {
        call: 'POST /api/signup',
        body: {
          first_name: 'Anna',
          family_name: 'de Vries',
          email: 'anna@bakkerijbol.nl',
          phone: '+31 6 1234 5678',
          password: 'brood-2026',
        },
      },
    ]);
  });

  it('says in Dutch that the address already has an account', async () => {
    anonymousApi(() =>
      json(409, {
        statusCode: 409,
        code: 'conflict',
        message: 'An account with this email address already exists',
      }),
    );
    renderFloor('/signup', { lang: 'nl' });
    await screen.findByRole('heading', { name: 'Account aanmaken' });
    type('Voornaam', 'Anna');
    type('Achternaam', 'de Vries');
    type('E-mailadres', 'owner@bakkerijbol.nl');
    type('Telefoonnummer', '0612345678');
    type('Wachtwoord', 'brood-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect((await screen.findByTestId('error-banner')).textContent).toBe(
      'Er bestaat al een account met dit e-mailadres',
    );
    expect(screen.getByTestId('where').textContent).toBe('/signup');
  });
});

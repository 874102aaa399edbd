// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie and canvas-confetti load.
import '../../test/dom-setup.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, json } from '../../test/dom-setup.ts';
import { clearFloorDb, renderFloor } from '../../test/render.tsx';

/** Requests the fake API received, as `METHOD /path` with the JSON body. */
let calls: { call: string; body: unknown }[] = [];

/** Nobody is logged in; POST /signup answers with `signup` (default: 202, a confirmation link is on its way). */
function anonymousApi(signup: () => Response = () => json(202, { ok: true, message: 'Check your e-mail' })) {
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
  fireEvent.input(input, { target: { value } });
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
    fireEvent.input(field('Email address'), { target: { value: 'anna@bakkerijbol.nl' } });
    await waitFor(() => expect(screen.queryByText('Invalid email address!')).toBeNull());
  });

  it('refuses a phone number that breaks the phone rule, with the rule message (spec 3 §5)', async () => {
    renderFloor('/signup');
    await screen.findByRole('heading', { name: 'Create an account' });
    type('Phone number', '06-12ab');
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getAllByText('Please enter a valid phone number')).toHaveLength(1);
    expect(signupCalls()).toEqual([]);
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

  it('sends a valid sign-up and says a confirmation link is on its way, without logging in', async () => {
    renderFloor('/signup');
    await screen.findByRole('heading', { name: 'Create an account' });
    type('First name', ' Anna ');
    type('Last name', 'de Vries');
    type('Email address', 'anna@bakkerijbol.nl ');
    // The phone field: a national number in the default country nl, sent in the international form (spec 3 §5).
    type('Phone number', '06 1234 5678');
    type('Password', 'brood-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByTestId('signup-sent')).textContent).toBe(
      'We have sent a link to anna@bakkerijbol.nl. Open it within 24 hours to confirm your address and finish signing up.',
    );
    expect(screen.getByTestId('where').textContent).toBe('/signup');
    expect(calls.filter((c) => c.call === 'GET /api/current_user').length).toBeLessThanOrEqual(1);
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

  it('says in Dutch when there were too many sign-ups, and keeps the form', async () => {
    anonymousApi(() =>
      json(429, {
        statusCode: 429,
        code: 'rate_limited',
        message: 'Too many attempts. Please wait 60 minutes.',
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
      'Te veel pogingen. Wacht een paar minuten en probeer het opnieuw.',
    );
    expect((field('E-mailadres') as HTMLInputElement).value).toBe('owner@bakkerijbol.nl');
  });
});

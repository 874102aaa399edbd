// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie and canvas-confetti load.
import '../../test/dom-setup.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, json } from '../../test/dom-setup.ts';
import { clearFloorDb, renderFloor } from '../../test/render.tsx';

const TOKEN = 'Q7x2mVd9pL0aR4tY8uK3wZ';
let calls: { call: string; body: unknown }[] = [];

/** Nobody is logged in; the reset calls answer as the API does (`tokenAnswer` for the token call). */
function anonymousApi(tokenAnswer: () => Response = () => json(200, { ok: true, message: 'changed' })) {
  browser.server = async (req) => {
    const path = new URL(req.url).pathname;
    const text = await req.text();
    calls.push({ call: `${req.method} ${path}`, body: text ? JSON.parse(text) : undefined });
    if (path === '/api/current_user')
      return json(401, { statusCode: 401, code: 'unauthorized', message: 'You are not logged in' });
    if (path === '/api/users/password_reset/email')
      return json(200, {
        ok: true,
        message: 'If an account exists for this email address, we have sent a link.',
      });
    if (path.startsWith('/api/users/password_reset/')) return tokenAnswer();
    return json(404, { statusCode: 404, code: 'not_found', message: 'Not found' });
  };
}

function type(label: string, value: string) {
  const input = screen.getByLabelText(label, { exact: true });
  fireEvent.input(input, { target: { value } });
  fireEvent.blur(input);
}

describe('password reset screen (spec 2 §2, §5)', () => {
  beforeEach(async () => {
    browser.reset();
    calls = [];
    await clearFloorDb();
    anonymousApi();
  });
  afterEach(cleanup);

  it('asks for the email address and answers neutrally', async () => {
    renderFloor('/reset');
    await screen.findByRole('heading', { name: 'Forgot your password' });
    type('Email address', 'anna@');
    expect(await screen.findByText('Invalid email address!')).toBeTruthy();
    type('Email address', 'nobody@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const sent = await screen.findByTestId('reset-sent');
    expect(sent.textContent).toBe(
      'If an account exists for nobody@example.com, an email with a reset link is on its way. The link is valid for a limited time.',
    );
    expect(calls.filter((c) => c.call.startsWith('POST'))).toEqual([
      { call: 'POST /api/users/password_reset/email', body: { email: 'nobody@example.com' } },
    ]);
  });

  it('with a token asks for a new password of at least 6 characters, then goes to login', async () => {
    renderFloor(`/reset?token=${TOKEN}`, { lang: 'nl' });
    await screen.findByRole('heading', { name: 'Nieuw wachtwoord kiezen' });
    type('Nieuw wachtwoord', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(
      await screen.findByText('Minimaal 6 tekens', { selector: '.mantine-InputWrapper-error' }),
    ).toBeTruthy();
    expect(calls.filter((c) => c.call.startsWith('POST'))).toEqual([]);

    type('Nieuw wachtwoord', 'nieuw-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    // The login screen loads in its own chunk.
    expect((await screen.findByTestId('password-changed')).textContent).toBe(
      'Je wachtwoord is gewijzigd. Log in met je nieuwe wachtwoord.',
    );
    expect(calls.filter((c) => c.call.startsWith('POST'))).toEqual([
      { call: `POST /api/users/password_reset/${TOKEN}`, body: { password: 'nieuw-2026' } },
    ]);
  });

  it('says so when the link is no longer valid', async () => {
    anonymousApi(() =>
      json(400, {
        statusCode: 400,
        code: 'invalid_token',
        message: 'This reset link is invalid or has expired. Please request a new one.',
      }),
    );
    renderFloor(`/reset?token=${TOKEN}`, { lang: 'nl' });
    await screen.findByRole('heading', { name: 'Nieuw wachtwoord kiezen' });
    type('Nieuw wachtwoord', 'nieuw-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect((await screen.findByTestId('error-banner')).textContent).toBe(
      'Deze herstellink is ongeldig of verlopen. Vraag een nieuwe aan.',
    );
    expect(screen.getByRole('link', { name: 'Nieuwe herstellink aanvragen' })).toBeTruthy();
  });

  it("says a 400's coded refusal of the password in Dutch, naming the field, not in the server's English", async () => {
    anonymousApi(() =>
      json(400, {
        statusCode: 400,
        code: 'validation',
        message: 'password: Too big: expected string to have <=200 characters',
        issues: [
          {
            path: 'body.password',
            message: 'Too big: expected string to have <=200 characters',
            code: 'text_too_long',
            values: { field: 'password', limit: 200 },
          },
        ],
      }),
    );
    renderFloor(`/reset?token=${TOKEN}`, { lang: 'nl' });
    await screen.findByRole('heading', { name: 'Nieuw wachtwoord kiezen' });
    type('Nieuw wachtwoord', 'nieuw-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect((await screen.findByTestId('error-banner')).textContent).toBe(
      'Wachtwoord is te lang (hoogstens 200 tekens)',
    );
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { LoginPage } from './login-page.tsx';
import { SignupPage } from './signup-page.tsx';

describe('sign-up and login validation (spec 2 §5)', () => {
  it('requires every sign-up field before submitting and shows the password hint', async () => {
    renderUi(<SignupPage />, { path: '/signup' });
    expect(screen.getByText('At least 9 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('This field is required!')).toHaveLength(5);
  });

  it('checks the email format and the 9-character password minimum, in Dutch', async () => {
    renderUi(<SignupPage />, { path: '/signup', lang: 'nl' });
    fireEvent.input(screen.getByLabelText(/E-mailadres/), { target: { value: 'anna@' } });
    fireEvent.input(screen.getByLabelText(/^Wachtwoord/), { target: { value: '12345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect(await screen.findByText('Ongeldig e-mailadres!')).toBeTruthy();
    expect(screen.getAllByText('Minimaal 9 tekens').length).toBe(2); // the hint and the error
  });

  it('validates a field after it was changed, before any submit', async () => {
    renderUi(<SignupPage />, { path: '/signup' });
    const email = screen.getByLabelText(/Email address/);
    fireEvent.input(email, { target: { value: 'not-an-email' } });
    fireEvent.blur(email);
    expect(await screen.findByText('Invalid email address!')).toBeTruthy();
  });

  it('refuses a phone number that breaks the phone rule, with the rule message (spec 3 §5)', async () => {
    renderUi(<SignupPage />, { path: '/signup' });
    const phone = screen.getByRole('textbox', { name: /Phone/ });
    fireEvent.input(phone, { target: { value: '06-12ab' } });
    fireEvent.blur(phone);
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getAllByText('Please enter a valid phone number')).toHaveLength(1);
  });

  it('requires email and password at login', async () => {
    renderUi(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required!')).toHaveLength(2);
  });
});

describe('sign-up by mailed link (docs/decisions/0015-signup-confirmation.md)', () => {
  const calls: { method: string; path: string }[] = [];
  const bodies: unknown[] = [];
  beforeEach(() => {
    calls.length = 0;
    bodies.length = 0;
    stubPageRequest();
    vi.stubGlobal('fetch', async (req: Request) => {
      const path = new URL(req.url).pathname;
      calls.push({ method: req.method, path });
      if (req.method === 'POST' && path === '/api/signup') bodies.push(await req.clone().json());
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/signup') return json(202, { ok: true, message: 'Check your e-mail' });
      return json(400, { statusCode: 400, code: 'invalid_token', message: 'This sign-up link is invalid' });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says a confirmation link is on its way after a valid sign-up, naming the address', async () => {
    renderUi(<SignupPage />, { path: '/signup' });
    const type = (label: RegExp, value: string) =>
      fireEvent.input(screen.getByLabelText(label), { target: { value } });
    type(/First name/, 'Femke');
    type(/Last name/, 'de Boer');
    type(/Email address/, ' femke@example.nl ');
    fireEvent.input(screen.getByRole('textbox', { name: /Phone/ }), { target: { value: '06 1234 5678' } });
    type(/^Password/, 'negen-tekens');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/We have sent a link to femke@example.nl/)).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', path: '/api/signup' }]);
    // The phone field sends the international form (nl by default; ADR 0057).
    expect(bodies).toEqual([
      expect.objectContaining({ email: 'femke@example.nl', phone: '+31 6 1234 5678' }),
    ]);
  });

  it('confirms the token of the link once and explains an expired link', async () => {
    renderUi(<SignupPage />, { path: '/signup?token=abcdefghijklmnopqrstuvwxyz' });
    expect(
      await screen.findByText('This sign-up link is invalid or has expired. Please sign up again.'),
    ).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', path: '/api/signup/confirm/abcdefghijklmnopqrstuvwxyz' }]);
    expect(screen.getByRole('link', { name: 'Sign up again' })).toBeTruthy();
  });
});

describe("a 400's coded refusal in the user's language (ADR 0124 §2, @hoppa/web ErrorBanner)", () => {
  beforeEach(() => {
    stubPageRequest();
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            statusCode: 400,
            code: 'validation',
            message:
              'phone: Not a phone number; family_name: Too big: expected string to have <=80 characters',
            issues: [
              {
                path: 'body.phone',
                message: 'Not a phone number',
                code: 'phone_invalid',
                values: { field: 'phone', value: '+31 6 1234 5678' },
              },
              {
                path: 'body.family_name',
                message: 'Too big: expected string to have <=80 characters',
                code: 'text_too_long',
                values: { field: 'family_name', limit: 80 },
              },
            ],
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names each refused field by its Dutch name and says why in Dutch, not in the English of the server', async () => {
    renderUi(<SignupPage />, { path: '/signup', lang: 'nl' });
    const type = (label: RegExp, value: string) =>
      fireEvent.input(screen.getByLabelText(label), { target: { value } });
    type(/Voornaam/, 'Femke');
    type(/Achternaam/, 'de Boer');
    type(/E-mailadres/, 'femke@example.nl');
    fireEvent.input(screen.getByRole('textbox', { name: /Telefoonnummer/ }), {
      target: { value: '06 1234 5678' },
    });
    type(/^Wachtwoord/, 'negen-tekens');
    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Telefoonnummer is geen geldig telefoonnummer: '+31 6 1234 5678'; Achternaam is te lang (hoogstens 80 tekens)",
    );
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    fireEvent.change(screen.getByLabelText(/E-mailadres/), { target: { value: 'anna@' } });
    fireEvent.change(screen.getByLabelText(/^Wachtwoord/), { target: { value: '12345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect(await screen.findByText('Ongeldig e-mailadres!')).toBeTruthy();
    expect(screen.getAllByText('Minimaal 9 tekens').length).toBe(2); // the hint and the error
  });

  it('validates a field after it was changed, before any submit', async () => {
    renderUi(<SignupPage />, { path: '/signup' });
    const email = screen.getByLabelText(/Email address/);
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.blur(email);
    expect(await screen.findByText('Invalid email address!')).toBeTruthy();
  });

  it('requires email and password at login', async () => {
    renderUi(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required!')).toHaveLength(2);
  });
});

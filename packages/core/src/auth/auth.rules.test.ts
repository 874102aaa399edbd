import { describe, expect, it } from 'vitest';
import {
  authFieldText,
  loginFormErrors,
  resetEmailFormErrors,
  resetPasswordFormErrors,
  signupFormErrors,
} from './auth.rules.ts';

const validSignup = {
  first_name: 'Anna',
  family_name: 'de Vries',
  email: 'anna@bakkerijbol.nl',
  phone: '+31 6 1234 5678',
  password: 'brood-2026',
};

describe('sign-up form rules (spec 2 §5)', () => {
  it('accepts a complete sign-up', () => {
    expect(signupFormErrors(validSignup)).toEqual({});
  });

  it('marks every empty or blank field as required, with the spec text', () => {
    const errors = signupFormErrors({ first_name: ' ', family_name: '', email: '', phone: '', password: '' });
    expect(Object.keys(errors).sort()).toEqual(['email', 'family_name', 'first_name', 'password', 'phone']);
    for (const p of Object.values(errors)) {
      expect(p).toEqual({ code: 'required', message: 'This field is required!' });
    }
    expect(signupFormErrors({})).toEqual(
      signupFormErrors({ first_name: '', family_name: '', email: '', phone: '', password: '' }),
    );
  });

  it('rejects a malformed email address', () => {
    expect(signupFormErrors({ ...validSignup, email: 'anna@' }).email).toEqual({
      code: 'email',
      message: 'Invalid email address!',
    });
  });

  it('needs a password of at least 9 characters', () => {
    expect(signupFormErrors({ ...validSignup, password: '12345678' }).password).toEqual({
      code: 'min_length',
      limit: 9,
      message: 'Minimum 9 characters',
    });
    expect(signupFormErrors({ ...validSignup, password: '123456789' }).password).toBeUndefined();
  });

  it('rejects a phone number with letters', () => {
    expect(signupFormErrors({ ...validSignup, phone: '06-abc' }).phone?.code).toBe('phone');
  });

  it('reports only the fields that fail', () => {
    expect(Object.keys(signupFormErrors({ ...validSignup, email: 'x', password: 'short' })).sort()).toEqual([
      'email',
      'password',
    ]);
  });
});

describe('login and reset form rules (spec 2 §5)', () => {
  it('requires email and password at login', () => {
    expect(loginFormErrors({ email: '', password: '' })).toEqual({
      email: { code: 'required', message: 'This field is required!' },
      password: { code: 'required', message: 'This field is required!' },
    });
    expect(loginFormErrors({ email: 'picker@demo.hoppa.nl', password: 'x' })).toEqual({});
  });

  it('asks for a valid email to send a reset link', () => {
    expect(resetEmailFormErrors({ email: '' }).email?.code).toBe('required');
    expect(resetEmailFormErrors({ email: 'picker@demo' }).email?.code).toBe('email');
    expect(resetEmailFormErrors({ email: ' picker@demo.hoppa.nl ' })).toEqual({});
  });

  it("needs a new password of at least 6 characters: 'Minimum 6 characters'", () => {
    expect(resetPasswordFormErrors({ password: '12345' }).password).toEqual({
      code: 'min_length',
      limit: 6,
      message: 'Minimum 6 characters',
    });
    expect(resetPasswordFormErrors({ password: '123456' })).toEqual({});
    expect(resetPasswordFormErrors({ password: '' }).password?.code).toBe('required');
  });

  it('words the limits with their bound', () => {
    expect(authFieldText('too_long', 100)).toBe('Maximum 100 characters');
  });
});

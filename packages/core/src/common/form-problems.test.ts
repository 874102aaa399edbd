import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  LoginBodySchema,
  PasswordResetBodySchema,
  PasswordResetEmailBodySchema,
  SignupBodySchema,
} from '../auth/auth.schema.ts';
import { type FormValues, fieldProblemText, formProblems } from './form-problems.ts';
import { boundedText, nameText } from './text.ts';

type SignupField = 'first_name' | 'family_name' | 'email' | 'phone' | 'password';
const signupFormErrors = (v: FormValues<SignupField>) => formProblems(SignupBodySchema, v);
const loginFormErrors = (v: FormValues<'email' | 'password'>) => formProblems(LoginBodySchema, v);
const resetEmailFormErrors = (v: FormValues<'email'>) => formProblems(PasswordResetEmailBodySchema, v);
const resetPasswordFormErrors = (v: FormValues<'password'>) => formProblems(PasswordResetBodySchema, v);

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
    expect(fieldProblemText('too_long', 100)).toBe('Maximum 100 characters');
  });
});

describe('any request schema as a form (spec 2 §5)', () => {
  it('lets optional fields stay blank and checks them once filled in', () => {
    // A small shop form: a required name, an optional e-mail and an optional bounded phone.
    const ShopSchema = z.object({
      name: nameText('Name', 1),
      contact_person_email: z.email('Invalid email address!').optional(),
      phone: boundedText('Phone', 30).optional(),
    });
    const org = (v: FormValues<'name' | 'contact_person_email' | 'phone'>) => formProblems(ShopSchema, v);
    expect(org({ name: 'Bakkerij Bol', contact_person_email: ' ', phone: '' })).toEqual({});
    expect(org({ name: '', contact_person_email: 'bol@' })).toEqual({
      name: { code: 'required', message: 'This field is required!' },
      contact_person_email: { code: 'email', message: 'Invalid email address!' },
    });
    expect(org({ name: 'Bol', phone: '0'.repeat(31) }).phone).toEqual({
      code: 'too_long',
      limit: 30,
      message: 'Maximum 30 characters',
    });
  });

  it('ignores fields the schema does not know', () => {
    expect(formProblems(z.object({ a: z.string() }), { a: 'x', b: '' } as never)).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { SignupFormSchema } from './auth.forms.ts';

const valid = { first_name: 'Anna', family_name: 'Jansen', email: 'anna@example.nl', password: 'geheim123' };

describe('SignupFormSchema phone', () => {
  it('accepts a number the server accepts', () => {
    expect(SignupFormSchema.safeParse({ ...valid, phone: '+31 6 1234 5678' }).success).toBe(true);
  });
  it('refuses more than 15 digits, as core (and so the server) does', () => {
    expect(SignupFormSchema.safeParse({ ...valid, phone: '+31 6 1234 5678 90123' }).success).toBe(false);
  });
});

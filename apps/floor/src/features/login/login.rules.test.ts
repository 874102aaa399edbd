import { formProblems, LoginBodySchema } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { loginProblems } from './login.rules.ts';

// Values at and around every rule of core's LoginBodySchema (spec 2 §5), each field alone and combined.
const EMAILS = [
  '',
  '   ',
  'picker@demo.hoppa.nl',
  '  picker@demo.hoppa.nl  ',
  'not an address',
  'a'.repeat(254),
  ` ${'a'.repeat(254)} `,
  'a'.repeat(255),
  'pick\u0000er@x.nl',
  'pick\ter@x.nl',
  'pick\u0085er@x.nl',
  'pick\uD800er@x.nl',
  'pick😀er@x.nl',
  `${'a'.repeat(255)}\u0000`,
];
const PASSWORDS = ['', ' ', '\t', 'x', ' secret ', 'p\u0000ss', 'a'.repeat(1024), 'a'.repeat(1025)];

describe('loginProblems (spec 2 §5, the login form without zod)', () => {
  it("answers what core's formProblems answers for LoginBodySchema, for every pair of values", () => {
    for (const email of EMAILS)
      for (const password of PASSWORDS)
        expect(loginProblems({ email, password }), JSON.stringify({ email, password })).toEqual(
          formProblems(LoginBodySchema, { email, password }),
        );
  });

  it('lets a filled-in form through and names each missing field', () => {
    expect(loginProblems({ email: 'picker@demo.hoppa.nl', password: 'x' })).toEqual({});
    expect(loginProblems({ email: ' ', password: '' })).toEqual({
      email: { code: 'required', message: 'This field is required!' },
      password: { code: 'required', message: 'This field is required!' },
    });
  });
});

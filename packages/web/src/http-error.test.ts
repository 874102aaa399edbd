import { ApiError } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { errorDisplay, errorText, knownProblemText } from './http-error.ts';
import { createI18n } from './i18n.ts';

const problem = (status: number, message: string) =>
  new ApiError(status, { statusCode: status, code: 'x', message }, message);

describe('errorDisplay / errorText (spec 1 §8, spec 2 §8)', () => {
  const en = createI18n({}, 'en').t;
  const nl = createI18n({}, 'nl').t;
  const text = (err: unknown, path = '/orders', t = en, extra?: number[]) =>
    errorText(errorDisplay(err, path, extra), t);

  it("shows the server's message for 400 and 406, as a problem body or as plain text", () => {
    expect(text(problem(400, 'EAN must have 13 digits'))).toBe('EAN must have 13 digits');
    expect(text(problem(406, 'Not acceptable: order already shipped'))).toBe(
      'Not acceptable: order already shipped',
    );
    expect(text(new ApiError(400, 'Plain text body', 'Plain text body'))).toBe('Plain text body');
  });

  it('shows the unauthorized text for 401 in both languages, and nothing on the root path', () => {
    expect(text(problem(401, 'Not logged in'))).toBe('You are not authorized for this action');
    expect(text(problem(401, 'Not logged in'), '/orders', nl)).toBe('Je bent niet bevoegd voor deze actie');
    expect(text(problem(401, 'Not logged in'), '/')).toBeNull();
  });

  it('shows the generic text for other statuses, network failures and non-API errors', () => {
    expect(text(problem(500, 'db down'))).toBe('Something went wrong, please consult your logs');
    expect(text(problem(409, 'conflict'))).toBe('Something went wrong, please consult your logs');
    expect(text(new ApiError(0, undefined, 'Failed to fetch'))).toBe(
      'Something went wrong, please consult your logs',
    );
    expect(text(new Error('contract broke'), '/orders', nl)).toBe('Er is iets misgegaan, raadpleeg je logs');
  });

  it("shows the server's message for the extra statuses a form asks for, when there is one", () => {
    expect(text(problem(401, 'Wrong email or password'), '/login', en, [401])).toBe(
      'Wrong email or password',
    );
    expect(text(problem(409, 'Email already in use'), '/signup', en, [409])).toBe('Email already in use');
    expect(text(new ApiError(409, undefined, 'x'), '/signup', en, [409])).toBe(
      'Something went wrong, please consult your logs',
    );
  });
});

describe('knownProblemText', () => {
  const err = new ApiError(401, { statusCode: 401, code: 'invalid_credentials', message: 'wrong' }, 'wrong');
  it("prefers the screen's text for the problem code, then for the status", () => {
    expect(knownProblemText(err, { invalid_credentials: 'Onjuist wachtwoord', 401: 'status text' })).toBe(
      'Onjuist wachtwoord',
    );
    expect(knownProblemText(err, { 401: 'status text' })).toBe('status text');
    expect(knownProblemText(err, { conflict: 'x' })).toBeNull();
    expect(knownProblemText(new Error('x'), { 401: 'status text' })).toBeNull();
    expect(knownProblemText(err, undefined)).toBeNull();
  });
});

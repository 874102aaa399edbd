/**
 * Client-side checks of the sign-up, login and reset forms (spec 2 §5), for both apps. The rules
 * themselves live once, in the request schemas of auth.schema.ts that the API validates with; this
 * file only runs a form's values through the same schema and turns each failing field into a code the
 * apps translate, with the spec's English text alongside ('This field is required!', 'Invalid email
 * address!', 'Minimum 6 characters').
 */
import type { z } from 'zod';
import {
  LoginBodySchema,
  PasswordResetBodySchema,
  PasswordResetEmailBodySchema,
  SignupBodySchema,
} from './auth.schema.ts';

/**
 * Why a form field is not acceptable: empty (`required`), not an email address, not a phone number,
 * shorter or longer than allowed (`limit` holds the bound), or another format rule (`format`).
 */
export type AuthFieldCode = 'required' | 'email' | 'phone' | 'min_length' | 'too_long' | 'format';

/** One field's problem: its code, the bound for `min_length` / `too_long`, and the spec's English text. */
export interface AuthFieldProblem {
  code: AuthFieldCode;
  /** Characters: the minimum for `min_length`, the maximum for `too_long`. */
  limit?: number;
  /** English text as the spec words it (spec 2 §5 generic messages). */
  message: string;
}

/** Problems per field name; a field without a problem is absent. */
export type AuthFormErrors<K extends string> = Partial<Record<K, AuthFieldProblem>>;

/** Form values as typed: every field a string, a missing one counts as empty. */
export type AuthFormValues<K extends string> = Partial<Record<K, string>>;

/** The spec's English text for a problem (spec 2 §5: 'This field is required!', 'Minimum 6 characters'). */
export function authFieldText(code: AuthFieldCode, limit?: number): string {
  switch (code) {
    case 'required':
      return 'This field is required!';
    case 'email':
      return 'Invalid email address!';
    case 'phone':
      return 'Please enter a valid phone number';
    case 'min_length':
      return `Minimum ${limit} characters`;
    case 'too_long':
      return `Maximum ${limit} characters`;
    case 'format':
      return 'Invalid format!';
  }
}

function problem(code: AuthFieldCode, limit?: number): AuthFieldProblem {
  return limit === undefined
    ? { code, message: authFieldText(code) }
    : { code, limit, message: authFieldText(code, limit) };
}

function problemOf(issue: z.core.$ZodIssue, field: string, value: string | undefined): AuthFieldProblem {
  // Whatever rule failed, an empty field is simply missing.
  if (value === undefined || value.trim() === '') return problem('required');
  switch (issue.code) {
    case 'too_small':
      return problem('min_length', Number(issue.minimum));
    case 'too_big':
      return problem('too_long', Number(issue.maximum));
    case 'invalid_format':
      if (issue.format === 'email') return problem('email');
      return problem(field === 'phone' ? 'phone' : 'format');
    default:
      return problem(field === 'phone' ? 'phone' : 'format');
  }
}

/**
 * Checks form values against an auth request schema and returns the first problem of each field
 * (an empty field is always `required`). Fields the schema does not know are ignored; an empty
 * result means the values can be sent.
 */
export function authFormErrors<S extends z.ZodObject>(
  schema: S,
  values: AuthFormValues<Extract<keyof z.input<S>, string>>,
): AuthFormErrors<Extract<keyof z.input<S>, string>> {
  type K = Extract<keyof z.input<S>, string>;
  const result = schema.safeParse(values);
  const errors: AuthFormErrors<K> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || field in errors) continue;
    errors[field as K] = problemOf(issue, field, values[field as K]);
  }
  return errors;
}

/** Sign-up (spec 2 §5): first name, last name, email, phone, password all required; password ≥ 9. */
export function signupFormErrors(
  values: AuthFormValues<'first_name' | 'family_name' | 'email' | 'phone' | 'password'>,
) {
  return authFormErrors(SignupBodySchema, values);
}

/** Login (spec 2 §5): email and password required. */
export function loginFormErrors(values: AuthFormValues<'email' | 'password'>) {
  return authFormErrors(LoginBodySchema, values);
}

/** Reset, first step (spec 2 §5): the account's email address, required and valid. */
export function resetEmailFormErrors(values: AuthFormValues<'email'>) {
  return authFormErrors(PasswordResetEmailBodySchema, values);
}

/** Reset with a token (spec 2 §5): the new password, required, minimum 6 characters. */
export function resetPasswordFormErrors(values: AuthFormValues<'password'>) {
  return authFormErrors(PasswordResetBodySchema, values);
}

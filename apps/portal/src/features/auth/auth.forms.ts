/**
 * Client-side checks of the sign-up, login and reset forms (spec 2 §5), as zod schemas whose messages
 * are i18n keys (translated where the error is shown). The server checks the same fields again with
 * core's SignupBodySchema / LoginBodySchema / PasswordResetBodySchema.
 */
import { PhoneSchema, RESET_PASSWORD_MIN, SIGNUP_PASSWORD_MIN } from '@hoppa/core';
import { z } from 'zod';

const REQUIRED = 'common:validation.required';
const required = z.string().trim().min(1, REQUIRED);
const email = required.pipe(z.email('common:validation.email'));

/** Login: email and password required (spec 2 §5). */
export const LoginFormSchema = z.object({ email: required, password: z.string().min(1, REQUIRED) });

/** Sign-up: every field required, a valid email, password ≥ 9 characters (spec 2 §5, §9). */
export const SignupFormSchema = z.object({
  first_name: required,
  family_name: required,
  email,
  // Core's rule (pattern, 2–15 digits, ≤ 30 characters), so the form refuses what the server refuses.
  phone: required.refine((v) => PhoneSchema.safeParse(v).success, 'common:validation.phone'),
  password: z.string().min(1, REQUIRED).min(SIGNUP_PASSWORD_MIN, 'auth:signup.passwordMin'),
});

/** Reset step 1: the account's email address. */
export const ResetEmailFormSchema = z.object({ email });

/** Reset step 2 (link with a token): the new password, ≥ 6 characters ('Minimum 6 characters', spec 2 §5). */
export const ResetPasswordFormSchema = z.object({
  password: z.string().min(1, REQUIRED).min(RESET_PASSWORD_MIN, 'auth:reset.passwordMin'),
});

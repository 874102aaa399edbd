import { OkSchema } from '../common/common.schema.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  CurrentUserSchema,
  LoginBodySchema,
  MessageSchema,
  PasswordResetBodySchema,
  PasswordResetEmailBodySchema,
  PasswordResetParamsSchema,
  SignupBodySchema,
  SignupConfirmParamsSchema,
} from './auth.schema.ts';

const tags = ['auth'];

/** POST /login: email + password; sets the `hoppa_session` cookie (spec 2 §7 Auth and user). 401 on bad credentials, 429 when rate-limited. */
export const loginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/login',
  summary: 'Log in with email and password',
  public: true,
  body: LoginBodySchema,
  response: CurrentUserSchema,
  problems: ['invalid_credentials'],
  tags,
});

/**
 * POST /signup: asks for an account (spec 2 §2, §5). The answer is always 202 with {@link SIGNUP_MAIL_MESSAGE} and
 * no session: a new address gets a confirmation link (`/signup?token=…`), an address that has an account a notice
 * instead, so the answer never tells who has an account (issue 7, docs/decisions/0015-signup-confirmation.md).
 * 429 when rate-limited.
 */
export const signupEndpoint = defineEndpoint({
  method: 'POST',
  path: '/signup',
  summary: 'Ask for an account (a confirmation link is mailed)',
  public: true,
  body: SignupBodySchema,
  response: MessageSchema,
  status: 202,
  tags,
});

/**
 * POST /signup/confirm/:token: confirms the mailed sign-up link, creates the account (confirmed) and logs it in
 * (sets the `hoppa_session` cookie). 400 `invalid_token` when the link is unknown, used, expired, or the address has
 * an account by now.
 */
export const signupConfirmEndpoint = defineEndpoint({
  method: 'POST',
  path: '/signup/confirm/:token',
  summary: 'Confirm a sign-up link and log in',
  public: true,
  params: SignupConfirmParamsSchema,
  response: CurrentUserSchema,
  status: 201,
  problems: ['invalid_token'],
  tags,
});

/** GET /logout: ends the session and clears the cookie (a state-changing GET: needs the app header). */
export const logoutEndpoint = defineEndpoint({
  method: 'GET',
  path: '/logout',
  summary: 'Log out',
  public: true,
  changesState: true,
  changesSession: true,
  response: OkSchema,
  tags,
});

/** GET /current_user: the logged-in user with current role (grants) and organisation; 401 without a session. */
export const currentUserEndpoint = defineEndpoint({
  method: 'GET',
  path: '/current_user',
  summary: 'The logged-in user',
  response: CurrentUserSchema,
  tags,
});

/** POST /users/password_reset/email: mails a reset link when the address exists; the answer never tells. */
export const passwordResetEmailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/users/password_reset/email',
  summary: 'Request a password reset mail',
  public: true,
  body: PasswordResetEmailBodySchema,
  response: MessageSchema,
  tags,
});

/**
 * GET /users/password_reset/:token (ours: the catalogue has only the POST): whether a mailed reset or invitation link
 * can still set a password, asked when the link's page opens so a used or expired link is refused before anyone
 * types a password. Uses nothing up; 400 `invalid_token` when the token is unknown, used or expired.
 */
export const passwordResetCheckEndpoint = defineEndpoint({
  method: 'GET',
  path: '/users/password_reset/:token',
  summary: 'Check a reset or invitation token before choosing a password',
  public: true,
  params: PasswordResetParamsSchema,
  response: MessageSchema,
  problems: ['invalid_token'],
  tags,
});

/** POST /users/password_reset/:token: sets a new password with a single-use, expiring token; 400 when invalid. */
export const passwordResetEndpoint = defineEndpoint({
  method: 'POST',
  path: '/users/password_reset/:token',
  summary: 'Set a new password with a reset token',
  public: true,
  params: PasswordResetParamsSchema,
  body: PasswordResetBodySchema,
  response: MessageSchema,
  problems: ['invalid_token'],
  tags,
});

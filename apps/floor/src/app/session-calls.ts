import { type CurrentUser, type LoginBody, loginEndpoint, logoutEndpoint, request } from '@hoppa/core';
import { api } from './api.ts';

/**
 * Login and logout (spec 2 §7 Auth), checked against their contracts. session.tsx loads this module when it
 * first calls, so the auth schemas stay out of the floor's first load (ADR 0033). Each throws `ApiError` like
 * `request` (401 for no session, 0 for no answer).
 */
export const sessionCalls = {
  /** `POST /login {email, password}`: starts a session (the cookie) and answers the user. */
  login: (body: LoginBody): Promise<CurrentUser> => request(api, loginEndpoint, { body }),
  /** `GET /logout`: ends the session. */
  logout: async (): Promise<void> => {
    await request(api, logoutEndpoint, {});
  },
};

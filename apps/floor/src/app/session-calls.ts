import {
  type CurrentUser,
  currentUserEndpoint,
  type LoginBody,
  loginEndpoint,
  logoutEndpoint,
  request,
} from '@hoppa/core';
import { api } from './api.ts';

/**
 * The session's three calls (spec 2 §7 Auth), checked against their contracts. session.tsx loads this module when it
 * first calls, so the auth schemas stay out of the floor's first load (ADR 0033). Each throws `ApiError` like
 * `request` (401 for no session, 0 for no answer).
 */
export const sessionCalls = {
  /** `GET /current_user`: the logged-in user with the current role and organisation. */
  currentUser: (): Promise<CurrentUser> => request(api, currentUserEndpoint, {}),
  /** `POST /login {email, password}`: starts a session (the cookie) and answers the user. */
  login: (body: LoginBody): Promise<CurrentUser> => request(api, loginEndpoint, { body }),
  /** `GET /logout`: ends the session. */
  logout: async (): Promise<void> => {
    await request(api, logoutEndpoint, {});
  },
};

/**
 * Mutations of sign-up, login, logout and password reset (spec 2 §7 Auth and user). Login and the sign-up
 * confirmation put the answered user into the current-user query, so the routing guard moves on by itself
 * (to the page the user came from, /home, or /orgs/add when there is no organisation yet).
 */
import {
  type LoginBody,
  loginEndpoint,
  type PasswordResetBody,
  type PasswordResetEmailBody,
  passwordResetCheckEndpoint,
  passwordResetEmailEndpoint,
  passwordResetEndpoint,
  type SignupBody,
  signupConfirmEndpoint,
  signupEndpoint,
} from '@hoppa/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENT_ORG_AUTH_KEY, CURRENT_USER_KEY } from '../../app/session.ts';
import { call } from '../../lib/api.ts';

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => call(loginEndpoint, { body }),
    onSuccess: async (user) => {
      qc.removeQueries({ queryKey: CURRENT_ORG_AUTH_KEY });
      qc.setQueryData(CURRENT_USER_KEY, user);
    },
  });
}

/** POST /signup: asks for an account; the answer only says a confirmation link is on its way (no session yet). */
export function useSignup() {
  return useMutation({
    mutationFn: (body: SignupBody) => call(signupEndpoint, { body }),
  });
}

/** POST /signup/confirm/:token from the mailed link: creates the account and logs it in. */
export function useConfirmSignup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(signupConfirmEndpoint, { params: { token } }),
    onSuccess: (user) => {
      qc.removeQueries({ queryKey: CURRENT_ORG_AUTH_KEY });
      qc.setQueryData(CURRENT_USER_KEY, user);
    },
  });
}

/** GET /logout, then forgets every cached answer (they belong to the user who left). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetEmailBody) => call(passwordResetEmailEndpoint, { body }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string } & PasswordResetBody) =>
      call(passwordResetEndpoint, { params: { token }, body: { password } }),
  });
}

/**
 * Whether a mailed reset or invitation link can still set a password (`GET /users/password_reset/:token`), asked
 * once when its page opens, so a used or expired link is refused before anyone types a password.
 */
export function useResetTokenCheck(token: string) {
  return useQuery({
    queryKey: ['password-reset-check', token],
    queryFn: () => call(passwordResetCheckEndpoint, { params: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

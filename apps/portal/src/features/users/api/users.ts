import {
  type AddUsersBody,
  addUsersEndpoint,
  currentUserEndpoint,
  listUsersEndpoint,
  type ProfileBody,
  passwordResetEmailEndpoint,
  plansEndpoint,
  type UserLicenceBody,
  updateProfileEndpoint,
  userLicenceEndpoint,
} from '@hoppa/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../../../app/session.ts';
import { call } from '../../../lib/api.ts';
import { endpointKey, endpointQuery } from '../../../lib/endpoint-query.ts';

/** Rows per page of the users list (spec 3 §9: page size 25). */
export const USERS_PAGE_SIZE = 25;

/** One page (1-based) of the current shop's users (`GET /users`, spec 3 §7), searched and sorted on the server. */
export function useShopUsers(page: number, search: string, sort: string) {
  return useQuery({
    ...endpointQuery(listUsersEndpoint, {
      query: {
        skip: (page - 1) * USERS_PAGE_SIZE,
        limit: USERS_PAGE_SIZE,
        orgs: 'current',
        sort: sort as never,
        ...(search ? { search } : {}),
      },
    }),
    placeholderData: keepPreviousData,
  });
}

/** The plans: the licence select's options (`GET /plans`). */
export function usePlans() {
  return useQuery({ ...endpointQuery(plansEndpoint, {}), staleTime: 5 * 60_000 });
}

/** After a change of users or licences: the list and the licence counts of the current user are stale. */
function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: endpointKey(listUsersEndpoint) });
    void qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };
}

/** Invites users (`POST /users`): the add form's one row with its message, or an import's rows. */
export function useAddUsers() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AddUsersBody) => call(addUsersEndpoint, { body }),
    onSuccess: refresh,
  });
}

/** Changes a user's licence (`PUT /users/licence`). */
export function useSetLicence() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UserLicenceBody) => call(userLicenceEndpoint, { body }),
    onSuccess: refresh,
  });
}

/** Sends a user the reset mail through the password-reset service (`POST /users/password_reset/email`). */
export function useSendReset() {
  return useMutation({
    mutationFn: (email: string) => call(passwordResetEmailEndpoint, { body: { email } }),
  });
}

/** Saves the caller's own names, phone and language (`PUT /current_user`); the session then has the new user. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => call(updateProfileEndpoint, { body }),
    onSuccess: (user) => {
      qc.setQueryData(CURRENT_USER_KEY, user);
      void qc.invalidateQueries({ queryKey: endpointKey(currentUserEndpoint) });
    },
  });
}

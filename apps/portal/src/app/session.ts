/**
 * The session as the portal knows it: the current user (GET /api/current_user) and the current
 * organisation authorisation (GET /api/current_org_auth), as react-query hooks, plus the
 * `SessionState` the routing guard decides on (routing-guard.ts, spec 2 §2).
 *
 * A 401 from /current_user means "not logged in" (data `null`), not an error; any other failure is an
 * error the guard shows as the red banner. `/current_org_auth` is only fetched for a logged-in user;
 * its `org: null` means the user has no organisation yet.
 */
import { type CurrentOrgAuth, type CurrentRole, type CurrentUser, requestTrusted } from '@hoppa/core';
import { isStatus } from '@hoppa/web';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { isPublicPath, type SessionState } from './routing-guard.ts';

/** The layout's other calls with their contracts, loaded on first use (session-calls.ts; ADR 0033). */
export const sessionCalls = () => import('./session-calls.ts').then((m) => m.sessionCalls);

export const CURRENT_USER_KEY = ['current_user'] as const;
export const CURRENT_ORG_AUTH_KEY = ['current_org_auth'] as const;

/**
 * The cache key of `GET /orgs` without input: the same entry as `endpointQuery(listOrgsEndpoint, {})` elsewhere
 * (the packing station's organisation choice), written out so the layout does not load the endpoint's schema
 * (session-calls.test.ts checks they agree).
 */
export const ORGS_QUERY_KEY = ['GET', '/orgs', {}] as const;

/** `GET /orgs` for the organisation switcher, through the lazily loaded session calls. */
export const orgsQuery = queryOptions({
  queryKey: ORGS_QUERY_KEY,
  queryFn: async () => (await sessionCalls()).listOrgs(),
  staleTime: 5 * 60_000,
});

/** GET /current_user; resolves to null when there is no session (401). */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: async (): Promise<CurrentUser | null> => {
    try {
      // Every page waits on these two calls: their answers are taken as the API sent them, checked there against the
      // contract (ADR 0033), so no schema has to load before the first paint.
      return await requestTrusted<CurrentUser>(api, 'GET', '/current_user');
    } catch (err) {
      if (isStatus(err, 401)) return null;
      throw err;
    }
  },
  retry: false,
  staleTime: 60_000,
});

/** GET /current_org_auth: the current organisation (or null), the role in force there and is_admin. */
export const currentOrgAuthQuery = queryOptions({
  queryKey: CURRENT_ORG_AUTH_KEY,
  queryFn: (): Promise<CurrentOrgAuth> => requestTrusted<CurrentOrgAuth>(api, 'GET', '/current_org_auth'),
  retry: false,
  staleTime: 60_000,
});

/**
 * Starts the session's calls when a route's code is in (the route's loader, router.tsx; issue 8 §1, ADR 0080), before
 * the routing guard renders: `GET /current_user`, and on a path that needs a session `GET /current_org_auth` at the
 * same time (both answer from the cookie alone), where the guard's queries ask the second only after the first has
 * answered. On a public path the second call still waits for a user, as the guard's query does. For a user with more
 * than one organisation the switcher's select and the organisation list start loading as soon as that is known, not
 * after the layout has rendered. A call whose answer is already cached is not made again (an in-app navigation asks
 * nothing). Errors stay in the queries, where the guard reads them.
 */
export function startSession(qc: QueryClient, pathname: string): void {
  void qc.ensureQueryData(currentUserQuery).catch(() => undefined);
  if (isPublicPath(pathname)) return;
  void qc.ensureQueryData(currentOrgAuthQuery).then(
    (auth) => {
      if (auth.org_count > 1) {
        void import('./layout/org-select.tsx');
        void qc.prefetchQuery(orgsQuery);
      }
    },
    () => undefined,
  );
}

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

export function useCurrentOrgAuth(enabled = true) {
  return useQuery({ ...currentOrgAuthQuery, enabled });
}

/** Everything the guard and the layout need about the session, from the two queries. */
export function useSession(): {
  state: SessionState;
  user: CurrentUser | null;
  orgAuth: CurrentOrgAuth | null;
  error: unknown;
} {
  const userQ = useCurrentUser();
  const user = userQ.data ?? null;
  const orgQ = useCurrentOrgAuth(user !== null);
  if (userQ.isPending) return { state: { user: 'loading' }, user: null, orgAuth: null, error: null };
  if (userQ.isError) return { state: { user: 'error' }, user: null, orgAuth: null, error: userQ.error };
  if (user === null) return { state: { user: 'anonymous' }, user: null, orgAuth: null, error: null };
  if (orgQ.isError) {
    // A 401 here means the session ended between the two calls: treat as logged out.
    if (isStatus(orgQ.error, 401))
      return { state: { user: 'anonymous' }, user: null, orgAuth: null, error: null };
    return { state: { user: 'present', orgAuth: 'error' }, user, orgAuth: null, error: orgQ.error };
  }
  if (orgQ.isPending)
    return { state: { user: 'present', orgAuth: 'loading' }, user, orgAuth: null, error: null };
  const orgAuth = orgQ.data;
  return {
    state: { user: 'present', orgAuth: orgAuth.org ? 'present' : 'missing' },
    user,
    orgAuth,
    error: null,
  };
}

/**
 * The current organisation when it is the warehouse's own (`kind` provider), else null. It sells nothing and is never
 * invoiced: the product screens offer adding, importing and syncing for a shop only, and the invoice page says to
 * choose a shop (ADR 0142).
 */
export function useProviderOrg(): { id: string; name: string } | null {
  const { orgAuth } = useSession();
  return orgAuth?.org?.kind === 'provider' ? orgAuth.org : null;
}

/**
 * The role in force: the one of the current organisation when known (it can differ per membership),
 * else the user's curr_role. `can(role, method, path)` from core decides on it.
 */
export function roleInForce(user: CurrentUser | null, orgAuth: CurrentOrgAuth | null): CurrentRole | null {
  return orgAuth?.role ?? user?.curr_role ?? null;
}

/** Logs out (`GET /logout`); afterwards every cached answer is dropped and the guard sees nobody logged in. */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await sessionCalls()).logout(),
    onSettled: () => {
      qc.clear();
      qc.setQueryData(CURRENT_USER_KEY, null);
    },
  });
}

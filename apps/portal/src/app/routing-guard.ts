/**
 * The routing guard of spec 2 §2 (and spec 3 §2) as one pure decision, so it can be tested on its own:
 *
 * - `/` → `/home` when logged in, else `/login`.
 * - Public paths (/signup, /login, /reset, /inbounds-report): a logged-in user goes to `/home`
 *   (or back to the page that sent them to the login, `returnTo`); others see the page.
 * - Every other path needs a fetched current user, else → `/login`; it also needs the current
 *   organisation authorisation, and without an organisation the user goes to `/orgs/add`
 *   (which itself only needs the user).
 * - While a needed call is in flight the guard waits (the loading indicator); when one fails with
 *   anything but 401 it shows the error banner (`error`) rather than pretending the user is logged out.
 */
import { PATHS } from './paths.ts';

/** Paths anyone may open without a session (spec 2 §2). */
export const PUBLIC_PATHS = [PATHS.signup, PATHS.login, PATHS.reset, PATHS.inboundsReport] as const;

/** Where a user without an organisation is sent, and the one page they may use then. */
export const NO_ORG_PATH = PATHS.orgsAdd;

/** What the guard knows: the current user call and, for a logged-in user, the org authorisation call. */
export type SessionState =
  | { user: 'loading' }
  | { user: 'anonymous' }
  | { user: 'error' }
  | { user: 'present'; orgAuth: 'loading' | 'missing' | 'present' | 'error' };

export type GuardDecision =
  | { action: 'wait' }
  | { action: 'render' }
  | { action: 'error' }
  | { action: 'redirect'; to: string; rememberFrom?: boolean };

function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** True for the public paths and anything below them (e.g. `/reset?token=…` is `/reset`). */
export function isPublicPath(pathname: string): boolean {
  const p = trimSlash(pathname);
  return PUBLIC_PATHS.some((pub) => p === pub || p.startsWith(`${pub}/`));
}

/** A safe in-app return path: only absolute paths of this app, never a public page or the root. */
function safeReturn(returnTo: string | undefined): string {
  if (!returnTo?.startsWith('/') || returnTo.startsWith('//')) return PATHS.home;
  const path = returnTo.split(/[?#]/)[0] ?? '/';
  if (path === '/' || isPublicPath(path)) return PATHS.home;
  return returnTo;
}

/**
 * Decides what to do for `pathname` in session state `s`. `returnTo` is where a login started from
 * (only used when a logged-in user is on a public path). See the file comment for the rules.
 */
export function decideRoute(pathname: string, s: SessionState, returnTo?: string): GuardDecision {
  const path = trimSlash(pathname);
  if (s.user === 'loading') return { action: 'wait' };

  if (path === '/') {
    if (s.user === 'error') return { action: 'error' };
    return { action: 'redirect', to: s.user === 'present' ? PATHS.home : PATHS.login };
  }

  if (isPublicPath(path)) {
    return s.user === 'present' ? { action: 'redirect', to: safeReturn(returnTo) } : { action: 'render' };
  }

  if (s.user === 'anonymous') return { action: 'redirect', to: PATHS.login, rememberFrom: true };
  if (s.user === 'error') return { action: 'error' };
  if (path === NO_ORG_PATH) return { action: 'render' };
  if (s.orgAuth === 'loading') return { action: 'wait' };
  if (s.orgAuth === 'error') return { action: 'error' };
  if (s.orgAuth === 'missing') return { action: 'redirect', to: NO_ORG_PATH };
  return { action: 'render' };
}

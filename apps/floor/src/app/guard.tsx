import { type CurrentUser, canCall } from '@hoppa/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { BootShell } from '../components/boot-shell.tsx';
import { NEEDS } from './needs.ts';
import { FLOOR_PATHS } from './paths.ts';
import { useSession } from './session.tsx';
import type { EndpointRef } from './task.ts';

/** Where a logged-in user starts: the pick screen when the role may read the pick list, else the menu. */
export function homePath(user: CurrentUser): string {
  return canCall(user.curr_role, NEEDS.pickList) ? FLOOR_PATHS.pick : FLOOR_PATHS.menu;
}

/** While the session is read: the app shell index.html painted first (ADR 0064). */
function FullScreenLoader() {
  return <BootShell />;
}

/**
 * The routing guard of the floor (spec 2 §2): `/` goes to the pick screen when logged in, else to
 * login; other screens need a user, else login (remembering where the picker wanted to go); a
 * logged-in user opening a public screen (login, sign-up, reset) goes home. The current-organisation step of the portal does not apply:
 * floor work spans every client organisation.
 */
export function RootRedirect() {
  const { state } = useSession();
  if (state.status === 'loading') return <FullScreenLoader />;
  if (state.status === 'anonymous') return <Navigate to={FLOOR_PATHS.login} replace />;
  return <Navigate to={homePath(state.user)} replace />;
}

/**
 * Renders its screen only for a logged-in user, and, with `needs`, only when the role may call that endpoint
 * (spec 2 §6: a screen shows only when the role allows its call; else the task menu).
 */
export function RequireUser({ children, needs }: { children: ReactNode; needs?: EndpointRef }) {
  const { state } = useSession();
  const location = useLocation();
  if (state.status === 'loading') return <FullScreenLoader />;
  if (state.status === 'anonymous')
    return <Navigate to={FLOOR_PATHS.login} replace state={{ from: location.pathname }} />;
  if (needs && !canCall(state.user.curr_role, needs)) return <Navigate to={FLOOR_PATHS.menu} replace />;
  return <>{children}</>;
}

/** The public screens of the floor (spec 2 §2: /signup, /login, /reset). */
export const PUBLIC_PATHS = [FLOOR_PATHS.login, FLOOR_PATHS.signup, FLOOR_PATHS.reset] as const;

/**
 * Renders its screen only when nobody is logged in (login, sign-up, reset). A logged-in user opening
 * one goes home (spec 2 §2), or back to the screen the login interrupted.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  if (state.status === 'loading') return <FullScreenLoader />;
  if (state.status === 'authenticated') {
    const from = (location.state as { from?: unknown } | null)?.from;
    const back =
      typeof from === 'string' && !(PUBLIC_PATHS as readonly string[]).includes(from) ? from : null;
    return <Navigate to={back ?? homePath(state.user)} replace />;
  }
  return <>{children}</>;
}

import { type CurrentUser, requestTrusted } from '@hoppa/core';
import { api } from './api.ts';
import { readSessionCopy } from './session-copy.ts';

// The session check that main.tsx sends before the app's code has loaded (ADR 0064, 0082): in the floor's small first
// file, so it imports neither React nor the session provider (session.tsx takes the call from here).

/** The `/current_user` call main.tsx started before the first render, until the session provider takes it. */
let earlyCheck: Promise<CurrentUser> | null = null;
/** The call of {@link startSessionCheck}, kept for {@link knownUser} after the provider has taken it. */
let firstCheck: Promise<CurrentUser> | null = null;

/** `GET /current_user`: the signed-in user, or an ApiError (401: nobody is logged in). */
export function askCurrentUser(): Promise<CurrentUser> {
  // The first paint waits on this call: its answer is taken as the API sent it, checked there against the
  // contract (ADR 0033), so no schema has to load first.
  return requestTrusted<CurrentUser>(api, 'GET', '/current_user');
}

/**
 * Starts `GET /current_user` now, before the app's code has loaded and rendered, so the answer is on its way while
 * the app loads and renders (ADR 0064, 0082); the session provider's first check takes this call
 * ({@link takeSessionCheck}) instead of sending its own. Called once by main.tsx; its failure is the provider's to
 * handle (an ApiError, as from `requestTrusted`).
 */
export function startSessionCheck(): void {
  const check = askCurrentUser();
  check.catch(() => undefined); // handled where the provider awaits it
  earlyCheck = check;
  firstCheck = check;
}

/** The call {@link startSessionCheck} started, once (null after that, or when none was started). */
export function takeSessionCheck(): Promise<CurrentUser> | null {
  const check = earlyCheck;
  earlyCheck = null;
  return check;
}

/**
 * Who is logged in, as early as it can be known outside the provider: the device's copy at once, else the answer of the
 * session check main.tsx started; null when neither names a user (no check started, a 401, no answer). For work a
 * screen can start before its first render (the pick list's first download, ADR 0072); the provider stays the one
 * that decides what shows. Never rejects.
 */
export async function knownUser(): Promise<CurrentUser | null> {
  const copy = readSessionCopy();
  if (copy) return copy;
  return (await firstCheck?.catch(() => null)) ?? null;
}

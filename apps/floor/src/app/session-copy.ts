import type { CurrentUser } from '@hoppa/core';

/** The localStorage key of the device's copy of the session (ADR 0072). */
export const SESSION_COPY_KEY = 'hoppa-floor:session';

/**
 * The device's copy of the last `/current_user` answer, read synchronously from localStorage (ADR 0072: the first
 * screen no longer waits for IndexedDB's first open to know who is logged in). Answers the user; `null` when this
 * device knows nobody is logged in (a logout or a 401 wrote that); `undefined` when the device has no word at all
 * (a fresh device, or one that kept its copy in IndexedDB before ADR 0072: the session provider then looks there
 * when the server cannot be reached). Storage that cannot be read counts as no word.
 */
export function readSessionCopy(): CurrentUser | null | undefined {
  try {
    const text = globalThis.localStorage?.getItem(SESSION_COPY_KEY);
    if (text === null || text === undefined) return undefined;
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as CurrentUser) : null;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `user` as the device's copy of the session, or `null` for "nobody is logged in here". A storage that refuses
 * the write (full, or blocked) leaves the previous copy; the server's answer still decides online.
 */
export function writeSessionCopy(user: CurrentUser | null): void {
  try {
    globalThis.localStorage?.setItem(SESSION_COPY_KEY, JSON.stringify(user));
  } catch {
    // Without a copy an offline reload shows the login; nothing else depends on it.
  }
}

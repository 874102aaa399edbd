import { ApiError, type CurrentUser, type LoginBody, requestTrusted } from '@hoppa/core';
import { applyUserLanguage } from '@hoppa/web';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from './api.ts';
import { readSessionCopy, writeSessionCopy } from './session-copy.ts';

/** Login and logout with their contracts, loaded on first use (session-calls.ts; ADR 0033). */
const calls = () => import('./session-calls.ts').then((m) => m.sessionCalls);

/** Where the session stands: still reading, a known user, or nobody (go to login). */
export type SessionState =
  | { status: 'loading' }
  | { status: 'authenticated'; user: CurrentUser }
  | { status: 'anonymous' };

interface SessionApi {
  state: SessionState;
  /** Logs in; throws ApiError on failure (the login screen shows it). */
  login(body: LoginBody): Promise<CurrentUser>;
  logout(): Promise<void>;
  /** Any call that got a 401 calls this: the session is gone, the guard sends the picker to login. */
  sessionExpired(): void;
}

const SessionContext = createContext<SessionApi | null>(null);

/** The device's IndexedDB (Dexie), loaded only when the session needs it: not in the first file (ADR 0082). */
const offlineDb = () => import('../offline/db.ts');

/** The copy an older version kept in IndexedDB (before ADR 0072), if any; never throws. */
async function olderSessionCopy(): Promise<CurrentUser | undefined> {
  return offlineDb()
    .then(({ floorDb, getMeta }) => getMeta(floorDb(), 'session'))
    .catch(() => undefined);
}

/** Nobody is logged in on this device any more: the copy says so, and an older copy in IndexedDB goes too. */
function forget(): void {
  writeSessionCopy(null);
  offlineDb()
    .then(({ floorDb }) => floorDb().meta.delete('session'))
    .catch(() => undefined);
}

/** The `/current_user` call main.tsx started before the first render, until the session provider takes it. */
let earlyCheck: Promise<CurrentUser> | null = null;

function askCurrentUser(): Promise<CurrentUser> {
  // The first paint waits on this call: its answer is taken as the API sent it, checked there against the
  // contract (ADR 0033), so no schema has to load first.
  return requestTrusted<CurrentUser>(api, 'GET', '/current_user');
}

/**
 * Starts `GET /current_user` now, before the app's first render, so the answer is on its way while the app renders
 * and IndexedDB opens (ADR 0064); the session provider's first check takes this call instead of sending its own.
 * Called once by main.tsx; its failure is the provider's to handle (an ApiError, as from `requestTrusted`).
 */
export function startSessionCheck(): void {
  const check = askCurrentUser();
  check.catch(() => undefined); // handled where the provider awaits it
  earlyCheck = check;
  firstCheck = check;
}

/** The call of {@link startSessionCheck}, kept for {@link knownUser} after the provider has taken it. */
let firstCheck: Promise<CurrentUser> | null = null;

/**
 * Test-only: forgets the call of {@link startSessionCheck}, as a new page load would. The floor's tests share their
 * modules per worker (ADR 0089); src/test/setup.ts calls this before each test file. The app never calls it.
 */
export function resetSessionCheckForTests(): void {
  earlyCheck = null;
  firstCheck = null;
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

/** The session the first render starts from: the device's copy when it has one, else still reading. */
function initialState(): SessionState {
  const copy = readSessionCopy();
  return copy ? { status: 'authenticated', user: copy } : { status: 'loading' };
}

/**
 * Holds the logged-in user. A reload while offline must not lock the picker out of work queued on the device, so the
 * last `/current_user` answer is kept on the device (session-copy.ts, localStorage: read synchronously, so the first
 * render already knows the user and nothing waits for IndexedDB; ADR 0072) and used when the server cannot be reached;
 * a 401 from the server replaces it with "nobody". A device that kept its copy in IndexedDB before (the `session` meta
 * row) is read there only when it has no copy in localStorage and the server cannot be reached.
 */
export function SessionProvider({ children, onLogin }: { children: ReactNode; onLogin?: () => void }) {
  const [state, setState] = useState<SessionState>(initialState);
  // The language the user chose in the portal (settings → User) wins over the handheld's once known (issue 16).
  const { i18n } = useTranslation();
  const userLang = state.status === 'authenticated' ? state.user.lang : null;
  useEffect(() => applyUserLanguage(i18n, userLang), [i18n, userLang]);

  useEffect(() => {
    let cancelled = false;
    // The call main.tsx started before the first render when there is one, else a new one.
    const answer = earlyCheck ?? askCurrentUser();
    earlyCheck = null;
    void (async () => {
      try {
        const user = await answer;
        if (cancelled) return;
        writeSessionCopy(user);
        // The server's answer usually equals the copy the screen already runs on: then nothing re-renders (a render
        // of the whole app at start on a slow handheld; ADR 0062).
        setState((prev) =>
          prev.status === 'authenticated' && JSON.stringify(prev.user) === JSON.stringify(user)
            ? prev
            : { status: 'authenticated', user },
        );
      } catch (err) {
        if (cancelled) return;
        if (err instanceof ApiError && err.status === 401) {
          writeSessionCopy(null);
          setState({ status: 'anonymous' });
          return;
        }
        // No answer: the copy on the device decides (already shown when there is one).
        const copy = readSessionCopy();
        if (copy) return;
        const older = copy === undefined ? await olderSessionCopy() : undefined;
        if (cancelled) return;
        if (older) writeSessionCopy(older);
        // Nobody known on this device: only a login can help.
        setState(older ? { status: 'authenticated', user: older } : { status: 'anonymous' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const startSession = useCallback(
    (user: CurrentUser) => {
      writeSessionCopy(user);
      setState({ status: 'authenticated', user });
      onLogin?.();
      return user;
    },
    [onLogin],
  );

  const login = useCallback(
    async (body: LoginBody) => startSession(await (await calls()).login(body)),
    [startSession],
  );

  const logout = useCallback(async () => {
    try {
      await (await calls()).logout();
    } catch {
      // Logging out locally matters more than the server's answer; the cookie expires anyway.
    }
    forget();
    setState({ status: 'anonymous' });
  }, []);

  const sessionExpired = useCallback(() => {
    forget();
    setState({ status: 'anonymous' });
  }, []);

  const value = useMemo(
    () => ({ state, login, logout, sessionExpired }),
    [state, login, logout, sessionExpired],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session API; only inside {@link SessionProvider}. */
export function useSession(): SessionApi {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** The logged-in user, or null. */
export function useCurrentUser(): CurrentUser | null {
  const { state } = useSession();
  return state.status === 'authenticated' ? state.user : null;
}

import { ApiError, type CurrentUser, type LoginBody, requestTrusted } from '@hoppa/core';
import { applyUserLanguage } from '@hoppa/web';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { floorDb, getMeta, setMeta } from '../offline/db.ts';
import { api } from './api.ts';

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
}

/**
 * Holds the logged-in user. A reload while offline must not lock the picker out of work queued on the
 * device, so the last `/current_user` answer is kept in IndexedDB and used when the server cannot be
 * reached; a 401 from the server clears it.
 */
export function SessionProvider({ children, onLogin }: { children: ReactNode; onLogin?: () => void }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  // The language the user chose in the portal (settings → User) wins over the handheld's once known (issue 16).
  const { i18n } = useTranslation();
  const userLang = state.status === 'authenticated' ? state.user.lang : null;
  useEffect(() => applyUserLanguage(i18n, userLang), [i18n, userLang]);

  useEffect(() => {
    let cancelled = false;
    const db = floorDb();
    // The call goes out before the copy on the device is read (IndexedDB's first open takes a while on a cold start):
    // the one started by main.tsx when there is one, else a new one.
    const answer = earlyCheck ?? askCurrentUser();
    earlyCheck = null;
    answer.catch(() => undefined); // awaited below
    void (async () => {
      const cached = await getMeta(db, 'session').catch(() => undefined);
      if (cached && !cancelled) setState({ status: 'authenticated', user: cached });
      try {
        const user = await answer;
        if (cancelled) return;
        await setMeta(db, 'session', user);
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
          await db.meta.delete('session');
          setState({ status: 'anonymous' });
        } else if (!cached) {
          // No answer and nobody known on this device: only a login can help.
          setState({ status: 'anonymous' });
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const startSession = useCallback(
    async (user: CurrentUser) => {
      await setMeta(floorDb(), 'session', user);
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
    await floorDb().meta.delete('session');
    setState({ status: 'anonymous' });
  }, []);

  const sessionExpired = useCallback(() => {
    void floorDb().meta.delete('session');
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

import { LIGHT_ONLY_SCHEME } from '@hoppa/web';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { BootShell } from '../components/boot-shell.tsx';
import { UpdatePrompt } from '../components/update-prompt.tsx';
import { loadTaskTexts } from '../i18n/index.ts';
import { ROUTER_BASENAME } from './api.ts';
import { PublicOnly, RequireUser, RootRedirect } from './guard.tsx';
import { MenuScreen } from './menu.screen.tsx';
import { setAuthRequiredHandler } from './outbox-reports.ts';
import { resumeOutbox, startOutboxSync } from './outbox-status.ts';
import { FLOOR_PATHS } from './paths.ts';
import { SessionProvider, useSession } from './session.tsx';
import { TASKS } from './tasks.ts';
import { theme } from './theme.ts';

/**
 * Connects the outbox sender to the session: a 401 on a queued change sends the picker to login. Sending runs while
 * somebody is logged in (without a session every send could only be refused with a 401; a login resumes it): the login
 * screen of a device nobody uses opens no IndexedDB at start (ADR 0072).
 */
function OutboxSessionBridge() {
  const { state, sessionExpired } = useSession();
  const loggedIn = state.status === 'authenticated';
  useEffect(() => {
    setAuthRequiredHandler(sessionExpired);
    return () => setAuthRequiredHandler(null);
  }, [sessionExpired]);
  useEffect(() => (loggedIn ? startOutboxSync() : undefined), [loggedIn]);
  return null;
}

/**
 * One lazily loaded screen per task route, made once (React.lazy must not be re-created per render), with its task's
 * texts when they load lazily.
 */
const SCREENS = TASKS.flatMap((task) =>
  task.routes.map((route) => {
    let loading: ReturnType<typeof route.load> | null = null;
    /** The screen's code and its task's texts, fetched once (by {@link preloadScreen} or the first render). */
    const load = () => {
      loading ??= Promise.all([route.load(), loadTaskTexts(task)]).then(([screen]) => screen);
      return loading;
    };
    return { route, load, Screen: lazy(load) };
  }),
);

/**
 * Starts loading the code and texts of the screen at `pathname` (the browser's path, with the app's base), if a task
 * route matches it exactly. main.tsx calls it before the first render, so the screen's chunks download while the
 * session is checked instead of after (ADR 0064); the router's lazy screen then finds them loading or loaded.
 * A path that the guard redirects (a login page opened with a session) only costs the chunks it fetched.
 */
export function preloadScreen(pathname: string): void {
  const path = pathname.startsWith(ROUTER_BASENAME)
    ? pathname.slice(ROUTER_BASENAME.length) || '/'
    : pathname;
  const match = SCREENS.find(({ route }) => route.path === path.replace(/\/$/, '') || route.path === path);
  // A failed download shows where the router renders the screen (the lazy component retries nothing either).
  match?.load().catch(() => undefined);
}

/**
 * The floor's screens under `/floor` (spec 2 §2 route table, floor part), built from the tasks of app/tasks.ts, each
 * behind the routing guard: public screens only without a session, the rest with one (and the endpoint they need).
 */
export function FloorRoutes() {
  return (
    // While a screen's code loads, the app shell (not a blank page; ADR 0064).
    <Suspense fallback={<BootShell />}>
      <Routes>
        <Route path="/" element={<RootRedirect />} />
        {SCREENS.map(({ route, Screen }) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              route.access === 'public' ? (
                <PublicOnly>
                  <Screen />
                </PublicOnly>
              ) : (
                <RequireUser needs={route.needs}>
                  <Screen />
                </RequireUser>
              )
            }
          />
        ))}
        <Route
          path={FLOOR_PATHS.menu}
          element={
            <RequireUser>
              <MenuScreen />
            </RequireUser>
          }
        />
        <Route path="*" element={<Navigate to={FLOOR_PATHS.root} replace />} />
      </Routes>
    </Suspense>
  );
}

/** The floor app: theme, router under `/floor`, session, outbox sending and the update prompt. */
export function App() {
  return (
    <MantineProvider theme={theme} forceColorScheme="light" colorSchemeManager={LIGHT_ONLY_SCHEME}>
      <BrowserRouter basename={ROUTER_BASENAME}>
        <SessionProvider onLogin={resumeOutbox}>
          <OutboxSessionBridge />
          <FloorRoutes />
          <UpdatePrompt />
        </SessionProvider>
      </BrowserRouter>
    </MantineProvider>
  );
}

import { MantineProvider } from '@mantine/core';
import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';
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
import type { TaskRoute } from './task.ts';
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
 * texts when they load lazily. Once its code and texts are in, `Screen` renders the loaded component directly: a
 * lazy component suspends on its first render even when its module is there (preact/compat sets it in a `then`),
 * which cost the first screen a fallback render and a second render of the tree in a later task (ADR 0110).
 */
const SCREENS = TASKS.flatMap((task) =>
  task.routes.map((route) => {
    let loading: ReturnType<typeof route.load> | null = null;
    const entry: LazyScreen = {
      route,
      /** The screen's code and its task's texts, fetched once (by {@link preloadScreen} or the first render). */
      load: () => {
        loading ??= Promise.all([route.load(), loadTaskTexts(task)]).then(([screen]) => {
          entry.loaded = screen.default;
          return screen;
        });
        return loading;
      },
      Lazy: lazy(() => entry.load()),
      loaded: null,
    };
    return entry;
  }),
);

/** A task route's screen: its loader, its lazy component and, once in, the loaded component. */
interface LazyScreen {
  route: TaskRoute;
  load: () => Promise<{ default: ComponentType }>;
  Lazy: ComponentType;
  loaded: ComponentType | null;
}

/** The screen of `entry`: the loaded component once its code is in, the lazy one (which suspends) before. */
function Screen({ entry }: { entry: LazyScreen }) {
  const Loaded = entry.loaded;
  if (Loaded) return <Loaded />;
  const { Lazy } = entry;
  return <Lazy />;
}

/**
 * Starts loading the code and texts of the screen at `pathname` (the browser's path, with the app's base), if a task
 * route matches it exactly. main.tsx calls it before the first render, so the screen's chunks download while the
 * session is checked instead of after (ADR 0064); the router's lazy screen then finds them loading or loaded.
 * A path that the guard redirects (a login page opened with a session) only costs the chunks it fetched.
 * Answers when the screen's code and texts are in (a failed load answers too: the router's lazy screen reports it),
 * or at once when no task route matches; main.tsx waits for it before the first render (ADR 0110).
 */
export function preloadScreen(pathname: string): Promise<void> {
  const path = pathname.startsWith(ROUTER_BASENAME)
    ? pathname.slice(ROUTER_BASENAME.length) || '/'
    : pathname;
  const match = SCREENS.find(({ route }) => route.path === path.replace(/\/$/, '') || route.path === path);
  return match
    ? match.load().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
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
        {SCREENS.map((entry) => (
          <Route
            key={entry.route.path}
            path={entry.route.path}
            element={
              entry.route.access === 'public' ? (
                <PublicOnly>
                  <Screen entry={entry} />
                </PublicOnly>
              ) : (
                <RequireUser needs={entry.route.needs}>
                  <Screen entry={entry} />
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

/**
 * Renders `children` one task after its own first render, the boot shell until then: the app's first render (theme,
 * router, session) and the first screen's render are two tasks, each shorter than both together. Lighthouse counts
 * every task's length beyond 50 ms (at 4× CPU) as blocking time, so one task of both cost ~50 ms more than two (ADR
 * 0110). The shell is the one index.html painted, so nothing changes on screen between the two.
 */
function AfterFirstTask({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useLayoutEffect(() => {
    const timer = setTimeout(() => setShown(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return shown ? children : <BootShell />;
}

/**
 * The floor app: theme, router under `/floor`, session, outbox sending and the update prompt. The theme's CSS variables
 * come from a static stylesheet (theme-variables.css, loaded by main.tsx), not from a <style> that MantineProvider
 * would work out and write on the first render (ADR 0110).
 */
export function App() {
  return (
    <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false}>
      <BrowserRouter basename={ROUTER_BASENAME}>
        <SessionProvider onLogin={resumeOutbox}>
          <OutboxSessionBridge />
          <AfterFirstTask>
            <FloorRoutes />
          </AfterFirstTask>
          <UpdatePrompt />
        </SessionProvider>
      </BrowserRouter>
    </MantineProvider>
  );
}

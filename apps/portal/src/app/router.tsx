/**
 * The portal's route tree (spec 2 §2 route table), built from the areas of app/areas.ts. Every route sits under the
 * routing guard (route-guard.tsx); public routes render on their own, the rest inside the main layout. Screens load
 * lazily, each in its own chunk. A planned target (app/planned.ts) an area already serves is left out.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchPath, type RouteObject } from 'react-router';
import { loadAreaTexts } from '../i18n/i18n.ts';
import type { Area, AreaRoute } from './area.ts';
import { AREAS } from './areas.ts';
import { BootShell } from './layout/boot-shell.tsx';
import { MainLayout } from './layout/main-layout.tsx';
import { plannedArea, settingsArea } from './planned.ts';
import { RouteGuard } from './route-guard.tsx';
import { CrashPage, NotFoundPage } from './status-pages.tsx';

/** The area of each route, so its screen loads the area's texts with it. */
const AREA_OF = new Map<AreaRoute, Area>(AREAS.flatMap((a) => (a.routes ?? []).map((r) => [r, a] as const)));

/** The areas by i18n namespace, for a route's `alsoTexts`. */
const AREA_BY_NS = new Map<string, Area>(AREAS.flatMap((a) => (a.i18n ? [[a.i18n.ns, a] as const] : [])));

/**
 * The route's `loader` when its area gives a prefetch and the router has the query client: starts the prefetch
 * (loading its module first) and returns at once, so the screen's code, its texts and its first requests load in
 * parallel (react-router runs a static loader beside `lazy`). It runs when the route is entered, not again when only
 * the search changes (the screen itself asks for what a new filter needs).
 */
function prefetchLoader(r: AreaRoute, queryClient: QueryClient | undefined): Partial<RouteObject> {
  const prefetch = r.prefetch;
  if (!prefetch || !queryClient) return {};
  return {
    loader: ({ request }) => {
      startPrefetch(prefetch, queryClient, new URL(request.url));
      return null;
    },
    shouldRevalidate: () => false,
  };
}

function startPrefetch(
  prefetch: NonNullable<AreaRoute['prefetch']>,
  queryClient: QueryClient,
  url: URL,
): void {
  void prefetch()
    .then((run) => run({ queryClient, url }))
    .catch(() => undefined);
}

/**
 * Starts the prefetch of the screen at `url` from the entry (main.tsx), before the router exists: react-router runs
 * a route's loader only once the route's `lazy` has resolved (a lazy function may bring middleware), and its first
 * render of the page then runs before the loader's continuation, so on a first load the list left after that
 * render (ADR 0075). The loader still serves navigations inside the app; a second start finds the answers in flight
 * or fresh. Nothing for a path without a prefetch.
 */
export function prefetchEntry(queryClient: QueryClient, url: URL): void {
  const r = [...areaRoutes('main'), ...areaRoutes('settings')].find(
    (x) => x.prefetch && matchPath(`/${x.path}`, url.pathname),
  );
  if (r?.prefetch) startPrefetch(r.prefetch, queryClient, url);
}

function toRoute(r: AreaRoute, queryClient?: QueryClient): RouteObject {
  const areas = [AREA_OF.get(r), ...(r.alsoTexts ?? []).map((ns) => AREA_BY_NS.get(ns))].filter(
    (a): a is Area => !!a?.i18n && 'load' in a.i18n,
  );
  // The screen's module and its areas' texts arrive together (i18n.ts loadAreaTexts; ADR 0033).
  const lazy: RouteObject['lazy'] =
    areas.length > 0
      ? async () => {
          const [route] = await Promise.all([r.lazy(), ...areas.map((a) => loadAreaTexts(a))]);
          return route;
        }
      : r.lazy;
  return { path: r.path, lazy, ...prefetchLoader(r, queryClient), ...(r.handle ? { handle: r.handle } : {}) };
}

/** The routes of every area, public, inside the main layout or inside the settings layout, planned targets last. */
export function areaRoutes(layout: 'main' | 'public' | 'settings'): AreaRoute[] {
  const built: AreaRoute[] = AREAS.filter((a) => a !== plannedArea).flatMap((a) => a.routes ?? []);
  const builtPaths = new Set(built.map((r) => r.path));
  const planned: AreaRoute[] = plannedArea.routes.filter((r) => !builtPaths.has(r.path));
  return [...built, ...planned].filter((r) => (r.layout ?? 'main') === layout);
}

/**
 * The route tree. With `queryClient` (main.tsx), a route whose area gives a prefetch starts it when entered
 * (`prefetchLoader`); without it (tests of the tree) no route has a loader.
 */
export function buildRoutes(queryClient?: QueryClient): RouteObject[] {
  return [
    {
      element: <RouteGuard />,
      errorElement: <CrashPage />,
      // Painted while the first route's code loads (ADR 0075): the layout's frame, not a blank window.
      hydrateFallbackElement: <BootShell pathname={window.location.pathname} />,
      children: [
        { index: true, element: null },
        ...areaRoutes('public').map((r) => toRoute(r, queryClient)),
        {
          element: <MainLayout />,
          errorElement: <CrashPage />,
          children: [
            ...areaRoutes('main').map((r) => toRoute(r, queryClient)),
            {
              // The settings side navigation (spec 3 §2), loaded with the first settings page: not in the first load.
              lazy: async () => {
                const [m] = await Promise.all([
                  import('./layout/settings-layout.tsx'),
                  loadAreaTexts(settingsArea),
                ]);
                return { Component: m.SettingsLayout };
              },
              children: areaRoutes('settings').map((r) => toRoute(r, queryClient)),
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

/**
 * The portal's route tree (spec 2 §2 route table), built from the areas of app/areas.ts. Every route sits under the
 * routing guard (route-guard.tsx); public routes render on their own, the rest inside the main layout. Screens load
 * lazily, each in its own chunk. A planned target (app/planned.ts) an area already serves is left out.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { loadAreaTexts } from '../i18n/i18n.ts';
import type { Area, AreaRoute, RoutePrefetch } from './area.ts';
import { AREAS } from './areas.ts';
import { MainLayout } from './layout/main-layout.tsx';
import { plannedArea, settingsArea } from './planned.ts';
import { BootLoader, RouteGuard } from './route-guard.tsx';
import { startSession } from './session.ts';
import { CrashPage, NotFoundPage } from './status-pages.tsx';

/** The area of each route, so its screen loads the area's texts with it. */
const AREA_OF = new Map<AreaRoute, Area>(AREAS.flatMap((a) => (a.routes ?? []).map((r) => [r, a] as const)));

/** The areas by i18n namespace, for a route's `alsoTexts`. */
const AREA_BY_NS = new Map<string, Area>(AREAS.flatMap((a) => (a.i18n ? [[a.i18n.ns, a] as const] : [])));

/**
 * A route of an area. The screen's module, its areas' texts and its prefetch module (`AreaRoute.prefetch`) load
 * together in the route's `lazy`. With `queryClient` (main.tsx) the route also gets a `loader` (ADR 0080), which
 * react-router runs beside `lazy` when the route is entered: it starts the session's calls at once (both at the same
 * time behind the login, `startSession`), and the screen's prefetch for the URL entered as soon as the screen's code
 * is in, so the screen's first request leaves when both the session and the code are there instead of after the
 * layout's and the screen's first render. It returns at once (the navigation does not wait) and does not run again
 * when only the search changes (the screen itself asks for what a new filter needs).
 */
function toRoute(r: AreaRoute, queryClient?: QueryClient): RouteObject {
  const areas = [AREA_OF.get(r), ...(r.alsoTexts ?? []).map((ns) => AREA_BY_NS.get(ns))].filter(
    (a): a is Area => !!a?.i18n && 'load' in a.i18n,
  );
  let codeIn: (run: RoutePrefetch | undefined) => void = () => undefined;
  const prefetch = new Promise<RoutePrefetch | undefined>((resolve) => {
    codeIn = resolve;
  });
  const lazy: RouteObject['lazy'] =
    areas.length > 0 || r.prefetch
      ? async () => {
          // The screen's module and its areas' texts arrive together (i18n.ts loadAreaTexts; ADR 0033).
          const [route, run] = await Promise.all([
            r.lazy(),
            r.prefetch?.(),
            ...areas.map((a) => loadAreaTexts(a)),
          ]);
          codeIn(run);
          return route;
        }
      : r.lazy;
  const loader: Partial<RouteObject> = queryClient
    ? {
        loader: ({ request }) => {
          const url = new URL(request.url);
          startSession(queryClient, url.pathname);
          if (r.prefetch) void prefetch.then((run) => run?.({ queryClient, url })).catch(() => undefined);
          return null;
        },
        shouldRevalidate: () => false,
      }
    : {};
  return { path: r.path, lazy, ...loader, ...(r.handle ? { handle: r.handle } : {}) };
}

/** The routes of every area, public, inside the main layout or inside the settings layout, planned targets last. */
export function areaRoutes(layout: 'main' | 'public' | 'settings'): AreaRoute[] {
  const built: AreaRoute[] = AREAS.filter((a) => a !== plannedArea).flatMap((a) => a.routes ?? []);
  const builtPaths = new Set(built.map((r) => r.path));
  const planned: AreaRoute[] = plannedArea.routes.filter((r) => !builtPaths.has(r.path));
  return [...built, ...planned].filter((r) => (r.layout ?? 'main') === layout);
}

/**
 * The route tree. With `queryClient` (main.tsx) every area route starts the session and its screen's prefetch from its
 * `loader` (`toRoute`); without it (tests of the tree) no route has a loader.
 */
export function buildRoutes(queryClient?: QueryClient): RouteObject[] {
  const route = (r: AreaRoute) => toRoute(r, queryClient);
  return [
    {
      element: <RouteGuard />,
      errorElement: <CrashPage />,
      // Shown while the first route's screen code and texts load (its `lazy`): the loading indicator, not a blank page.
      hydrateFallbackElement: <BootLoader />,
      children: [
        { index: true, element: null },
        ...areaRoutes('public').map(route),
        {
          element: <MainLayout />,
          errorElement: <CrashPage />,
          children: [
            ...areaRoutes('main').map(route),
            {
              // The settings side navigation (spec 3 §2), loaded with the first settings page: not in the first load.
              lazy: async () => {
                const [m] = await Promise.all([
                  import('./layout/settings-layout.tsx'),
                  loadAreaTexts(settingsArea),
                ]);
                return { Component: m.SettingsLayout };
              },
              children: areaRoutes('settings').map(route),
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

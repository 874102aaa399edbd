/**
 * The portal's route tree (spec 2 §2 route table), built from the areas of app/areas.ts. Every route sits under the
 * routing guard (route-guard.tsx); public routes render on their own, the rest inside the main layout. Screens load
 * lazily, each in its own chunk. A planned target (app/planned.ts) an area already serves is left out.
 */
import type { RouteObject } from 'react-router';
import { loadAreaTexts } from '../i18n/i18n.ts';
import type { Area, AreaRoute } from './area.ts';
import { AREAS } from './areas.ts';
import { MainLayout } from './layout/main-layout.tsx';
import { plannedArea, settingsArea } from './planned.ts';
import { RouteGuard } from './route-guard.tsx';
import { CrashPage, NotFoundPage } from './status-pages.tsx';

/** The area of each route, so its screen loads the area's texts with it. */
const AREA_OF = new Map<AreaRoute, Area>(AREAS.flatMap((a) => (a.routes ?? []).map((r) => [r, a] as const)));

/** The areas by i18n namespace, for a route's `alsoTexts`. */
const AREA_BY_NS = new Map<string, Area>(AREAS.flatMap((a) => (a.i18n ? [[a.i18n.ns, a] as const] : [])));

function toRoute(r: AreaRoute): RouteObject {
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
  return { path: r.path, lazy, ...(r.handle ? { handle: r.handle } : {}) };
}

/** The routes of every area, public, inside the main layout or inside the settings layout, planned targets last. */
export function areaRoutes(layout: 'main' | 'public' | 'settings'): AreaRoute[] {
  const built: AreaRoute[] = AREAS.filter((a) => a !== plannedArea).flatMap((a) => a.routes ?? []);
  const builtPaths = new Set(built.map((r) => r.path));
  const planned: AreaRoute[] = plannedArea.routes.filter((r) => !builtPaths.has(r.path));
  return [...built, ...planned].filter((r) => (r.layout ?? 'main') === layout);
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RouteGuard />,
      errorElement: <CrashPage />,
      children: [
        { index: true, element: null },
        ...areaRoutes('public').map(toRoute),
        {
          element: <MainLayout />,
          errorElement: <CrashPage />,
          children: [
            ...areaRoutes('main').map(toRoute),
            {
              // The settings side navigation (spec 3 §2), loaded with the first settings page: not in the first load.
              lazy: async () => {
                const [m] = await Promise.all([
                  import('./layout/settings-layout.tsx'),
                  loadAreaTexts(settingsArea),
                ]);
                return { Component: m.SettingsLayout };
              },
              children: areaRoutes('settings').map(toRoute),
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

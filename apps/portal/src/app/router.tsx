/**
 * The portal's route tree (spec 2 §2 route table), built from the areas of app/areas.ts. Every route sits under the
 * routing guard (route-guard.tsx); public routes render on their own, the rest inside the main layout. Screens load
 * lazily, each in its own chunk. A planned target (app/planned.ts) an area already serves is left out.
 */
import { Box } from '@mantine/core';
import type { RouteObject } from 'react-router';
import type { AreaRoute } from './area.ts';
import { AREAS } from './areas.ts';
import { MainLayout } from './layout/main-layout.tsx';
import { plannedArea } from './planned.ts';
import { RouteGuard } from './route-guard.tsx';
import { CrashPage, NotFoundPage, PlannedPage } from './status-pages.tsx';

function toRoute(r: AreaRoute): RouteObject {
  return { path: r.path, lazy: r.lazy, ...(r.handle ? { handle: r.handle } : {}) };
}

/** The routes of every area, public or inside the main layout, planned targets last. */
export function areaRoutes(layout: 'main' | 'public'): AreaRoute[] {
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
          path: 'inbounds-report',
          element: (
            <Box p={{ base: 'md', sm: 'xl' }} component="main">
              <PlannedPage />
            </Box>
          ),
        },
        {
          element: <MainLayout />,
          errorElement: <CrashPage />,
          children: [...areaRoutes('main').map(toRoute), { path: '*', element: <NotFoundPage /> }],
        },
      ],
    },
  ];
}

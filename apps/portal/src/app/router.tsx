/**
 * The portal's route tree (spec 2 §2 route table). Every route sits under the routing guard
 * (route-guard.tsx); the public screens render on their own, the rest inside the main layout.
 * The orders, products and shipments areas contribute their own `RouteObject[]` (relative paths).
 * Navigation targets of the spec whose screens are not built yet answer with a plain 'not available
 * yet' page (status-pages.tsx) rather than a 404, so a menu item or tile never leads nowhere.
 */
import { Box } from '@mantine/core';
import type { RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { ResetPage } from '../features/auth/reset-page.tsx';
import { SignupPage } from '../features/auth/signup-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { ordersRoutes } from '../features/orders/orders.routes.tsx';
import { OrgsAddPage } from '../features/orgs/orgs-add-page.tsx';
import { productsRoutes } from '../features/products/products.routes.tsx';
import { shipmentsRoutes } from '../features/shipments/shipments.routes.tsx';
import { MainLayout } from './layout/main-layout.tsx';
import { RouteGuard } from './route-guard.tsx';
import { CrashPage, NotFoundPage, PlannedPage } from './status-pages.tsx';

/**
 * Spec navigation targets (spec 2 §2 route table, spec 1 §2 dashboard links, spec 3 §2) linked from the
 * menu or the dashboard whose screens belong to later releases.
 */
export const PLANNED_PATHS = [
  'orgs',
  'settings/org',
  'settings/apis',
  'scanner',
  'admin',
  'admin/*',
  'inbound/item',
  'inbound/item/:id',
  'new_order',
  'add_inventory',
  'checkin_inventory',
  'checkin_inventory/:id',
] as const;

function pathsOf(routes: RouteObject[], prefix = ''): string[] {
  return routes.flatMap((r) => {
    const path = r.path ? `${prefix}${r.path.replace(/^\//, '')}` : prefix.replace(/\/$/, '');
    const own = r.path ? [path] : [];
    return [...own, ...(r.children ? pathsOf(r.children, path ? `${path}/` : '') : [])];
  });
}

export function buildRoutes(): RouteObject[] {
  const featureRoutes = [...ordersRoutes, ...productsRoutes, ...shipmentsRoutes];
  const built = new Set(pathsOf(featureRoutes));
  const planned = PLANNED_PATHS.filter((p) => !built.has(p)).map(
    (path): RouteObject => ({ path, element: <PlannedPage /> }),
  );
  return [
    {
      element: <RouteGuard />,
      errorElement: <CrashPage />,
      children: [
        { index: true, element: null },
        { path: 'login', element: <LoginPage /> },
        { path: 'signup', element: <SignupPage /> },
        { path: 'reset', element: <ResetPage /> },
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
          children: [
            { path: 'home', element: <HomePage /> },
            { path: 'orgs/add', element: <OrgsAddPage /> },
            ...featureRoutes,
            ...planned,
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

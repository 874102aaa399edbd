/**
 * Test helper: renders portal UI with the real providers (Mantine, i18next in the chosen language,
 * react-query) inside a memory router. `session` seeds the current-user and org-authorisation answers
 * into the query cache, the same way a real fetch would, so screens render without a server.
 */
import type { CurrentOrgAuth, CurrentUser } from '@hoppa/core';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { CURRENT_ORG_AUTH_KEY, CURRENT_USER_KEY } from '../app/session.ts';
import { createI18n, type Lang } from '../i18n/i18n.ts';

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

export function renderRoutes(
  routes: RouteObject[],
  opts: {
    path?: string;
    lang?: Lang;
    session?: { user: CurrentUser | null; orgAuth?: CurrentOrgAuth };
    queryClient?: QueryClient;
  } = {},
) {
  const queryClient = opts.queryClient ?? testQueryClient();
  if (opts.session) {
    queryClient.setQueryData(CURRENT_USER_KEY, opts.session.user);
    if (opts.session.orgAuth) queryClient.setQueryData(CURRENT_ORG_AUTH_KEY, opts.session.orgAuth);
  }
  const router = createMemoryRouter(routes, { initialEntries: [opts.path ?? '/'] });
  const utils = render(
    <AppProviders i18n={createI18n(opts.lang ?? 'en')} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}

export function renderUi(ui: ReactNode, opts: Parameters<typeof renderRoutes>[1] = {}) {
  return renderRoutes([{ path: '*', element: ui }], opts);
}

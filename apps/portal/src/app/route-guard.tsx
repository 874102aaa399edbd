/**
 * The routing guard as a layout route: asks `decideRoute()` (routing-guard.ts, spec 2 §2) what to do
 * for the current location and session, then waits (loading indicator), shows the error banner in
 * place of the indicator, redirects, or renders the matched page.
 */

import { applyUserLanguage } from '@hoppa/web';
import { Box, Button, Center, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorBanner, PageLoader } from '../components/error-banner.tsx';
import { decideRoute } from './routing-guard.ts';
import { useSession } from './session.ts';

/**
 * The loading indicator of the whole page: while the guard waits for the session, and as the router's
 * `HydrateFallback` while the first route's code and texts load (so the first paint is not a blank page).
 */
export function BootLoader(): ReactNode {
  return (
    <Box mih="100dvh" pt="20vh">
      <PageLoader />
    </Box>
  );
}

export function RouteGuard(): ReactNode {
  const location = useLocation();
  const session = useSession();
  const qc = useQueryClient();
  const { t, i18n } = useTranslation('common');
  // The language the user chose (settings → User) wins over the browser's once the user is known (issue 16).
  const userLang = session.user?.lang;
  useEffect(() => applyUserLanguage(i18n, userLang), [i18n, userLang]);
  const from = (location.state as { from?: unknown } | null)?.from;
  const decision = decideRoute(location.pathname, session.state, typeof from === 'string' ? from : undefined);
  switch (decision.action) {
    case 'wait':
      return <BootLoader />;
    case 'error':
      return (
        <Center mih="60dvh" px="md">
          <Stack maw={560} w="100%" gap="md">
            <ErrorBanner error={session.error} />
            <Group>
              <Button variant="default" onClick={() => void qc.refetchQueries({ type: 'active' })}>
                {t('actions.retry')}
              </Button>
            </Group>
          </Stack>
        </Center>
      );
    case 'redirect':
      return (
        <Navigate
          to={decision.to}
          replace
          state={decision.rememberFrom ? { from: `${location.pathname}${location.search}` } : undefined}
        />
      );
    case 'render':
      return <Outlet />;
  }
}

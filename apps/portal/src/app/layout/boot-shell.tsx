/**
 * What a logged-in screen shows while the router loads its code and the session calls answer: the main layout's
 * frame (the header with the brand, the navigation's column, spec 2 §2 Main layout) around the loading indicator,
 * empty of anything that needs the session. The router renders it before the first route is ready
 * (`hydrateFallbackElement`) and the routing guard while it waits, so the first paint comes with the entry's code
 * instead of after the page's (issue 8 §1, ADR 0075). Public pages (login, sign-up) get the indicator alone.
 */
import { AppShell, Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '../../components/brand.tsx';
import { PageLoader } from '../../components/error-banner.tsx';
import { isPublicPath } from '../routing-guard.ts';

/** The frame and indicator for `pathname` (see the file comment). */
export function BootShell({ pathname }: { pathname: string }): ReactNode {
  if (isPublicPath(pathname) || pathname === '/')
    return (
      <Box mih="100dvh" pt="20vh">
        <PageLoader />
      </Box>
    );
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={{ base: 'md', sm: 'lg' }}
      data-boot-shell=""
    >
      <AppShell.Header px="md" style={{ display: 'flex', alignItems: 'center' }}>
        <Brand size={28} />
      </AppShell.Header>
      <AppShell.Navbar p="sm" />
      <AppShell.Main>
        <PageLoader />
      </AppShell.Main>
    </AppShell>
  );
}

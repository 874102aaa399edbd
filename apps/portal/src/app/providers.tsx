/**
 * Wraps the app in its providers: i18next, Mantine (theme, light scheme), Mantine dates (calendar in
 * the UI language, weeks starting on Monday; spec 1 §9; the dayjs locales load with the date inputs,
 * components/dates.ts), toasts (Mantine notifications, 5 s, the container loaded with the first toast) and
 * react-query. Tests use the same wrapper with their own i18n and client.
 */
// After core's styles, which main.tsx imports first.
import '@mantine/dates/styles.css';
import { LIGHT_ONLY_SCHEME } from '@hoppa/web';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { notificationsStore } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { theme } from './theme.ts';

/** The dayjs locale of the calendars: Dutch for nl, British English (Monday first) otherwise. */
function calendarLocale(language: string | undefined): 'nl' | 'en-gb' {
  return language?.toLowerCase().startsWith('nl') ? 'nl' : 'en-gb';
}

function LocalisedDates({ children }: { children: ReactNode }): ReactNode {
  const { i18n } = useTranslation();
  return (
    <DatesProvider
      settings={{
        locale: calendarLocale(i18n.resolvedLanguage ?? i18n.language),
        firstDayOfWeek: 1,
        weekendDays: [0, 6],
      }}
    >
      {children}
    </DatesProvider>
  );
}

const Notifications = lazy(() => import('./toasts.tsx').then((m) => ({ default: m.Notifications })));

/**
 * Mantine's notifications container, mounted once the first toast is in the store (`notifications.show` anywhere):
 * its code is not in the first load (ADR 0071). The toast waits for the container's chunk, then shows and closes
 * after 5 s as before.
 */
function Toasts(): ReactNode {
  const [wanted, setWanted] = useState(() => notificationsStore.getState().notifications.length > 0);
  useEffect(() => {
    if (wanted) return;
    if (notificationsStore.getState().notifications.length > 0) {
      setWanted(true);
      return;
    }
    const stop = notificationsStore.subscribe((s) => {
      if (s.notifications.length > 0) setWanted(true);
    });
    return () => {
      stop();
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={5000} />
    </Suspense>
  ) : null;
}

export function AppProviders({
  i18n,
  queryClient,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}): ReactNode {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} forceColorScheme="light" colorSchemeManager={LIGHT_ONLY_SCHEME}>
        <LocalisedDates>
          <Toasts />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </LocalisedDates>
      </MantineProvider>
    </I18nextProvider>
  );
}

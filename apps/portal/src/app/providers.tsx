/**
 * Wraps the app in its providers: i18next, Mantine (theme, light scheme), Mantine dates (calendar in
 * the UI language, weeks starting on Monday; spec 1 §9), toasts (Mantine notifications, 5 s) and
 * react-query. Tests use the same wrapper with their own i18n and client.
 */
// After core's styles, which main.tsx imports first.
import '@mantine/dates/styles.css';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/nl';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
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
      <MantineProvider theme={theme} defaultColorScheme="light">
        <LocalisedDates>
          <Notifications position="top-right" autoClose={5000} />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </LocalisedDates>
      </MantineProvider>
    </I18nextProvider>
  );
}

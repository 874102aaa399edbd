import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { buildRoutes, prefetchEntry } from './app/router.tsx';
import { startSession } from './app/session.ts';
import { createI18n } from './i18n/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// The session's calls start now, beside the page's code that the router loads next, not after it (ADR 0075).
startSession(queryClient, window.location.pathname);
prefetchEntry(queryClient, new URL(window.location.href));
const router = createBrowserRouter(buildRoutes(queryClient));

createRoot(root).render(
  <StrictMode>
    <AppProviders i18n={createI18n()} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

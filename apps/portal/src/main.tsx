import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { buildRoutes } from './app/router.tsx';
import { createI18n } from './i18n/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// Each route's loader starts the session's calls and its screen's first requests once the route's code is in (ADR 0080).
const router = createBrowserRouter(buildRoutes(queryClient));

createRoot(root).render(
  <StrictMode>
    <AppProviders i18n={createI18n()} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/**
 * API connections (issue 14; spec 3 §2 API integrations: the custom APIs list and its add form): a merchant's bol.com,
 * PostNL and DHL accounts with the status of the scheduled bol order pull.
 */
export const apiConnectionsArea = defineArea({
  id: 'apiConnections',
  i18n: {
    ns: 'apiConnections',
    load: () => import('./api-connections.i18n.ts').then((m) => m.apiConnectionsI18n),
  },
  routes: [
    {
      path: 'settings/apis',
      layout: 'settings',
      screens: ['API integrations (custom APIs list + add form)'],
      // The bol intake's refused orders are worded by the order import's reason texts (ADR 0119 §3).
      alsoTexts: ['orders'],
      lazy: () => import('./api-connections-page.tsx').then((m) => ({ Component: m.ApiConnectionsPage })),
    },
    {
      path: 'settings/apis/add',
      layout: 'settings',
      lazy: () =>
        import('./api-connection-add-page.tsx').then((m) => ({ Component: m.ApiConnectionAddPage })),
    },
    {
      path: 'settings/apis/bol/:api_name',
      lazy: () => import('./bol-products-page.tsx').then((m) => ({ Component: m.BolProductsPage })),
    },
  ],
  nav: [
    {
      key: 'settingsApis',
      to: PATHS.settingsApis,
      icon: 'plug',
      section: 'settings',
      order: 120,
      needs: { method: 'GET', path: '/get-apis' },
    },
  ],
});

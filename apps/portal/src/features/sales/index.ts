import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/**
 * The sales dashboard (beta; spec 3 §2 Sales dashboard (beta), §7 `GET /sales?query`, `PUT /sales`): the provider's
 * sales leads. Its menu entry shows for a role that may call `GET /sales` (the provider administrator).
 */
export const salesArea = defineArea({
  id: 'sales',
  i18n: { ns: 'sales', load: () => import('./sales.i18n.ts').then((m) => m.salesI18n) },
  routes: [
    {
      path: 'sales',
      screens: ['Sales dashboard (beta)'],
      lazy: () => import('./sales-page.tsx').then((m) => ({ Component: m.SalesPage })),
      needs: { method: 'GET', path: '/sales' },
    },
  ],
  nav: [
    {
      key: 'sales',
      to: PATHS.sales,
      icon: 'chart',
      section: 'work',
      order: 90,
      needs: { method: 'GET', path: '/sales' },
    },
  ],
});

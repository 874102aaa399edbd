import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/** The packing station and the order import (spec 1 §2 Open orders list, Order card, Order import). */
export const ordersArea = defineArea({
  id: 'orders',
  i18n: { ns: 'orders', load: () => import('./orders.i18n.ts').then((m) => m.ordersI18n) },
  routes: [
    {
      path: 'orders',
      screens: ['Open orders list / packing station', 'Order card'],
      handle: { fullWidth: true },
      lazy: () => import('./open-orders-page.tsx').then((m) => ({ Component: m.OpenOrdersPage })),
      prefetch: () => import('./open-orders.prefetch.ts').then((m) => m.prefetchOpenOrders),
    },
    {
      path: 'orders/import',
      needs: { method: 'POST', path: '/orders/import' },
      screens: ['Order import'],
      lazy: () => import('./order-import-page.tsx').then((m) => ({ Component: m.OrderImportPage })),
      alsoTexts: ['products'],
    },
  ],
  nav: [
    {
      key: 'orders',
      to: PATHS.orders,
      icon: 'orders',
      section: 'work',
      order: 20,
      needs: { method: 'GET', path: '/orders/open/:start/:end/:pack_size' },
    },
  ],
});

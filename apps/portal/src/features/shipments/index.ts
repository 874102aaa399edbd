import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/** Sent parcels and the order detail (spec 1 §2 Shipments list, Order detail). */
export const shipmentsArea = defineArea({
  id: 'shipments',
  i18n: { ns: 'shipments', load: () => import('./shipments.i18n.ts').then((m) => m.shipmentsI18n) },
  routes: [
    {
      path: 'shipments',
      screens: ['Shipments list'],
      lazy: () => import('./shipments-page.tsx').then((m) => ({ Component: m.ShipmentsPage })),
    },
    {
      path: 'shipments/:id',
      screens: ['Order detail'],
      lazy: () => import('./shipment-detail-page.tsx').then((m) => ({ Component: m.ShipmentDetailPage })),
    },
  ],
  nav: [
    {
      key: 'shipments',
      to: PATHS.shipments,
      icon: 'shipments',
      section: 'work',
      order: 30,
      needs: { method: 'GET', path: '/shipments' },
    },
  ],
});

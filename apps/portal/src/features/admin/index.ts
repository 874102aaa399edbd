import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/** The admin screens' module, loaded with the first admin route (one import for all of them; ADR 0033). */
const pages = () => import('./admin-pages.ts');

/**
 * The admin area (spec 3 §2 Admin area; issue 16 item 5): the index, shipment methods, boxes, surcharges, the order
 * search and the users and groups (roles). Locations, transfers and labels live in their own areas.
 */
export const adminArea = defineArea({
  id: 'admin',
  i18n: { ns: 'admin', load: () => import('./admin.i18n.ts').then((m) => m.adminI18n) },
  routes: [
    { path: 'admin', lazy: () => pages().then((m) => ({ Component: m.AdminIndexPage })) },
    {
      path: 'admin/shipment_method',
      screens: ['Admin: shipment methods (+ add form)'],
      lazy: () => pages().then((m) => ({ Component: m.ShipmentMethodsPage })),
    },
    {
      path: 'admin/shipment_method/add',
      lazy: () => pages().then((m) => ({ Component: m.ShipmentMethodAddPage })),
    },
    {
      path: 'admin/shipment_box',
      screens: ['Admin: shipment boxes (+ add form)'],
      lazy: () => pages().then((m) => ({ Component: m.ShipmentBoxesPage })),
    },
    {
      path: 'admin/shipment_box/add',
      lazy: () => pages().then((m) => ({ Component: m.ShipmentBoxAddPage })),
    },
    {
      path: 'admin/surcharge',
      screens: ['Admin: surcharges (inline edit + add form)'],
      lazy: () => pages().then((m) => ({ Component: m.SurchargesPage })),
    },
    { path: 'admin/surcharge/add', lazy: () => pages().then((m) => ({ Component: m.SurchargeAddPage })) },
    {
      path: 'admin/search_order',
      screens: ['Admin: search order (+ delete with warning)'],
      lazy: () => pages().then((m) => ({ Component: m.SearchOrderPage })),
    },
    {
      path: 'admin/users',
      screens: ['Admin: users and groups'],
      lazy: () => pages().then((m) => ({ Component: m.UsersPage })),
    },
  ],
  nav: [{ key: 'admin', to: PATHS.admin, icon: 'admin', section: 'settings', order: 140, needs: 'admin' }],
});

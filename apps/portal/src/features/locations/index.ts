import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/** The warehouse map and the open transfers (spec 3 §2 Admin: locations, Admin: all open transfers; issue 9). */
export const locationsArea = defineArea({
  id: 'locations',
  i18n: { ns: 'locations', load: () => import('./locations.i18n.ts').then((m) => m.locationsI18n) },
  routes: [
    {
      path: 'admin/locations',
      screens: ['Admin: locations (free/used/error, location label)'],
      lazy: () => import('./locations-page.tsx').then((m) => ({ Component: m.LocationsPage })),
    },
    {
      path: 'admin/transfers',
      screens: ['Admin: all open transfers'],
      lazy: () => import('./transfers-page.tsx').then((m) => ({ Component: m.TransfersPage })),
    },
  ],
  nav: [
    {
      key: 'locations',
      to: PATHS.adminLocations,
      icon: 'pin',
      section: 'settings',
      order: 130,
      needs: { method: 'GET', path: '/locations/null' },
    },
    {
      key: 'transfers',
      to: PATHS.adminTransfers,
      icon: 'transfer',
      section: 'settings',
      order: 135,
      needs: { method: 'GET', path: '/transfers/open/all' },
    },
  ],
});

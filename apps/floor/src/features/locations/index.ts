import { NEEDS } from '../../app/needs.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { defineTask } from '../../app/task.ts';

/**
 * The Locations task (issue 9; spec 2 §2 Product location widget): a product's locations on the phone or handheld,
 * offline through the outbox. The same widget is in the portal on the product (`/products/:id`).
 */
export const locationsTask = defineTask({
  id: 'locations',
  i18n: { ns: 'locations', load: () => import('./locations.i18n.ts').then((m) => m.locationsTexts) },
  routes: [
    {
      path: FLOOR_PATHS.locations,
      access: 'user',
      needs: NEEDS.productLocations,
      screens: ['Product location widget'],
      load: () => import('./locations.screen.tsx').then((m) => ({ default: m.LocationsScreen })),
    },
  ],
  // The tile is for those who put stock on locations (warehouse staff); a merchant reads its stock in the portal.
  menu: { key: 'locations', path: FLOOR_PATHS.locations, needs: NEEDS.assignLocation, order: 20 },
});

import { productLocationsEndpoint } from '@hoppa/core';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { defineTask } from '../../app/task.ts';
import { locationsTexts } from './locations.i18n.ts';

/**
 * The Locations task (issue 9; spec 2 §2 Product location widget): a product's locations on the phone or handheld,
 * offline through the outbox. The same widget is in the portal on the product (`/products/:id`).
 */
export const locationsTask = defineTask({
  id: 'locations',
  i18n: { ns: 'locations', texts: locationsTexts },
  routes: [
    {
      path: FLOOR_PATHS.locations,
      access: 'user',
      needs: productLocationsEndpoint,
      screens: ['Product location widget'],
      load: () => import('./locations.screen.tsx').then((m) => ({ default: m.LocationsScreen })),
    },
  ],
  menu: { key: 'locations', path: FLOOR_PATHS.locations, needs: productLocationsEndpoint, order: 20 },
});

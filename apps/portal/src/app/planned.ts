import { defineArea } from './area.ts';
import { PATHS } from './paths.ts';

/**
 * Navigation targets of the spec (spec 2 §2 route table, spec 1 §2 dashboard links, spec 3 §2) that the menu or the
 * dashboard links to but whose screens belong to later issues: each answers a plain 'not available yet' page
 * (status-pages.tsx) rather than a 404, so no menu item or tile leads nowhere. An area that builds one of these
 * paths takes it over (the router skips a planned path an area serves).
 */
export const PLANNED_PATHS = ['orgs', 'settings/org'] as const;

const planned = () => import('./status-pages.tsx').then((m) => ({ Component: m.PlannedPage }));

/** The planned targets as an area: their routes and their menu entries with the checks of spec 2 §6. */
export const plannedArea = defineArea({
  id: 'planned',
  routes: PLANNED_PATHS.map((path) => ({ path, lazy: planned })),
  nav: [
    {
      key: 'orgs',
      to: PATHS.orgs,
      icon: 'shops',
      section: 'settings',
      order: 100,
      needs: { method: 'GET', path: '/orgs' },
    },
    {
      key: 'settingsOrg',
      to: PATHS.settingsOrg,
      icon: 'settings',
      section: 'settings',
      order: 110,
      needs: { method: 'PUT', path: '/orgs', planned: true },
    },
  ],
});

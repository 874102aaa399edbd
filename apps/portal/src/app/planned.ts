import { type AreaRoute, defineArea } from './area.ts';

/*
 * Navigation targets of the spec (spec 2 §2 route table, spec 1 §2 dashboard links, spec 3 §2) that the menu or the
 * dashboard links to but whose screens belong to later work answer a plain 'not available yet' page
 * (status-pages.tsx) rather than a 404, so no menu item or tile leads nowhere. An area that builds one of these
 * paths takes it over (the router skips a planned path an area serves). The shops (/orgs, /settings/org) and the
 * admin area are built (issue 16); what is left are settings pages.
 */

/**
 * Paths the menu or the dashboard links to whose screens are not built yet, each shown as 'not available yet' (inside
 * the settings layout when it is a settings page). None since issue 16 built the settings pages; the mechanism stays
 * for the next such link.
 */
export const PLANNED_PATHS: readonly Pick<AreaRoute, 'path' | 'layout'>[] = [];

const planned = () => import('./status-pages.tsx').then((m) => ({ Component: m.PlannedPage }));

/** The planned targets as an area: their routes and their menu entries with the checks of spec 2 §6. */
export const plannedArea = defineArea({
  id: 'planned',
  routes: PLANNED_PATHS.map((p) => ({ ...p, lazy: planned })),
});

/**
 * The settings area (spec 3 §2 'Settings area with side navigation'): its texts (namespace 'settings', loaded with the
 * layout). The side navigation's entries live with the lazy layout (layout/settings-nav.ts), so they stay out of the
 * first load; a page joins the layout by setting `layout: 'settings'` on its route (app/area.ts).
 */
export const settingsArea = defineArea({
  id: 'settings',
  i18n: { ns: 'settings', load: () => import('./layout/settings.i18n.ts').then((m) => m.settingsI18n) },
});

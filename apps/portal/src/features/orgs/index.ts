import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/**
 * Shops and the organisation wizard (issue 16; spec 3 §2 Shops, Organisation wizard, settings): the shops list
 * /orgs, the seven-step wizard /orgs/add (also where a new sign-up without a shop lands, spec 2 §2) and the current
 * shop's settings /settings/org inside the settings layout.
 */
export const orgsArea = defineArea({
  id: 'orgs',
  i18n: { ns: 'orgs', load: () => import('./orgs.i18n.ts').then((m) => m.orgsI18n) },
  routes: [
    {
      path: 'orgs',
      screens: ['Shops (organisations) list'],
      lazy: () => import('./shops-page.tsx').then((m) => ({ Component: m.ShopsPage })),
    },
    {
      path: 'orgs/add',
      screens: ['Organisation wizard (7 steps)'],
      lazy: () => import('./orgs-add-page.tsx').then((m) => ({ Component: m.OrgsAddPage })),
    },
    {
      path: 'settings/org',
      layout: 'settings',
      screens: ['Settings area with side navigation (org, subscription, User, payments, org_settings)'],
      lazy: () => import('./settings-org-page.tsx').then((m) => ({ Component: m.SettingsOrgPage })),
    },
  ],
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
      needs: { method: 'PUT', path: '/orgs' },
    },
    {
      key: 'orgsAdd',
      to: PATHS.orgsAdd,
      icon: 'shopAdd',
      section: 'settings',
      order: 130,
      needs: { method: 'POST', path: '/orgs' },
    },
  ],
});

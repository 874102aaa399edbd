import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/**
 * Creating a shop (spec 3 §2 Organisation wizard, reduced to its first step until the administration issue): a new
 * sign-up makes its first organisation here.
 */
export const orgsArea = defineArea({
  id: 'orgs',
  i18n: { ns: 'orgs', load: () => import('./orgs.i18n.ts').then((m) => m.orgsI18n) },
  routes: [
    {
      path: 'orgs/add',
      lazy: () => import('./orgs-add-page.tsx').then((m) => ({ Component: m.OrgsAddPage })),
    },
  ],
  nav: [
    {
      key: 'orgsAdd',
      to: PATHS.orgsAdd,
      icon: 'plus',
      section: 'settings',
      order: 130,
      needs: { method: 'POST', path: '/orgs' },
    },
  ],
});

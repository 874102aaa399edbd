import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/** The home dashboard (spec 1 §2 Home dashboard): order tiles and the menu tiles. */
export const homeArea = defineArea({
  id: 'home',
  i18n: { ns: 'home', load: () => import('./home.i18n.ts').then((m) => m.homeI18n) },
  routes: [
    {
      path: 'home',
      screens: [
        'Home dashboard',
        'Main layout: left navigation',
        // The shell's panels and scoreboard icon (app/layout/main-layout.tsx, features/dashboard/shell-panels.tsx).
        'Setup wizard side panel (7 steps)',
        'Notification panel (recently fulfilled orders)',
        'Scoreboard popup icon',
      ],
      lazy: () => import('./home-page.tsx').then((m) => ({ Component: m.HomePage })),
    },
  ],
  nav: [{ key: 'home', to: PATHS.home, icon: 'home', section: 'work', order: 10 }],
});

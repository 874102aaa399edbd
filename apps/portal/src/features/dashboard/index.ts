import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/**
 * The scoreboard and the label print runs (issue 13 items 4 and 6; spec 1 §2 Scoreboard, spec 2 §2 Label printing),
 * and the shell's setup and notification panels (spec 2 §2 Main layout; shell-panels.tsx, loaded by the layout).
 */
export const dashboardArea = defineArea({
  id: 'dashboard',
  i18n: { ns: 'dashboard', load: () => import('./dashboard.i18n.ts').then((m) => m.dashboardI18n) },
  routes: [
    {
      path: 'scoreboard',
      screens: ['Scoreboard (picking/packing per hour and per person)'],
      lazy: () => import('./scoreboard-page.tsx').then((m) => ({ Component: m.ScoreboardPage })),
    },
    {
      path: 'admin/labels',
      screens: ['Labels screen (PDF slideshow of labels in a time range)'],
      lazy: () => import('./labels-page.tsx').then((m) => ({ Component: m.LabelsPage })),
    },
  ],
  nav: [
    {
      key: 'labels',
      to: PATHS.adminLabels,
      icon: 'printer',
      section: 'settings',
      order: 137,
      needs: { method: 'POST', path: '/labels/' },
    },
  ],
});

import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/**
 * Direct check-in (beta) (issue 10 part 4; spec 2 §2 Direct check-in (beta), §5, §9): goods that arrived without an
 * announcement, scanned onto locations and checked in as one inbound at once. Warehouse work: the menu entry needs
 * the call itself, named by reference so no endpoint schema joins the first load (ADR 0033).
 */
export const directCheckinArea = defineArea({
  id: 'directCheckin',
  i18n: {
    ns: 'directCheckin',
    load: () => import('./direct-checkin.i18n.ts').then((m) => m.directCheckinI18n),
  },
  routes: [
    {
      path: 'checkin',
      screens: ['Direct check-in (beta)'],
      note: 'no shipment method and box selectors per row, no dispatch date: the direct check-in call takes neither',
      lazy: () => import('./direct-checkin-page.tsx').then((m) => ({ Component: m.DirectCheckinPage })),
    },
  ],
  nav: [
    {
      key: 'directCheckin',
      to: PATHS.checkin,
      icon: 'checkin',
      section: 'work',
      order: 48,
      needs: { method: 'POST', path: '/inventory/direct_checkin' },
    },
  ],
});

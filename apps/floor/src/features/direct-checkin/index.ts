import { NEEDS } from '../../app/needs.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { defineTask } from '../../app/task.ts';

/**
 * Direct check-in on the floor (issue 10 item 3; spec 2 §2 Direct check-in (beta)): goods that arrive without an
 * announcement are scanned onto locations and checked in as one inbound, offline through the outbox.
 */
export const directCheckinTask = defineTask({
  id: 'direct-checkin',
  i18n: {
    ns: 'directCheckin',
    load: () => import('./direct-checkin.i18n.ts').then((m) => m.directCheckinTexts),
  },
  routes: [
    {
      path: FLOOR_PATHS.directCheckin,
      access: 'user',
      needs: NEEDS.directCheckin,
      screens: ['Direct check-in (beta)'],
      load: () => import('./direct-checkin.screen.tsx').then((m) => ({ default: m.DirectCheckinScreen })),
    },
  ],
  menu: { key: 'directCheckin', path: FLOOR_PATHS.directCheckin, needs: NEEDS.directCheckin, order: 36 },
});

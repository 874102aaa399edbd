import { NEEDS } from '../../app/needs.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { defineTask } from '../../app/task.ts';

/**
 * Check-in (issue 10; spec 2 §2 Inbound lists, Inbound item detail, §4 Inbound): receive announced inbounds at the
 * dock, count and place their items, offline through the outbox.
 */
export const checkinTask = defineTask({
  id: 'checkin',
  i18n: { ns: 'checkin', load: () => import('./checkin.i18n.ts').then((m) => m.checkinTexts) },
  routes: [
    {
      path: FLOOR_PATHS.checkin,
      access: 'user',
      needs: NEEDS.inboundSubmit,
      screens: [
        'Inbound item detail (location finder, transfers, surcharges)',
        'Scanner / inbound item lookup',
      ],
      load: () => import('./checkin.screen.tsx').then((m) => ({ default: m.CheckinScreen })),
    },
  ],
  menu: { key: 'checkin', path: FLOOR_PATHS.checkin, needs: NEEDS.inboundSubmit, order: 35 },
});

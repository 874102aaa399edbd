import { pickListEndpoint } from '@hoppa/core';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { defineTask } from '../../app/task.ts';
import { pickTexts } from './pick.i18n.ts';

/** Picking (spec 2 §2 Pick screen): the pick list offline, scans queued in the outbox. Dutch only (spec 2 §9). */
export const pickTask = defineTask({
  id: 'pick',
  i18n: { ns: 'pick', texts: pickTexts },
  routes: [
    {
      path: FLOOR_PATHS.pick,
      access: 'user',
      needs: pickListEndpoint,
      screens: ['Pick screen (floor)'],
      note: 'partial: scan, skip, filters by time range and order size, offline outbox; problem menu, recount and the other filters come with the floor issue',
      load: () => import('./pick.screen.tsx').then((m) => ({ default: m.PickScreen })),
    },
  ],
  menu: { key: 'pick', path: FLOOR_PATHS.pick, needs: pickListEndpoint, order: 10 },
});

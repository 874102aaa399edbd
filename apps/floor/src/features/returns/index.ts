import { NEEDS } from '../../app/needs.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { defineTask } from '../../app/task.ts';

/** The returns desk (issue 12; spec 2 §2 Returns desk): receive and judge returned parcels, offline through the outbox. */
export const returnsTask = defineTask({
  id: 'returns',
  i18n: { ns: 'returns', load: () => import('./returns.i18n.ts').then((m) => m.returnsTexts) },
  routes: [
    {
      path: FLOOR_PATHS.returns,
      access: 'user',
      needs: NEEDS.returnUpdate,
      screens: ['Returns desk'],
      load: () => import('./returns.screen.tsx').then((m) => ({ default: m.ReturnsScreen })),
    },
  ],
  menu: { key: 'returns', path: FLOOR_PATHS.returns, needs: NEEDS.returnUpdate, order: 40 },
});

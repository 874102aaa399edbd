import { NEEDS } from '../../app/needs.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { defineTask } from '../../app/task.ts';

/** Picking (spec 2 §2 Pick screen): the pick list offline, scans queued in the outbox. Dutch only (spec 2 §9). */
export const pickTask = defineTask({
  id: 'pick',
  // Loaded with the screen (precached for offline use like it), off the first load.
  i18n: { ns: 'pick', load: () => import('./pick.i18n.ts').then((m) => m.pickTexts) },
  routes: [
    {
      path: FLOOR_PATHS.pick,
      access: 'user',
      needs: NEEDS.pickList,
      screens: ['Pick screen (floor)'],
      // A fresh device's first list download leaves as soon as its own small file is in (ADR 0072, 0076), while
      // the screen's code still loads.
      load: () => {
        import('./pick-early.ts').then((m) => m.startEarlyPickDownload()).catch(() => undefined); // the screen downloads the list itself
        return import('./pick.screen.tsx').then((m) => ({ default: m.PickScreen }));
      },
    },
  ],
  menu: { key: 'pick', path: FLOOR_PATHS.pick, needs: NEEDS.pickList, order: 10 },
});

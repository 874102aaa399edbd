import { NEEDS } from '../../app/needs.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { defineTask } from '../../app/task.ts';
import { loadPickScreen } from './pick-screen-load.ts';

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
      // The route's file holds no IndexedDB: a fresh device whose first page main.tsx sent shows that page's first
      // pick from it and loads the screen after the card's paint (ADR 0136); any other start loads the screen's file
      // beside it, at once. (pick-first-page.ts is in the first file already; imported on use, so Node reads this
      // task as data.)
      load: () =>
        import('./pick-first-page.ts').then(({ peekFirstPickPage }) => {
          if (!peekFirstPickPage()) loadPickScreen().catch(() => undefined); // shown where the route renders
          return import('./pick-first.screen.tsx').then((m) => ({ default: m.PickRoute }));
        }),
    },
  ],
  menu: { key: 'pick', path: FLOOR_PATHS.pick, needs: NEEDS.pickList, order: 10 },
});

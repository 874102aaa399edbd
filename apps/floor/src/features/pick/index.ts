import { NEEDS } from '../../app/needs.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { defineTask } from '../../app/task.ts';
import { firstPickPageSent } from './pick-first-sent.ts';

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
      // A fresh device's first list download leaves as soon as its file is in (ADR 0072, 0076). When the app started
      // here on a fresh device (main.tsx sent the list's first page), the light start shows the first card and loads
      // the screen (and Dexie) after its paint (ADR 0086); elsewhere the screen loads at once, as before.
      load: () => {
        const light = firstPickPageSent();
        import('./pick-early.ts').then((m) => m.startEarlyPickDownload()).catch(() => undefined); // the screen downloads the list itself
        // The light start's import sits in a callback of its own: the minifier otherwise folds the two branches into
        // one import call with one preload list (the build's preload of a dynamic import's files), and the light start
        // fetched the screen's files and Dexie with it.
        if (light)
          return Promise.resolve().then(() =>
            import('./pick-start.tsx').then((m) => ({ default: m.PickStart })),
          );
        return import('./pick.screen.tsx').then((m) => ({ default: m.PickScreen }));
      },
    },
  ],
  menu: { key: 'pick', path: FLOOR_PATHS.pick, needs: NEEDS.pickList, order: 10 },
});

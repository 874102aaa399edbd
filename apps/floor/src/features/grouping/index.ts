import { NEEDS } from '../../app/needs.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { defineTask } from '../../app/task.ts';

/**
 * The Order grouping task (issue 11 item 3; spec 2 §2 Order grouping, §4 Order grouping flow): picked lines from
 * their pick location to a cart or grouping location by scans. Screen and texts load with the route. Its tile and
 * route need the pick list's grant (every default role with the grouping grants has it; docs/roles.md): a separate
 * need would not fit the floor's first-load budget (ADR 0033).
 */
export const groupingTask = defineTask({
  id: 'grouping',
  i18n: { ns: 'grouping', load: () => import('./grouping.i18n.ts').then((m) => m.groupingTexts) },
  routes: [
    {
      path: FLOOR_PATHS.grouping,
      access: 'user',
      needs: NEEDS.pickList,
      screens: ['Order grouping'],
      load: () => import('./grouping.screen.tsx').then((m) => ({ default: m.GroupingScreen })),
    },
  ],
  menu: { key: 'grouping', path: FLOOR_PATHS.grouping, needs: NEEDS.pickList, order: 15 },
});

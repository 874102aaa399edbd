import { NEEDS } from '../../app/needs.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { defineTask } from '../../app/task.ts';

/**
 * The scanner set-up page (issue 11 item 5): test a keyboard-wedge scanner, see what it sends, and what to change.
 * For anyone who picks (the pick screen is where the scanner's settings matter).
 */
export const scannerTask = defineTask({
  id: 'scanner',
  i18n: { ns: 'scanner', load: () => import('./scanner.i18n.ts').then((m) => m.scannerTexts) },
  routes: [
    {
      path: FLOOR_PATHS.scanner,
      access: 'user',
      needs: NEEDS.pickList,
      load: () => import('./scanner.screen.tsx').then((m) => ({ default: m.ScannerScreen })),
    },
  ],
  menu: { key: 'scanner', path: FLOOR_PATHS.scanner, needs: NEEDS.pickList, order: 90 },
});

import { createI18n, type Lang } from '@hoppa/web';
import { menuTexts } from '../app/menu.i18n.ts';
import { TASKS } from '../app/tasks.ts';
import { commonTexts } from './common.i18n.ts';

/**
 * The floor's i18next set-up, on @hoppa/web's `createI18n` (Dutch for nl browsers, English otherwise; design:
 * 'Interface'). One namespace per task (app/tasks.ts) besides `common` and `menu`. The pick screen is Dutch only
 * (spec 2 §2 Pick screen, §9: its spoken and written texts are Dutch), so `pick` has only `nl` and the screen asks
 * for it with `lng: 'nl'`.
 */
export function initI18n(lng?: Lang) {
  const namespaces: Record<string, { nl: object; en?: object }> = { common: commonTexts, menu: menuTexts };
  for (const task of TASKS) if (task.i18n) namespaces[task.i18n.ns] = task.i18n.texts;
  return createI18n(namespaces, lng);
}

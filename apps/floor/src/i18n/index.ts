import { createI18n, type Lang } from '@hoppa/web';
import type { i18n as I18n } from 'i18next';
import { menuTexts } from '../app/menu.i18n.ts';
import type { FloorTask, TaskTexts } from '../app/task.ts';
import { TASKS } from '../app/tasks.ts';
import { commonTexts } from './common.i18n.ts';

/**
 * The floor's i18next set-up, on @hoppa/web's `createI18n` (Dutch for nl browsers, English otherwise; design:
 * 'Interface'). One namespace per task (app/tasks.ts) besides `common` and `menu`. The pick screen is Dutch only
 * (spec 2 §2 Pick screen, §9: its spoken and written texts are Dutch), so `pick` has only `nl` and the screen asks
 * for it with `lng: 'nl'`.
 */
export function initI18n(lng?: Lang) {
  const namespaces: Record<string, TaskTexts> = { common: commonTexts, menu: menuTexts };
  for (const task of TASKS) if (task.i18n && 'texts' in task.i18n) namespaces[task.i18n.ns] = task.i18n.texts;
  for (const [ns, texts] of loaded) namespaces[ns] = texts;
  instance = createI18n(namespaces, lng);
  return instance;
}

let instance: I18n | null = null;
const loaded = new Map<string, TaskTexts>();

/**
 * Loads the texts of a task that gives them lazily (its `i18n.load`) into the live instance; nothing for a task
 * whose texts are eager or there already. The router runs it with the task's screen (app/app.tsx).
 */
export async function loadTaskTexts(task: Pick<FloorTask, 'i18n'>): Promise<void> {
  const i18n = task.i18n;
  if (!i18n || !('load' in i18n)) return;
  const texts = loaded.get(i18n.ns) ?? (await i18n.load());
  loaded.set(i18n.ns, texts);
  if (!instance || instance.hasResourceBundle('nl', i18n.ns)) return;
  instance.addResourceBundle('nl', i18n.ns, texts.nl);
  if (texts.en) instance.addResourceBundle('en', i18n.ns, texts.en);
}

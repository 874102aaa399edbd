import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { menuTexts } from '../app/menu.i18n.ts';
import { TASKS } from '../app/tasks.ts';
import { commonTexts } from './common.i18n.ts';

/** Dutch for nl browsers, English otherwise (design: 'Interface'). */
export function browserLanguage(
  languages: readonly string[] = navigator.languages ?? [navigator.language],
): 'nl' | 'en' {
  return languages[0]?.toLowerCase().startsWith('nl') ? 'nl' : 'en';
}

/**
 * One namespace per task (app/tasks.ts) besides `common` and `menu`. The pick screen is Dutch only (spec 2 §2 Pick
 * screen, §9: its spoken and written texts are Dutch), so `pick` has only `nl` and the screen asks for it with
 * `lng: 'nl'`.
 */
export function initI18n(lng: 'nl' | 'en' = browserLanguage()) {
  const nl: Record<string, object> = { common: commonTexts.nl, menu: menuTexts.nl };
  const en: Record<string, object> = { common: commonTexts.en, menu: menuTexts.en };
  for (const task of TASKS) {
    if (!task.i18n) continue;
    nl[task.i18n.ns] = task.i18n.texts.nl;
    if (task.i18n.texts.en) en[task.i18n.ns] = task.i18n.texts.en;
  }
  void i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    defaultNS: 'common',
    ns: Object.keys(nl),
    resources: { nl, en },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  document.documentElement.lang = lng;
  return i18next;
}

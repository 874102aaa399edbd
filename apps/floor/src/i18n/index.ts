import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { accountTexts } from '../features/account/account.i18n.ts';
import { loginTexts } from '../features/login/login.i18n.ts';
import { menuTexts } from '../features/menu/menu.i18n.ts';
import { pickTexts } from '../features/pick/pick.i18n.ts';
import { commonTexts } from './common.i18n.ts';

/** Dutch for nl browsers, English otherwise (design: 'Interface'). */
export function browserLanguage(
  languages: readonly string[] = navigator.languages ?? [navigator.language],
): 'nl' | 'en' {
  return languages[0]?.toLowerCase().startsWith('nl') ? 'nl' : 'en';
}

/**
 * One namespace per feature. The pick screen is Dutch only (spec 2 §2 Pick screen, §9: its spoken and
 * written texts are Dutch), so `pick` has only `nl` and the screen asks for it with `lng: 'nl'`.
 */
export function initI18n(lng: 'nl' | 'en' = browserLanguage()) {
  void i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    defaultNS: 'common',
    ns: ['common', 'login', 'account', 'menu', 'pick'],
    resources: {
      nl: {
        common: commonTexts.nl,
        login: loginTexts.nl,
        account: accountTexts.nl,
        menu: menuTexts.nl,
        pick: pickTexts.nl,
      },
      en: { common: commonTexts.en, login: loginTexts.en, account: accountTexts.en, menu: menuTexts.en },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  document.documentElement.lang = lng;
  return i18next;
}

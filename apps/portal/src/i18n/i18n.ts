/**
 * i18next set-up of the portal (design: Interface). The UI language follows the browser: Dutch when
 * the browser's preferred language is nl (nl, nl-NL, nl-BE …), English otherwise (spec 1 §1, spec 2 §1).
 * One namespace per area: each area's index.ts names it with its `<area>I18n = { en, nl }` texts (app/areas.ts); texts are used as `t('<ns>:key')` or `useTranslation('<ns>')`.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { AREAS } from '../app/areas.ts';
import { commonI18n } from './common.i18n.ts';
import { layoutI18n } from './layout.i18n.ts';

export type Lang = 'nl' | 'en';

/** Every namespace of the portal with its English and Dutch resources: the shared ones and each area's. */
const NAMESPACES: Record<string, { en: object; nl: object }> = {
  common: commonI18n,
  layout: layoutI18n,
  ...Object.fromEntries(AREAS.flatMap((a) => (a.i18n ? [[a.i18n.ns, a.i18n.texts]] : []))),
};

/** 'nl' when the first preferred browser language is Dutch, else 'en' (spec 2 §1). */
export function detectLanguage(languages: readonly string[] | undefined): Lang {
  const first = languages?.[0]?.toLowerCase() ?? '';
  return first === 'nl' || first.startsWith('nl-') ? 'nl' : 'en';
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/** Builds and initialises an i18next instance for `lang` (defaults to the browser's language). */
export function createI18n(lang: Lang = detectLanguage(browserLanguages())): I18n {
  const instance = i18next.createInstance();
  const resources: Record<Lang, Record<string, object>> = { en: {}, nl: {} };
  for (const [ns, res] of Object.entries(NAMESPACES)) {
    resources.en[ns] = res.en;
    resources.nl[ns] = res.nl;
  }
  void instance.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: 'en',
    ns: Object.keys(NAMESPACES),
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes already
    initAsync: false,
    returnNull: false,
  });
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  return instance;
}

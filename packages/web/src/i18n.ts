/**
 * The i18next set-up of both apps (design: Interface). The UI language follows the browser: Dutch when the first
 * preferred language is nl (nl, nl-NL, nl-BE …), English otherwise (spec 1 §1, spec 2 §1). Each app passes its
 * namespaces (one per portal area or floor task, plus `common`); the shared texts of {@link BASE_TEXTS} are merged
 * into `common` at once, the wording of a 400's coded refusals (./texts.ts) when its chunk arrives
 * ({@link loadReasonTexts}). A namespace may be Dutch only (the floor's pick screen, spec 2 §9): English then falls
 * back.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { BASE_TEXTS } from './base-texts.ts';
import type { REASON_TEXTS } from './texts.ts';

/** The two UI languages. */
export type Lang = 'nl' | 'en';

/** An app's texts per namespace: Dutch always, English where the screen has it. */
export type Namespaces = Readonly<Record<string, { readonly nl: object; readonly en?: object }>>;

/** 'nl' when the first preferred browser language is Dutch, else 'en' (spec 2 §1). */
export function detectLanguage(languages: readonly string[] | undefined): Lang {
  const first = languages?.[0]?.toLowerCase() ?? '';
  return first === 'nl' || first.startsWith('nl-') ? 'nl' : 'en';
}

/** The browser's preferred languages, most preferred first; none outside a browser. */
function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/**
 * A new, initialised i18next instance with `namespaces` (plus the shared texts in `common`) in `lang`, by default
 * the browser's language; react-i18next's hooks use it from then on, and `<html lang>` follows it.
 */
export function createI18n(namespaces: Namespaces, lang: Lang = detectLanguage(browserLanguages())): I18n {
  const instance = i18next.createInstance();
  const resources: Record<Lang, Record<string, object>> = { en: {}, nl: {} };
  for (const [ns, texts] of Object.entries(namespaces)) {
    resources.nl[ns] = texts.nl;
    if (texts.en) resources.en[ns] = texts.en;
  }
  for (const l of ['nl', 'en'] as const)
    resources[l].common = { ...BASE_TEXTS[l], ...reasonTexts?.[l], ...resources[l].common };
  void instance.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: 'en',
    ns: Object.keys(resources.nl),
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes already
    initAsync: false,
    returnNull: false,
    // Screens drawn before the refusal texts arrived draw again when they do (loadReasonTexts).
    react: { bindI18nStore: 'added' },
  });
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  if (!reasonTexts) {
    waiting.add(instance);
    // A chunk that cannot come (offline before it was cached, a deploy that replaced it) leaves the server's English
    // messages; the next instance tries again. Not an unhandled rejection in the console.
    loadReasonTexts().catch(() => {});
  }
  return instance;
}

/** The wording of a 400's coded refusals, once its chunk has arrived ({@link loadReasonTexts}). */
let reasonTexts: typeof REASON_TEXTS | null = null;
/** The chunk's import, started by the first {@link createI18n}. */
let reasonLoad: Promise<typeof REASON_TEXTS> | null = null;
/** Instances made before the chunk arrived, which receive its texts then. */
const waiting = new Set<I18n>();

/**
 * Loads the wording of a 400's coded refusals (`common:reasons.*`, `common:fields.*`, `common:fieldAt`; ./texts.ts)
 * into every instance {@link createI18n} made before, and into every later one at once. A chunk of its own: the
 * field names of every request schema and a text per refusal code in two languages are ~7 KB gzip that neither app's
 * first screen needs (ADR 0128). `createI18n` starts it, so it arrives with the first screen's own chunks; until
 * then a refusal reads the server's English message ({@link codedReasonText}), and screens draw again when it comes.
 * Tests await it in their set-up. Rejects when the chunk cannot be loaded (the next call tries again).
 */
export async function loadReasonTexts(): Promise<void> {
  reasonLoad ??= import('./texts.ts').then(
    (m) => m.REASON_TEXTS,
    (error: unknown) => {
      reasonLoad = null;
      throw error;
    },
  );
  const texts = await reasonLoad;
  reasonTexts = texts;
  for (const instance of waiting) {
    for (const l of ['nl', 'en'] as const) instance.addResourceBundle(l, 'common', texts[l], true, false);
  }
  waiting.clear();
}

/**
 * The UI language for a user's stored language (spec 3 §1: nl, en, fr, es; issue 16): Dutch for nl, English for en,
 * and English for French and Spanish too, whose texts are not written yet (the language choice says so); null when
 * the user chose none, so the browser's language stays.
 */
export function uiLanguageOf(userLang: string | null | undefined): Lang | null {
  if (!userLang) return null;
  return userLang === 'nl' ? 'nl' : 'en';
}

/**
 * Switches a running i18next instance to the user's language after login (both apps call it when the current user
 * arrives), and `<html lang>` with it; nothing happens when the user chose none or it is already in force.
 */
export function applyUserLanguage(instance: I18n, userLang: string | null | undefined): void {
  const lang = uiLanguageOf(userLang);
  if (!lang || instance.language === lang) return;
  void instance.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

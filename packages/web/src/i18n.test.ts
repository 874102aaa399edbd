import { describe, expect, it } from 'vitest';
import { applyUserLanguage, createI18n, detectLanguage, uiLanguageOf } from './i18n.ts';

describe('detectLanguage (spec 2 §1)', () => {
  it('picks Dutch only when the first preferred language is Dutch', () => {
    expect(detectLanguage(['nl-BE', 'en'])).toBe('nl');
    expect(detectLanguage(['NL'])).toBe('nl');
    expect(detectLanguage(['en-GB', 'nl'])).toBe('en');
    expect(detectLanguage(['nld'])).toBe('en');
    expect(detectLanguage(undefined)).toBe('en');
  });
});

describe('createI18n', () => {
  const namespaces = {
    common: { nl: { hello: 'Hallo' }, en: { hello: 'Hello' } },
    pick: { nl: { done: 'Klaar!' } },
  };

  it("merges the shared texts into the app's common namespace", () => {
    const nl = createI18n(namespaces, 'nl');
    expect(nl.t('hello')).toBe('Hallo');
    expect(nl.t('errors.unauthorized')).toBe('Je bent niet bevoegd voor deze actie');
    expect(nl.t('common:validation.min_length', { limit: 9 })).toBe('Minimaal 9 tekens');
    expect(document.documentElement.lang).toBe('nl');
    const en = createI18n(namespaces, 'en');
    expect(en.t('validation.too_long', { limit: 30 })).toBe('Maximum 30 characters');
    expect(en.t('hello')).toBe('Hello');
  });

  it('serves a Dutch-only namespace in Dutch when asked, and as keys in English', () => {
    const en = createI18n(namespaces, 'en');
    expect(en.t('pick:done', { lng: 'nl' })).toBe('Klaar!');
    expect(en.t('pick:done')).toBe('done');
  });
});

describe('the user language after login (issue 16: nl, en, fr, es)', () => {
  it('maps nl to Dutch, en to English, fr and es to English (their texts fall back), none to null', () => {
    expect(['nl', 'en', 'fr', 'es', null, ''].map(uiLanguageOf)).toEqual([
      'nl',
      'en',
      'en',
      'en',
      null,
      null,
    ]);
  });
  it('switches a running instance and <html lang>, and leaves it alone when the user chose nothing', () => {
    const i18n = createI18n({ demo: { nl: { hi: 'Hallo' }, en: { hi: 'Hello' } } }, 'en');
    applyUserLanguage(i18n, null);
    expect(i18n.t('demo:hi')).toBe('Hello');
    applyUserLanguage(i18n, 'nl');
    expect(i18n.t('demo:hi')).toBe('Hallo');
    expect(document.documentElement.lang).toBe('nl');
    applyUserLanguage(i18n, 'es');
    expect(i18n.t('demo:hi')).toBe('Hello');
  });
});

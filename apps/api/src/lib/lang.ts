/** The two languages of the portal's UI, in which generated documents word their own titles. */
export type DocLang = 'nl' | 'en';

/**
 * The requester's language, chosen as the portal chooses its UI language (packages/web `uiLanguageOf` and
 * `detectLanguage`): the user's stored language when set (Dutch for nl, English for en, fr and es), else the
 * browser's first preferred language from the Accept-Language header (Dutch for nl, nl-NL, nl-BE …, English
 * otherwise); Dutch when neither says anything (no header: a script or a test).
 */
export function requesterLang(
  userLang: string | null | undefined,
  acceptLanguage: string | undefined,
): DocLang {
  if (userLang) return userLang === 'nl' ? 'nl' : 'en';
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!first || first === '*') return 'nl';
  return first === 'nl' || first.startsWith('nl-') ? 'nl' : 'en';
}

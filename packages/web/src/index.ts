/**
 * @hoppa/web: what the portal and the floor app share in the browser: the i18n set-up with the shared texts, the
 * error contract's texts and red banner, and zod-validated Mantine forms. Domain rules stay in @hoppa/core. The one
 * phone field of spec 3 §5 is its own entry point, `@hoppa/web/phone-field` (ADR 0057), so it stays out of both
 * apps' first load: only lazy screens use it.
 */

export { locationTypeName, orderPlatformName } from './base-texts.ts';
export { ErrorBanner, type ErrorBannerProps } from './error-banner.tsx';
export { useCheckedForm, useZodForm } from './form.ts';
export {
  errorDisplay,
  errorText,
  isStatus,
  knownProblemText,
  type ProblemMessages,
  serverMessage,
} from './http-error.ts';
export {
  applyUserLanguage,
  createI18n,
  detectLanguage,
  type Lang,
  loadReasonTexts,
  type Namespaces,
  uiLanguageOf,
} from './i18n.ts';
export { LIGHT_ONLY_SCHEME } from './light-scheme.ts';
export { type CodedIssue, codedProblemText, codedReasonText, fieldLabel } from './reason-text.ts';
export { TRACK_AND_TRACE, TRACK_AND_TRACE_SPELLINGS, termUses } from './terms.ts';

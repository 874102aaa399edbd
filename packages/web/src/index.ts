/**
 * @hoppa/web: what the portal and the floor app share in the browser: the i18n set-up with the shared texts, the
 * error contract's texts and red banner, zod-validated Mantine forms and the one phone field (spec 3 §5). Domain rules stay in @hoppa/core.
 */
export { ErrorBanner, type ErrorBannerProps } from './error-banner.tsx';
export { useZodForm } from './form.ts';
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
  type Namespaces,
  uiLanguageOf,
} from './i18n.ts';
export { PhoneField, type PhoneFieldProps } from './phone-field.tsx';
export { WEB_TEXTS } from './texts.ts';

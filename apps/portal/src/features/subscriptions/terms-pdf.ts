import { useTranslation } from 'react-i18next';
import { useTermsPdf } from './api/billing.ts';

/**
 * The terms PDF in the language the user reads the portal in (Dutch for any `nl*` language, English otherwise; the
 * Dutch text prevails and both PDFs say so; spec 3 §2) as an object URL: one cached `GET /terms/pdf?lang=` shared by
 * the terms page (frame, open and download links) and the subscription settings page (the 'View terms' link).
 * Errors are the query's (`ApiError` of `GET /terms/pdf`).
 */
export function useTermsPdfInUiLanguage() {
  const { i18n } = useTranslation();
  return useTermsPdf(i18n.resolvedLanguage?.startsWith('nl') ? 'nl' : 'en');
}

import { ApiError, httpErrorDisplay } from '@hoppa/core';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** Status and body of any failure: ApiError as is, anything else as "no answer". */
export function errorStatus(err: unknown): { status: number; body: unknown } {
  if (err instanceof ApiError) return { status: err.status, body: err.body };
  return { status: 0, body: undefined };
}

/**
 * The red banner of the error contract (spec 2 §8, `httpErrorDisplay` in core): 400/406 show the
 * server's message as is, 401 the unauthorized text (not on the root path), anything else the generic
 * text. It takes the place of the loading indicator, so render it instead of the loader.
 */
export function ErrorBanner({ error, lng }: { error: unknown; lng?: 'nl' | 'en' }) {
  const { t } = useTranslation('common', lng ? { lng } : undefined);
  const { pathname } = useLocation();
  const { status, body } = errorStatus(error);
  const display = httpErrorDisplay(status, body, pathname);
  if (!display.show) return null;
  const text =
    display.kind === 'server-message'
      ? display.text
      : display.kind === 'unauthorized'
        ? t('errorUnauthorized')
        : t('errorGeneric');
  return (
    <Alert
      color="red"
      variant="filled"
      role="alert"
      data-testid="error-banner"
      styles={{ message: { fontSize: 18 } }}
    >
      {text}
    </Alert>
  );
}

import { ApiError, httpErrorDisplay } from '@hoppa/core';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** Status and body of any failure: ApiError as is, anything else as "no answer". */
export function errorStatus(err: unknown): { status: number; body: unknown } {
  if (err instanceof ApiError) return { status: err.status, body: err.body };
  return { status: 0, body: undefined };
}

/** The `code` of a problem body (`{statusCode, code, message}`), if the body is one. */
export function problemCode(body: unknown): string | undefined {
  return body && typeof body === 'object' && 'code' in body && typeof body.code === 'string'
    ? body.code
    : undefined;
}

/**
 * The red banner of the error contract (spec 2 §8, `httpErrorDisplay` in core): 400/406 show the
 * server's message as is, 401 the unauthorized text (not on the root path) unless it is a failed
 * login (`invalid_credentials`: the server's readable message), anything else the generic text.
 * `messages` gives a screen's own translated text for problem codes it expects (a failed login, a
 * taken email address, too many attempts), so a Dutch browser reads them in Dutch. It takes the
 * place of the loading indicator, so render it instead of the loader.
 */
export function ErrorBanner({
  error,
  lng,
  messages,
}: {
  error: unknown;
  lng?: 'nl' | 'en';
  messages?: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation('common', lng ? { lng } : undefined);
  const { pathname } = useLocation();
  const { status, body } = errorStatus(error);
  const display = httpErrorDisplay(status, body, pathname);
  const code = problemCode(body);
  const own = code !== undefined && messages ? messages[code] : undefined;
  if (!display.show && own === undefined) return null;
  const text =
    own ??
    (display.show && display.kind === 'server-message'
      ? display.text
      : display.show && display.kind === 'unauthorized'
        ? t('errorUnauthorized')
        : t('errorGeneric'));
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

/**
 * Maps any thrown error of a query or mutation to what the portal shows (spec 1 §8, spec 2 §8,
 * core `httpErrorDisplay`): 400/406 → the server's message as is; 401 → 'You are not authorized
 * for this action' (nothing on the root path `/`); anything else, including network failures and
 * answers that break the contract → 'Something went wrong, please consult your logs'.
 *
 * `errorDisplay()` is the pure decision; `errorText()` turns it into the UI language with i18next.
 * Screens use the components in src/components/error-banner.tsx rather than calling these directly.
 */
import { ApiError, type HttpErrorDisplay, httpErrorDisplay } from '@hoppa/core';
import type { TFunction } from 'i18next';

/**
 * The display decision for an error thrown by `call()` (or anything else) on page `pathname`.
 * `serverMessageFor` lists further statuses whose server message a form shows as is (e.g. 401 at
 * login: 'wrong email or password'; 409 at sign-up: 'email already in use'), when the body has one.
 */
export function errorDisplay(
  error: unknown,
  pathname: string,
  serverMessageFor: readonly number[] = [],
): HttpErrorDisplay {
  if (!(error instanceof ApiError)) return { show: true, kind: 'generic' };
  if (serverMessageFor.includes(error.status)) {
    const text = serverMessage(error);
    if (text) return { show: true, kind: 'server-message', text };
  }
  return httpErrorDisplay(error.status, error.body, pathname);
}

/** The text to show for a display decision, or null when nothing is shown. */
export function errorText(display: HttpErrorDisplay, t: TFunction): string | null {
  if (!display.show) return null;
  if (display.kind === 'server-message') return display.text;
  if (display.kind === 'unauthorized') return t('common:errors.unauthorized');
  return t('common:errors.generic');
}

/** The server's own message of a failed call when it sent one (e.g. a wrong password at login). */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body;
  if (typeof body === 'string' && body.trim() !== '') return body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message || null;
  }
  return null;
}

/** True for an ApiError with this status. */
export function isStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/** Translated texts a screen has for problem codes (`invalid_credentials`) or statuses (`409`). */
export type ProblemMessages = Readonly<Record<string, string>>;

/** The screen's own text for a failed call's problem code, else for its status; null when it has none. */
export function knownProblemText(error: unknown, messages: ProblemMessages | undefined): string | null {
  if (!messages || !(error instanceof ApiError)) return null;
  const body = error.body;
  const code =
    body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' ? body.code : null;
  if (code && Object.hasOwn(messages, code)) return messages[code] ?? null;
  return messages[String(error.status)] ?? null;
}

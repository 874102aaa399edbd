/**
 * The red banner of the error contract, the same in both apps (spec 1 §8, spec 2 §8, core `httpErrorDisplay`):
 * 400/406 show the server's message as is, 401 'You are not authorized for this action' (nothing on the root path
 * `/`), anything else 'Something went wrong, please consult your logs'. A screen passes `messages` with its own
 * translated texts for problem codes or statuses it expects (`{ invalid_credentials: t('…'), 409: t('…') }`), so a
 * Dutch user reads the server's answer in Dutch, and `serverMessageFor` for further statuses whose server message
 * is shown as is. A 400 whose issues carry validation codes (core `VALIDATION_REASON_CODES`) is worded in the UI's
 * language instead, each field by its shared name (`codedProblemText`, ADR 0125); its issues without a code keep the
 * server's words. Must be rendered inside the router (the 401 rule depends on the current path).
 */
import { Alert, type AlertProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorDisplay, errorText, knownProblemText, type ProblemMessages } from './http-error.ts';
import { codedProblemText } from './reason-text.ts';

/** What {@link ErrorBanner} takes. */
export interface ErrorBannerProps {
  /** The failure of a query or mutation; nothing is shown for null or undefined. */
  error: unknown;
  title?: string;
  serverMessageFor?: readonly number[];
  messages?: ProblemMessages;
  /** A language other than the app's, for a screen that speaks only Dutch (the floor's pick screen). */
  lng?: 'nl' | 'en';
  /** `light` on the portal's pages; `filled` and large on the floor, read at arm's length. */
  variant?: 'light' | 'filled';
  icon?: ReactNode;
  /** Text size of the message (px); Mantine's default when absent. */
  fontSize?: number;
  radius?: AlertProps['radius'];
}

/** The red error banner for a failed call (see the file comment); null when the contract shows nothing. */
export function ErrorBanner({
  error,
  title,
  serverMessageFor,
  messages,
  lng,
  variant = 'light',
  icon,
  fontSize,
  radius = 'md',
}: ErrorBannerProps): ReactNode {
  const { t } = useTranslation('common', lng ? { lng } : undefined);
  const { pathname } = useLocation();
  if (error === null || error === undefined) return null;
  const text =
    knownProblemText(error, messages) ??
    codedProblemText(error, t) ??
    errorText(errorDisplay(error, pathname, serverMessageFor), t);
  if (text === null) return null;
  return (
    <Alert
      color="red"
      variant={variant}
      role="alert"
      data-testid="error-banner"
      title={title}
      icon={icon}
      radius={radius}
      styles={fontSize ? { message: { fontSize } } : undefined}
    >
      {text}
    </Alert>
  );
}

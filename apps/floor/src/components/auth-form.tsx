import { ApiError } from '@hoppa/core';
import {
  Alert,
  Button,
  Loader,
  PasswordInput,
  type PasswordInputProps,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useOnline } from '../app/outbox-status.ts';
import { ErrorBanner } from './error-banner.tsx';

/** Router state `notice` after a password reset: the login screen then says the password was changed. */
export const PASSWORD_CHANGED_NOTICE = 'passwordChanged';

/**
 * The call of an account form (login, sign-up, reset; spec 2 §5): `busy` while it runs, `error` when it
 * failed. After a success `busy` stays on, because the screen moves on (the routing guard, a redirect
 * or a confirmation replaces the form) and a second tap must not send it again.
 */
export function useAuthRequest() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function run(call: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  return { busy, error, run };
}

/**
 * An account form (spec 2 §2, §5): its fields, then the large submit button, the offline note when
 * there is no connection, and the request status where the loader makes way for the red error banner
 * of the error contract (spec 2 §8). `messages` are the screen's own texts for problem codes it expects. A call that
 * reached no server (ApiError status 0: the network dropped, or the device thinks it is online and is not) is said by
 * the offline note, not by the banner's 'Er is iets misgegaan' (ADR 0142).
 */
export function AuthForm({
  onSubmit,
  request,
  submitLabel,
  offlineText,
  messages,
  children,
}: {
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** The form's call, from {@link useAuthRequest}. */
  request: { busy: boolean; error: unknown };
  submitLabel: string;
  offlineText: string;
  messages?: Readonly<Record<string, string>>;
  children: ReactNode;
}) {
  const online = useOnline();
  const { busy, error } = request;
  const unreachable = error instanceof ApiError && error.status === 0;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        <Button type="submit" size="xl" disabled={busy}>
          {submitLabel}
        </Button>
        {!online || (unreachable && !busy) ? <Text c="orange.9">{offlineText}</Text> : null}
        <div className="request-status">
          {busy ? (
            <Loader aria-label="…" />
          ) : error && !unreachable ? (
            <ErrorBanner error={error} messages={messages} />
          ) : null}
        </div>
      </Stack>
    </form>
  );
}

/**
 * A large text field of an account form; `kind` 'email' or 'tel' sets both the input type and the
 * on-screen keyboard.
 */
export function AuthTextInput({ kind, ...props }: TextInputProps & { kind?: 'email' | 'tel' }) {
  return <TextInput type={kind} inputMode={kind} size="lg" {...props} />;
}

/** Side (CSS px) of the show-characters button: a gloved thumb's target on the floor (issue 11: at least 44). */
const TOGGLE_PX = 44;

/** A large password field of an account form; `toggleLabel` names its show-characters button. */
export function AuthPasswordInput({ toggleLabel, ...props }: PasswordInputProps & { toggleLabel: string }) {
  return (
    <PasswordInput
      size="lg"
      rightSectionWidth={TOGGLE_PX + 6}
      styles={{
        visibilityToggle: { width: TOGGLE_PX, height: TOGGLE_PX, minWidth: TOGGLE_PX, minHeight: TOGGLE_PX },
      }}
      visibilityToggleButtonProps={{ 'aria-label': toggleLabel }}
      {...props}
    />
  );
}

/** A notice above or instead of an account form (password changed, reset link sent), read aloud politely. */
export function AuthNotice({
  color,
  testId,
  children,
}: {
  color: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Alert
      color={color}
      variant="light"
      role="status"
      data-testid={testId}
      styles={{ message: { fontSize: 18 } }}
    >
      {children}
    </Alert>
  );
}

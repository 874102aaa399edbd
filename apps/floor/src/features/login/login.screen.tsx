import { loginFormErrors } from '@hoppa/core';
import { Alert, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { useOnline } from '../../app/sync.ts';
import { AuthCard, AuthLink } from '../../components/auth-card.tsx';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { PASSWORD_CHANGED_NOTICE } from '../account/reset.screen.tsx';
import { useAuthForm } from '../account/use-auth-form.ts';

/**
 * Login (spec 2 §2, §5): email and password are required; Enter in either field submits (it is a
 * form). While the call runs a loader shows; a failure replaces it with the red banner of the error
 * contract, where a wrong email or password reads 'The email address or password is incorrect' (in
 * Dutch on a Dutch browser). On success the routing guard moves on. Links lead to sign-up and reset;
 * after a password reset a green notice says the password was changed.
 */
export function LoginScreen() {
  const { t } = useTranslation('login');
  const { login } = useSession();
  const online = useOnline();
  const location = useLocation();
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useAuthForm({ email: '', password: '' }, loginFormErrors);

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setError(null);
    try {
      await login({ email: v.email.trim(), password: v.password });
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  });

  return (
    <AuthCard
      title={t('title')}
      subtitle={t('subtitle')}
      links={
        <>
          <AuthLink to="/reset">{t('forgot')}</AuthLink>
          <AuthLink to="/signup">{t('toSignup')}</AuthLink>
        </>
      }
    >
      {notice === PASSWORD_CHANGED_NOTICE && !error ? (
        <Alert
          color="green"
          variant="light"
          role="status"
          data-testid="password-changed"
          styles={{ message: { fontSize: 18 } }}
        >
          {t('passwordChanged')}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            size="lg"
            autoFocus
            {...form.field('email')}
          />
          <PasswordInput
            label={t('password')}
            autoComplete="current-password"
            size="lg"
            visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
            {...form.field('password')}
          />
          <Button type="submit" size="xl" disabled={busy}>
            {t('submit')}
          </Button>
          {!online ? <Text c="orange.9">{t('offline')}</Text> : null}
          <div className="request-status">
            {busy ? (
              <Loader aria-label="…" />
            ) : error ? (
              <ErrorBanner
                error={error}
                messages={{
                  invalid_credentials: t('invalidCredentials'),
                  rate_limited: t('rateLimited'),
                }}
              />
            ) : null}
          </div>
        </Stack>
      </form>
    </AuthCard>
  );
}

import {
  passwordResetEmailEndpoint,
  passwordResetEndpoint,
  request,
  resetEmailFormErrors,
  resetPasswordFormErrors,
} from '@hoppa/core';
import { Alert, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../app/api.ts';
import { useOnline } from '../../app/sync.ts';
import { AuthCard, AuthLink } from '../../components/auth-card.tsx';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { useAuthForm } from './use-auth-form.ts';

/** What the login screen shows after a password was changed (router state of the redirect). */
export const PASSWORD_CHANGED_NOTICE = 'passwordChanged';

/**
 * /reset (spec 2 §2, §5). Without a token it asks for the account's email address and answers with
 * a neutral message that never tells whether the address has an account. With `?token=…` (the link
 * in the reset mail) it asks for the new password, minimum 6 characters, then goes to login with a
 * success message.
 */
export function ResetScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPasswordForm token={token} /> : <RequestResetForm />;
}

function RequestResetForm() {
  const { t } = useTranslation('account');
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAuthForm({ email: '' }, resetEmailFormErrors);

  const submit = form.onSubmit(async (v) => {
    const email = v.email.trim();
    setBusy(true);
    setError(null);
    try {
      // The server answers the same whether or not the address exists; so does this screen.
      await request(api, passwordResetEmailEndpoint, { body: { email } });
      setSentTo(email);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  });

  const links = <AuthLink to="/login">{t('toLogin')}</AuthLink>;
  if (sentTo !== null) {
    return (
      <AuthCard title={t('reset.sentTitle')} links={links}>
        <Alert
          color="blue"
          variant="light"
          role="status"
          data-testid="reset-sent"
          styles={{ message: { fontSize: 18 } }}
        >
          {t('reset.sent', { email: sentTo })}
        </Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')} links={links}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            size="lg"
            autoFocus
            {...form.field('email')}
          />
          <Button type="submit" size="xl" disabled={busy}>
            {t('reset.submit')}
          </Button>
          {!online ? <Text c="orange.9">{t('offline')}</Text> : null}
          <div className="request-status">
            {busy ? (
              <Loader aria-label="…" />
            ) : error ? (
              <ErrorBanner error={error} messages={{ rate_limited: t('problems.rateLimited') }} />
            ) : null}
          </div>
        </Stack>
      </form>
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useAuthForm({ password: '' }, resetPasswordFormErrors);

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setError(null);
    try {
      await request(api, passwordResetEndpoint, { params: { token }, body: { password: v.password } });
      navigate('/login', { replace: true, state: { notice: PASSWORD_CHANGED_NOTICE } });
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  });

  return (
    <AuthCard
      title={t('reset.newTitle')}
      subtitle={t('reset.newSubtitle')}
      links={
        <>
          <AuthLink to="/reset">{t('reset.requestNew')}</AuthLink>
          <AuthLink to="/login">{t('toLogin')}</AuthLink>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('newPassword')}
            description={t('reset.passwordHint')}
            autoComplete="new-password"
            size="lg"
            autoFocus
            visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
            {...form.field('password')}
          />
          <Button type="submit" size="xl" disabled={busy}>
            {t('reset.saveSubmit')}
          </Button>
          {!online ? <Text c="orange.9">{t('offline')}</Text> : null}
          <div className="request-status">
            {busy ? (
              <Loader aria-label="…" />
            ) : error ? (
              <ErrorBanner
                error={error}
                messages={{
                  invalid_token: t('problems.invalidToken'),
                  rate_limited: t('problems.rateLimited'),
                }}
              />
            ) : null}
          </div>
        </Stack>
      </form>
    </AuthCard>
  );
}

import { signupFormErrors } from '@hoppa/core';
import { Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.tsx';
import { useOnline } from '../../app/sync.ts';
import { AuthCard, AuthLink } from '../../components/auth-card.tsx';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { useAuthForm } from './use-auth-form.ts';

/**
 * /signup (spec 2 §2, §5): first name, last name, email, phone and password (hint: at least 9
 * characters), all required, checked with core's sign-up rules after a change and before submit. The
 * new account is logged in at once and the routing guard takes it home.
 */
export function SignupScreen() {
  const { t } = useTranslation('account');
  const { signup } = useSession();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useAuthForm(
    { first_name: '', family_name: '', email: '', phone: '', password: '' },
    signupFormErrors,
  );

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setError(null);
    try {
      await signup({
        first_name: v.first_name.trim(),
        family_name: v.family_name.trim(),
        email: v.email.trim(),
        phone: v.phone.trim(),
        password: v.password,
      });
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  });

  return (
    <AuthCard
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      links={<AuthLink to="/login">{t('toLogin')}</AuthLink>}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('firstName')}
            autoComplete="given-name"
            size="lg"
            autoFocus
            {...form.field('first_name')}
          />
          <TextInput
            label={t('familyName')}
            autoComplete="family-name"
            size="lg"
            {...form.field('family_name')}
          />
          <TextInput
            label={t('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            size="lg"
            {...form.field('email')}
          />
          <TextInput
            label={t('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            size="lg"
            {...form.field('phone')}
          />
          <PasswordInput
            label={t('password')}
            description={t('signup.passwordHint')}
            autoComplete="new-password"
            size="lg"
            visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
            {...form.field('password')}
          />
          <Button type="submit" size="xl" disabled={busy}>
            {t('signup.submit')}
          </Button>
          {!online ? <Text c="orange.9">{t('offline')}</Text> : null}
          <div className="request-status">
            {busy ? (
              <Loader aria-label="…" />
            ) : error ? (
              <ErrorBanner
                error={error}
                messages={{ conflict: t('problems.emailTaken'), rate_limited: t('problems.rateLimited') }}
              />
            ) : null}
          </div>
        </Stack>
      </form>
    </AuthCard>
  );
}

import { useCheckedForm } from '@hoppa/web';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { useSession } from '../../app/session.tsx';
import { AuthCard, AuthLink } from '../../components/auth-card.tsx';
import {
  AuthForm,
  AuthNotice,
  AuthPasswordInput,
  AuthTextInput,
  PASSWORD_CHANGED_NOTICE,
  useAuthRequest,
} from '../../components/auth-form.tsx';
import { type LoginField, loginProblems } from './login.rules.ts';

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
  const location = useLocation();
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  const call = useAuthRequest();
  // Checked by hand, not with core's LoginBodySchema: zod stays off the login's path (ADR 0069).
  const form = useCheckedForm<LoginField>(loginProblems, { email: '', password: '' });

  const submit = form.onSubmit((v) => call.run(() => login({ email: v.email.trim(), password: v.password })));

  return (
    <AuthCard
      title={t('title')}
      subtitle={t('subtitle')}
      links={
        <>
          <AuthLink to={FLOOR_PATHS.reset}>{t('forgot')}</AuthLink>
          <AuthLink to={FLOOR_PATHS.signup}>{t('toSignup')}</AuthLink>
        </>
      }
    >
      {notice === PASSWORD_CHANGED_NOTICE && !call.error ? (
        <AuthNotice color="green" testId="password-changed">
          {t('passwordChanged')}
        </AuthNotice>
      ) : null}
      <AuthForm
        onSubmit={submit}
        request={call}
        submitLabel={t('submit')}
        offlineText={t('offline')}
        messages={{
          invalid_credentials: t('invalidCredentials'),
          rate_limited: t('rateLimited'),
        }}
      >
        <AuthTextInput
          label={t('email')}
          kind="email"
          autoComplete="username"
          autoFocus
          {...form.field('email')}
        />
        <AuthPasswordInput
          label={t('password')}
          autoComplete="current-password"
          toggleLabel={t('showPassword')}
          {...form.field('password')}
        />
      </AuthForm>
    </AuthCard>
  );
}

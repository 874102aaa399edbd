import { signupFormErrors } from '@hoppa/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.tsx';
import { AuthCard, AuthLink } from '../../components/auth-card.tsx';
import { AuthForm, AuthPasswordInput, AuthTextInput, useAuthRequest } from '../../components/auth-form.tsx';
import { useAuthForm } from '../../components/use-auth-form.ts';

/**
 * /signup (spec 2 §2, §5): first name, last name, email, phone and password (hint: at least 9
 * characters), all required, checked with core's sign-up rules after a change and before submit. The
 * new account is logged in at once and the routing guard takes it home.
 */
export function SignupScreen() {
  const { t } = useTranslation('account');
  const { signup } = useSession();
  const call = useAuthRequest();
  const form = useAuthForm(
    { first_name: '', family_name: '', email: '', phone: '', password: '' },
    signupFormErrors,
  );

  const submit = form.onSubmit((v) =>
    call.run(() =>
      signup({
        first_name: v.first_name.trim(),
        family_name: v.family_name.trim(),
        email: v.email.trim(),
        phone: v.phone.trim(),
        password: v.password,
      }),
    ),
  );

  return (
    <AuthCard
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      links={<AuthLink to="/login">{t('toLogin')}</AuthLink>}
    >
      <AuthForm
        onSubmit={submit}
        request={call}
        submitLabel={t('signup.submit')}
        offlineText={t('offline')}
        messages={{ conflict: t('problems.emailTaken'), rate_limited: t('problems.rateLimited') }}
      >
        <AuthTextInput
          label={t('firstName')}
          autoComplete="given-name"
          autoFocus
          {...form.field('first_name')}
        />
        <AuthTextInput label={t('familyName')} autoComplete="family-name" {...form.field('family_name')} />
        <AuthTextInput label={t('email')} kind="email" autoComplete="email" {...form.field('email')} />
        <AuthTextInput label={t('phone')} kind="tel" autoComplete="tel" {...form.field('phone')} />
        <AuthPasswordInput
          label={t('password')}
          description={t('signup.passwordHint')}
          autoComplete="new-password"
          toggleLabel={t('showPassword')}
          {...form.field('password')}
        />
      </AuthForm>
    </AuthCard>
  );
}

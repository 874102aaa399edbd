import { request, SignupBodySchema, signupEndpoint } from '@hoppa/core';
import { useZodForm } from '@hoppa/web';
import { PhoneField } from '@hoppa/web/phone-field';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { AuthCard, AuthLink } from '../../components/auth-card.tsx';
import {
  AuthForm,
  AuthNotice,
  AuthPasswordInput,
  AuthTextInput,
  useAuthRequest,
} from '../../components/auth-form.tsx';

/**
 * /signup (spec 2 §2, §5): first name, last name, email, phone (the shared phone field of spec 3 §5) and password (hint: at least 9
 * characters), all required, checked with core's sign-up rules after a change and before submit. The
 * server mails a confirmation link (the same answer for every address: docs/decisions/0015-signup-confirmation.md);
 * the link opens the portal, which finishes the sign-up and logs the account in.
 */
export function SignupScreen() {
  const { t } = useTranslation('account');
  const call = useAuthRequest();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(SignupBodySchema, {
    first_name: '',
    family_name: '',
    email: '',
    phone: '',
    password: '',
  });

  const submit = form.onSubmit((v) =>
    call.run(async () => {
      const email = v.email.trim();
      const body = {
        first_name: v.first_name.trim(),
        family_name: v.family_name.trim(),
        email,
        phone: v.phone,
        password: v.password,
      };
      await request(api, signupEndpoint, { body });
      setSentTo(email);
    }),
  );

  const links = <AuthLink to={FLOOR_PATHS.login}>{t('toLogin')}</AuthLink>;
  if (sentTo !== null) {
    return (
      <AuthCard title={t('signup.sentTitle')} links={links}>
        <AuthNotice color="blue" testId="signup-sent">
          {t('signup.sent', { email: sentTo })}
        </AuthNotice>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')} links={links}>
      <AuthForm
        onSubmit={submit}
        request={call}
        submitLabel={t('signup.submit')}
        offlineText={t('offline')}
        messages={{ rate_limited: t('problems.rateLimited') }}
      >
        <AuthTextInput
          label={t('firstName')}
          autoComplete="given-name"
          autoFocus
          {...form.field('first_name')}
        />
        <AuthTextInput label={t('familyName')} autoComplete="family-name" {...form.field('family_name')} />
        <AuthTextInput label={t('email')} kind="email" autoComplete="email" {...form.field('email')} />
        <PhoneField label={t('phone')} size="lg" {...form.field('phone')} />
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

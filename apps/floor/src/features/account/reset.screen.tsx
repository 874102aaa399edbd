import {
  PasswordResetBodySchema,
  PasswordResetEmailBodySchema,
  passwordResetEmailEndpoint,
  passwordResetEndpoint,
  request,
} from '@hoppa/core';
import { useZodForm } from '@hoppa/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../app/api.ts';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { AuthCard, AuthLink } from '../../components/auth-card.tsx';
import {
  AuthForm,
  AuthNotice,
  AuthPasswordInput,
  AuthTextInput,
  PASSWORD_CHANGED_NOTICE,
  useAuthRequest,
} from '../../components/auth-form.tsx';

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
  const call = useAuthRequest();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(PasswordResetEmailBodySchema, { email: '' });

  const submit = form.onSubmit((v) =>
    call.run(async () => {
      const email = v.email.trim();
      // The server answers the same whether or not the address exists; so does this screen.
      await request(api, passwordResetEmailEndpoint, { body: { email } });
      setSentTo(email);
    }),
  );

  const links = <AuthLink to={FLOOR_PATHS.login}>{t('toLogin')}</AuthLink>;
  if (sentTo !== null) {
    return (
      <AuthCard title={t('reset.sentTitle')} links={links}>
        <AuthNotice color="blue" testId="reset-sent">
          {t('reset.sent', { email: sentTo })}
        </AuthNotice>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')} links={links}>
      <AuthForm
        onSubmit={submit}
        request={call}
        submitLabel={t('reset.submit')}
        offlineText={t('offline')}
        messages={{ rate_limited: t('problems.rateLimited') }}
      >
        <AuthTextInput
          label={t('email')}
          kind="email"
          autoComplete="email"
          autoFocus
          {...form.field('email')}
        />
      </AuthForm>
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const call = useAuthRequest();
  const form = useZodForm(PasswordResetBodySchema, { password: '' });

  const submit = form.onSubmit((v) =>
    call.run(async () => {
      await request(api, passwordResetEndpoint, { params: { token }, body: { password: v.password } });
      navigate(FLOOR_PATHS.login, { replace: true, state: { notice: PASSWORD_CHANGED_NOTICE } });
    }),
  );

  return (
    <AuthCard
      title={t('reset.newTitle')}
      subtitle={t('reset.newSubtitle')}
      links={
        <>
          <AuthLink to={FLOOR_PATHS.reset}>{t('reset.requestNew')}</AuthLink>
          <AuthLink to={FLOOR_PATHS.login}>{t('toLogin')}</AuthLink>
        </>
      }
    >
      <AuthForm
        onSubmit={submit}
        request={call}
        submitLabel={t('reset.saveSubmit')}
        offlineText={t('offline')}
        messages={{
          invalid_token: t('problems.invalidToken'),
          rate_limited: t('problems.rateLimited'),
        }}
      >
        <AuthPasswordInput
          label={t('newPassword')}
          description={t('reset.passwordHint')}
          autoComplete="new-password"
          autoFocus
          toggleLabel={t('showPassword')}
          {...form.field('password')}
        />
      </AuthForm>
    </AuthCard>
  );
}

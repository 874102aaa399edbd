import { ApiError, PasswordResetBodySchema, PasswordResetEmailBodySchema } from '@hoppa/core';
import { useZodForm } from '@hoppa/web';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { MutationError } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { useRequestPasswordReset, useResetPassword, useResetTokenCheck } from './auth.hooks.ts';
import { AuthLayout } from './auth-layout.tsx';

/**
 * /reset (spec 2 §2, §5): without a token it asks for the account's email and answers with a neutral
 * message (it never tells whether the address exists); with `?token=…` from the mailed link it asks for
 * the new password (minimum 6 characters), then goes to /login with a success toast. An invitation's link
 * (`&invite=1`, users/invite.service.ts) asks the invited person to choose their (first) password instead. The
 * token is checked when the page opens (`GET /users/password_reset/:token`): a used or expired link is refused at
 * once, without the form.
 */
export function ResetPage(): ReactNode {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? (
    <NewPasswordForm token={token} invite={params.get('invite') === '1'} />
  ) : (
    <RequestResetForm />
  );
}

function BackToLogin(): ReactNode {
  const { t } = useTranslation('auth');
  return (
    <Anchor component={Link} to={PATHS.login} fw={500}>
      {t('reset.toLogin')}
    </Anchor>
  );
}

function RequestResetForm(): ReactNode {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { field, onSubmit } = useZodForm(PasswordResetEmailBodySchema, { email: '' });

  if (sentTo !== null) {
    return (
      <AuthLayout title={t('reset.sentTitle')} footer={<BackToLogin />}>
        <Alert color="brand" variant="light" icon={<Icon name="mail" />} role="status">
          {t('reset.sent', { email: sentTo })}
        </Alert>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('reset.title')} intro={t('reset.intro')} footer={<BackToLogin />}>
      <form
        noValidate
        onSubmit={onSubmit((values) => {
          const email = values.email.trim();
          request.mutate({ email }, { onSuccess: () => setSentTo(email) });
        })}
      >
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            autoFocus
            {...field('email')}
          />
          <MutationError
            mutation={request}
            serverMessageFor={[429]}
            messages={{ rate_limited: t('problems.rateLimited') }}
          />
          <Button type="submit" fullWidth loading={request.isPending}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** The password form of a mailed link: a reset's new password, or an invitation's first one (`invite`). */
function NewPasswordForm({ token, invite }: { token: string; invite: boolean }): ReactNode {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const check = useResetTokenCheck(token);
  const { field, onSubmit } = useZodForm(PasswordResetBodySchema, { password: '' });
  const footer = (
    <>
      <Anchor component={Link} to={PATHS.reset} fw={500}>
        {t('reset.requestNew')}
      </Anchor>
      {' · '}
      <BackToLogin />
    </>
  );
  // A used or expired link is refused when the page opens, not after a password was typed.
  if (
    check.error instanceof ApiError &&
    check.error.status === 400 &&
    (check.error.body as { code?: string } | null)?.code === 'invalid_token'
  )
    return (
      <AuthLayout title={t(invite ? 'reset.inviteTitle' : 'reset.newTitle')} footer={footer}>
        <Alert color="red" variant="light" icon={<Icon name="alert" />} role="alert">
          {t(invite ? 'problems.invalidInvite' : 'problems.invalidToken')}
        </Alert>
      </AuthLayout>
    );
  return (
    <AuthLayout
      title={t(invite ? 'reset.inviteTitle' : 'reset.newTitle')}
      intro={t(invite ? 'reset.inviteIntro' : 'reset.newIntro')}
      footer={footer}
    >
      <form
        noValidate
        onSubmit={onSubmit((values) =>
          reset.mutate(
            { token, password: values.password },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'green',
                  title: t(invite ? 'reset.inviteSavedTitle' : 'reset.savedTitle'),
                  message: t(invite ? 'reset.inviteSaved' : 'reset.saved'),
                  autoClose: 5000,
                });
                navigate(PATHS.login, { replace: true });
              },
            },
          ),
        )}
      >
        <Stack gap="md">
          <PasswordField
            label={t(invite ? 'fields.password' : 'fields.newPassword')}
            description={t('reset.passwordHint')}
            autoComplete="new-password"
            required
            autoFocus
            {...field('password')}
          />
          <MutationError
            mutation={reset}
            serverMessageFor={[429]}
            messages={{
              invalid_token: t(invite ? 'problems.invalidInvite' : 'problems.invalidToken'),
              rate_limited: t('problems.rateLimited'),
            }}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            {t(invite ? 'reset.inviteSubmit' : 'reset.saveSubmit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

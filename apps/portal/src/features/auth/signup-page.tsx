import { SignupBodySchema } from '@hoppa/core';
import { useZodForm } from '@hoppa/web';
import { PhoneField } from '@hoppa/web/phone-field';
import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { MutationError } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { useConfirmSignup, useSignup } from './auth.hooks.ts';
import { AuthLayout } from './auth-layout.tsx';

/**
 * /signup (spec 2 §2, §5): first name, last name, email, phone and password (hint: at least 9
 * characters), all required, validated after a change and before submit. Submitting mails a confirmation
 * link and says so (the same for every address: docs/decisions/0015-signup-confirmation.md); `/signup?token=…`
 * from that link confirms, logs the new account in, and the guard sends it on to /orgs/add.
 */
export function SignupPage(): ReactNode {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ConfirmSignup token={token} /> : <SignupForm />;
}

function ToLogin(): ReactNode {
  const { t } = useTranslation('auth');
  return (
    <>
      {t('signup.haveAccount')}{' '}
      <Anchor component={Link} to={PATHS.login} fw={500}>
        {t('signup.toLogin')}
      </Anchor>
    </>
  );
}

/** Confirms the mailed link once on arrival; on success the routing guard moves on by itself. */
function ConfirmSignup({ token }: { token: string }): ReactNode {
  const { t } = useTranslation('auth');
  const confirm = useConfirmSignup();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate(token);
  }, [confirm, token]);
  return (
    <AuthLayout title={t('signup.title')} footer={<ToLogin />}>
      {confirm.isError ? (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {t('signup.invalidLink')}
          </Alert>
          <Anchor component={Link} to={PATHS.signup} fw={500}>
            {t('signup.again')}
          </Anchor>
        </Stack>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('signup.confirming')}</Text>
        </Group>
      )}
    </AuthLayout>
  );
}

function SignupForm(): ReactNode {
  const { t } = useTranslation('auth');
  const signup = useSignup();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { field, onSubmit } = useZodForm(SignupBodySchema, {
    first_name: '',
    family_name: '',
    email: '',
    phone: '',
    password: '',
  });
  if (sentTo !== null) {
    return (
      <AuthLayout title={t('signup.sentTitle')} footer={<ToLogin />}>
        <Alert color="brand" variant="light" icon={<Icon name="mail" />} role="status">
          {t('signup.sent', { email: sentTo })}
        </Alert>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('signup.title')} intro={t('signup.intro')} footer={<ToLogin />}>
      <form
        noValidate
        onSubmit={onSubmit((values) => {
          const email = values.email.trim();
          signup.mutate(
            { ...values, email, phone: values.phone.trim() },
            { onSuccess: () => setSentTo(email) },
          );
        })}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('fields.firstName')}
              autoComplete="given-name"
              required
              autoFocus
              {...field('first_name')}
            />
            <TextInput
              label={t('fields.familyName')}
              autoComplete="family-name"
              required
              {...field('family_name')}
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            {...field('email')}
          />
          <PhoneField label={t('fields.phone')} required {...field('phone')} />
          <PasswordField
            label={t('fields.password')}
            description={t('signup.passwordHint')}
            autoComplete="new-password"
            required
            {...field('password')}
          />
          <MutationError
            mutation={signup}
            serverMessageFor={[429]}
            messages={{ rate_limited: t('problems.rateLimited') }}
          />
          <Button type="submit" fullWidth loading={signup.isPending}>
            {t('signup.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

import { LoginBodySchema } from '@hoppa/core';
import { useZodForm } from '@hoppa/web';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { MutationError } from '../../components/error-banner.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { useLogin } from './auth.hooks.ts';
import { AuthLayout } from './auth-layout.tsx';

/**
 * /login (spec 2 §2, §5): email and password, both required; Enter submits. A wrong email or
 * password shows the server's message; after logging in the routing guard takes the user on.
 */
export function LoginPage(): ReactNode {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const { field, onSubmit } = useZodForm(LoginBodySchema, { email: '', password: '' });
  return (
    <AuthLayout
      title={t('login.title')}
      intro={t('login.intro')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to={PATHS.signup} fw={500}>
            {t('login.toSignup')}
          </Anchor>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit((values) => login.mutate(values))}>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="username"
            required
            autoFocus
            {...field('email')}
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            required
            {...field('password')}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to={PATHS.reset} size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <MutationError
            mutation={login}
            serverMessageFor={[401, 429]}
            messages={{
              invalid_credentials: t('problems.invalidCredentials'),
              rate_limited: t('problems.rateLimited'),
            }}
          />
          <Button type="submit" fullWidth loading={login.isPending}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

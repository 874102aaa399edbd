import { Anchor, Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MutationError } from '../../components/error-banner.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { FORM_VALIDATION_MODE, inputProps } from '../../lib/form.ts';
import { SignupFormSchema } from './auth.forms.ts';
import { useSignup } from './auth.hooks.ts';
import { AuthLayout } from './auth-layout.tsx';

/**
 * /signup (spec 2 §2, §5): first name, last name, email, phone and password (hint: at least 9
 * characters), all required, validated after a change and before submit. The new account is logged
 * in at once; without an organisation the guard then sends it to /orgs/add.
 */
export function SignupPage(): ReactNode {
  const { t } = useTranslation('auth');
  const signup = useSignup();
  const form = useForm({
    initialValues: { first_name: '', family_name: '', email: '', phone: '', password: '' },
    validate: schemaResolver(SignupFormSchema, { sync: true }),
    ...FORM_VALIDATION_MODE,
  });
  const field = inputProps(form, t);
  return (
    <AuthLayout
      title={t('signup.title')}
      intro={t('signup.intro')}
      footer={
        <>
          {t('signup.haveAccount')}{' '}
          <Anchor component={Link} to="/login" fw={500}>
            {t('signup.toLogin')}
          </Anchor>
        </>
      }
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          signup.mutate({ ...values, email: values.email.trim(), phone: values.phone.trim() }),
        )}
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
          <TextInput label={t('fields.phone')} type="tel" autoComplete="tel" required {...field('phone')} />
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

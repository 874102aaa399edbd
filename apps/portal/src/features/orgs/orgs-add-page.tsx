import { CreateOrgBodySchema, createOrgEndpoint } from '@hoppa/core';
import { useZodForm } from '@hoppa/web';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { CURRENT_ORG_AUTH_KEY, CURRENT_USER_KEY, useSession } from '../../app/session.ts';
import { MutationError } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { call } from '../../lib/api.ts';

/** The form's fields, as typed (blank optional fields are left out of the request). */
interface OrgAddValues {
  name: string;
  contact_person: string;
  contact_person_email: string;
  phone: string;
}

/**
 * /orgs/add (spec 2 §2 routing guard target, spec 3 §2 'create a shop'): where a user without an
 * organisation lands. A minimal real form on POST /orgs (name required; contact person, email and phone
 * optional): the API makes the caller the shop's owner and switches to it, and the user goes to /home.
 * The seven-step organisation wizard of spec 3 §2 is a later release, and the screen says so.
 */
export function OrgsAddPage(): ReactNode {
  const { t } = useTranslation('orgs');
  const { orgAuth } = useSession();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: (values: OrgAddValues) =>
      call(createOrgEndpoint, {
        body: {
          name: values.name.trim(),
          contact_person: values.contact_person.trim() || undefined,
          contact_person_email: values.contact_person_email.trim() || undefined,
          phone: values.phone.trim() || undefined,
        },
      }),
    onSuccess: async (org) => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: CURRENT_ORG_AUTH_KEY }),
        qc.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      ]);
      notifications.show({ color: 'green', message: t('add.created', { name: org.name }) });
      navigate(PATHS.home, { replace: true });
    },
  });
  const { field, onSubmit } = useZodForm(CreateOrgBodySchema, {
    name: '',
    contact_person: '',
    contact_person_email: '',
    phone: '',
  });
  const hasOrg = Boolean(orgAuth?.org);

  return (
    <Stack maw={640} gap="md">
      <PageHeader title={t('add.title')} description={t('add.intro')} />
      {hasOrg ? null : (
        <Alert color="brand" variant="light" icon={<Icon name="shops" />}>
          {t('add.noOrg')}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form noValidate onSubmit={onSubmit((values) => create.mutate(values))}>
          <Stack gap="md">
            <TextInput label={t('add.name')} required autoComplete="organization" {...field('name')} />
            <TextInput label={t('add.contactPerson')} autoComplete="name" {...field('contact_person')} />
            <TextInput
              label={t('add.contactEmail')}
              type="email"
              autoComplete="email"
              {...field('contact_person_email')}
            />
            <TextInput label={t('add.phone')} type="tel" autoComplete="tel" {...field('phone')} />
            <MutationError mutation={create} serverMessageFor={[409]} />
            <Group justify="space-between" align="center" gap="md">
              <Text size="xs" c="dimmed" style={{ flex: '1 1 14rem' }}>
                {t('add.later')}
              </Text>
              <Button type="submit" loading={create.isPending}>
                {t('add.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

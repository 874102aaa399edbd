import { type Plan, UserRowSchema } from '@hoppa/core';
import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { PATHS } from '../../app/paths.ts';
import { MutationError } from '../../components/error-banner.tsx';
import { useAddUsers } from './api/users.ts';

/** The add form's own check (spec 3 §5 Add user): first and last name required, a valid e-mail. */
const AddUserSchema = UserRowSchema.extend({
  first_name: z.string().trim().min(1),
  family_name: z.string().trim().min(1),
  email: z.email(),
});

/**
 * The add-user form inside /settings/users (/settings/users/add; spec 3 §5 Add user): first and last name (required),
 * e-mail (an email input), licence (a select of the plans), the stakeholders group and a personal message (the raw
 * HTML field: sanitised by the API before it goes into the invitation mail). Sends one row to `POST /users`; a refused
 * row shows its reason under the form. Until the plans have loaded (`plans` empty) the licence select says so and the
 * form cannot be sent: an invitation sent then would get the API's default read-only licence instead of the one the
 * select shows a moment later.
 */
export function AddUserForm({ plans }: { plans: readonly Plan[] }): ReactNode {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const add = useAddUsers();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      first_name: '',
      family_name: '',
      email: '',
      licence: '',
      stakeholders_group: '',
      message: '',
    },
    validate: (v) => {
      const r = AddUserSchema.safeParse(v);
      if (r.success) return {};
      const required = t('common:validation.required');
      return Object.fromEntries(
        r.error.issues.map((i) => [
          String(i.path[0]),
          i.path[0] === 'email' && v.email ? t('common:validation.email') : required,
        ]),
      );
    },
    validateInputOnBlur: true,
  });
  const licence = form.values.licence || (plans.find((p) => p.role === 'merchant_user')?.id ?? '');
  const plansLoading = plans.length === 0;

  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={form.onSubmit((v) => {
          if (!licence) return;
          const { message, ...row } = v;
          add.mutate(
            { rows: [{ ...row, licence: v.licence || licence }], ...(message.trim() ? { message } : {}) },
            {
              onSuccess: (res) => {
                const refused = res.errors[0];
                if (refused) {
                  // The API's coded refusals in the UI's language; any other reason as the API words it.
                  form.setFieldError(
                    'email',
                    refused.code === 'already_member'
                      ? t('add.alreadyMember')
                      : refused.code === 'no_free_licence'
                        ? t('add.noFreeLicence', { licence: refused.licence })
                        : refused.reason,
                  );
                  return;
                }
                notifications.show({
                  color: 'green',
                  message: res.invited
                    ? t('add.sent', { email: v.email })
                    : t('add.added', { email: v.email }),
                });
                navigate(PATHS.settingsUsers);
              },
            },
          );
        })}
        noValidate
      >
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('add.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('add.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('add.firstName')} required {...form.getInputProps('first_name')} />
            <TextInput label={t('add.lastName')} required {...form.getInputProps('family_name')} />
            <TextInput label={t('add.email')} type="email" required {...form.getInputProps('email')} />
            <Select
              label={t('add.licence')}
              required
              data={plans.map((p) => ({ value: p.id, label: p.name }))}
              {...form.getInputProps('licence')}
              value={licence || null}
              placeholder={plansLoading ? t('add.licencesLoading') : undefined}
              disabled={plansLoading}
              allowDeselect={false}
            />
            <TextInput
              label={t('add.group')}
              description={t('add.groupHint')}
              {...form.getInputProps('stakeholders_group')}
            />
          </SimpleGrid>
          <Textarea
            label={t('add.message')}
            description={t('add.messageHint')}
            minRows={3}
            {...form.getInputProps('message')}
          />
          <MutationError mutation={add} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(PATHS.settingsUsers)}>
              {t('add.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending} disabled={plansLoading}>
              {t('add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

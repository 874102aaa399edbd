import { ProfileBodySchema, USER_LANGS } from '@hoppa/core';
import { useZodForm } from '@hoppa/web';
import { PhoneField } from '@hoppa/web/phone-field';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { MutationError, PageLoader } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useUpdateProfile } from './api/users.ts';

type Lang = (typeof USER_LANGS)[number];

/**
 * /settings/user (the settings area's "User" entry, spec 3 §2; issue 16): the caller's own first and last name, phone
 * (the shared phone field, spec 3 §5) and language nl / en / fr / es (spec 3 §1), saved with `PUT /current_user`.
 * Both apps switch to the chosen language; for French and Spanish the page says that English texts are shown.
 */
export function UserSettingsPage(): ReactNode {
  const { user } = useSession();
  if (!user) return <PageLoader />;
  return (
    <ProfileForm
      initial={{
        first_name: user.first_name,
        family_name: user.family_name,
        phone: user.phone,
        lang: user.lang ?? null,
      }}
    />
  );
}

function ProfileForm({
  initial,
}: {
  initial: { first_name: string; family_name: string; phone: string; lang: Lang | null };
}): ReactNode {
  const { t } = useTranslation('users');
  const save = useUpdateProfile();
  const { form, field, onSubmit } = useZodForm(ProfileBodySchema, { ...initial, lang: initial.lang ?? '' });
  const lang = form.values.lang as Lang | '';
  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={t('profile.title')} description={t('profile.intro')} />
      <Paper withBorder radius="md" p="md">
        <form
          noValidate
          onSubmit={onSubmit((v) =>
            save.mutate(ProfileBodySchema.parse(v), {
              onSuccess: () => notifications.show({ color: 'green', message: t('profile.saved') }),
            }),
          )}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('profile.firstName')} required {...field('first_name')} />
              <TextInput label={t('profile.lastName')} required {...field('family_name')} />
            </SimpleGrid>
            <PhoneField label={t('profile.phone')} {...field('phone')} />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="lang-label">
                {t('profile.lang')}
              </Text>
              <SegmentedControl
                aria-labelledby="lang-label"
                data={USER_LANGS.map((l) => ({ value: l, label: t(`profile.langs.${l}`) }))}
                value={lang}
                onChange={(v) => form.setFieldValue('lang', v as Lang)}
                w="fit-content"
              />
              {lang === '' && (
                <Text size="xs" c="dimmed">
                  {t('profile.browser')}
                </Text>
              )}
              {(lang === 'fr' || lang === 'es') && (
                <Alert color="yellow" variant="light" py={6} data-testid="lang-fallback">
                  {t('profile.fallback')}
                </Alert>
              )}
              {form.errors.lang ? (
                <Text size="xs" c="red">
                  {form.errors.lang}
                </Text>
              ) : null}
            </Stack>
            <MutationError mutation={save} />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('profile.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

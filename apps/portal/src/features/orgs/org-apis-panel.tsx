import type { EditOrgApisBody, OrgApis } from '@hoppa/core';
import {
  Accordion,
  Badge,
  Button,
  Group,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationError } from '../../components/error-banner.tsx';
import { useEditOrgApis } from './api/orgs.ts';

/** The platforms of spec 3 §3 Organisation apis and the fields each one has. */
const PLATFORMS = [
  { id: 'bol', fields: ['key', 'secret'] },
  { id: 'bol_be', fields: ['key', 'secret'] },
  { id: 'woo', fields: ['url', 'key', 'secret'] },
  { id: 'shopify', fields: ['url', 'key', 'secret'] },
  { id: 'mirakl', fields: ['url', 'key'] },
  { id: 'lightspeed', fields: ['url', 'key', 'secret', 'shop_language'] },
] as const;

type PlatformId = (typeof PLATFORMS)[number]['id'];

/**
 * The shop's platform keys (spec 3 §3 Organisation apis; `PUT /orgs/editapis`): per platform its URL, key and shop
 * language; a secret is never shown, only whether one is stored, and a new one replaces it when typed.
 */
export function OrgApisPanel({ apis }: { apis: OrgApis }): ReactNode {
  const { t } = useTranslation('orgs');
  const edit = useEditOrgApis();
  const [draft, setDraft] = useState<Record<string, Record<string, string>>>({});
  const value = (p: PlatformId, f: string) =>
    draft[p]?.[f] ?? (f === 'secret' ? '' : ((apis[p] as Record<string, string> | undefined)?.[f] ?? ''));
  const set = (p: PlatformId, f: string, v: string) =>
    setDraft((d) => ({ ...d, [p]: { ...(d[p] ?? {}), [f]: v } }));

  function save(p: PlatformId) {
    const body = { [p]: draft[p] ?? {} } as EditOrgApisBody;
    edit.mutate(body, {
      onSuccess: () => {
        setDraft((d) => ({ ...d, [p]: {} }));
        notifications.show({
          color: 'green',
          message: t('apis.saved', { platform: t(`apis.platform.${p}`) }),
        });
      },
    });
  }

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('apis.intro')}
      </Text>
      <Accordion variant="separated">
        {PLATFORMS.map(({ id, fields }) => (
          <Accordion.Item key={id} value={id}>
            <Accordion.Control>
              <Group gap="sm">
                <Text fw={500}>{t(`apis.platform.${id}`)}</Text>
                {apis[id] ? (
                  <Badge
                    size="sm"
                    variant="light"
                    color={apis[id]?.has_secret || id === 'mirakl' ? 'green' : 'yellow'}
                  >
                    {t('apis.configured')}
                  </Badge>
                ) : null}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                {fields.map((f) =>
                  f === 'secret' ? (
                    <PasswordInput
                      key={f}
                      label={t('apis.secret')}
                      description={apis[id]?.has_secret ? t('apis.secretStored') : undefined}
                      value={value(id, f)}
                      onChange={(e) => set(id, f, e.currentTarget.value)}
                      autoComplete="off"
                    />
                  ) : f === 'shop_language' ? (
                    <Select
                      key={f}
                      label={t('apis.shop_language')}
                      data={['NL', 'EN', 'DE', 'IT', 'FR']}
                      value={value(id, f) || null}
                      onChange={(v) => set(id, f, v ?? '')}
                    />
                  ) : (
                    <TextInput
                      key={f}
                      label={t(`apis.${f}`)}
                      value={value(id, f)}
                      onChange={(e) => set(id, f, e.currentTarget.value)}
                      autoComplete="off"
                    />
                  ),
                )}
                <Group justify="flex-end">
                  <Button
                    size="sm"
                    onClick={() => save(id)}
                    loading={edit.isPending}
                    disabled={!draft[id] || Object.keys(draft[id] ?? {}).length === 0}
                  >
                    {t('apis.save')}
                  </Button>
                </Group>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <MutationError mutation={edit} serverMessageFor={[400]} />
    </Stack>
  );
}

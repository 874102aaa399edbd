import {
  type ApiConnection,
  ConnectionEditFormSchema,
  isShopPlatform,
  isTokenOnlyPlatform,
} from '@hoppa/core';
import { useZodForm } from '@hoppa/web';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationError } from '../../components/error-banner.tsx';
import { useEditConnection } from './api/connections.ts';
import { type ConnectionField, ConnectionFields, connectionSettings } from './connection-fields.tsx';

/**
 * The edit dialog of an API connection (spec 3 §7 `PUT /update-api`), opened from its row on /settings/apis: the add
 * form's fields and checks with the connection's values, the platform fixed, the secret write-only (empty keeps the
 * stored one), and the send-invoice flag. Saves only through `PUT /update-api` and closes; a name another connection
 * of the shop has is refused with the server's message (409).
 */
export function ConnectionEditDialog({
  connection: c,
  onClose,
}: {
  connection: ApiConnection;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('apiConnections');
  const edit = useEditConnection();
  const [sendInvoice, setSendInvoice] = useState(c.send_invoice);
  const settings = c.settings as Record<string, string | undefined>;
  const { form, field, onSubmit } = useZodForm<ConnectionField>(ConnectionEditFormSchema, {
    platform: c.platform,
    api_name: c.api_name,
    api_key: c.api_key,
    secret: '',
    url: c.url ?? '',
    customer_code: settings.customer_code ?? '',
    customer_number: settings.customer_number ?? '',
    collection_location: settings.collection_location ?? '',
    account_id: settings.account_id ?? '',
  });

  const submit = onSubmit((v) => {
    const url = isShopPlatform(c.platform) ? v.url.trim() : '';
    const settings = connectionSettings(c.platform, v);
    edit.mutate(
      {
        _id: c._id,
        api_name: v.api_name.trim(),
        ...(isTokenOnlyPlatform(c.platform) ? {} : { api_key: v.api_key.trim() }),
        ...(v.secret ? { secret: v.secret } : {}),
        ...(url ? { url } : {}),
        ...(Object.keys(settings).length ? { settings } : {}),
        send_invoice: sendInvoice,
      },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('edit.saved', { name: saved.api_name }) });
          onClose();
        },
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={t('edit.title', { name: c.api_name })} size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t(`platforms.${c.platform}`)} · {t('edit.intro')}
          </Text>
          <ConnectionFields form={form} field={field} editing />
          <Checkbox
            label={t('add.sendInvoice')}
            checked={sendInvoice}
            onChange={(e) => setSendInvoice(e.currentTarget.checked)}
          />
          <MutationError mutation={edit} serverMessageFor={[409]} />
          <Group justify="flex-end">
            <Button variant="subtle" onClick={onClose}>
              {t('edit.cancel')}
            </Button>
            <Button type="submit" loading={edit.isPending}>
              {t('edit.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

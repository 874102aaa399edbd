import {
  ConnectionFormSchema,
  type ConnectionPlatform,
  isShopPlatform,
  isTokenOnlyPlatform,
} from '@hoppa/core';
import { useZodForm } from '@hoppa/web';
import { Button, Checkbox, Group, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { MutationError } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useStoreConnection } from './api/connections.ts';
import { type ConnectionField, ConnectionFields, connectionSettings } from './connection-fields.tsx';

/**
 * /settings/apis/add (spec 3 §2 API integrations add form, §5 API add form: api_name, secret and platform required,
 * validated after change and before submit; issue 14 item 4): the platform (bol.com NL or BE, PostNL, DHL, or a shop
 * platform: WooCommerce, Shopify, Lightspeed, Shopware, Mirakl, ChannelEngine), a name, the key and secret under the
 * platform's own names (the token-only shop platforms ask one token, kept as the secret; ADR 0107), a shop's URL,
 * PostNL's customer code, customer number and collection location, DHL's account id, and the send-invoice flag. Saves
 * through `POST /store-api` and returns to the list.
 */
export function ApiConnectionAddPage(): ReactNode {
  const { t } = useTranslation('apiConnections');
  const navigate = useNavigate();
  const store = useStoreConnection();
  const [sendInvoice, setSendInvoice] = useState(false);
  const { form, field, onSubmit } = useZodForm<ConnectionField>(ConnectionFormSchema, {
    platform: 'bol',
    api_name: '',
    api_key: '',
    secret: '',
    url: '',
    customer_code: '',
    customer_number: '',
    collection_location: '',
    account_id: '',
  });
  const platform = form.values.platform as ConnectionPlatform;

  const submit = onSubmit((v) => {
    const settings = connectionSettings(platform, v);
    const url = isShopPlatform(platform) ? v.url.trim() : '';
    store.mutate(
      {
        platform,
        api_name: v.api_name.trim(),
        api_key: isTokenOnlyPlatform(platform) ? '' : v.api_key.trim(),
        secret: v.secret,
        ...(url ? { url } : {}),
        settings,
        send_invoice: sendInvoice,
      },
      {
        onSuccess: (c) => {
          notifications.show({ color: 'green', message: t('add.saved', { name: c.api_name }) });
          navigate(PATHS.settingsApis);
        },
      },
    );
  });

  return (
    <Stack maw={640} gap="md">
      <PageHeader title={t('add.title')} description={t('add.intro')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <ConnectionFields form={form} field={field} />
            <Checkbox
              label={t('add.sendInvoice')}
              checked={sendInvoice}
              onChange={(e) => setSendInvoice(e.currentTarget.checked)}
            />
            <MutationError mutation={store} serverMessageFor={[409]} />
            <Group justify="space-between">
              <Button component={Link} to={PATHS.settingsApis} variant="subtle">
                {t('add.cancel')}
              </Button>
              <Button type="submit" loading={store.isPending}>
                {t('add.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

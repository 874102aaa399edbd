import {
  ApiError,
  CONNECTION_SYNC_REASON_CODES,
  canCall,
  type ReasonValues,
  type ShopSyncResult,
} from '@hoppa/core';
import { codedReasonText } from '@hoppa/web';
import { Button, Group, Menu, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { roleInForce, useSession } from '../../app/session.ts';
import { Icon } from '../../components/icons.tsx';
import { type ShopConnection, useShopConnections, useShopSync } from './api/shop-sync.ts';

/** The platforms' names in the menu ('Synchroniseren met WooCommerce (Webwinkel)'). */
const PLATFORM_NAMES: Record<ShopConnection['platform'], string> = {
  woo: 'WooCommerce',
  shopify: 'Shopify',
  lightspeed: 'Lightspeed',
  shopware: 'Shopware',
  mirakl: 'Mirakl',
  channel_engine: 'ChannelEngine',
};

/** What one sync did: counts, and the skipped units with their reasons behind a button. */
function SyncResult({ r }: { r: ShopSyncResult }): ReactNode {
  const { t } = useTranslation('productTable');
  const [showSkipped, setShowSkipped] = useState(false);
  return (
    <Stack gap="sm">
      <Text>
        {t('shopSync.counts', {
          units: r.units,
          linked: r.linked,
          created: r.created,
          skipped: r.skipped_count,
        })}
      </Text>
      {r.truncated ? <Text c="orange.9">{t('shopSync.truncated', { count: r.units })}</Text> : null}
      {r.skipped_count > 0 ? (
        <Button variant="subtle" onClick={() => setShowSkipped((s) => !s)} w="fit-content" px={0}>
          {t(showSkipped ? 'shopSync.hideSkipped' : 'shopSync.showSkipped', { count: r.skipped_count })}
        </Button>
      ) : null}
      {showSkipped ? (
        <Table aria-label={t('shopSync.skippedTable')} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('shopSync.ref')}</Table.Th>
              <Table.Th>{t('shopSync.name')}</Table.Th>
              <Table.Th>{t('shopSync.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.skipped.map((s) => (
              <Table.Tr key={`${s.ref}:${s.reason}`}>
                <Table.Td>{s.ref}</Table.Td>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>{s.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {r.skipped_count > r.skipped.length ? (
        <Text size="sm" c="dimmed">
          {t('shopSync.moreSkipped', { shown: r.skipped.length, count: r.skipped_count })}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Why a sync failed, in the UI's language: the refusal's coded issue (`products_sync_failed` with the platform's own
 * words, `shop_url_not_public` with the address, `shop_led_elsewhere`; core `CONNECTION_SYNC_REASON_CODES`) in the
 * connection page's words (`apiConnections` `list.problems.<code>`, ADR 0121 §4); without a code (an older API, a
 * network failure) the error's own message.
 */
export function syncFailureText(err: Error, t: TFunction<'apiConnections'>): string {
  const body =
    err instanceof ApiError
      ? (err.body as { issues?: { code?: string; values?: ReasonValues }[] } | null)
      : null;
  const issue = body?.issues?.find((i) => i.code);
  return issue
    ? codedReasonText(t, 'list.problems', CONNECTION_SYNC_REASON_CODES, { ...issue, reason: err.message })
    : err.message;
}

/**
 * The product table's Sync button (spec 3 §2 Product management, §7 Sync `GET /products/sync/{platform}`, §8 toasts
 * 'Products synchronized successfully' / 'Failed to sync products'; ADR 0107): a menu with one item per active shop
 * connection of the organisation ('Sync with WooCommerce (name)'); choosing one runs that connection's sync and shows
 * the counts (linked, created, skipped, the skipped units' reasons behind a button) or the reason it failed; the product
 * list refreshes. Without a shop connection, or for a role that may not sync, it stays the link to the API connections.
 */
export function ShopSyncMenu(): ReactNode {
  const { t } = useTranslation('productTable');
  const { t: tConnections } = useTranslation('apiConnections');
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  const maySync =
    canCall(role, { method: 'GET', path: '/products/sync/woo' }) &&
    canCall(role, { method: 'GET', path: '/get-apis' });
  const shops = useShopConnections(maySync);
  const sync = useShopSync();
  const [result, setResult] = useState<ShopSyncResult | null>(null);
  const connections = shops.data ?? [];

  if (connections.length === 0)
    return (
      <Tooltip label={t('syncHint')}>
        <Button
          variant="default"
          component={Link}
          to={PATHS.settingsApis}
          leftSection={<Icon name="plug" size={18} />}
        >
          {t('sync')}
        </Button>
      </Tooltip>
    );

  const run = (c: ShopConnection) =>
    sync.mutate(c, {
      onSuccess: (r) => setResult(r),
      onError: (err) =>
        notifications.show({
          color: 'red',
          title: t('shopSync.failed'),
          message: syncFailureText(err, tConnections),
          autoClose: false,
        }),
    });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<Icon name="plug" size={18} />} loading={sync.isPending}>
            {t('sync')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {connections.map((c) => (
            <Menu.Item key={c._id} onClick={() => run(c)}>
              {t('shopSync.item', { platform: PLATFORM_NAMES[c.platform], name: c.api_name })}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item component={Link} to={PATHS.settingsApis}>
            {t('shopSync.connections')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={result !== null} onClose={() => setResult(null)} title={t('shopSync.done')} size="lg">
        {result ? <SyncResult r={result} /> : null}
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setResult(null)}>{t('shopSync.close')}</Button>
        </Group>
      </Modal>
    </>
  );
}

import {
  type ApiConnection,
  CONNECTION_SYNC_REASON_CODES,
  canCall,
  formatDateTime,
  isShopPlatform,
} from '@hoppa/core';
import { codedReasonText } from '@hoppa/web';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { PATHS, pathTo } from '../../app/paths.ts';
import { roleInForce, useSession } from '../../app/session.ts';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { ErrorBanner, MutationError, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { importReasonText } from '../../lib/order-import-reason.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { CONNECTIONS_PAGE_SIZE, useChangeConnection, useConnections } from './api/connections.ts';
import { ConnectionEditDialog } from './connection-edit-dialog.tsx';

const UrlState = z.object({ page: z.coerce.number().int().min(1).default(1) });

/**
 * The last pull's problem in the UI's language (ADR 0119 §3): `pull_failed` with the service's own (untranslated)
 * words, or `orders_refused` naming each order with the order import's reason (orders texts, `importReasonText`); a
 * shop's product sync by its code (`products_sync_failed` with the platform's words, `shop_url_not_public` with the
 * address, `shop_led_elsewhere`); a status without a code (an older API) shows its English `error`.
 */
export function syncProblemText(
  s: ApiConnection['status'],
  t: TFunction<'apiConnections'>,
  tOrders: TFunction<'orders'>,
): string {
  const p = s.problem;
  if (p?.code === 'orders_refused' && !s.refused?.length) return s.error ?? '';
  if (p?.code === 'orders_refused' && s.refused?.length)
    return t('list.problems.orders_refused', {
      list: s.refused
        .map((r) => `${r.order_id}: ${importReasonText(tOrders, { ...r, rejected_by_row: null }, (n) => n)}`)
        .join('; '),
    });
  return p
    ? codedReasonText(t, 'list.problems', CONNECTION_SYNC_REASON_CODES, { ...p, reason: s.error ?? '' })
    : (s.error ?? '');
}

/**
 * The last pull of a connection in words: never, taken in N orders (a shop: N products synchronised), or failed with
 * the service's message; for bol also the orders held back for an unknown EAN. Platforms that are not pulled say so.
 */
function SyncStatus({ c, t }: { c: ApiConnection; t: TFunction<'apiConnections'> }): ReactNode {
  const { t: tOrders } = useTranslation('orders');
  const s = c.status;
  const shop = isShopPlatform(c.platform);
  if (!shop && c.platform !== 'bol' && c.platform !== 'bol_be')
    return (
      <Text size="sm" c="dimmed">
        {t('list.notPulled')}
      </Text>
    );
  if (!s.last_sync_at)
    return (
      <Text size="sm" c="dimmed">
        {t(shop ? 'list.productsNever' : 'list.never')}
      </Text>
    );
  const when = formatDateTime(s.last_sync_at);
  const done = shop
    ? t('list.productsSynced', { when, count: s.imported ?? 0 })
    : t('list.synced', { when, count: s.imported ?? 0, total: s.imported_total });
  return (
    <Stack gap={2}>
      <Text size="sm" c={s.ok ? undefined : 'red.8'} fw={s.ok ? undefined : 600}>
        {s.ok ? done : t('list.failed', { when })}
      </Text>
      {s.error ? (
        <Text size="xs" c="red.8">
          {syncProblemText(c.status, t, tOrders)}
        </Text>
      ) : null}
      {!shop && s.unknown_eans.length ? (
        <Text size="xs" c="orange.9">
          {t('list.unknownEans', {
            list: s.unknown_eans.map((u) => `${u.order_id} (${u.eans.join(', ')})`).join('; '),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * /settings/apis (spec 3 §2 API integrations: the custom APIs list, beta; issue 14 item 4): the organisation's
 * connections with platform, the last sync (when, how many orders, its error and the orders held back for an unknown
 * EAN), and switches to enable/disable a connection and to send invoices through it; Edit opens the connection's
 * edit dialog (`PUT /update-api`; there is no delete call in the catalogue, so a connection no longer used is switched
 * off). When the list holds several shops' connections (a provider admin's) a Shop column names each one's shop.
 * Without connections it explains what to add. Server-paged; refreshed every 30 s.
 */
export function ApiConnectionsPage(): ReactNode {
  const { t } = useTranslation('apiConnections');
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  const mayChange = canCall(role, { method: 'PUT', path: '/update-api' });
  const mayAdd = canCall(role, { method: 'POST', path: '/store-api' });
  const [state, update] = useUrlState(UrlState);
  const list = useConnections(state.page);
  const change = useChangeConnection();
  const [editing, setEditing] = useState<ApiConnection | null>(null);
  const items = list.data?.items;
  const severalShops = useMemo(() => new Set(items?.map((c) => c.org_name)).size > 1, [items]);

  const columns = useMemo<DataColumn<ApiConnection>[]>(
    () => [
      ...(severalShops
        ? [{ id: 'org_name', header: t('list.shop'), cell: (c: ApiConnection) => c.org_name }]
        : []),
      {
        id: 'api_name',
        header: t('list.name'),
        hideable: false,
        cell: (c) => (
          <Text size="sm" fw={600}>
            {c.api_name}
          </Text>
        ),
      },
      {
        id: 'platform',
        header: t('list.platform'),
        cell: (c) =>
          c.platform === 'bol' || c.platform === 'bol_be' ? (
            // The products link may go under the platform: side by side they kept the edit button half behind the
            // table's edge beside the settings column at a 1280 px window (ADR 0132 §5).
            <Group gap={6} wrap="wrap">
              <Text size="sm">{t(`platforms.${c.platform}`)}</Text>
              <Anchor
                component={Link}
                to={pathTo('settingsBolProducts', { api_name: c.platform })}
                size="sm"
                aria-label={`${t('bolProducts.title')}: ${c.api_name}`}
              >
                {t('bolProducts.open')}
              </Anchor>
            </Group>
          ) : (
            t(`platforms.${c.platform}`)
          ),
      },
      { id: 'status', header: t('list.status'), cell: (c) => <SyncStatus c={c} t={t} /> },
      {
        id: 'active',
        header: t('list.active'),
        cell: (c) => (
          <Switch
            checked={c.active}
            disabled={!mayChange || change.isPending}
            aria-label={t('list.toggleActive', { name: c.api_name })}
            onChange={(e) =>
              change.mutate(
                { id: c._id, active: e.currentTarget.checked },
                { onSuccess: () => notifications.show({ color: 'green', message: t('list.changed') }) },
              )
            }
          />
        ),
      },
      {
        id: 'send_invoice',
        header: t('list.sendInvoice'),
        cell: (c) => (
          <Switch
            checked={c.send_invoice}
            disabled={!mayChange || change.isPending}
            aria-label={t('list.toggleInvoice', { name: c.api_name })}
            onChange={(e) =>
              change.mutate(
                { id: c._id, send_invoice: e.currentTarget.checked },
                { onSuccess: () => notifications.show({ color: 'green', message: t('list.changed') }) },
              )
            }
          />
        ),
      },
      ...(mayChange
        ? [
            {
              id: 'edit',
              header: t('list.edit'),
              hiddenHeader: true,
              hideable: false,
              cell: (c: ApiConnection) => (
                <Button
                  size="xs"
                  variant="light"
                  aria-label={t('list.editLabel', { name: c.api_name })}
                  onClick={() => setEditing(c)}
                >
                  {t('list.edit')}
                </Button>
              ),
            },
          ]
        : []),
    ],
    [t, mayChange, change, severalShops],
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={t('list.title')}
        description={t('list.intro')}
        actions={
          <Group gap="sm">
            <Badge variant="light" size="lg">
              {t('list.beta')}
            </Badge>
            {mayAdd ? (
              <Button
                component={Link}
                to={PATHS.settingsApisAdd}
                leftSection={<Icon name="plus" size={16} />}
              >
                {t('list.add')}
              </Button>
            ) : null}
          </Group>
        }
      />
      <MutationError mutation={change} />
      {editing ? <ConnectionEditDialog connection={editing} onClose={() => setEditing(null)} /> : null}
      {list.isError ? (
        <ErrorBanner error={list.error} />
      ) : !list.data ? (
        <PageLoader />
      ) : list.data.total === 0 ? (
        <Alert color="brand" variant="light" icon={<Icon name="plug" />} title={t('list.emptyTitle')}>
          {t('list.empty')}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="sm">
          <DataTable
            id="api-connections"
            label={t('list.title')}
            columns={columns}
            rows={list.data.items}
            rowKey={(c) => c._id}
            total={list.data.total}
            page={state.page}
            pageSize={CONNECTIONS_PAGE_SIZE}
            onPageChange={(p) => update({ page: p })}
          />
        </Paper>
      )}
    </Stack>
  );
}

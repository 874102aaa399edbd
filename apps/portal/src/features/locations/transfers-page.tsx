import type { OpenTransfer } from '@hoppa/core';
import { Paper, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useUrlState } from '../../lib/url-state.ts';
import { LOCATIONS_PAGE_SIZE, useOpenTransfers } from './api/locations.ts';

const TransfersUrlState = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/**
 * Every open transfer of the warehouse (spec 3 §2 Admin: all open transfers): product, shop, the location it is to
 * leave, how many pieces and how many lie there; the texts 'Loading transfers...' and 'There are no transfers open
 * at the moment.' of the spec.
 */
export function TransfersPage() {
  const { t } = useTranslation('locations');
  const [state, update] = useUrlState(TransfersUrlState);
  const list = useOpenTransfers(state.page);
  const columns = useMemo(
    (): DataColumn<OpenTransfer>[] => [
      {
        id: 'product',
        header: t('transfers.product'),
        hideable: false,
        cell: (r) => (
          <Stack gap={0}>
            <Text size="sm" fw={600} lineClamp={1}>
              {r.product.name}
            </Text>
            <Text size="xs" ff="monospace" c="dimmed">
              {r.product.ean}
            </Text>
          </Stack>
        ),
      },
      { id: 'shop', header: t('transfers.shop'), cell: (r) => r.product.org_name },
      {
        id: 'location',
        header: t('transfers.location'),
        cell: (r) => <Text fw={600}>{r.location.name}</Text>,
      },
      {
        id: 'quantity',
        header: t('transfers.quantity'),
        align: 'right',
        cell: (r) => r.quantity.toLocaleString('nl-NL'),
      },
      {
        id: 'stock',
        header: t('transfers.stock'),
        align: 'right',
        cell: (r) => r.stock.toLocaleString('nl-NL'),
      },
    ],
    [t],
  );
  return (
    <Stack gap="md">
      <PageHeader title={t('transfers.title')} description={t('transfers.description')} />
      {list.isError ? (
        <ErrorBanner error={list.error} />
      ) : list.isPending ? (
        <Text c="dimmed">{t('transfers.loading')}</Text>
      ) : list.data.items.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">{t('transfers.empty')}</Text>
        </Paper>
      ) : (
        <DataTable
          id="transfers"
          label={t('transfers.title')}
          columns={columns}
          rows={list.data.items}
          rowKey={(r) => r.id}
          total={list.data.total}
          page={state.page}
          pageSize={LOCATIONS_PAGE_SIZE}
          onPageChange={(page) => update({ page })}
        />
      )}
    </Stack>
  );
}

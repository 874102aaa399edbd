import {
  formatDateTime,
  SHIPMENT_SEARCH_MIN,
  SHIPMENT_SORTS,
  type ShipmentListItem,
  sortValues,
} from '@hoppa/core';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { pathTo } from '../../app/paths.ts';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { DateField } from '../../components/date-field/date-field.tsx';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useUrlState } from '../../lib/url-state.ts';
import { SHIPMENTS_PAGE_SIZE, useShipments } from './api/get-shipments.ts';
import { defaultShipmentRange, effectiveSearch, shipmentRangeToIso } from './shipments.rules.ts';

/**
 * Sent shipments (/shipments; spec 1 §2 Shipments): shipped orders of a period (default the last
 * week, DD-MM-YYYY fields) with a search from 3 characters; each row shows order number, recipient, method, shipped
 * date, track and trace and the latest carrier status, and opens the detail. Period, search, sort and page live in the
 * URL and the server pages the list ({@link SHIPMENTS_PAGE_SIZE} rows a page).
 */
/** The list's state in the URL (a reload or a shared link shows the same page): period, search and page. */
const ShipmentsUrlState = z.object({
  from: z.string().default(() => defaultShipmentRange().from),
  until: z.string().default(() => defaultShipmentRange().until),
  search: z.string().default(''),
  page: z.coerce.number().int().min(1).default(1),
  sort: z.enum(sortValues(SHIPMENT_SORTS)).default('-shipped_at'),
});
type ShipmentSort = z.output<typeof ShipmentsUrlState>['sort'];

/** The columns of the list; the sortable ones are core's SHIPMENT_SORTS. */
function shipmentColumns(t: TFunction<'shipments'>): DataColumn<ShipmentListItem>[] {
  return [
    {
      id: 'order_id',
      header: t('cols.order'),
      sortable: true,
      hideable: false,
      cell: (s) => (
        <>
          <Anchor
            component={Link}
            to={pathTo('shipment', { id: s.id })}
            fw={600}
            style={{ whiteSpace: 'nowrap' }}
          >
            {s.order_id}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {s.org_name}
          </Text>
        </>
      ),
    },
    {
      id: 'recipient',
      header: t('cols.recipient'),
      sortable: true,
      cell: (s) => (
        <>
          <Text size="sm">{s.recipient}</Text>
          <Text size="xs" c="dimmed">
            {[s.zip_code, s.city, s.country_code].filter(Boolean).join(' ')}
          </Text>
        </>
      ),
    },
    {
      id: 'method',
      header: t('cols.method'),
      sortable: true,
      cell: (s) => <Text size="sm">{s.method_name}</Text>,
    },
    {
      id: 'shipped_at',
      header: t('cols.shipped'),
      sortable: true,
      descFirst: true,
      cell: (s) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(s.shipped_at)}
        </Text>
      ),
    },
    {
      id: 'tracking',
      header: t('cols.tracking'),
      cell: (s) => (
        <Text ff="monospace" fz="sm">
          {s.tracking_url ? (
            <Anchor href={s.tracking_url} target="_blank" rel="noreferrer">
              {s.tracking_number}
            </Anchor>
          ) : (
            s.tracking_number
          )}
        </Text>
      ),
    },
    {
      id: 'status',
      header: t('cols.status'),
      cell: (s) =>
        s.latest_status ? (
          <Text size="xs" lineClamp={2} maw={220} title={formatDateTime(s.latest_status.at)}>
            {s.latest_status.description}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      id: 'details',
      header: t('cols.details'),
      hiddenHeader: true,
      hideable: false,
      cell: (s) => (
        <Button
          component={Link}
          to={pathTo('shipment', { id: s.id })}
          size="xs"
          variant="light"
          aria-label={t('openOrder', { order: s.order_id })}
        >
          {t('open')}
        </Button>
      ),
    },
  ];
}

export function ShipmentsPage() {
  const { t, i18n } = useTranslation('shipments');
  const [state, update] = useUrlState(ShipmentsUrlState);
  // The field follows the keyboard at once; the URL (and the query) follow after a pause.
  const [search, setSearch] = useState(state.search);
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => {
    if (debounced !== state.search) update({ search: debounced, page: 1 }, { replace: true });
  }, [debounced, state.search, update]);
  const term = effectiveSearch(state.search);
  const last = useRef(shipmentRangeToIso(state.from, state.until));
  const iso = shipmentRangeToIso(state.from, state.until) ?? last.current;
  last.current = iso;
  const list = useShipments({
    start: iso?.start ?? '',
    end: iso?.end ?? '',
    search: term,
    page: state.page,
    sort: state.sort,
  });
  const columns = useMemo(() => shipmentColumns(t), [t]);

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={
          list.data
            ? list.data.total_capped
              ? t('countCapped', { count: list.data.total.toLocaleString(i18n.language) })
              : t('count', { count: list.data.total })
            : undefined
        }
      />
      <Paper withBorder radius="md" p="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateField
            label={t('from')}
            value={state.from}
            onChange={(from) => update({ from, page: 1 })}
            w={130}
          />
          <DateField
            label={t('until')}
            value={state.until}
            onChange={(until) => update({ until, page: 1 })}
            w={130}
          />
          <TextInput
            type="search"
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            description={t('searchHint', { min: SHIPMENT_SEARCH_MIN })}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            leftSection={<Icon name="search" size={16} />}
            size="xs"
            w={340}
          />
        </Group>
      </Paper>
      {list.isError ? (
        <ErrorBanner error={list.error} />
      ) : list.isPending ? (
        <PageLoader />
      ) : list.data.items.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">{term ? t('emptySearch', { term }) : t('empty')}</Text>
        </Paper>
      ) : (
        <DataTable
          id="shipments"
          label={t('title')}
          columns={columns}
          rows={list.data.items}
          rowKey={(s) => s.id}
          total={list.data.total}
          page={state.page}
          pageSize={SHIPMENTS_PAGE_SIZE}
          onPageChange={(page) => update({ page })}
          sort={state.sort}
          onSortChange={(sort) => update({ sort: sort as ShipmentSort, page: 1 })}
        />
      )}
    </Stack>
  );
}

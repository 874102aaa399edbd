import {
  DELIVERY_GROUPS,
  type DeliveryGroup,
  type DeliveryPerformance,
  formatDateTime,
  SHIPMENT_SEARCH_MIN,
  type ShipmentListItem,
} from '@hoppa/core';
import { orderPlatformName } from '@hoppa/web';
import {
  Accordion,
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Group,
  Indicator,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo, useRef, useState } from 'react';
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
import { useUrlText } from '../../lib/url-text.ts';
import { GROUP_PAGE_SIZE, usePerformance, useShipmentGroup, useShipmentSearch } from './api/get-delivery.ts';
import {
  defaultShipmentRange,
  effectiveSearch,
  knownTrackingStatus,
  shipmentRangeToIso,
  TRACKING_STATUS_COLOR,
  trackingEventShort,
  trackingEventText,
} from './shipments.rules.ts';

/** The list's state in the URL (a reload or a shared link shows the same page): period, search, search page, open groups. */
const ShipmentsUrlState = z.object({
  from: z.string().default(() => defaultShipmentRange().from),
  until: z.string().default(() => defaultShipmentRange().until),
  search: z.string().default(''),
  page: z.coerce.number().int().min(1).default(1),
  open: z.string().default('not_sorted,on_the_way'),
});

/** The order the screen shows the speed groups in (spec 1 §2: not sorted, on the way, delivered in 2 days, in 1 day). */
const GROUP_ORDER: readonly DeliveryGroup[] = ['not_sorted', 'on_the_way', 'd_48h', 'd_24h', 'd_late'];

/** Product pictures a row shows; more are counted ('+2'). */
const SHOWN_PRODUCTS = 3;

/** The columns of a shipments table (spec 1 §2 Shipments item: platform, order id, batch, orderer, dates, method, tracking, status, images, detail). */
export function shipmentColumns(t: TFunction<'shipments'>): DataColumn<ShipmentListItem>[] {
  return [
    {
      id: 'order_id',
      header: t('cols.order'),
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
          {/* May wrap under the order number: on one line it made the column ~45 px wider than the number. */}
          <Text size="xs" c="dimmed">
            {orderPlatformName(t, s.platform)} · {s.org_name}
          </Text>
          {s.batch_id && (
            <Anchor
              href={`/api/test/batch/${s.batch_id}`}
              target="_blank"
              rel="noreferrer"
              size="xs"
              fw={700}
            >
              {t('batch')}
            </Anchor>
          )}
        </>
      ),
    },
    {
      id: 'recipient',
      header: t('cols.recipient'),
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
      id: 'dates',
      header: t('cols.shipped'),
      cell: (s) => (
        <>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(s.shipped_at)}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('placedOn', { date: formatDateTime(s.placed_at) })}
          </Text>
          {s.delivered_at && (
            <Text size="xs" c="green.8" style={{ whiteSpace: 'nowrap' }}>
              {t('deliveredOn', { date: formatDateTime(s.delivered_at) })}
            </Text>
          )}
        </>
      ),
    },
    { id: 'method', header: t('cols.method'), cell: (s) => <Text size="sm">{s.method_name}</Text> },
    {
      id: 'tracking',
      header: t('cols.tracking'),
      cell: (s) => (
        // xs, the link too: sm made the column ~35 px wider, and the table overflow its box at 1280 px in Dutch.
        <Text ff="monospace" fz="xs">
          {s.tracking_url ? (
            <Anchor href={s.tracking_url} target="_blank" rel="noreferrer" inherit>
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
      cell: (s) => {
        const event = s.latest_status;
        if (!event)
          return (
            <Text size="sm" c="dimmed">
              —
            </Text>
          );
        const title = t('statusTitle', {
          status: trackingEventText(t, event),
          date: formatDateTime(event.at),
        });
        const status = knownTrackingStatus(event.status);
        // A known status as a short word in a badge that wraps rather than cuts: whole in a squeezed column (1280 and
        // 1024 px windows), the full sentence and the time in the hover text. A carrier's own words wrap, whole too.
        return status ? (
          <Badge
            data-testid="shipment-status"
            title={title}
            variant="light"
            color={TRACKING_STATUS_COLOR[status]}
            tt="none"
            h="auto"
            py={3}
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } }}
          >
            {trackingEventShort(t, event)}
          </Badge>
        ) : (
          <Text data-testid="shipment-status" size="xs" maw={220} title={title}>
            {event.description}
          </Text>
        );
      },
    },
    {
      id: 'products',
      header: t('cols.products'),
      cell: (s) => (
        // Three pictures of 30 px (four of 34 made the table ~80 px wider than its box at 1366 px in Dutch).
        <Group gap={4} wrap="nowrap">
          {s.products.slice(0, SHOWN_PRODUCTS).map((p) => (
            <Tooltip key={`${p.product_id}-${p.ean}`} label={`${p.quantity} × ${p.title}`}>
              <Indicator label={p.quantity} size={16} disabled={p.quantity < 2} color="dark">
                <Avatar src={p.img_url} alt={p.title} radius="sm" size={30}>
                  {p.title.slice(0, 2)}
                </Avatar>
              </Indicator>
            </Tooltip>
          ))}
          {s.products.length > SHOWN_PRODUCTS && (
            <Text size="xs" c="dimmed">
              +{s.products.length - SHOWN_PRODUCTS}
            </Text>
          )}
        </Group>
      ),
    },
    {
      id: 'details',
      header: t('cols.details'),
      hiddenHeader: true,
      hideable: false,
      // An arrow, not the word: the button with "Openen" made the table ~45 px wider than its box at 1280 px in Dutch
      // (ADR 0132 §5). Its name and hover text say what it opens.
      cell: (s) => (
        <ActionIcon
          component={Link}
          to={pathTo('shipment', { id: s.id })}
          variant="light"
          size="md"
          aria-label={t('openOrder', { order: s.order_id })}
          title={t('open')}
        >
          <Icon name="chevronRight" size={16} />
        </ActionIcon>
      ),
    },
  ];
}

/** The delivery-performance header (spec 1 §2 Shipments): within 24 h, after more than 2 days, on the way. */
function PerformanceHeader({ perf }: { perf: DeliveryPerformance | undefined }) {
  const { t, i18n } = useTranslation('shipments');
  const cards = [
    { key: 'd24', label: t('perf.within24h'), value: perf?.percentage_d_24h, color: 'green' },
    { key: 'late', label: t('perf.late'), value: perf?.percentage_late, color: 'red' },
    { key: 'way', label: t('perf.onTheWay'), value: perf?.percentage_on_the_way, color: 'blue' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm" aria-label={t('perf.title')} role="group">
      {cards.map((c) => (
        <Paper key={c.key} withBorder radius="md" p="sm" data-testid={`perf-${c.key}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {c.label}
          </Text>
          <Text fz={28} fw={800} c={`${c.color}.8`}>
            {c.value === undefined ? '…' : `${c.value.toLocaleString(i18n.language)}%`}
          </Text>
        </Paper>
      ))}
      <Paper withBorder radius="md" p="sm">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {t('perf.total')}
        </Text>
        <Text fz={28} fw={800}>
          {perf?.total ?? '…'}
        </Text>
        {perf && perf.counts.not_sorted > 0 && (
          <Text size="xs" c="dimmed">
            {t('perf.notSorted', { count: perf.counts.not_sorted })}
          </Text>
        )}
      </Paper>
    </SimpleGrid>
  );
}

/** One collapsible speed group: its own server page of shipments, fetched while open. */
function GroupPanel({
  start,
  end,
  group,
  open,
}: {
  start: string;
  end: string;
  group: DeliveryGroup;
  open: boolean;
}) {
  const { t } = useTranslation('shipments');
  const [page, setPage] = useState(1);
  const list = useShipmentGroup(start, end, group, page, open);
  const columns = useMemo(() => shipmentColumns(t), [t]);
  if (list.isError) return <ErrorBanner error={list.error} />;
  if (!list.data) return <PageLoader />;
  if (list.data.items.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('emptyGroup')}
      </Text>
    );
  return (
    <DataTable
      id={`shipments-${group}`}
      label={t(`groups.${group}`)}
      columns={columns}
      rows={list.data.items}
      rowKey={(s) => s.id}
      total={list.data.total}
      totalCapped={list.data.total_capped}
      page={page}
      pageSize={GROUP_PAGE_SIZE}
      onPageChange={setPage}
    />
  );
}

/**
 * Sent shipments (/shipments; spec 1 §2 Shipments): the delivery-performance header of the period (default the last
 * week), the shipments in collapsible speed groups (not sorted, on the way — open by default —, delivered in 2 days,
 * in 1 day, later), each paged by the server; a search from 3 characters looks through every shipped order instead.
 * Each row: platform, order number, batch link, orderer, dates, method, tracking link, latest status, product
 * images with quantities and the detail link.
 */
export function ShipmentsPage() {
  const { t } = useTranslation('shipments');
  const [state, update] = useUrlState(ShipmentsUrlState);
  const [search, setSearch] = useUrlText(state.search, (s) =>
    update({ search: s, page: 1 }, { replace: true }),
  );
  const term = effectiveSearch(state.search);
  const last = useRef(shipmentRangeToIso(state.from, state.until));
  const iso = shipmentRangeToIso(state.from, state.until) ?? last.current;
  last.current = iso;
  const start = iso?.start ?? '';
  const end = iso?.end ?? '';
  const perf = usePerformance(start, end);
  const found = useShipmentSearch(term, state.page);
  const columns = useMemo(() => shipmentColumns(t), [t]);
  const open = state.open
    ? state.open.split(',').filter((g) => (DELIVERY_GROUPS as readonly string[]).includes(g))
    : [];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={perf.data ? t('count', { count: perf.data.total }) : undefined}
      />
      <ErrorBanner error={perf.error} />
      <PerformanceHeader perf={perf.data} />
      <Paper withBorder radius="md" p="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateField
            label={t('from')}
            value={state.from}
            onChange={(from) => update({ from, page: 1 })}
            w={130}
            disabled={Boolean(term)}
          />
          <DateField
            label={t('until')}
            value={state.until}
            onChange={(until) => update({ until, page: 1 })}
            w={130}
            disabled={Boolean(term)}
          />
          <TextInput
            type="search"
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            // A search looks through every shipped order: the period beside it is greyed out and the hint says so.
            description={term ? t('searchAll') : t('searchHint', { min: SHIPMENT_SEARCH_MIN })}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            leftSection={<Icon name="search" size={16} />}
            size="xs"
            w={400}
          />
        </Group>
      </Paper>
      {term ? (
        found.isError ? (
          <ErrorBanner error={found.error} />
        ) : !found.data ? (
          <PageLoader />
        ) : found.data.items.length === 0 ? (
          <Paper withBorder p="xl" ta="center">
            <Text c="dimmed">{t('emptySearch', { term })}</Text>
          </Paper>
        ) : (
          <DataTable
            id="shipments-search"
            label={t('searchResults')}
            columns={columns}
            rows={found.data.items}
            rowKey={(s) => s.id}
            total={found.data.total}
            totalCapped={found.data.total_capped}
            page={state.page}
            pageSize={GROUP_PAGE_SIZE}
            onPageChange={(page) => update({ page })}
          />
        )
      ) : (
        <Accordion
          multiple
          variant="separated"
          // The table gets the width: the panel's default 16 px each side narrowed it at 1280 px (ADR 0132 §5).
          styles={{ content: { paddingInline: 'var(--mantine-spacing-xs)' } }}
          value={open}
          onChange={(v) => update({ open: v.join(',') }, { replace: true })}
        >
          {GROUP_ORDER.map((g) => (
            <Accordion.Item key={g} value={g}>
              <Accordion.Control>
                <Group gap="sm">
                  <Text fw={700}>{t(`groups.${g}`)}</Text>
                  <Badge
                    variant="light"
                    color={g === 'd_late' ? 'red' : g.startsWith('d_') ? 'green' : 'blue'}
                  >
                    {perf.data?.counts[g] ?? '…'}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {open.includes(g) && <GroupPanel start={start} end={end} group={g} open />}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}

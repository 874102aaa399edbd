import {
  canCall,
  formatDate,
  formatDateTime,
  type InboundSummary,
  type PendingItemSchema,
} from '@hoppa/core';
import { Anchor, Button, Group, Paper, Progress, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { PATHS, pathTo } from '../../app/paths.ts';
import { roleInForce, useSession } from '../../app/session.ts';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { InboundProgressBadge, progressOfInbound } from '../../components/inbound-progress-badge.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { joinNames } from '../../lib/names.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { INBOUNDS_PAGE_SIZE, useInboundList, usePendingItems } from './api/get-inbounds.ts';
import { usePendingTicketsPdf } from './api/inbound-documents.ts';

type PendingItem = z.infer<typeof PendingItemSchema>;

/** The list's state in the URL: the tab and the page of each list. */
const InboundsUrlState = z.object({
  tab: z.enum(['inbounds', 'items']).default('inbounds'),
  pending: z.coerce.number().int().min(1).default(1),
  done: z.coerce.number().int().min(1).default(1),
  items: z.coerce.number().int().min(1).default(1),
});

/** A scanned or typed inbound QR code: the inbound's id (24 hex characters), as the label encodes it. */
const QR_ID = /^[0-9a-f]{24}$/i;

/**
 * The merchant's inbounds (/checkin_inventory; spec 2 §2 Inbound lists: 'pending and checked-in inbounds (pending
 * first), button to scan a QR code'): the expected inbounds (soonest first) above the checked-in ones (newest
 * first), each a server-paged table with number, type, status, expected date, products and pieces in / expected;
 * a field that opens the inbound whose QR label is scanned (spec 2 §9: 8 characters at least, ended by Enter); and
 * a tab with the products still to arrive (`GET /pending-items-report`) and their inventory tickets as one PDF.
 */
export function InboundsPage(): ReactNode {
  const { t } = useTranslation('inbound');
  const navigate = useNavigate();
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  const [state, update] = useUrlState(InboundsUrlState);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const pending = useInboundList('pending', state.pending);
  const done = useInboundList('checked_in', state.done);
  const pendingColumns = useMemo(() => inboundColumns(t, 'pending'), [t]);
  const doneColumns = useMemo(() => inboundColumns(t, 'checked_in'), [t]);
  const mayAnnounce = canCall(role, { method: 'POST', path: '/inbound' });

  function openScanned() {
    const c = code.trim();
    if (c.length < 8) return;
    const known = [...(pending.data?.items ?? []), ...(done.data?.items ?? [])].find(
      (i) => i.inbound_number.toLowerCase() === c.toLowerCase() || i.id === c.toLowerCase(),
    );
    if (known || QR_ID.test(c))
      navigate(pathTo('checkinInventoryDetail', { id: known?.id ?? c.toLowerCase() }));
    else setCodeError(t('list.scanUnknown', { code: c }));
  }

  return (
    <Stack gap="md">
      <PageHeader
        title={t('list.title')}
        description={t(orgAuth?.org?.kind === 'provider' ? 'list.introStaff' : 'list.intro')}
        actions={
          mayAnnounce ? (
            <Button component={Link} to={PATHS.preNotify} leftSection={<Icon name="plus" size={16} />}>
              {t('list.announce')}
            </Button>
          ) : null
        }
      />
      <Tabs value={state.tab} onChange={(v) => update({ tab: v === 'items' ? 'items' : 'inbounds' })}>
        <Tabs.List mb="md">
          <Tabs.Tab value="inbounds">{t('list.tabs.inbounds')}</Tabs.Tab>
          <Tabs.Tab value="items">{t('list.tabs.items')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inbounds">
          <Stack gap="lg">
            <Paper withBorder radius="md" p="sm">
              <TextInput
                label={t('list.scan')}
                placeholder={t('list.scanPlaceholder')}
                leftSection={<Icon name="scan" size={16} />}
                value={code}
                onChange={(e) => {
                  setCode(e.currentTarget.value);
                  setCodeError(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') openScanned();
                }}
                error={codeError}
                maw={420}
                size="sm"
              />
            </Paper>
            <InboundSection
              id="inbounds-pending"
              title={t('list.pending')}
              empty={t('list.pendingEmpty')}
              query={pending}
              columns={pendingColumns}
              page={state.pending}
              onPage={(p) => update({ pending: p })}
            />
            <InboundSection
              id="inbounds-checked-in"
              title={t('list.checkedIn')}
              empty={t('list.checkedInEmpty')}
              query={done}
              columns={doneColumns}
              page={state.done}
              onPage={(p) => update({ done: p })}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="items">
          {state.tab === 'items' ? (
            <PendingItemsReport
              page={state.items}
              onPage={(p) => update({ items: p })}
              mayPrint={canCall(role, { method: 'POST', path: '/inventory/pending_inventory_pdf' })}
            />
          ) : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** One list of inbounds under its heading, with its count, an empty text and its pager. */
function InboundSection(props: {
  id: string;
  title: string;
  empty: string;
  query: ReturnType<typeof useInboundList>;
  columns: DataColumn<InboundSummary>[];
  page: number;
  onPage: (page: number) => void;
}): ReactNode {
  const { t } = useTranslation('inbound');
  const { query } = props;
  return (
    <section aria-labelledby={`${props.id}-title`}>
      <Group gap="xs" mb="xs" align="baseline">
        <Title order={2} fz="lg" id={`${props.id}-title`}>
          {props.title}
        </Title>
        {query.data ? (
          <Text size="sm" c="dimmed">
            {t('list.count', { count: query.data.total })}
          </Text>
        ) : null}
      </Group>
      {query.isError ? (
        <ErrorBanner error={query.error} />
      ) : query.isPending ? (
        <PageLoader />
      ) : query.data.items.length === 0 ? (
        <Paper withBorder p="lg" ta="center" radius="md">
          <Text c="dimmed" size="sm">
            {props.empty}
          </Text>
        </Paper>
      ) : (
        <DataTable
          id={props.id}
          label={props.title}
          columns={props.columns}
          rows={query.data.items}
          rowKey={(i) => i.id}
          total={query.data.total}
          page={props.page}
          pageSize={INBOUNDS_PAGE_SIZE}
          onPageChange={props.onPage}
        />
      )}
    </section>
  );
}

/**
 * The columns of an inbound list, read from each inbound's summary (the list answers no items; issue 8): the expected
 * ones without a check-in time, the checked-in ones without a state.
 */
function inboundColumns(
  t: TFunction<'inbound'>,
  status: InboundSummary['status'],
): DataColumn<InboundSummary>[] {
  const columns: DataColumn<InboundSummary>[] = [
    {
      id: 'number',
      header: t('list.cols.number'),
      hideable: false,
      cell: (i) => (
        <>
          <Anchor
            component={Link}
            to={pathTo('checkinInventoryDetail', { id: i.id })}
            fw={600}
            style={{ whiteSpace: 'nowrap' }}
          >
            {i.inbound_number}
          </Anchor>
          <Text size="xs" c="dimmed">
            {i.org_name}
          </Text>
        </>
      ),
    },
    { id: 'type', header: t('list.cols.type'), cell: (i) => <Text size="sm">{t(`types.${i.type}`)}</Text> },
    {
      id: 'status',
      header: t('list.cols.status'),
      cell: (i) => <InboundProgressBadge progress={progressOfInbound(i)} />,
    },
    {
      id: 'expected',
      header: t('list.cols.expected'),
      cell: (i) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {i.expected_delivery ? formatDate(i.expected_delivery) : '—'}
        </Text>
      ),
    },
    {
      id: 'checked_in_at',
      header: t('list.cols.checkedInAt'),
      cell: (i) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {i.checked_in_at ? formatDateTime(i.checked_in_at) : '—'}
        </Text>
      ),
    },
    {
      id: 'products',
      header: t('list.cols.products'),
      cell: (i) => <ProductsCell inbound={i} />,
    },
    {
      id: 'pieces',
      header: t('list.cols.pieces'),
      cell: (i) => <PiecesCell checkedIn={i.pieces_checked_in} expected={i.pieces_expected} />,
    },
    {
      id: 'track_trace',
      header: t('list.cols.trackTrace'),
      cell: (i) => (
        <Text size="sm" ff="monospace" lineClamp={1} maw={200}>
          {i.track_trace}
        </Text>
      ),
    },
    {
      id: 'open',
      header: t('list.cols.open'),
      hiddenHeader: true,
      hideable: false,
      cell: (i) => (
        <Button
          component={Link}
          to={pathTo('checkinInventoryDetail', { id: i.id })}
          size="xs"
          variant="light"
          aria-label={t('list.openInbound', { number: i.inbound_number })}
        >
          {t('list.open')}
        </Button>
      ),
    },
  ];
  // An expected inbound has no check-in time yet; every checked-in one has the one state its section is named after
  // (core inboundProgress), so that list leaves the badge out and fits a 1280 px screen with its Open button.
  return columns.filter((c) => c.id !== (status === 'pending' ? 'checked_in_at' : 'status'));
}

/**
 * How many products an inbound brings and the first of their names ('Roggebrood · Jam, aardbei +3'), from its summary: the
 * names the list answers (core `INBOUND_SUMMARY_NAMES`), the rest counted.
 */
function ProductsCell({ inbound }: { inbound: InboundSummary }): ReactNode {
  const { t } = useTranslation('inbound');
  const more = inbound.product_count - inbound.product_names.length;
  const names = joinNames(inbound.product_names);
  return (
    <Stack gap={0} maw={240}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {t('list.productCount', { count: inbound.product_count })}
      </Text>
      {names ? (
        <Text size="xs" c="dimmed" lineClamp={1} title={names}>
          {more > 0 ? t('list.productNamesMore', { names, count: more }) : names}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Pieces checked in of expected, with a small bar. */
function PiecesCell({ checkedIn, expected }: { checkedIn: number; expected: number }): ReactNode {
  const pct = expected > 0 ? Math.min(100, (checkedIn / expected) * 100) : 0;
  return (
    <Stack gap={4} miw={110}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {checkedIn} / {expected}
      </Text>
      <Progress value={pct} size="xs" color={pct >= 100 ? 'green' : 'blue'} aria-hidden />
    </Stack>
  );
}

/** The announced products not fully received yet (spec 2 §7 `GET /pending-items-report`), with the tickets PDF. */
function PendingItemsReport({
  page,
  onPage,
  mayPrint,
}: {
  page: number;
  onPage: (page: number) => void;
  mayPrint: boolean;
}): ReactNode {
  const { t } = useTranslation('inbound');
  const report = usePendingItems(page);
  const tickets = usePendingTicketsPdf();
  const columns = useMemo<DataColumn<PendingItem>[]>(
    () => [
      {
        id: 'inbound',
        header: t('report.cols.inbound'),
        hideable: false,
        cell: (r) => (
          <Anchor component={Link} to={pathTo('checkinInventoryDetail', { id: r.inbound_id })} fw={600}>
            {r.inbound_number}
          </Anchor>
        ),
      },
      {
        id: 'product',
        header: t('report.cols.product'),
        cell: (r) => (
          <>
            <Text size="sm">{r.name}</Text>
            <Text size="xs" ff="monospace" c="dimmed">
              {r.ean}
            </Text>
          </>
        ),
      },
      {
        id: 'expected',
        header: t('report.cols.expected'),
        cell: (r) => <Text size="sm">{r.expected_delivery ? formatDate(r.expected_delivery) : '—'}</Text>,
      },
      {
        id: 'pieces_expected',
        header: t('report.cols.piecesExpected'),
        align: 'right',
        cell: (r) => r.pieces_expected,
      },
      {
        id: 'pieces_in',
        header: t('report.cols.piecesIn'),
        align: 'right',
        cell: (r) => r.pieces_checked_in,
      },
      {
        id: 'pieces_open',
        header: t('report.cols.open'),
        align: 'right',
        cell: (r) => <Text fw={600}>{r.pieces_open}</Text>,
      },
    ],
    [t],
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          {t('report.intro')}
        </Text>
        {mayPrint ? (
          <Button variant="default" onClick={() => tickets.mutate()} loading={tickets.isPending}>
            {t('report.tickets')}
          </Button>
        ) : null}
      </Group>
      <ErrorBanner error={tickets.error} />
      {report.isError ? (
        <ErrorBanner error={report.error} />
      ) : report.isPending ? (
        <PageLoader />
      ) : report.data.items.length === 0 ? (
        <Paper withBorder p="lg" ta="center" radius="md">
          <Text c="dimmed" size="sm">
            {t('report.empty')}
          </Text>
        </Paper>
      ) : (
        <DataTable
          id="inbound-pending-items"
          label={t('list.tabs.items')}
          columns={columns}
          rows={report.data.items}
          rowKey={(r) => r.item_id}
          total={report.data.total}
          page={page}
          pageSize={INBOUNDS_PAGE_SIZE}
          onPageChange={onPage}
        />
      )}
    </Stack>
  );
}

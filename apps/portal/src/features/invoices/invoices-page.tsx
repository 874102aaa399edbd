import {
  formatDate,
  formatDateTime,
  INVOICE_MAX_DAYS,
  type Invoice,
  type InvoiceOrder,
  previousMonthPeriod,
  STORAGE_TYPES,
} from '@hoppa/core';
import { locationTypeName } from '@hoppa/web';
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useProviderOrg } from '../../app/session.ts';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { DateField } from '../../components/date-field/date-field.tsx';
import { ErrorBanner, MutationError, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatMoney } from '../../lib/money.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { INVOICE_PAGE_SIZE, useExportInvoice, useInvoice } from './api/invoices.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UrlState = z.object({
  start: z.string().regex(DAY).optional().catch(undefined),
  end: z.string().regex(DAY).optional().catch(undefined),
  page: z.coerce.number().int().min(1).default(1).catch(1),
});

/** Whether a period is one the server takes: start not after end, at most {@link INVOICE_MAX_DAYS} days. */
function validPeriod(start: string, end: string): boolean {
  return start <= end && Date.parse(end) - Date.parse(start) < INVOICE_MAX_DAYS * 86_400_000;
}

/** One row of the cost table. */
interface CostRow {
  key: string;
  label: string;
  quantity: string;
  cents: number;
}

/** The cost table's rows (spec 3 §2 Invoices "cost table"): orders, surcharges, inbound surcharges, storage. */
function costRows(
  inv: Invoice,
  t: (k: string, o?: Record<string, unknown>) => string,
  typeName: (type: string) => string,
): CostRow[] {
  const orders = t('orders', { count: inv.orders_count });
  const rows: CostRow[] = [
    { key: 'fulfilment', label: t('fulfilment'), quantity: orders, cents: inv.total_fulfilment_cents },
    {
      key: 'method',
      label: t('shipmentMethods'),
      quantity: orders,
      cents: inv.total_used_shipment_method_cents,
    },
    { key: 'packaging', label: t('packaging'), quantity: orders, cents: inv.total_used_packaging_cents },
    ...inv.surcharges.map((s) => ({
      key: `s:${s.code}`,
      label: t('surcharge', { name: s.name, code: s.code }),
      quantity: t(`surchargeCounts.${s.type}`, { count: s.quantity, n: s.quantity.toLocaleString('nl-NL') }),
      cents: s.cents,
    })),
  ];
  if (inv.total_inbound_surcharge_cents !== 0 || inv.inbound_surcharges.length > 0)
    rows.push({
      key: 'inbound',
      label: t('inboundSurcharges'),
      quantity: String(inv.inbound_surcharges.length),
      cents: inv.total_inbound_surcharge_cents,
    });
  for (const s of inv.storage.by_type)
    rows.push({
      key: `st:${s.type}`,
      // Within the sentence ('Opslag halve doos'), so in lower case.
      label: t('storage', { type: typeName(s.type).toLocaleLowerCase() }),
      quantity: t('locationDays', {
        count: s.location_days,
        days: s.location_days.toLocaleString('nl-NL'),
        price: formatMoney(s.price_cents),
      }),
      cents: s.cents,
    });
  return rows;
}

/**
 * The narrowest the shipped-orders table gets before it scrolls sideways: below the settings column's width at a
 * 1440 px screen (about 880 px), so its nine columns wrap there and Total stays in view.
 */
const ORDERS_MIN_WIDTH = 760;

/**
 * /settings/invoices (spec 3 §2 Invoices; issue 16 item 4): a period (default the previous calendar month, spec 3 §9)
 * in the URL, the cost table (fulfilment, methods, packaging, surcharges per code, inbound surcharges, storage per
 * location type, the total; € in nl-NL notation), the shipped orders paged on the server, storage per day, the
 * inbound surcharges, and the export to Excel (made on the server: Orders, Storage, Product Locations, Product
 * Storage Summary).
 */
export function InvoicesPage(): ReactNode {
  const provider = useProviderOrg();
  const { t } = useTranslation('invoices');
  // The warehouse's own organisation ships nothing and stores nothing of its own: it is never invoiced. Its invoice
  // page would be a table of zeros, so it says how to reach a shop's invoice instead (ADR 0142).
  if (provider)
    return (
      <Stack gap="lg">
        <PageHeader title={t('title')} />
        <Alert color="blue" variant="light" icon={<Icon name="shops" />} data-testid="provider-invoice">
          {t('providerOrg', { org: provider.name })}
        </Alert>
      </Stack>
    );
  return <ShopInvoices />;
}

/** The invoice of a shop (the current organisation), as {@link InvoicesPage} describes it. */
function ShopInvoices(): ReactNode {
  const { t } = useTranslation('invoices');
  const typeName = (type: string) => locationTypeName(t, type);
  const [state, update] = useUrlState(UrlState);
  const fallback = useMemo(() => previousMonthPeriod(new Date()), []);
  const start = state.start ?? fallback.start;
  const end = state.end ?? fallback.end;
  const valid = validPeriod(start, end);
  const invoice = useInvoice(start, end, state.page, valid);
  const exportFile = useExportInvoice();
  const inv = valid ? invoice.data : undefined;
  const tt = t as unknown as (k: string, o?: Record<string, unknown>) => string;

  const orderColumns = useMemo<DataColumn<InvoiceOrder>[]>(
    () => [
      // The order number and the date and time each on one line: beside the settings column at 1280 px the table
      // is cramped and broke 'BB-F001' after 'BB-' and a date after its second hyphen.
      {
        id: 'order_id',
        header: t('order'),
        hideable: false,
        cell: (o) => <span style={{ whiteSpace: 'nowrap' }}>{o.order_id}</span>,
      },
      {
        id: 'shipped_at',
        header: t('shippedAt'),
        cell: (o) => {
          const [date, time] = formatDateTime(o.shipped_at).split(' ');
          return (
            <>
              <span style={{ whiteSpace: 'nowrap' }}>{date}</span>{' '}
              <span style={{ whiteSpace: 'nowrap' }}>{time}</span>
            </>
          );
        },
      },
      // Box and method in one column, the method under the box: as two columns the table was ~190 px wider than its
      // box beside the settings column at 1280 px in Dutch and scrolled Total out of view (ADR 0132 §5); both lines xs,
      // as 'Brievenbusdoos' in sm alone kept it ~8 px too wide.
      {
        id: 'box_method',
        header: t('boxMethod'),
        cell: (o) => (
          <>
            <Text size="xs">{o.box ?? t('none')}</Text>
            <Text size="xs" c="dimmed">
              {o.method ?? t('none')}
            </Text>
          </>
        ),
      },
      {
        id: 'fulfilment',
        header: t('fulfilmentShort'),
        align: 'right',
        cell: (o) => formatMoney(o.fulfilment_cents),
      },
      {
        id: 'method_cost',
        header: t('methodCost'),
        align: 'right',
        cell: (o) => formatMoney(o.shipment_method_cents),
      },
      {
        id: 'packaging',
        header: t('packaging'),
        align: 'right',
        cell: (o) => formatMoney(o.packaging_cents),
      },
      {
        id: 'surcharges',
        header: t('surcharges'),
        align: 'right',
        cell: (o) => (
          <span title={o.surcharges.map((s) => `${s.code} × ${s.quantity}`).join(', ')}>
            {formatMoney(o.surcharge_cents)}
          </span>
        ),
      },
      {
        id: 'total',
        header: t('total'),
        align: 'right',
        hideable: false,
        cell: (o) => <strong>{formatMoney(o.total_cents)}</strong>,
      },
    ],
    [t],
  );

  const storageTypes = inv
    ? [
        ...STORAGE_TYPES.filter((ty) => inv.storage.by_type.some((b) => b.type === ty)),
        ...inv.storage.by_type
          .map((b) => b.type)
          .filter((ty) => !(STORAGE_TYPES as readonly string[]).includes(ty)),
      ]
    : [];

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={inv ? t('description', { org: inv.org.name }) : undefined}
        actions={
          <Button
            leftSection={<Icon name="document" size={18} />}
            loading={exportFile.isPending}
            disabled={!valid}
            onClick={() =>
              exportFile.mutate(
                { start, end },
                { onSuccess: () => notifications.show({ message: t('exported'), color: 'green' }) },
              )
            }
          >
            {t('export')}
          </Button>
        }
      />
      <Group gap="sm" align="flex-end">
        <DateField
          label={t('from')}
          value={start}
          size="sm"
          w={150}
          onChange={(v) => update({ start: v, page: 1 })}
        />
        <DateField
          label={t('to')}
          value={end}
          size="sm"
          w={150}
          onChange={(v) => update({ end: v, page: 1 })}
        />
      </Group>
      <MutationError mutation={exportFile} />
      {!valid ? (
        <Alert color="orange">{t('badPeriod')}</Alert>
      ) : invoice.isError ? (
        <ErrorBanner error={invoice.error} />
      ) : !inv ? (
        <PageLoader />
      ) : (
        <>
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="lg" mb="sm">
              {t('costs')}
            </Title>
            <Table aria-label={t('costs')} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('item')}</Table.Th>
                  <Table.Th>{t('quantity')}</Table.Th>
                  <Table.Th ta="right">{t('amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {costRows(inv, tt, typeName).map((r) => (
                  <Table.Tr key={r.key}>
                    <Table.Td>{r.label}</Table.Td>
                    <Table.Td>{r.quantity}</Table.Td>
                    <Table.Td ta="right">{formatMoney(r.cents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>{t('total')}</Table.Th>
                  <Table.Th />
                  <Table.Th ta="right" data-testid="invoice-total">
                    {formatMoney(inv.total_cents)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Paper>

          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t('ordersTitle')}
            </Title>
            {inv.orders_count === 0 ? (
              <Text c="dimmed">{t('noOrders')}</Text>
            ) : (
              <DataTable
                id="invoice-orders"
                label={t('ordersTitle')}
                columns={orderColumns}
                rows={inv.orders.items}
                rowKey={(o) => o.id}
                total={inv.orders.total}
                page={state.page}
                pageSize={INVOICE_PAGE_SIZE}
                onPageChange={(page) => update({ page })}
                minWidth={ORDERS_MIN_WIDTH}
              />
            )}
          </Stack>

          {inv.inbound_surcharges.length > 0 ? (
            <Stack gap="xs">
              <Title order={2} fz="lg">
                {t('inboundTitle')}
              </Title>
              <Table aria-label={t('inboundTitle')} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('date')}</Table.Th>
                    <Table.Th>{t('inbound')}</Table.Th>
                    <Table.Th>{t('product')}</Table.Th>
                    <Table.Th>{t('descriptionCol')}</Table.Th>
                    <Table.Th ta="right">{t('quantity')}</Table.Th>
                    <Table.Th ta="right">{t('amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {inv.inbound_surcharges.map((l) => (
                    <Table.Tr key={`${l.item_id}-${l.position}`}>
                      <Table.Td>{formatDate(l.submitted_at)}</Table.Td>
                      <Table.Td>{l.inbound_number}</Table.Td>
                      <Table.Td>{l.product}</Table.Td>
                      <Table.Td>{l.description}</Table.Td>
                      <Table.Td ta="right">
                        {l.amount} × {formatMoney(l.cost_cents)}
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(l.cents)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          ) : null}

          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t('storageTitle')}
            </Title>
            <Table.ScrollContainer minWidth={640}>
              <Table aria-label={t('storageTitle')} striped stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('date')}</Table.Th>
                    <Table.Th ta="right">{t('inbounds')}</Table.Th>
                    <Table.Th ta="right">{t('outbounds')}</Table.Th>
                    <Table.Th ta="right">{t('transfers')}</Table.Th>
                    {storageTypes.map((ty) => (
                      <Table.Th key={ty} ta="right">
                        {typeName(ty)}
                      </Table.Th>
                    ))}
                    <Table.Th ta="right">{t('locations')}</Table.Th>
                    <Table.Th ta="right">{t('cost')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {inv.storage.storage.map((d) => (
                    <Table.Tr key={d.date}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(`${d.date}T12:00:00Z`)}
                      </Table.Td>
                      <Table.Td ta="right">{d.inbounds}</Table.Td>
                      <Table.Td ta="right">{d.outbounds}</Table.Td>
                      <Table.Td ta="right">{d.transfers}</Table.Td>
                      {storageTypes.map((ty) => (
                        <Table.Td key={ty} ta="right">
                          {d.by_type[ty] ?? 0}
                        </Table.Td>
                      ))}
                      <Table.Td ta="right">{d.total_locations}</Table.Td>
                      <Table.Td ta="right">{formatMoney(d.price_cents)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </>
      )}
    </Stack>
  );
}

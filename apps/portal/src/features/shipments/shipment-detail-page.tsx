import {
  addressFromShipmentDetails,
  addressLines,
  canCall,
  createOrderEndpoint,
  createReturnEndpoint,
  formatDate,
  formatDateTime,
  IdSchema,
  isOwnShipment,
  orderEditEndpoint,
  orderListDocumentEndpoint,
  orderNotesEndpoint,
  orderShippedEndpoint,
  type TrackingEvent,
} from '@hoppa/core';
import { orderPlatformName } from '@hoppa/web';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
  Tooltip,
} from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { PATHS, pathTo } from '../../app/paths.ts';
import { roleInForce, useSession } from '../../app/session.ts';
import { CarrierStatusIcons, eventIcon } from '../../components/carrier-status/carrier-status-icons.tsx';
import { ErrorBanner, QueryState } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { OrderAttachmentsPanel } from '../../components/order-attachments/order-attachments-panel.tsx';
import {
  type NotesEditorLabels,
  OrderNotesEditor,
} from '../../components/order-notes/order-notes-editor.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDownloadShipmentDocument } from './api/download-shipment-document.ts';
import { useMarkShipped, useOrderDocument } from './api/get-delivery.ts';
import { useShipment } from './api/get-shipments.ts';
import { OrderReturns } from './order-returns.tsx';
import {
  knownTrackingStatus,
  TRACKING_STATUS_COLOR,
  trackingEventShort,
  trackingEventText,
} from './shipments.rules.ts';

/**
 * Order detail of a shipment (/shipments/:id; spec 1 §2 Order detail): placed, shipped and delivered
 * dates, status icons from the distinct carrier event codes (A01, B01, J01, J05, I11 their own, others a default)
 * with the latest status in words beside them, track and trace with the carrier events and the tracking link per
 * carrier, the lines with EAN, quantity and storage location, the address, the note (editable), and the actions:
 * label, packing list (P), order list (O), create return, edit order (hidden when fulfilled by the provider; disabled
 * once shipped), and for the warehouse 'handed to carrier' and 'delivered' (`POST /order/shipped/{id}`).
 */
export function ShipmentDetailPage() {
  const { id = '' } = useParams();
  // Not a shipment's id, but what a merchant types or links (an order number, a Track & Trace code): the shipments
  // list searches it, so it shows the shipment(s) of that order or says none matches, instead of an id refusal.
  if (!IdSchema.safeParse(id).success) return <Navigate to={shipmentSearchPath(id)} replace />;
  return <ShipmentDetail id={id} />;
}

/** The shipments list searching `term` (its `search` in the URL, as the list's own search box sets it). */
function shipmentSearchPath(term: string): string {
  return `${PATHS.shipments}?${new URLSearchParams({ search: term.trim() })}`;
}

function ShipmentDetail({ id }: { id: string }) {
  const { t } = useTranslation('shipments');
  const query = useShipment(id);
  const download = useDownloadShipmentDocument();
  const orderDoc = useOrderDocument();
  const mark = useMarkShipped();
  const [notesOpen, setNotesOpen] = useState(false);
  const statusLabelId = useId();
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  const may = {
    orderList: canCall(role, orderListDocumentEndpoint),
    notes: canCall(role, orderNotesEndpoint),
    edit: canCall(role, orderEditEndpoint),
    mark: canCall(role, orderShippedEndpoint),
    resend: canCall(role, createOrderEndpoint),
    createReturn: canCall(role, createReturnEndpoint),
  };

  return (
    <QueryState query={query}>
      {(s) => {
        const a = s.address;
        // Printed as the label and packing slip print it (core common/address.ts).
        const lines = addressLines(addressFromShipmentDetails(a as Record<string, unknown>));
        return (
          <Stack gap="md">
            <Anchor component={Link} to={PATHS.shipments} size="sm">
              ← {t('detail.back')}
            </Anchor>
            <PageHeader
              title={t('detail.title', { order: s.order_id })}
              description={`${s.org_name} · ${orderPlatformName(t, s.platform)}`}
              actions={
                <>
                  {/* An own shipment ('Eigen verzendwijze') has no label of ours, only the packing slip (ADR 0044). */}
                  {!isOwnShipment(s.method_code) && (
                    <Button
                      onClick={() => download.mutate({ id: s.id, orderNumber: s.order_id, doc: 'label' })}
                      loading={download.isPending && download.variables?.doc === 'label'}
                    >
                      {t('detail.downloadLabel')}
                    </Button>
                  )}
                  <Button
                    variant="default"
                    onClick={() =>
                      download.mutate({ id: s.id, orderNumber: s.order_id, doc: 'packing_slip' })
                    }
                    loading={download.isPending && download.variables?.doc === 'packing_slip'}
                  >
                    {t('detail.downloadPackingList')}
                  </Button>
                  {may.orderList && (
                    <Button
                      variant="default"
                      onClick={() =>
                        orderDoc.mutate({ orderId: s.order__id, orderNumber: s.order_id, doc: 'order_list' })
                      }
                      loading={orderDoc.isPending}
                    >
                      {t('detail.downloadOrderList')}
                    </Button>
                  )}
                  {may.createReturn && (
                    <Button
                      component={Link}
                      // The wizard's way back is this shipment, not the list (?shipment=, ReturnWizardPage).
                      to={`${pathTo('returnCreate', { id: s.order__id })}?shipment=${encodeURIComponent(s.id)}`}
                      variant="light"
                    >
                      {t('detail.createReturn')}
                    </Button>
                  )}
                  {may.resend && (
                    <Button
                      component={Link}
                      to={`${PATHS.newOrder}?resend=${encodeURIComponent(s.order__id)}`}
                      variant="light"
                    >
                      {t('detail.resend')}
                    </Button>
                  )}
                  {may.notes && (
                    <Button
                      variant="light"
                      leftSection={<Icon name="note" size={16} />}
                      onClick={() => setNotesOpen(true)}
                    >
                      {t('detail.editNote')}
                    </Button>
                  )}
                  {may.edit && !s.is_fulfilled_by_sf && (
                    <Tooltip label={t('detail.editShipped')}>
                      {/* A shipped order is past editing (ADR 0041); the action stays visible, disabled, with why. */}
                      <Button variant="light" disabled leftSection={<Icon name="edit" size={16} />}>
                        {t('detail.edit')}
                      </Button>
                    </Tooltip>
                  )}
                </>
              }
            />
            <ErrorBanner error={download.error ?? orderDoc.error ?? mark.error} />
            <Paper withBorder p="md" radius="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <section aria-labelledby={statusLabelId}>
                  <Text id={statusLabelId} size="xs" c="dimmed" tt="uppercase" fw={700} mb={6}>
                    {t('detail.statusIcons')}
                  </Text>
                  <Group gap="sm" wrap="wrap">
                    <CarrierStatusIcons
                      events={s.events.map((e) => ({ code: e.code, description: trackingEventText(t, e) }))}
                      size={36}
                    />
                    <LatestStatus event={s.latest_status ?? s.events.at(-1) ?? null} />
                  </Group>
                </section>
                <Group gap="sm">
                  {s.tracking_url ? (
                    <Button
                      component="a"
                      href={s.tracking_url}
                      target="_blank"
                      rel="noreferrer"
                      variant="outline"
                      leftSection={<Icon name="truck" size={16} />}
                    >
                      {t('detail.trackingLink')}
                    </Button>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('detail.noTrackingLink')}
                    </Text>
                  )}
                  {may.mark && !s.handed_over_at && (
                    <Button
                      variant="light"
                      loading={mark.isPending && mark.variables?.status === 'handed_over'}
                      onClick={() => mark.mutate({ orderId: s.order__id, status: 'handed_over' })}
                    >
                      {t('detail.markHandedOver')}
                    </Button>
                  )}
                  {may.mark && !s.delivered_at && (
                    <Button
                      variant="light"
                      color="green"
                      loading={mark.isPending && mark.variables?.status === 'delivered'}
                      onClick={() => mark.mutate({ orderId: s.order__id, status: 'delivered' })}
                    >
                      {t('detail.markDelivered')}
                    </Button>
                  )}
                </Group>
              </Group>
            </Paper>
            {notesOpen && (
              <OrderNotesEditor
                opened
                onClose={() => setNotesOpen(false)}
                orderId={s.order__id}
                initial={{ text: s.notes_text, color: s.notes_color, notify: false }}
                labels={t('notesEditor', { returnObjects: true }) as NotesEditorLabels}
              />
            )}
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
              <Paper withBorder p="md" radius="md">
                <Title order={2} fz="md" mb="xs">
                  {t('detail.dates')}
                </Title>
                <Fact label={t('detail.placed')} value={formatDateTime(s.placed_at)} />
                <Fact label={t('detail.shipped')} value={formatDateTime(s.shipped_at)} />
                <Fact
                  label={t('detail.delivered')}
                  value={
                    s.delivered_at
                      ? formatDateTime(s.delivered_at)
                      : // Only a label so far (the list's 'not sorted'): not yet on the way, as 'handed over' says.
                        s.delivery_group === 'not_sorted' && !s.handed_over_at
                        ? t('detail.notDeliveredYet')
                        : t('detail.notDelivered')
                  }
                />
                <Fact
                  label={t('detail.handedOver')}
                  value={s.handed_over_at ? formatDateTime(s.handed_over_at) : t('detail.notHandedOver')}
                />
                {s.delivery_at && <Fact label={t('detail.deliverBy')} value={formatDate(s.delivery_at)} />}
                {s.shipped_by && <Fact label={t('detail.shippedBy')} value={s.shipped_by} />}
              </Paper>
              <Paper withBorder p="md" radius="md">
                <Title order={2} fz="md" mb="xs">
                  {t('detail.tracking')}
                </Title>
                <Fact label={t('detail.method')} value={s.method_name} />
                <Text size="sm" ff="monospace" fw={600}>
                  {s.tracking_url ? (
                    <Anchor href={s.tracking_url} target="_blank" rel="noreferrer">
                      {s.tracking_number}
                    </Anchor>
                  ) : (
                    s.tracking_number
                  )}
                </Text>
                <Fact label={t('detail.labels')} value={String(s.label_quantity)} />
                {s.marketplace_confirmation && (
                  // The confirmation owed to bol.com for a bol order (ADR 0045): done, being retried, or given up.
                  <Stack gap={0}>
                    <Fact
                      label={t('detail.bolConfirmation')}
                      value={t(`detail.bolStatus.${s.marketplace_confirmation.status}`, {
                        when: formatDateTime(
                          s.marketplace_confirmation.confirmed_at ??
                            s.marketplace_confirmation.next_attempt_at,
                        ),
                        count: s.marketplace_confirmation.attempts,
                      })}
                    />
                    {s.marketplace_confirmation.status !== 'confirmed' &&
                      s.marketplace_confirmation.last_error && (
                        <Text size="xs" c="red.8">
                          {s.marketplace_confirmation.last_error}
                        </Text>
                      )}
                  </Stack>
                )}
                {s.events.length === 0 ? (
                  <Text size="sm" c="dimmed" mt="xs">
                    {t('detail.noEvents')}
                  </Text>
                ) : (
                  <Timeline active={s.events.length - 1} bulletSize={22} lineWidth={2} mt="sm">
                    {s.events.map((e) => (
                      <Timeline.Item
                        key={`${e.code}-${e.at}`}
                        bullet={<Icon name={eventIcon(e.code).icon} size={13} />}
                        title={<Text size="sm">{trackingEventText(t, e)}</Text>}
                      >
                        <Text size="xs" c="dimmed">
                          {e.code} · {formatDateTime(e.at)}
                        </Text>
                      </Timeline.Item>
                    ))}
                  </Timeline>
                )}
              </Paper>
              <Paper withBorder p="md" radius="md">
                <Title order={2} fz="md" mb="xs">
                  {t('detail.address')}
                </Title>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {lines.join('\n')}
                </Text>
                {(a.email || a.phone) && (
                  <Text size="xs" c="dimmed" mt="xs">
                    {[a.email, a.phone].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </Paper>
            </SimpleGrid>
            <OrderReturns orderNumber={s.order_id} />
            <OrderAttachmentsPanel
              orderId={s.order__id}
              // Every order here has shipped, and the API refuses attachments for a shipped order (409
              // `order_shipped`): its instructions would reach no packer. The list and its downloads stay.
              canUpload={false}
              labels={{
                title: t('attachments.title'),
                none: t('attachments.none'),
                file: t('attachments.file'),
                size: t('attachments.size'),
                instruction: t('attachments.instruction'),
                upload: t('attachments.upload'),
                uploaded: t('attachments.uploaded'),
                files: t('attachments.files'),
                filesPlaceholder: t('attachments.filesPlaceholder'),
                instructions: t('attachments.instructions'),
                hint: t('attachments.hint'),
              }}
            />
            {s.notes_text && (
              <Alert color={s.notes_color ?? 'gray'} title={t('detail.notes')}>
                {s.notes_text}
              </Alert>
            )}
            <Paper withBorder p="md" radius="md">
              <Title order={2} fz="md" mb="xs">
                {t('detail.products')}
              </Title>
              <Table striped aria-label={t('detail.products')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('detail.product')}</Table.Th>
                    <Table.Th>{t('detail.ean')}</Table.Th>
                    <Table.Th ta="right">{t('detail.quantity')}</Table.Th>
                    <Table.Th>{t('detail.location')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.lines.map((l) => (
                    <Table.Tr key={l.id}>
                      <Table.Td>{l.title}</Table.Td>
                      <Table.Td ff="monospace">{l.ean}</Table.Td>
                      <Table.Td ta="right">{l.quantity}</Table.Td>
                      <Table.Td>
                        {l.location ? (
                          <Badge variant="light" tt="none">
                            {l.location}
                          </Badge>
                        ) : (
                          t('detail.noLocation')
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          </Stack>
        );
      }}
    </QueryState>
  );
}

/**
 * The latest carrier status in words beside the status icons: the shipments list's short label in its colour, the
 * whole sentence and the time in the hover text; a status this portal has no words for in the carrier's own words.
 */
function LatestStatus({ event }: { event: Pick<TrackingEvent, 'status' | 'description' | 'at'> | null }) {
  const { t } = useTranslation('shipments');
  if (!event) return null;
  const status = knownTrackingStatus(event.status);
  const title = t('statusTitle', { status: trackingEventText(t, event), date: formatDateTime(event.at) });
  return status ? (
    <Badge size="lg" variant="light" color={TRACKING_STATUS_COLOR[status]} tt="none" title={title}>
      {trackingEventShort(t, event)}
    </Badge>
  ) : (
    <Text size="sm" title={title}>
      {event.description}
    </Text>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
}

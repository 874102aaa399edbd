import {
  ApiError,
  addInboundItemEndpoint,
  canCall,
  deleteInboundItemEndpoint,
  editInboundEndpoint,
  formatDate,
  formatDateTime,
  type Inbound,
  type InboundItem,
  inboundEmailEndpoint,
} from '@hoppa/core';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Modal,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PATHS, pathTo } from '../../app/paths.ts';
import { roleInForce, useSession } from '../../app/session.ts';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { InboundProgressBadge, progressOfInbound } from '../../components/inbound-progress-badge.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatMoney } from '../../lib/money.ts';
import { useAddInboundItem, useDeleteInboundItem, useSendInboundEmail } from './api/change-inbound.ts';
import { useInbound } from './api/get-inbounds.ts';
import { inboundDocumentUrl, inboundImageUrl } from './api/inbound-documents.ts';
import { eurToCents } from './inbound.rules.ts';
import { Fact } from './inbound-parts.tsx';
import { ProductAddForm } from './product-add-form.tsx';

/**
 * Inbound details (/checkin_inventory/{id}; spec 2 §2 Inbound lists 'inbound details with items', Inventory products
 * per inbound, §4, §9): the status from announced to checked in with the pieces counted so far; the items with
 * boxes, items per box, expected and checked-in pieces, boxes in (pieces ÷ per box), batch and expiry; the extra
 * work per item in euro with its total; the information; the QR label and inventory ticket PDFs (opened in a new
 * tab to print) and the check-in summary mail. While pending the merchant may add a product ('Zoek op EAN / naam'
 * … 'Product toevoegen') and delete an item nothing of which is checked in, and edit the information. An unknown id
 * answers 'Geen inbound item gevonden' / 'Inbound met ID: {id} bestaat niet' (spec 2 §8).
 */
export function InboundDetailPage(): ReactNode {
  const { id = '' } = useParams();
  const { t } = useTranslation('inbound');
  const query = useInbound(id);
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))
      return (
        <Stack gap="md">
          <Anchor component={Link} to={PATHS.checkinInventory} size="sm">
            ← {t('detail.back')}
          </Anchor>
          <Alert color="red" variant="light" title={t('detail.notFoundTitle')} role="alert">
            {t('detail.notFound', { id })}
          </Alert>
        </Stack>
      );
    return <ErrorBanner error={query.error} />;
  }
  if (query.isPending) return <PageLoader />;
  return <Detail inbound={query.data} />;
}

function Detail({ inbound }: { inbound: Inbound }): ReactNode {
  const { t } = useTranslation('inbound');
  const location = useLocation();
  const flash = location.state as { created?: string; saved?: string } | null;
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  const pending = inbound.status === 'pending';
  const email = useSendInboundEmail();
  const add = useAddInboundItem(inbound.id);
  const [adding, setAdding] = useState(false);
  const may = {
    edit: pending && canCall(role, editInboundEndpoint),
    add: pending && canCall(role, addInboundItemEndpoint),
    delete: pending && canCall(role, deleteInboundItemEndpoint),
    email: canCall(role, inboundEmailEndpoint),
  };
  const by = inbound.created_by
    ? `${inbound.created_by.first_name} ${inbound.created_by.family_name}`.trim()
    : '';

  return (
    <Stack gap="md">
      <Anchor component={Link} to={PATHS.checkinInventory} size="sm">
        ← {t('detail.back')}
      </Anchor>
      <PageHeader
        title={t('detail.title', { number: inbound.inbound_number })}
        description={
          <>
            {t(`types.${inbound.type}`)} · {inbound.org_name} ·{' '}
            {by
              ? t('detail.created', { date: formatDateTime(inbound.created_at), name: by })
              : t('detail.createdNoName', { date: formatDateTime(inbound.created_at) })}
          </>
        }
        actions={
          <>
            <Button
              component="a"
              href={inboundDocumentUrl('qr', inbound.id)}
              target="_blank"
              rel="noopener"
              leftSection={<Icon name="scan" size={16} />}
            >
              {t('detail.qr')}
            </Button>
            <Button
              component="a"
              href={inboundDocumentUrl('ticket', inbound.id)}
              target="_blank"
              rel="noopener"
              variant="default"
            >
              {t('detail.ticket')}
            </Button>
            {may.email ? (
              <Button
                variant="default"
                leftSection={<Icon name="mail" size={16} />}
                loading={email.isPending}
                onClick={() => email.mutate(inbound.id)}
              >
                {t('detail.email')}
              </Button>
            ) : null}
          </>
        }
      />
      {flash?.created ? (
        <Alert color="green" variant="light" data-testid="inbound-created">
          {t('wizard.created', { number: flash.created })}
        </Alert>
      ) : null}
      {flash?.saved ? (
        <Alert color="green" variant="light" role="status">
          {t('edit.saved', { number: flash.saved })}
        </Alert>
      ) : null}
      {email.isSuccess ? (
        <Alert color="green" variant="light" role="status" withCloseButton onClose={() => email.reset()}>
          {t('detail.emailSent', { email: inbound.contact_person_email })}
        </Alert>
      ) : null}
      <ErrorBanner error={email.error} />
      {!pending ? (
        <Alert color="gray" variant="light" icon={<Icon name="check" size={18} />}>
          {t('detail.readOnly')}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <StatusCard inbound={inbound} />
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" mb="xs">
            <Title order={2} fz="md">
              {t('detail.information')}
            </Title>
            {may.edit ? (
              <Button
                component={Link}
                to={pathTo('overviewCheckin', { id: inbound.id })}
                size="xs"
                variant="light"
              >
                {t('detail.edit')}
              </Button>
            ) : null}
          </Group>
          <Fact label={t('info.contact_person')} value={inbound.contact_person} />
          <Fact label={t('info.contact_person_email')} value={inbound.contact_person_email} />
          <Fact label={t('info.phone')} value={inbound.phone} />
          <Fact label={t('info.track_trace')} value={inbound.track_trace} />
          <Fact
            label={t('info.expected_delivery')}
            value={inbound.expected_delivery ? formatDate(inbound.expected_delivery) : '—'}
          />
          <Fact label={t('info.shipping_address')} value={inbound.shipping_address} />
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="xs">
          <Title order={2} fz="md">
            {t('detail.items')}
          </Title>
          {may.add ? (
            <Button
              size="xs"
              variant={adding ? 'default' : 'light'}
              leftSection={adding ? undefined : <Icon name="plus" size={14} />}
              onClick={() => {
                setAdding(!adding);
                add.reset();
              }}
            >
              {adding ? t('detail.closeAdd') : t('detail.addProduct')}
            </Button>
          ) : null}
        </Group>
        {adding && may.add ? (
          <Paper withBorder p="md" radius="md" mb="md" bg="gray.0">
            <ProductAddForm
              orgId={inbound.org_id}
              confirm
              pending={add.isPending}
              error={add.error}
              onAdd={(item) =>
                add.mutateAsync({
                  product_id: item.product.id,
                  units: item.units,
                  packed_per: item.packed_per,
                  batch_nr: item.batch_nr,
                  expiration_date: item.expiration_date,
                })
              }
            />
          </Paper>
        ) : null}
        <ItemsTable inbound={inbound} mayDelete={may.delete} />
      </Paper>
      <Surcharges inbound={inbound} />
      <ItemNotes inbound={inbound} />
    </Stack>
  );
}

/** From announced to checked in (spec 2 §4 Inbound), with the pieces counted of those expected. */
function StatusCard({ inbound }: { inbound: Inbound }): ReactNode {
  const { t } = useTranslation('inbound');
  const done = inbound.status === 'checked_in';
  const pct =
    inbound.pieces_expected > 0
      ? Math.min(100, (inbound.pieces_checked_in / inbound.pieces_expected) * 100)
      : 0;
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          {t('detail.progress')}
        </Title>
        <InboundProgressBadge progress={progressOfInbound(inbound)} testId="inbound-progress" />
      </Group>
      {/* Top to bottom: side by side the three steps and their dates do not fit the half-wide card (1280 px: the
          third wrapped under the first; ADR 0142). */}
      <Stepper
        active={done ? 3 : 1}
        size="xs"
        orientation="vertical"
        allowNextStepsSelect={false}
        aria-label={t('detail.progress')}
      >
        <Stepper.Step label={t('detail.announced')} description={formatDate(inbound.created_at)} />
        <Stepper.Step
          label={t('detail.arriving')}
          description={
            inbound.expected_delivery
              ? t('detail.expectedOn', { date: formatDate(inbound.expected_delivery) })
              : ''
          }
        />
        <Stepper.Step
          label={t('detail.checkedIn')}
          description={inbound.checked_in_at ? formatDate(inbound.checked_in_at) : ''}
        />
      </Stepper>
      <Text size="sm" mt="md" data-testid="pieces-progress">
        {t('detail.piecesIn', { in: inbound.pieces_checked_in, expected: inbound.pieces_expected })}
      </Text>
      <Progress value={pct} mt={6} color={done ? 'green' : 'blue'} aria-hidden />
      {done && inbound.pieces_checked_in !== inbound.pieces_expected ? (
        // Closed with a difference: the badge says 'checked in', so say what did not arrive (or came extra).
        <Text size="sm" c="orange.9" mt="xs" data-testid="pieces-difference">
          {inbound.pieces_checked_in < inbound.pieces_expected
            ? t('detail.piecesFewer', { count: inbound.pieces_expected - inbound.pieces_checked_in })
            : t('detail.piecesMore', { count: inbound.pieces_checked_in - inbound.pieces_expected })}
        </Text>
      ) : null}
      {done && inbound.checked_in_at ? (
        <Text size="xs" c="dimmed" mt="xs">
          {t('detail.checkedInOn', { date: formatDateTime(inbound.checked_in_at) })}
        </Text>
      ) : null}
    </Paper>
  );
}

/** The items with their counts (spec 2 §9: boxes in = pieces checked in ÷ packed per), and delete while allowed. */
function ItemsTable({ inbound, mayDelete }: { inbound: Inbound; mayDelete: boolean }): ReactNode {
  const { t } = useTranslation('inbound');
  const remove = useDeleteInboundItem(inbound.id);
  const [asked, setAsked] = useState<InboundItem | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  if (inbound.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('detail.noItems')}
      </Text>
    );
  return (
    <>
      {removed ? (
        <Alert color="green" variant="light" mb="sm" withCloseButton onClose={() => setRemoved(null)}>
          {t('detail.deleted', { name: removed })}
        </Alert>
      ) : null}
      <ErrorBanner error={remove.error} serverMessageFor={[409]} />
      {/* At 1280 px the table fits its card: the two-word headers may wrap and a row's delete is an icon (a
          sideways scroll hid Extra werk and Verwijderen). */}
      <Table.ScrollContainer minWidth={860}>
        <Table striped aria-label={t('detail.items')} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('detail.cols.product')}</Table.Th>
              <Table.Th ta="right">{t('detail.cols.boxesTimes')}</Table.Th>
              <Table.Th ta="right">{t('detail.cols.expected')}</Table.Th>
              <Table.Th ta="right">{t('detail.cols.checkedIn')}</Table.Th>
              <Table.Th ta="right">{t('detail.cols.boxesIn')}</Table.Th>
              <Table.Th>{t('detail.cols.batch')}</Table.Th>
              <Table.Th>{t('detail.cols.expiry')}</Table.Th>
              <Table.Th>{t('detail.cols.status')}</Table.Th>
              <Table.Th ta="right">{t('detail.cols.extra')}</Table.Th>
              {mayDelete ? <Table.Th /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inbound.items.map((i) => (
              <Table.Tr key={i.id} aria-label={i.product.name}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={pathTo('inboundItemDetail', { id: i.id })}
                    size="sm"
                    fw={500}
                    aria-label={t('detail.itemDetails', { name: i.product.name })}
                  >
                    {i.product.name}
                  </Anchor>
                  <Text size="xs" ff="monospace" c="dimmed">
                    {i.product.ean}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {t('detail.boxesTimes', { units: i.units, per: i.packed_per })}
                </Table.Td>
                <Table.Td ta="right">{i.pieces_expected}</Table.Td>
                <Table.Td ta="right" fw={600} c={i.pieces_checked_in > 0 ? undefined : 'dimmed'}>
                  {i.pieces_checked_in}
                </Table.Td>
                <Table.Td ta="right">{i.boxes_checked_in}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{i.batch_nr ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {i.expiration_date ? formatDate(i.expiration_date.slice(0, 10)) : '—'}
                </Table.Td>
                <Table.Td>
                  <InboundProgressBadge progress={progressOfInbound(i)} />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {i.surcharges.length ? formatMoney(eurToCents(i.surcharge_total_eur)) : '—'}
                </Table.Td>
                {mayDelete ? (
                  <Table.Td ta="right">
                    {i.status === 'pending' && i.pieces_checked_in === 0 ? (
                      <Tooltip label={t('detail.deleteConfirm')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('detail.delete', { name: i.product.name })}
                          onClick={() => setAsked(i)}
                        >
                          <Icon name="trash" size={16} />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={asked !== null} onClose={() => setAsked(null)} title={t('detail.deleteTitle')} centered>
        {asked ? (
          <Stack>
            <Text size="sm">
              {t('detail.deleteBody', {
                name: asked.product.name,
                pieces: asked.pieces_expected,
                number: inbound.inbound_number,
              })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsked(null)}>
                {t('detail.deleteCancel')}
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(asked.id, {
                    onSuccess: () => {
                      setRemoved(asked.product.name);
                      setAsked(null);
                    },
                    onError: () => setAsked(null),
                  })
                }
              >
                {t('detail.deleteConfirm')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}

/**
 * What the warehouse wrote and photographed per item while counting (spec 2 §2 Inbound item detail: notes, package
 * closed, damage photos): shown to the merchant once there is any; each photo opens full size in a new tab.
 */
function ItemNotes({ inbound }: { inbound: Inbound }): ReactNode {
  const { t } = useTranslation('inbound');
  const items = inbound.items.filter((i) => i.notes || i.images.length > 0 || i.package_closed);
  if (items.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="inbound-notes">
      <Title order={2} fz="md" mb="xs" id="inbound-notes">
        {t('detail.notesTitle')}
      </Title>
      <Stack gap="md">
        {items.map((i) => (
          <div key={i.id} data-testid="inbound-item-notes">
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {i.product.name}
              </Text>
              {i.package_closed ? (
                <Badge size="sm" variant="light" color="gray">
                  {t('detail.packageClosed')}
                </Badge>
              ) : null}
            </Group>
            {i.notes ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {i.notes}
              </Text>
            ) : null}
            {i.images.length > 0 ? (
              <Group gap="xs" mt={6}>
                {i.images.map((img, n) => (
                  <Anchor key={img.id} href={inboundImageUrl(i.id, img.id)} target="_blank" rel="noreferrer">
                    <Image
                      src={inboundImageUrl(i.id, img.id)}
                      alt={t('detail.photo', { name: i.product.name, n: n + 1 })}
                      w={96}
                      h={96}
                      fit="cover"
                      radius="sm"
                      loading="lazy"
                    />
                  </Anchor>
                ))}
              </Group>
            ) : null}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/** The extra work on the items (spec 2 §5 Surcharge, §9 'Surcharge total = cost times amount in euro'). */
function Surcharges({ inbound }: { inbound: Inbound }): ReactNode {
  const { t } = useTranslation('inbound');
  const lines = inbound.items.flatMap((i) =>
    i.surcharges.map((s, n) => ({ item: i, s, key: `${i.id}-${n}` })),
  );
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="md" mb="xs">
        {t('detail.surcharges')}
      </Title>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('detail.noSurcharges')}
        </Text>
      ) : (
        <Table aria-label={t('detail.surcharges')}>
          <Table.Tbody>
            {lines.map(({ item, s, key }) => (
              <Table.Tr key={key}>
                <Table.Td>
                  <Text size="sm">{s.description}</Text>
                  <Text size="xs" c="dimmed">
                    {item.product.name}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" c="dimmed">
                  {t('detail.surchargeLine', { amount: s.amount, cost: formatMoney(s.cost_cents) })}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(s.cost_cents * s.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={2}>{t('detail.surchargeTotal')}</Table.Th>
              <Table.Th ta="right" data-testid="surcharge-total">
                {formatMoney(eurToCents(inbound.surcharge_total_eur))}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
    </Paper>
  );
}

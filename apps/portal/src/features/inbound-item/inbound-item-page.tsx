import {
  ApiError,
  addSurchargeEndpoint,
  canCall,
  editInboundItemCheckinEndpoint,
  findLocationsEndpoint,
  formatDate,
  formatDateTime,
  type InboundItem,
  locationReservation,
  placeInboundItemEndpoint,
  reservedTextOptions,
  submitInboundItemEndpoint,
} from '@hoppa/core';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PATHS, pathTo } from '../../app/paths.ts';
import { roleInForce, useSession } from '../../app/session.ts';
import { DATE_FIELD_FORMAT, parseDateField } from '../../components/date-field/date-field.rules.ts';
import { DateInput } from '../../components/dates.ts';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatMoney, parseMoney } from '../../lib/money.ts';
import { type ItemChange, itemImageUrl, useInboundItem, useInboundOfItem, useItemChange } from './api.ts';

/** Pieces still to come of an item (spec 2 §2 'in-transit'): expected less checked in, never below 0. */
export function stillToCome(item: Pick<InboundItem, 'pieces_expected' | 'pieces_checked_in'>): number {
  return Math.max(0, item.pieces_expected - item.pieces_checked_in);
}

/**
 * The inbound item detail at the desk (issue 10; spec 2 §2 Inbound item detail `/inbound/item/{id}`, §5, §8): the
 * product, the inbound's client and contact, expected / delivered / still-to-come pieces and boxes; for warehouse
 * staff while the item is pending: the location finder (find 1–10, drop one, drop all), placing counted pieces on a
 * reserved location, extra work with its euro total, damage photos, notes, batch, expiry and
 * package closed saved on blur, and Confirm, which submits the item and returns to `/checkin_inventory`. Every answer
 * replaces the item on screen. The same work offline on a handheld is the floor app's Check-in task.
 */
export function InboundItemPage(): ReactNode {
  const { t } = useTranslation('inboundItem');
  const { id = '' } = useParams();
  const item = useInboundItem(id);
  if (item.isPending) return <Text role="status">{t('loading')}</Text>;
  if (item.isError) {
    const missing = item.error instanceof ApiError && item.error.status === 404;
    return missing ? (
      <Alert color="yellow" title={t('notFound')}>
        {item.error.message}
      </Alert>
    ) : (
      <ErrorBanner error={item.error} />
    );
  }
  return <Detail item={item.data} />;
}

function Detail({ item }: { item: InboundItem }): ReactNode {
  const { t } = useTranslation('inboundItem');
  const navigate = useNavigate();
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  const change = useItemChange(item.id);
  const [notice, setNotice] = useState<string | null>(null);
  const pending = item.status === 'pending' && item.inbound_status === 'pending';
  const may = {
    place: pending && canCall(role, placeInboundItemEndpoint),
    find: pending && canCall(role, findLocationsEndpoint),
    edit: pending && canCall(role, editInboundItemCheckinEndpoint),
    extra: pending && canCall(role, addSurchargeEndpoint),
    submit: pending && canCall(role, submitInboundItemEndpoint),
  };
  const send = (c: ItemChange, done?: string) =>
    change.mutateAsync(c).then(
      (answer) => {
        setNotice(done ?? null);
        return answer;
      },
      () => null,
    );
  const short = stillToCome(item);

  return (
    <Stack gap="md">
      <Anchor component={Link} to={pathTo('checkinInventoryDetail', { id: item.inbound_id })} size="sm">
        ← {t('back', { number: item.inbound_number })}
      </Anchor>
      <PageHeader
        title={t('title', { name: item.product.name })}
        description={t('subtitle', {
          ean: item.product.ean,
          bsku: item.product.bsku ? ` · ${item.product.bsku}` : '',
          org: item.org_name,
          number: item.inbound_number,
        })}
        actions={
          <Group gap="xs">
            <Badge color={item.status === 'pending' ? 'orange' : 'green'} variant="light" size="lg">
              {t(`status.${item.status}`)}
            </Badge>
            {may.place ? (
              <Button
                component="a"
                variant="default"
                href={`/floor/inbound?inbound=${item.inbound_id}&item=${item.id}`}
              >
                {t('floor')}
              </Button>
            ) : null}
          </Group>
        }
      />
      {!pending ? (
        <Alert color="gray" variant="light">
          {t('readOnly')}
        </Alert>
      ) : null}
      {notice ? (
        <Alert color="green" variant="light" withCloseButton onClose={() => setNotice(null)} role="status">
          {notice}
        </Alert>
      ) : null}
      <ErrorBanner
        error={change.error}
        serverMessageFor={[400, 404, 409]}
        messages={{
          location_quarantine: t('quarantineRefused'),
          // The bin, and what it is kept for when the shop is the caller's (ADR 0142).
          location_reserved: t('reservedRefused', reservedTextOptions(locationReservation(change.error))),
        }}
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Count label={t('counts.expected')} value={item.pieces_expected} testId="item-expected" />
        <Count label={t('counts.delivered')} value={item.pieces_checked_in} testId="item-delivered" />
        <Count label={t('counts.transit')} value={short} testId="item-transit" />
        <Count
          label={t('counts.boxes')}
          value={item.boxes_checked_in}
          hint={t('counts.per', { units: item.units, per: item.packed_per })}
          testId="item-boxes"
        />
      </SimpleGrid>
      <Client item={item} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Finder item={item} may={may} send={send} />
        {may.place ? <Place item={item} send={send} /> : <Transfers item={item} />}
      </SimpleGrid>
      {may.place ? <Transfers item={item} /> : null}
      <Details item={item} editable={may.edit} send={send} />
      <Extra item={item} editable={may.extra} send={send} />
      <Photos item={item} editable={may.edit} send={send} />
      {may.submit ? (
        <Group justify="flex-end">
          <Button
            size="md"
            loading={change.isPending && change.variables?.kind === 'submit'}
            onClick={() =>
              void send({ kind: 'submit' }).then((answer) => {
                if (answer) navigate(PATHS.checkinInventory, { state: { saved: t('confirmed') } });
              })
            }
          >
            {short > 0 ? t('confirmShort', { count: short }) : t('confirm')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

type Send = (c: ItemChange, done?: string) => Promise<InboundItem | null>;

/** The inbound's client and contact (spec 2 §2 'organisation and contact info'), read with the inbound. */
function Client({ item }: { item: InboundItem }): ReactNode {
  const { t } = useTranslation('inboundItem');
  const inbound = useInboundOfItem(item.inbound_id);
  const ib = inbound.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="item-client">
      <Title order={2} fz="md" mb="xs" id="item-client">
        {t('client.title')}
      </Title>
      {ib ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <Text size="sm">
            <b>{ib.org_name}</b> · {t(`client.types.${ib.type}`)}
          </Text>
          <Text size="sm">
            {ib.contact_person} · {ib.contact_person_email}
            {ib.phone ? (
              <>
                {' · '}
                {/* A phone number keeps together: at 1280 px it broke after the calling code (ADR 0136). */}
                <span style={{ whiteSpace: 'nowrap' }}>{ib.phone}</span>
              </>
            ) : null}
          </Text>
          <Text size="sm">
            {t('client.trackTrace')}: {ib.track_trace || '—'}
            {ib.expected_delivery
              ? ` · ${t('client.expected')} ${formatDate(ib.expected_delivery.slice(0, 10))}`
              : ''}
          </Text>
        </SimpleGrid>
      ) : inbound.isError ? (
        <ErrorBanner error={inbound.error} />
      ) : (
        <PageLoader />
      )}
    </Paper>
  );
}
type May = { place: boolean; find: boolean; edit: boolean; extra: boolean; submit: boolean };

function Count(props: { label: string; value: number; hint?: string; testId: string }): ReactNode {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text fz={28} fw={700} data-testid={props.testId}>
        {props.value}
      </Text>
      {props.hint ? (
        <Text size="xs" c="dimmed">
          {props.hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** The location finder (spec 2 §2, §4): reserved locations, find 1–10 more, drop one or all. */
function Finder({ item, may, send }: { item: InboundItem; may: May; send: Send }): ReactNode {
  const { t } = useTranslation('inboundItem');
  const [howMany, setHowMany] = useState<string | number>(1);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="item-finder">
      <Title order={2} fz="md" mb="xs" id="item-finder">
        {t('finder.title')}
      </Title>
      {item.reserved_locations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('finder.none')}
        </Text>
      ) : (
        <Stack gap={6} data-testid="item-reserved">
          {item.reserved_locations.map((l) => (
            <Group key={l.location_id} justify="space-between" wrap="nowrap">
              <div>
                <Text fw={600}>{l.parent_name ? `${l.parent_name} › ${l.name}` : l.name}</Text>
                <Text size="xs" c="dimmed">
                  {l.type} · {t('finder.stock', { count: l.stock })}
                </Text>
              </div>
              {may.find ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('finder.drop', { name: l.name })}
                  onClick={() => void send({ kind: 'drop', locationId: l.location_id })}
                >
                  ✕
                </ActionIcon>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
      {may.find ? (
        <Group mt="sm" align="flex-end">
          <NumberInput
            label={t('finder.howMany')}
            min={1}
            max={10}
            w={110}
            value={howMany}
            onChange={setHowMany}
            allowDecimal={false}
          />
          <Button onClick={() => void send({ kind: 'find', amount: Number(howMany) || 1 })}>
            {t('finder.find')}
          </Button>
          {item.reserved_locations.length > 0 ? (
            <Button variant="subtle" color="red" onClick={() => void send({ kind: 'clear' })}>
              {t('finder.clear')}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Paper>
  );
}

/** Placing counted pieces (spec 2 §4 manual location mode: amount and location), in steps of packed per. */
function Place({ item, send }: { item: InboundItem; send: Send }): ReactNode {
  const { t } = useTranslation('inboundItem');
  const short = stillToCome(item);
  const [amount, setAmount] = useState<string | number>(Math.min(item.packed_per, Math.max(short, 1)));
  // The user's choice while it is still reserved, else the first reserved location: locations found after the page
  // opened (Find locations) are chosen at once, without overriding a location the user picked.
  const [chosenId, setLocationId] = useState<string | null>(null);
  const reserved =
    item.reserved_locations.find((l) => l.location_id === chosenId) ?? item.reserved_locations[0];
  const locationId = reserved?.location_id ?? '';
  const pieces = Number(amount) || 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="item-place">
      <Title order={2} fz="md" id="item-place">
        {t('place.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('place.hint')}
      </Text>
      <Stack gap="xs">
        <NumberInput
          label={t('place.amount')}
          min={1}
          step={item.packed_per}
          value={amount}
          onChange={setAmount}
          allowDecimal={false}
        />
        {item.reserved_locations.length > 0 ? (
          <NativeSelect
            label={t('place.location')}
            value={locationId}
            onChange={(e) => setLocationId(e.currentTarget.value)}
            data={item.reserved_locations.map((l) => ({ value: l.location_id, label: l.name }))}
          />
        ) : (
          <Text size="sm" c="orange" fw={600}>
            {t('place.noLocation')}
          </Text>
        )}
        <Button
          disabled={pieces < 1 || !reserved}
          onClick={() => {
            if (reserved)
              void send(
                {
                  kind: 'place',
                  body: { location_id: reserved.location_id, amount: pieces, raw_scan: reserved.name },
                },
                t('place.done', { count: pieces, name: reserved.name }),
              );
          }}
        >
          {t('place.submit', { count: pieces })}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Moves from a temporary place onto a location (spec 2 §3 Inbound item transfers), newest last. */
function Transfers({ item }: { item: InboundItem }): ReactNode {
  const { t } = useTranslation('inboundItem');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="item-transfers">
      <Title order={2} fz="md" mb="xs" id="item-transfers">
        {t('transfers.title')}
      </Title>
      {item.transfers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('transfers.none')}
        </Text>
      ) : (
        <Stack gap={4}>
          {item.transfers.map((tr) => (
            <Text key={tr.transfer_id} size="sm">
              {t('transfers.line', { stock: tr.stock, date: formatDateTime(tr.departed_at) })}
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** Notes, batch, expiry and package closed, each saved when the field is left (spec 2 §2 'saved on blur'). */
function Details({ item, editable, send }: { item: InboundItem; editable: boolean; send: Send }): ReactNode {
  const { t } = useTranslation('inboundItem');
  const [notes, setNotes] = useState(item.notes ?? '');
  const [batch, setBatch] = useState(item.batch_nr ?? '');
  const [expiry, setExpiry] = useState(item.expiration_date?.slice(0, 10) ?? '');
  const saved = t('details.saved');
  const save = (body: Extract<ItemChange, { kind: 'edit' }>['body']) =>
    void send({ kind: 'edit', body }, saved);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="item-details">
      <Title order={2} fz="md" mb="xs" id="item-details">
        {t('details.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Textarea
          label={t('details.notes')}
          value={notes}
          readOnly={!editable}
          rows={3}
          onChange={(e) => setNotes(e.currentTarget.value)}
          onBlur={() => {
            if (editable && notes !== (item.notes ?? '')) save({ notes: notes.trim() || null });
          }}
        />
        <Stack gap="xs">
          <TextInput
            label={t('details.batch')}
            value={batch}
            readOnly={!editable}
            onChange={(e) => setBatch(e.currentTarget.value)}
            onBlur={() => {
              if (editable && batch !== (item.batch_nr ?? '')) save({ batch_nr: batch.trim() || null });
            }}
          />
          {/* DD-MM-YYYY like every date of the portal (spec 1 §9), not a native date input in the browser's own
              format (ADR 0135); typed or picked, saved when the field is left. */}
          <DateInput
            label={t('details.expiry')}
            value={expiry || null}
            readOnly={!editable}
            clearable={editable}
            valueFormat={DATE_FIELD_FORMAT}
            dateParser={parseDateField}
            popoverProps={{ withinPortal: true, shadow: 'md' }}
            onChange={(v) => setExpiry(v ? v.slice(0, 10) : '')}
            onBlur={() => {
              if (editable && expiry !== (item.expiration_date?.slice(0, 10) ?? ''))
                save({ expiration_date: expiry || null });
            }}
          />
          <Checkbox
            label={t('details.closed')}
            checked={item.package_closed}
            disabled={!editable}
            onChange={(e) => save({ package_closed: e.currentTarget.checked })}
          />
        </Stack>
      </SimpleGrid>
      {!editable && item.expiration_date ? (
        <Text size="sm" mt="xs">
          {t('details.expiry')}: {formatDate(item.expiration_date.slice(0, 10))}
        </Text>
      ) : null}
    </Paper>
  );
}

/** Extra work (spec 2 §5 Surcharge; §9 total = cost × amount in euro): list, remove, add. */
function Extra({ item, editable, send }: { item: InboundItem; editable: boolean; send: Send }): ReactNode {
  const { t } = useTranslation('inboundItem');
  const [description, setDescription] = useState('');
  const [cost, setCost] = useState('');
  const [amount, setAmount] = useState<string | number>(1);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="item-extra">
      <Title order={2} fz="md" mb="xs" id="item-extra">
        {t('extra.title')}
      </Title>
      {item.surcharges.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('extra.none')}
        </Text>
      ) : (
        <Table aria-label={t('extra.title')}>
          <Table.Tbody>
            {item.surcharges.map((s, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: surcharges are addressed by position (the API's index).
              <Table.Tr key={index}>
                <Table.Td>{s.description}</Table.Td>
                <Table.Td ta="right" c="dimmed">
                  {s.amount} × {formatMoney(s.cost_cents)}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(s.amount * s.cost_cents)}</Table.Td>
                <Table.Td w={40}>
                  {editable ? (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('extra.remove', { description: s.description })}
                      onClick={() => void send({ kind: 'surcharge_delete', index })}
                    >
                      ✕
                    </ActionIcon>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td fw={700}>{t('extra.total')}</Table.Td>
              <Table.Td />
              <Table.Td ta="right" fw={700} data-testid="item-extra-total">
                {formatMoney(Math.round(item.surcharge_total_eur * 100))}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
      {editable ? (
        <Group mt="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('extra.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            flex={1}
            miw={180}
          />
          <TextInput
            label={t('extra.cost')}
            value={cost}
            onChange={(e) => setCost(e.currentTarget.value)}
            w={140}
            error={problem}
            inputMode="decimal"
          />
          <NumberInput label={t('extra.amount')} min={1} value={amount} onChange={setAmount} w={100} />
          <Button
            disabled={!description.trim()}
            onClick={() => {
              const cents = parseMoney(cost);
              if (cents === null || cents < 0) {
                setProblem(t('extra.badCost'));
                return;
              }
              setProblem(null);
              void send({
                kind: 'surcharge',
                body: { description: description.trim(), cost_cents: cents, amount: Number(amount) || 1 },
              }).then((answer) => {
                if (answer) {
                  setDescription('');
                  setCost('');
                  setAmount(1);
                }
              });
            }}
          >
            {t('extra.add')}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

/** Damage photos (spec 2 §5; jpeg/png/webp ≤ 5 MB, checked by the API by their bytes): thumbnails and an upload. */
function Photos({ item, editable, send }: { item: InboundItem; editable: boolean; send: Send }): ReactNode {
  const { t } = useTranslation('inboundItem');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="item-photos">
      <Title order={2} fz="md" mb="xs" id="item-photos">
        {t('photos.title')}
      </Title>
      {item.images.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('photos.none')}
        </Text>
      ) : (
        <Group gap="xs">
          {item.images.map((img, n) => (
            <Anchor key={img.id} href={itemImageUrl(item.id, img.id)} target="_blank" rel="noreferrer">
              <Image
                src={itemImageUrl(item.id, img.id)}
                alt={t('photos.alt', { n: n + 1 })}
                w={96}
                h={96}
                fit="cover"
                radius="sm"
              />
            </Anchor>
          ))}
        </Group>
      )}
      {editable ? (
        <FileButton
          accept="image/jpeg,image/png,image/webp"
          onChange={(f) => f && void send({ kind: 'photo', file: f })}
        >
          {(props) => (
            <Button {...props} variant="default" mt="sm">
              {t('photos.add')}
            </Button>
          )}
        </FileButton>
      ) : null}
    </Paper>
  );
}

import {
  amsterdamDay,
  DirectCheckinInformationSchema,
  type Inbound,
  locationReservation,
  type Org,
  reservedTextOptions,
} from '@hoppa/core';
import { useZodForm } from '@hoppa/web';
import { PhoneField } from '@hoppa/web/phone-field';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../app/paths.ts';
import { DATE_FIELD_FORMAT, parseDateField } from '../../components/date-field/date-field.rules.ts';
import { DateInput } from '../../components/dates.ts';
import { ErrorBanner, MutationError, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import {
  useCurrentOrg,
  useDirectCheckin,
  useLocationSearch,
  useProductLocations,
  useProductLocationsLookup,
  useProductLookup,
  useProductSearch,
} from './api/direct-checkin.ts';
import {
  addProduct,
  type CheckinInfo,
  type CheckinLocation,
  type CheckinProduct,
  type CheckinRow,
  checkinBody,
  infoDefaults,
  isScanCode,
  productForCode,
  rowProblem,
} from './direct-checkin.rules.ts';
import { useCheckinScanner } from './use-checkin-scanner.ts';

type InfoField = keyof CheckinInfo;
const TYPES = ['package', 'pallet', 'container_other'] as const;
type InboundTypeValue = (typeof TYPES)[number];

/** What the last scan or pick did, shown under the search box. */
type Notice = { kind: 'added' | 'more'; name: string; amount: number } | { kind: 'unknown'; code: string };

/** The product search box (spec 2 §2 'EAN dropdown search'); Enter on a code of more than 10 characters is a scan. */
function ProductSearch({
  onPick,
  onScan,
}: {
  onPick: (p: CheckinProduct) => void;
  onScan: (code: string) => void;
}): ReactNode {
  const { t } = useTranslation('directCheckin');
  const [search, setSearch] = useState('');
  const hits = useProductSearch(search);
  const products = hits.data?.products ?? [];
  return (
    <Select
      label={t('products.search')}
      placeholder={t('products.searchPlaceholder')}
      searchable
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server filters (EAN or SKU starts with the text); show every hit it answers.
      filter={({ options }) => options}
      data={products.map((p) => ({ value: p.id, label: `${p.ean} · ${p.name}` }))}
      nothingFoundMessage={
        search.trim().length >= 3 && hits.isFetched ? t('products.searchEmpty') : undefined
      }
      onChange={(id) => {
        const p = products.find((x) => x.id === id);
        if (p) onPick(p);
        setSearch('');
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && isScanCode(search)) {
          e.preventDefault();
          onScan(search.trim());
          setSearch('');
        }
      }}
      leftSection={<Icon name="scan" size={18} />}
      comboboxProps={{ shadow: 'md' }}
      data-testid="checkin-search"
    />
  );
}

/**
 * A row's location choice: the product's own locations first, then locations whose name contains the typed text. A
 * quarantine location (issue 12: returned goods, never picked) takes no fresh stock: not among the product's own, and
 * shown but not choosable among the others, so whoever types its name sees why.
 */
function LocationSelect({
  productId,
  value,
  onChange,
  error,
  label,
}: {
  productId: string;
  value: CheckinLocation | null;
  onChange: (l: CheckinLocation | null) => void;
  error?: string | undefined;
  label: string;
}): ReactNode {
  const { t } = useTranslation('directCheckin');
  // A searchable Select shows its search text: the chosen location's name until the user types.
  const [search, setSearch] = useState(value?.name ?? '');
  useEffect(() => setSearch(value?.name ?? ''), [value?.name]);
  const own = useProductLocations(productId);
  const found = useLocationSearch(search === value?.name ? '' : search);
  const ownItems = (own.data?.locations ?? [])
    .filter((l) => l.active && l.location.active && !l.location.quarantine)
    .map((l) => ({
      value: l.location.id,
      label: l.location.name,
      hint: t('products.locationStock', { stock: l.stock }),
      disabled: false,
    }));
  const ownIds = new Set(ownItems.map((o) => o.value));
  const foundItems = (found.data?.items ?? [])
    .filter((l) => l.level === 'bin' && l.active && !ownIds.has(l.id))
    .map((l) => ({
      value: l.id,
      label: l.name,
      hint: l.quarantine
        ? t('products.locationQuarantine')
        : l.status === 'free'
          ? t('products.locationFree')
          : t('products.locationUsed'),
      disabled: l.quarantine ?? false,
    }));
  const all = [...ownItems, ...foundItems];
  if (value && !all.some((o) => o.value === value.id))
    all.push({ value: value.id, label: value.name, hint: '', disabled: false });
  const groups = [
    { group: t('products.locationOwn'), items: ownItems },
    { group: t('products.locationFound'), items: foundItems },
  ].filter((g) => g.items.length > 0);
  const extra = value && !ownIds.has(value.id) && !foundItems.some((o) => o.value === value.id);
  return (
    <Select
      aria-label={label}
      placeholder={t('products.locationPlaceholder')}
      searchable
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      data={[
        ...groups.map((g) => ({
          group: g.group,
          items: g.items.map(({ value: v, label: l, disabled }) => ({ value: v, label: l, disabled })),
        })),
        ...(extra && value ? [{ value: value.id, label: value.name }] : []),
      ]}
      renderOption={({ option }) => {
        const hint = all.find((o) => o.value === option.value)?.hint;
        return (
          <Group justify="space-between" w="100%" wrap="nowrap" gap="xs">
            <Text size="sm" ff="monospace">
              {option.label}
            </Text>
            {hint ? (
              <Text size="xs" c="dimmed">
                {hint}
              </Text>
            ) : null}
          </Group>
        );
      }}
      filter={({ options }) => options}
      onChange={(id) => {
        const o = all.find((x) => x.value === id);
        onChange(o ? { id: o.value, name: o.label } : null);
      }}
      error={error}
      miw={180}
      comboboxProps={{ shadow: 'md' }}
    />
  );
}

/** The contact form's field props with the spec's messages (spec 2 §5 Inbound information). */
/** Fields of the contact form that may stay empty (spec 2 §2 Direct check-in: only contact, address and e-mail). */
const OPTIONAL_FIELDS: ReadonlySet<InfoField> = new Set(['phone', 'track_trace']);

function useInfoField(form: ReturnType<typeof useZodForm<InfoField>>) {
  const { t } = useTranslation('directCheckin');
  return (name: InfoField) => {
    const props = form.field(name);
    const value = String(form.form.getValues()[name] ?? '').trim();
    const error = props.error
      ? value === ''
        ? t(`info.errors.${name}`)
        : name === 'contact_person_email'
          ? t('info.errors.contact_person_email_format')
          : props.error
      : undefined;
    return { ...props, error, label: t(`info.${name}`), required: !OPTIONAL_FIELDS.has(name) };
  };
}

/**
 * The result after the check-in (spec 2 §2): the inbound's number, per product the pieces and the location they were
 * put on, and a link to the inbound.
 */
function CheckinDone({
  inbound,
  rows,
  onAgain,
}: {
  inbound: Inbound;
  rows: readonly CheckinRow[];
  onAgain: () => void;
}): ReactNode {
  const { t } = useTranslation('directCheckin');
  const pieces = inbound.items.reduce((s, i) => s + i.pieces_checked_in, 0);
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      data-testid="checkin-done"
      bg="teal.0"
      style={{ borderColor: 'var(--mantine-color-teal-3)' }}
    >
      <Stack gap="sm">
        <Group gap="xs" c="teal.9">
          <Icon name="check" size={22} />
          <Title order={2} fz="lg" fw={650}>
            {t('done.title', { number: inbound.inbound_number })}
          </Title>
        </Group>
        <Text size="sm">{t('done.text', { pieces, count: inbound.items.length })}</Text>
        <Table withTableBorder bg="white" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('products.ean')}</Table.Th>
              <Table.Th>{t('products.product')}</Table.Th>
              <Table.Th>{t('products.location')}</Table.Th>
              <Table.Th ta="right">{t('products.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inbound.items.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td ff="monospace">{i.product.ean}</Table.Td>
                <Table.Td>{i.product.name}</Table.Td>
                <Table.Td ff="monospace">
                  {rows.find((r) => r.product.id === i.product.id)?.location?.name ?? '–'}
                </Table.Td>
                <Table.Td ta="right">{i.pieces_checked_in}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          <Button component={Link} to={pathTo('checkinInventoryDetail', { id: inbound.id })}>
            {t('done.open')}
          </Button>
          <Button variant="default" onClick={onAgain}>
            {t('done.again')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function CheckinForm({ org }: { org: Org }): ReactNode {
  const { t } = useTranslation('directCheckin');
  const [rows, setRows] = useState<CheckinRow[]>([]);
  const [type, setType] = useState<InboundTypeValue>('package');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<{ inbound: Inbound; rows: CheckinRow[] } | null>(null);
  const lookup = useProductLookup();
  const locationsOf = useProductLocationsLookup();
  const checkin = useDirectCheckin();
  const form = useZodForm<InfoField>(DirectCheckinInformationSchema, {
    ...infoDefaults(org, amsterdamDay()),
  });
  const field = useInfoField(form);

  const add = async (product: CheckinProduct) => {
    const existing = rows.find((r) => r.product.id === product.id);
    let location: CheckinLocation | null = null;
    if (!existing) {
      const locs = await locationsOf(product.id).catch(() => null);
      // Never the quarantine location its returned pieces may lie on (issue 12).
      const first = locs?.locations.find((l) => l.active && l.location.active && !l.location.quarantine);
      location = first ? { id: first.location.id, name: first.location.name } : null;
    }
    setRows((now) => addProduct(now, product, location));
    setNotice({ kind: existing ? 'more' : 'added', name: product.name, amount: (existing?.amount ?? 0) + 1 });
  };

  const scan = async (code: string) => {
    if (done) return;
    const hits = await lookup(code).catch(() => ({ products: [] }));
    const product = productForCode(code, hits.products);
    if (!product) setNotice({ kind: 'unknown', code });
    else await add(product);
  };
  useCheckinScanner((code) => void scan(code), !done);

  const setRow = (id: string, patch: Partial<CheckinRow>) =>
    setRows((now) => now.map((r) => (r.product.id === id ? { ...r, ...patch } : r)));
  const pieces = rows.reduce((s, r) => s + (Number.isFinite(r.amount) ? r.amount : 0), 0);
  const incomplete = rows.some((r) => rowProblem(r) !== null);

  const submit = form.onSubmit((values) => {
    setTried(true);
    if (rows.length === 0 || incomplete) return;
    checkin.mutate(checkinBody(rows, values as CheckinInfo, type), {
      onSuccess: (inbound) => {
        setDone({ inbound, rows });
        setRows([]);
        setNotice(null);
        setTried(false);
      },
    });
  });

  if (done)
    return (
      <CheckinDone
        inbound={done.inbound}
        rows={done.rows}
        onAgain={() => {
          setDone(null);
          checkin.reset();
        }}
      />
    );

  const date = field('expected_delivery');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="checkin-products">
          <Stack gap="md">
            <Group justify="space-between" align="center">
              <Title order={2} fz="lg" fw={650} id="checkin-products">
                {t('products.title')}
              </Title>
              <Group gap={6} c="teal.8">
                <Icon name="scan" size={16} />
                <Text size="xs">{t('scanReady')}</Text>
              </Group>
            </Group>
            <ProductSearch onPick={(p) => void add(p)} onScan={(code) => void scan(code)} />
            {notice ? (
              notice.kind === 'unknown' ? (
                <Alert
                  color="red"
                  variant="light"
                  icon={<Icon name="alert" />}
                  role="alert"
                  data-testid="checkin-notice"
                >
                  {t('products.unknown', { code: notice.code, org: org.name })}
                </Alert>
              ) : (
                <Text size="sm" c="teal.8" role="status" data-testid="checkin-notice">
                  {notice.kind === 'added'
                    ? t('products.added', { name: notice.name })
                    : t('products.more', { name: notice.name, amount: notice.amount })}
                </Text>
              )
            ) : null}
            {rows.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="lg">
                {t('products.empty')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="xs" aria-labelledby="checkin-products" data-testid="checkin-rows">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('products.ean')}</Table.Th>
                      <Table.Th>{t('products.product')}</Table.Th>
                      <Table.Th w={130}>{t('products.amount')}</Table.Th>
                      <Table.Th w={240}>{t('products.location')}</Table.Th>
                      <Table.Th w={44} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((r) => {
                      const problem = tried ? rowProblem(r) : null;
                      return (
                        <Table.Tr key={r.product.id} data-testid="checkin-row">
                          <Table.Td ff="monospace">{r.product.ean}</Table.Td>
                          <Table.Td>
                            <Text size="sm">{r.product.name}</Text>
                            {r.product.bsku ? (
                              <Text size="xs" c="dimmed">
                                {r.product.bsku}
                              </Text>
                            ) : null}
                          </Table.Td>
                          <Table.Td>
                            <NumberInput
                              aria-label={`${t('products.amount')} ${r.product.name}`}
                              value={r.amount}
                              min={1}
                              max={1_000_000}
                              allowDecimal={false}
                              onChange={(v) =>
                                setRow(r.product.id, { amount: typeof v === 'number' ? v : Number.NaN })
                              }
                              error={problem === 'amount' ? t('products.needAmount') : undefined}
                            />
                          </Table.Td>
                          <Table.Td>
                            <LocationSelect
                              productId={r.product.id}
                              value={r.location}
                              label={`${t('products.location')} ${r.product.name}`}
                              onChange={(location) => setRow(r.product.id, { location })}
                              error={problem === 'location' ? t('products.needLocation') : undefined}
                            />
                          </Table.Td>
                          <Table.Td>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('products.remove', { name: r.product.name })}
                              onClick={() =>
                                setRows((now) => now.filter((x) => x.product.id !== r.product.id))
                              }
                            >
                              ×
                            </ActionIcon>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {rows.length > 0 ? (
              <Text size="sm" c="dimmed" ta="right">
                {t('products.total', { count: rows.length, pieces })}
              </Text>
            ) : null}
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="checkin-info">
          <Stack gap="md">
            <Title order={2} fz="lg" fw={650} id="checkin-info">
              {t('info.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput {...field('contact_person')} autoComplete="name" />
              <TextInput {...field('contact_person_email')} type="email" autoComplete="email" />
              <PhoneField {...field('phone')} />
              <TextInput {...field('track_trace')} />
              <DateInput
                label={date.label}
                required
                error={date.error}
                value={date.value || null}
                onChange={(v) =>
                  form.form.setFieldValue('expected_delivery', v ? String(v).slice(0, 10) : '')
                }
                onBlur={date.onBlur}
                name="expected_delivery"
                dateParser={parseDateField}
                valueFormat={DATE_FIELD_FORMAT}
                popoverProps={{ withinPortal: true, shadow: 'md' }}
              />
              <Select
                label={t('info.type')}
                value={type}
                onChange={(v) => v && setType(v as InboundTypeValue)}
                data={TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
                allowDeselect={false}
              />
            </SimpleGrid>
            <TextInput {...field('shipping_address')} autoComplete="street-address" />
          </Stack>
        </Paper>

        {tried && rows.length === 0 ? (
          <Alert color="orange" variant="light" role="alert">
            {t('noRows')}
          </Alert>
        ) : null}
        {tried && incomplete ? (
          <Alert color="orange" variant="light" role="alert">
            {t('rowsIncomplete')}
          </Alert>
        ) : null}
        <MutationError
          mutation={checkin}
          serverMessageFor={[404, 409]}
          messages={{
            location_quarantine: t('quarantineRefused'),
            // The bin, and what it is kept for when the shop is the caller's (ADR 0142).
            location_reserved: t('reservedRefused', reservedTextOptions(locationReservation(checkin.error))),
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={checkin.isPending} onClick={() => setTried(true)}>
            {pieces > 0 ? t('submit', { pieces }) : t('submitEmpty')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Direct check-in (beta) `/checkin` (spec 2 §2 Direct check-in (beta), §5 Direct check-in, §9 scan buffers): scan
 * (anywhere on the page; a code counts when more than 10 characters arrive before Enter) or find products of the
 * current organisation by EAN (`GET /products_org/ean/{text}`; an unknown EAN says so), set the pieces and the
 * location per product (its own locations first, or any bin by name), fill the contact form (defaults from the
 * organisation, the date today) and check one inbound in at once (`POST /inventory/direct_checkin`): the stock lands
 * on the chosen locations; the result links to the inbound.
 */
export function DirectCheckinPage(): ReactNode {
  const { t } = useTranslation('directCheckin');
  const org = useCurrentOrg();
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={
          <>
            {t('intro')}{' '}
            {org.data ? (
              <Text span fw={600} c="dark">
                {t('forOrg', { name: org.data.name })}
              </Text>
            ) : null}
          </>
        }
        actions={
          <Badge variant="light" color="orange">
            {t('beta')}
          </Badge>
        }
      />
      {org.isError ? <ErrorBanner error={org.error} /> : null}
      {org.isPending ? <PageLoader /> : null}
      {org.data?.kind === 'provider' ? (
        <Alert color="orange" variant="light" icon={<Icon name="alert" />}>
          {t('providerOrg', { name: org.data.name })}
        </Alert>
      ) : null}
      {org.data ? <CheckinForm key={org.data.id} org={org.data} /> : null}
    </Stack>
  );
}

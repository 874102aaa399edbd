import {
  LABELS_MAX,
  LOCATION_BULK_MAX,
  LOCATION_TYPES,
  type LocationLevel,
  type LocationNode,
  type LocationType,
} from '@hoppa/core';
import { locationTypeName } from '@hoppa/web';
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useUrlState } from '../../lib/url-state.ts';
import { useUrlText } from '../../lib/url-text.ts';
import {
  LOCATIONS_PAGE_SIZE,
  useAddBins,
  useAddLocation,
  useLocations,
  usePrintLabels,
  useSetLocationActive,
} from './api/locations.ts';

/** The search as the list asks for it (module level: `useUrlText` wants a stable function). */
const trimmedSearch = (text: string) => text.trim();

/** Where the map is opened: the parent location (empty: the halls) and the page, in the URL. */
const MapUrlState = z.object({
  parent: z
    .string()
    .regex(/^[0-9a-f]{24}$/)
    .or(z.literal(''))
    .default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  q: z.string().max(64).default(''),
});

const CHILD_LEVEL: Record<'root' | LocationLevel, LocationLevel | null> = {
  root: 'hall',
  hall: 'rack',
  rack: 'bin',
  bin: null,
};

const STATUS_COLOR = { free: 'gray', used: 'blue', error: 'red' } as const;

function StatusBadge({ node, t }: { node: LocationNode; t: TFunction<'locations'> }) {
  const badge = (
    // Never narrower than its word: beside a problem's text in a row that does not wrap, it was cut to "ER…".
    <Badge color={node.active ? STATUS_COLOR[node.status] : 'dark'} variant="light" style={{ flexShrink: 0 }}>
      {node.active ? t(`status.${node.status}`) : t('status.inactive')}
    </Badge>
  );
  if (node.problems.length === 0) return badge;
  return (
    <Tooltip label={node.problems.map((p) => t(`problems.${p}`)).join('; ')} multiline w={260}>
      <Group gap={6} wrap="nowrap">
        {badge}
        <Text size="xs" c="red">
          {node.problems.map((p) => t(`problems.${p}`)).join('; ')}
        </Text>
      </Group>
    </Tooltip>
  );
}

/**
 * Why a label run of a location cannot print, or null when it can: no bins under it (the API refuses: `no_bins`) or
 * more than {@link LABELS_MAX} (`too_many_bins`). `bins` absent (an older server): null, the run is offered (ADR 0136).
 */
function labelRunBlocked(
  place: { name: string; bins?: number | undefined },
  t: TFunction<'locations'>,
): string | null {
  if (place.bins === 0) return t('labels.noBins', { name: place.name });
  if (place.bins !== undefined && place.bins > LABELS_MAX)
    return t('labels.tooMany', { name: place.name, limit: LABELS_MAX });
  return null;
}

/** Opens a tab for the labels on the click itself, so the browser does not block it as a pop-up. */
function openTab(): Window | null {
  return window.open('', '_blank');
}

/**
 * The warehouse map (spec 3 §2 Admin: locations; issue 9): one level at a time — the halls, a hall's racks, a rack's
 * bins — with each location's status (free, used, error and why), products, pieces and what it holds; a location
 * opens its level. Provider staff add a hall, a rack or a bin, a rack's bins at once (A-01-01 … A-01-40), switch a
 * location inactive, and print labels (of one location, or of every bin under the level shown).
 */
export function LocationsPage() {
  const { t } = useTranslation('locations');
  const [state, update] = useUrlState(MapUrlState);
  const [search, setSearch] = useUrlText(
    state.q,
    (q) => update({ q, parent: '', page: 1 }, { replace: true }),
    { normalise: trimmedSearch },
  );
  const parent = state.q ? null : state.parent || null;
  const list = useLocations(parent, state.page, state.q);
  const setActive = useSetLocationActive();
  const print = usePrintLabels();
  const [format, setFormat] = useState<'a6' | '62mm'>('a6');
  const here = list.data?.parent ?? null;
  const childLevel = CHILD_LEVEL[here?.level ?? 'root'];
  const hereBlocked = here ? labelRunBlocked(here, t) : null;

  const columns = useMemo(
    (): DataColumn<LocationNode>[] => [
      {
        id: 'name',
        header: t('columns.name'),
        hideable: false,
        cell: (l) =>
          l.level === 'bin' ? (
            <Text fw={600}>{l.name}</Text>
          ) : (
            <Anchor
              component="button"
              type="button"
              fw={600}
              aria-label={t('open', { name: l.name })}
              onClick={() => {
                setSearch('');
                update({ parent: l.id, page: 1, q: '' });
              }}
            >
              {l.name}
            </Anchor>
          ),
      },
      {
        id: 'kind',
        header: t('columns.kind'),
        cell: (l) => (
          <Text size="sm">
            {t(`level.${l.level}`)}
            {l.type ? ` · ${locationTypeName(t, l.type)}` : ''}
          </Text>
        ),
      },
      { id: 'status', header: t('columns.status'), cell: (l) => <StatusBadge node={l} t={t} /> },
      {
        id: 'products',
        header: t('columns.products'),
        align: 'right',
        cell: (l) => l.products.toLocaleString('nl-NL'),
      },
      {
        id: 'stock',
        header: t('columns.stock'),
        align: 'right',
        cell: (l) => l.stock.toLocaleString('nl-NL'),
      },
      {
        id: 'children',
        header: t('columns.children'),
        align: 'right',
        cell: (l) => l.children.toLocaleString('nl-NL'),
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        hiddenHeader: true,
        hideable: false,
        cell: (l) => {
          const blocked = labelRunBlocked(l, t);
          return (
            <Group gap="xs" wrap="nowrap" justify="flex-end">
              <Button
                size="compact-xs"
                variant="default"
                disabled={blocked !== null}
                title={blocked ?? undefined}
                onClick={() => print.mutate({ id: l.id, format, tab: openTab() })}
              >
                {l.level === 'bin' ? t('labels.printOne') : t('labels.print')}
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                color={l.active ? 'red' : 'blue'}
                loading={setActive.isPending && setActive.variables?.id === l.id}
                onClick={() => setActive.mutate({ id: l.id, active: !l.active })}
              >
                {l.active ? t('deactivate') : t('activate')}
              </Button>
            </Group>
          );
        },
      },
    ],
    [t, update, print, format, setActive, setSearch],
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={list.data ? t('count', { count: list.data.total }) : t('description')}
        actions={
          <Group gap="xs" align="flex-end">
            <NativeSelect
              label={t('labels.format')}
              size="xs"
              value={format}
              onChange={(e) => setFormat(e.currentTarget.value as 'a6' | '62mm')}
              data={[
                { value: 'a6', label: t('labels.a6') },
                { value: '62mm', label: t('labels.62mm') },
              ]}
            />
            {here && (
              <Button
                onClick={() => print.mutate({ id: here.id, format, tab: openTab() })}
                loading={print.isPending}
                disabled={hereBlocked !== null}
                aria-describedby={hereBlocked ? 'labels-blocked' : undefined}
              >
                {t('labels.print')}
              </Button>
            )}
          </Group>
        }
      />
      <TextInput
        type="search"
        label={t('search')}
        placeholder="A-01-1"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxLength={64}
        w={280}
      />
      <Group gap="xs">
        <Anchor component="button" type="button" onClick={() => update({ parent: '', page: 1 })}>
          {t('warehouse')}
        </Anchor>
        {here?.path.map((a) => (
          <Group key={a.id} gap="xs">
            <Text c="dimmed">/</Text>
            <Anchor component="button" type="button" onClick={() => update({ parent: a.id, page: 1 })}>
              {a.name}
            </Anchor>
          </Group>
        ))}
        {here && (
          <>
            <Text c="dimmed">/</Text>
            <Title order={2} fz="lg">
              {here.name}
            </Title>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => update({ parent: here.parent_id ?? '', page: 1 })}
            >
              {t('up')}
            </Button>
          </>
        )}
        {hereBlocked && (
          <Text id="labels-blocked" size="sm" c="dimmed" ml="auto">
            {hereBlocked}
          </Text>
        )}
      </Group>
      <ErrorBanner error={setActive.error ?? print.error} />
      {list.isError ? (
        <ErrorBanner error={list.error} />
      ) : list.isPending ? (
        <PageLoader />
      ) : list.data.items.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">{t('empty')}</Text>
        </Paper>
      ) : (
        <DataTable
          id="locations"
          label={t('title')}
          columns={columns}
          rows={list.data.items}
          rowKey={(l) => l.id}
          total={list.data.total}
          page={state.page}
          pageSize={LOCATIONS_PAGE_SIZE}
          onPageChange={(page) => update({ page })}
        />
      )}
      {childLevel && !state.q && <AddLocationForm parent={here} level={childLevel} />}
      {here?.level === 'rack' && <AddBinsForm rack={here} />}
    </Stack>
  );
}

/** Adds one hall, rack or bin under the level shown. */
function AddLocationForm({
  parent,
  level,
}: {
  parent: { id: string; name: string } | null;
  level: LocationLevel;
}) {
  const { t } = useTranslation('locations');
  const add = useAddLocation();
  const [name, setName] = useState('');
  const [type, setType] = useState<LocationType>('half-box');
  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    add.mutate(
      { name: trimmed, parent: parent?.id ?? null, ...(level === 'bin' ? { type } : {}) },
      {
        onSuccess: (made) => {
          setName('');
          notifications.show({ color: 'green', message: t('add.added', { name: made.name }) });
        },
      },
    );
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t(`add.${level}`)}>
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t(`add.${level}`)}
        </Title>
        <ErrorBanner error={add.error} />
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('add.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') submit();
            }}
            maxLength={64}
            w={220}
          />
          {level === 'bin' && (
            <NativeSelect
              label={t('add.type')}
              value={type}
              onChange={(e) => setType(e.currentTarget.value as LocationType)}
              data={LOCATION_TYPES.map((v) => ({ value: v, label: locationTypeName(t, v) }))}
            />
          )}
          <Button onClick={submit} loading={add.isPending} disabled={!name.trim()}>
            {t('add.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A rack's bins at once: `{rack}-{from}` … `{rack}-{to}`, numbered with `digits` digits (issue 9). */
function AddBinsForm({ rack }: { rack: { id: string; name: string } }) {
  const { t } = useTranslation('locations');
  const add = useAddBins();
  const [from, setFrom] = useState<number>(1);
  const [to, setTo] = useState<number>(20);
  const [digits, setDigits] = useState<number>(2);
  const [type, setType] = useState<LocationType>('half-box');
  const count = to - from + 1;
  const valid = Number.isInteger(from) && Number.isInteger(to) && count >= 1 && count <= LOCATION_BULK_MAX;
  const nameOf = (n: number) => `${rack.name}-${String(n).padStart(digits, '0')}`;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('bins.title', { rack: rack.name })}
    >
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t('bins.title', { rack: rack.name })}
        </Title>
        <ErrorBanner error={add.error} />
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={t('bins.from')}
            value={from}
            min={0}
            onChange={(v) => setFrom(Number(v))}
            w={90}
          />
          <NumberInput label={t('bins.to')} value={to} min={0} onChange={(v) => setTo(Number(v))} w={90} />
          <NumberInput
            label={t('bins.digits')}
            value={digits}
            min={1}
            max={5}
            onChange={(v) => setDigits(Number(v) || 1)}
            w={80}
          />
          <NativeSelect
            label={t('add.type')}
            value={type}
            onChange={(e) => setType(e.currentTarget.value as LocationType)}
            data={LOCATION_TYPES.map((v) => ({ value: v, label: locationTypeName(t, v) }))}
          />
          <Button
            disabled={!valid}
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                { parent_id: rack.id, from, to, digits, type },
                {
                  onSuccess: (r) =>
                    notifications.show({
                      color: 'green',
                      message: t('bins.added', { count: r.created.length }),
                    }),
                },
              )
            }
          >
            {t('bins.submit')}
          </Button>
        </Group>
        {valid && (
          <Text size="sm" c="dimmed">
            {t('bins.preview', { first: nameOf(from), last: nameOf(to), count })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

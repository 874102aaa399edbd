import {
  type CalendarItem,
  formatDate,
  formatDateTime,
  type InboundProgress,
  inboundProgress,
} from '@hoppa/core';
import { Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InboundProgressBadge, PROGRESS_COLOR } from '../../components/inbound-progress-badge.tsx';
import { type CalendarInbound, MISSING_EXPECTED_DATE, unitsHeaderKey } from './calendar.rules.ts';

/**
 * An inbound's state (spec 2 §4: expected, partly checked in, checked in) as the API sends it (`progress`); a copy
 * without the field is judged by the same rule, core's `inboundProgress`, from its status alone.
 */
export function progressOf(ev: CalendarInbound): InboundProgress {
  return ev.progress ?? inboundProgress({ status: ev.status, pieces_checked_in: 0 });
}

/** The colour of an inbound's state ({@link progressOf}): expected brand, partly checked in orange, checked in teal. */
export function statusColor(ev: CalendarInbound): 'brand' | 'orange' | 'teal' {
  return PROGRESS_COLOR[progressOf(ev)];
}

/** What a field without a value shows ('Nothing here' is for the item table's cells, spec 2 §2). */
const NO_VALUE = '–';
const NOWRAP = { whiteSpace: 'nowrap' } as const;

function Field({ label, value }: { label: string; value: ReactNode }): ReactNode {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * What a calendar event shows (spec 2 §2 Inbound calendar): status, title, id, track and trace, and a table per item
 * with EAN, units × packed per pcs (header 'Pallets' for a pallet, else 'Dozen'), expected and checked-in pieces;
 * an empty cell, or a table without items, says 'Nothing here'. One badge gives the state the API sends (`progress`).
 */
export function EventDetails({
  inbound,
}: {
  inbound: CalendarInbound & { items: CalendarItem[] };
}): ReactNode {
  const { t } = useTranslation('inboundCalendar');
  const nothing = t('table.nothing');
  const cell = (v: string | number | null | undefined) => (v === '' || v == null ? nothing : v);
  const expected =
    inbound.expected_delivery && inbound.expected_delivery !== MISSING_EXPECTED_DATE
      ? formatDate(`${inbound.expected_delivery}T12:00:00Z`)
      : NO_VALUE;
  const total = inbound.items.reduce((s, i) => s + i.pieces_expected, 0);
  const done = inbound.items.reduce((s, i) => s + i.pieces_checked_in, 0);
  return (
    <Stack gap="md" data-testid="calendar-event-details">
      <Group gap="xs">
        <InboundProgressBadge progress={progressOf(inbound)} testId="calendar-event-status" />
        <Badge color="gray" variant="outline">
          {t(`type.${inbound.type}`)}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('event.pieces', { done, total })}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Field label={t('event.id')} value={inbound.inbound_number} />
        <Field label={t('event.trackTrace')} value={inbound.track_trace || NO_VALUE} />
        <Field label={t('event.expected')} value={expected} />
        <Field
          label={t('event.checkedInAt')}
          value={inbound.checked_in_at ? formatDateTime(inbound.checked_in_at) : NO_VALUE}
        />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={520}>
        <Table
          striped
          withTableBorder
          aria-label={t('table.label', { number: inbound.inbound_number })}
          verticalSpacing={6}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('table.ean')}</Table.Th>
              <Table.Th>{t('table.product')}</Table.Th>
              <Table.Th style={NOWRAP}>{t(unitsHeaderKey(inbound.type))}</Table.Th>
              <Table.Th ta="right" style={NOWRAP}>
                {t('table.expected')}
              </Table.Th>
              <Table.Th ta="right" style={NOWRAP}>
                {t('table.checkedIn')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inbound.items.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed" ta="center">
                    {nothing}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              inbound.items.map((i, n) => (
                // Items have no id in the public answer; an inbound may list one EAN twice (two batches).
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed while shown
                <Table.Tr key={`${i.ean}-${n}`}>
                  <Table.Td ff="monospace">{cell(i.ean)}</Table.Td>
                  <Table.Td>{cell(i.name)}</Table.Td>
                  <Table.Td style={NOWRAP}>
                    {t('table.unitsValue', { units: i.units, per: i.packed_per })}
                  </Table.Td>
                  <Table.Td ta="right">{i.pieces_expected}</Table.Td>
                  <Table.Td ta="right" c={i.pieces_checked_in >= i.pieces_expected ? 'teal.8' : undefined}>
                    {i.pieces_checked_in}
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

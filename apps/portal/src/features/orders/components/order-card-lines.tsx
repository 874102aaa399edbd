import type { Order } from '@hoppa/core';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { linePickState, sameEan, truncateTitle } from '../open-orders.rules.ts';

/**
 * The products of an order card (spec 1 §2 Order card): title cut at 120 characters with its pick location, pack
 * note and cancellation request, the bundle the line is a part of and whether a rule added it (ADR 0049), EAN, quantity (bold above 1) and picking state. Lines of the scanned EAN are
 * highlighted; lines with a cancellation request are dimmed (spec 1 §4).
 */
export function OrderCardLines({ order, selectedEan }: { order: Order; selectedEan: string | null }) {
  const { t } = useTranslation('orders');
  return (
    <Table fz="sm" verticalSpacing={4} horizontalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('card.product')}</Table.Th>
          <Table.Th>{t('card.ean')}</Table.Th>
          <Table.Th ta="right">{t('card.quantity')}</Table.Th>
          <Table.Th style={{ width: 1, whiteSpace: 'nowrap' }}>{t('card.picked')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.products.map((l) => {
          const state = linePickState(l);
          const hit = !!selectedEan && sameEan(l.ean, selectedEan);
          return (
            <Table.Tr
              key={l.id}
              style={{
                opacity: l.cancellationRequest ? 0.45 : 1,
                background: hit ? 'var(--mantine-color-blue-0)' : undefined,
              }}
            >
              <Table.Td>
                <Text size="sm" title={l.title}>
                  {truncateTitle(l.title)}
                </Text>
                {l.bundle && (
                  <Text size="xs" c="violet.8">
                    {t('card.bundlePart', { title: l.bundle.title, count: l.bundle.quantity })}
                  </Text>
                )}
                {l.added_by_rule && (
                  <Badge size="xs" color="violet" variant="light" tt="none">
                    {t('card.addedByRule')}
                  </Badge>
                )}
                {l.pick_location && (
                  <Text size="xs" c="dimmed">
                    {t('card.location')}: {l.pick_location.name}
                  </Text>
                )}
                {l.pack_note && (
                  <Text size="xs" c="orange.8">
                    {t('card.packNote', { note: l.pack_note })}
                  </Text>
                )}
                {l.cancellationRequest && (
                  <Badge size="xs" color="red" variant="outline">
                    {t('card.cancellation')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ff="monospace" fz="xs">
                {l.ean}
              </Table.Td>
              <Table.Td ta="right" fw={l.quantity > 1 ? 800 : 400}>
                {l.quantity}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Badge
                  size="sm"
                  variant="light"
                  color={state === 'picked' ? 'green' : state === 'partial' ? 'yellow' : 'gray'}
                  tt="none"
                  // Badges clip their text; in a table cell that shrank the column to '…'.
                  styles={{ label: { overflow: 'visible' } }}
                >
                  {state === 'picked'
                    ? t('card.picked')
                    : state === 'partial'
                      ? t('card.partlyPicked', { picked: l.picked_quantity, quantity: l.quantity })
                      : t('card.notPicked')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

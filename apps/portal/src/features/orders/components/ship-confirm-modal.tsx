import type { OpenOrder } from '@hoppa/core';
import { Alert, Badge, Button, Group, getDefaultZIndex, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { linesToPack, sameEan, truncateTitle } from '../open-orders.rules.ts';

export interface ShipConfirmState {
  order: OpenOrder;
  ean: string;
  quantity: number;
  packNote: string | null;
  /** Lines to pack besides the scanned EAN's (core `PackCandidate.otherLines`): above 0 the popup lists them all. */
  otherLines: number;
}

/**
 * The popup before a scan ships an order whose scanned product has a quantity above 1 or a pack
 * note (spec 1 §4): it shows the quantity and the note; Ship confirms (it has focus, so Enter works),
 * Cancel keeps the order open. When the order holds other products too (`otherLines` above 0), it says so and lists
 * every line to pack ({@link linesToPack}: not the lines cancelled at the customer's request) with its EAN and
 * quantity, the scanned product's lines marked, the pack notes of all of them and the pieces in all; the button
 * reads 'All packed, ship', so two scans of one product never ship the rest unpacked. It is drawn above the label
 * viewer: a label the carrier answers late (after the packer has selected the next product) opens over the board,
 * and the next scan's question must not open beneath it (ADR 0133).
 */
export function ShipConfirmModal({
  state,
  shipping,
  onConfirm,
  onCancel,
}: {
  state: ShipConfirmState | null;
  shipping: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('orders');
  const multi = !!state && state.otherLines > 0;
  const lines = state
    ? multi
      ? linesToPack(state.order)
      : state.order.products.filter((l) => sameEan(l.ean, state.ean))
    : [];
  const notes = multi
    ? [...new Set(lines.map((l) => l.pack_note?.trim() ?? '').filter((n) => n !== ''))]
    : state?.packNote
      ? [state.packNote]
      : [];
  const pieces = lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <Modal
      opened={state !== null}
      onClose={onCancel}
      title={state ? t('confirm.title', { order: state.order.orderId }) : ''}
      size="lg"
      zIndex={getDefaultZIndex('modal') + 1}
    >
      {state && (
        <Stack gap="md">
          {multi && (
            <Alert color="orange" variant="filled" title={t('confirm.moreProducts')}>
              {t('confirm.moreProductsHint')}
            </Alert>
          )}
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('confirm.product')}</Table.Th>
                <Table.Th ta="right">{t('confirm.quantity')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => {
                const scanned = multi && sameEan(l.ean, state.ean);
                return (
                  <Table.Tr
                    key={l.id}
                    style={scanned ? { background: 'var(--mantine-color-blue-0)' } : undefined}
                  >
                    <Table.Td>
                      <Text size="sm">{truncateTitle(l.title)}</Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {l.ean}
                      </Text>
                      {scanned && (
                        <Badge size="sm" color="blue" variant="light">
                          {t('confirm.scanned')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text fz={32} fw={800} lh={1} aria-label={t('confirm.quantity')}>
                        {l.quantity}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {multi ? (
            <Text fw={600}>{t('confirm.totalPieces', { count: pieces })}</Text>
          ) : (
            state.quantity > 1 && (
              <Text fw={600}>{t('confirm.checkQuantity', { quantity: state.quantity })}</Text>
            )
          )}
          {notes.length > 0 ? (
            <Alert color="orange" title={t('confirm.packNote')}>
              {notes.length === 1
                ? notes[0]
                : notes.map((n) => (
                    <Text key={n} size="sm">
                      {n}
                    </Text>
                  ))}
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              {t('confirm.noNote')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('confirm.cancel')}
            </Button>
            <Button onClick={onConfirm} loading={shipping} data-autofocus>
              {multi ? t('confirm.shipAll') : t('confirm.ship')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

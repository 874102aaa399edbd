import type { OpenOrder } from '@hoppa/core';
import { Alert, Button, Group, getDefaultZIndex, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sameEan, truncateTitle } from '../open-orders.rules.ts';

export interface ShipConfirmState {
  order: OpenOrder;
  ean: string;
  quantity: number;
  packNote: string | null;
}

/**
 * The popup before a scan ships an order whose scanned product has a quantity above 1 or a pack
 * note (spec 1 §4): it shows the quantity and the note; Ship confirms (it has focus, so Enter works),
 * Cancel keeps the order open. It is drawn above the label viewer: a label the carrier answers late (after the
 * packer has selected the next product) opens over the board, and the next scan's question must not open beneath it
 * (ADR 0133).
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
  const lines = state ? state.order.products.filter((l) => sameEan(l.ean, state.ean)) : [];
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
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('confirm.product')}</Table.Th>
                <Table.Th ta="right">{t('confirm.quantity')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <Text size="sm">{truncateTitle(l.title)}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {l.ean}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text fz={32} fw={800} lh={1} aria-label={t('confirm.quantity')}>
                      {l.quantity}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {state.quantity > 1 && (
            <Text fw={600}>{t('confirm.checkQuantity', { quantity: state.quantity })}</Text>
          )}
          {state.packNote ? (
            <Alert color="orange" title={t('confirm.packNote')}>
              {state.packNote}
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
              {t('confirm.ship')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

import {
  addressFromShipmentDetails,
  addressLines,
  formatDate,
  formatDateTime,
  MAX_LABELS,
  type Order,
  type ShipmentBox,
  type ShipmentMethod,
} from '@hoppa/core';
import { Alert, Badge, Button, Group, NumberInput, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { useSelectShipmentBox } from '../api/select-shipment-box.ts';
import { useSelectShipmentMethod } from '../api/select-shipment-method.ts';
import { useSetLabelQuantity } from '../api/set-label-quantity.ts';
import {
  canShip,
  hasCancellation,
  linePickState,
  methodsForOrder,
  sameEan,
  truncateTitle,
} from '../open-orders.rules.ts';
import type { OrderPermissions } from '../use-order-permissions.ts';

const NOTE_COLORS = { red: 'red', green: 'green', yellow: 'yellow' } as const;

export interface OrderCardProps {
  order: Order;
  methods: readonly ShipmentMethod[];
  boxes: readonly ShipmentBox[];
  /** The scanned EAN, to highlight its lines. */
  selectedEan: string | null;
  /** This card is the one the next scan of the selected EAN ships. */
  nextToShip: boolean;
  shipping: boolean;
  onShip: (
    order: Order,
    choice: { methodCode: string | null; boxId: string | null; labelQuantity: number },
  ) => void;
  onPackingSlip: (order: Order) => void;
  allowed: OrderPermissions;
}

/**
 * An order card of the open orders list (spec 1 §2 Order card): products (title cut at 120
 * characters, EAN, quantity, picking state), note, delivery address, shipment method and box
 * selectors preselected from the order's choice (a change is saved at once), label quantity
 * (default 1, saved after a short pause), packing slip and Ship. Lines with a cancellation request
 * are dimmed and shipping is disabled (spec 1 §4).
 */
export const OrderCard = memo(function OrderCard({
  order,
  methods,
  boxes,
  selectedEan,
  nextToShip,
  shipping,
  onShip,
  onPackingSlip,
  allowed,
}: OrderCardProps) {
  const { t } = useTranslation('orders');
  const selectMethod = useSelectShipmentMethod();
  const selectBox = useSelectShipmentBox();
  const setLabels = useSetLabelQuantity();
  const [method, setMethod] = useState<string | null>(order.selected_ship_option);
  const [box, setBox] = useState<string | null>(order.selected_packaging_option);
  const [labels, setLabelsValue] = useState<number>(order.label_quantity || 1);
  useEffect(() => setMethod(order.selected_ship_option), [order.selected_ship_option]);
  useEffect(() => setBox(order.selected_packaging_option), [order.selected_packaging_option]);
  useEffect(() => setLabelsValue(order.label_quantity || 1), [order.label_quantity]);
  const saveLabels = useDebouncedCallback((quantity: number) => {
    if (quantity !== order.label_quantity) setLabels.mutate({ orderId: order.id, quantity });
  }, 500);

  const d = order.shipmentDetails;
  const cancelled = hasCancellation(order);
  const shippable = canShip(order);
  const matches = !!selectedEan && order.products.some((l) => sameEan(l.ean, selectedEan));
  const methodOptions = methodsForOrder(methods, d.countryCode, method).map((m) => ({
    value: m.code,
    label: m.name,
  }));
  const boxOptions = boxes.map((b) => ({ value: b.id, label: b.name }));
  // Printed as the label and packing slip print it (core common/address.ts).
  const address = addressLines(addressFromShipmentDetails(d as Record<string, unknown>));
  const mutationError = selectMethod.error ?? selectBox.error ?? setLabels.error;

  return (
    <Paper
      component="article"
      aria-label={t('card.orderLabel', { id: order.orderId })}
      withBorder
      radius="md"
      p="sm"
      style={
        nextToShip
          ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 3 }
          : matches
            ? { borderColor: 'var(--mantine-color-blue-3)', borderWidth: 2 }
            : undefined
      }
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Group gap="xs">
              <Text fw={700} size="lg">
                {order.orderId}
              </Text>
              <Badge variant="light" color="gray" tt="none">
                {order.platform}
              </Badge>
              {order.label && <Badge color="teal">{t('card.labelExists')}</Badge>}
            </Group>
            <Text size="xs" c="dimmed">
              {order.org_name} · {t('card.placed', { date: formatDateTime(order.orderPlacedDateTime) })}
              {order.deliveryDateTime
                ? ` · ${t('card.delivery', { date: formatDate(order.deliveryDateTime) })}`
                : ''}
            </Text>
          </div>
          {nextToShip ? (
            <Badge color="blue" variant="filled">
              {t('card.nextToShip')}
            </Badge>
          ) : matches ? (
            <Badge color="blue" variant="light">
              {t('card.matches')}
            </Badge>
          ) : null}
        </Group>

        {order.notes_text && (
          <Alert color={order.notes_color ? NOTE_COLORS[order.notes_color] : 'gray'} py={6} variant="light">
            <Text size="sm">{order.notes_text}</Text>
          </Alert>
        )}

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

        <div>
          <Text size="xs" c="dimmed">
            {t('card.address')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {address.join('\n')}
          </Text>
        </div>

        {cancelled && (
          <Alert color="red" py={6}>
            <Text size="sm">{t('card.cancellationBlocks')}</Text>
          </Alert>
        )}
        {/* The error rule of spec 1 §8 (server message for 400/406 only), not the raw error text. */}
        <ErrorBanner error={mutationError} />

        {/* Method and box share a row at full width (their names are long: 'PostNL brievenbuspakje NL',
            'Doos L (40x30x20)'); the label count sits with the buttons. */}
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Select
            label={t('card.method')}
            placeholder={t('card.methodPlaceholder')}
            data={methodOptions}
            value={method}
            onChange={(v) => {
              if (!v) return;
              setMethod(v);
              selectMethod.mutate({ orderId: order.id, code: v });
            }}
            allowDeselect={false}
            disabled={!shippable || !allowed.selectMethod}
            size="xs"
            style={{ flex: 1, minWidth: 0 }}
          />
          <Select
            label={t('card.box')}
            placeholder={t('card.boxPlaceholder')}
            data={boxOptions}
            value={box}
            onChange={(v) => {
              if (!v) return;
              setBox(v);
              selectBox.mutate({ orderId: order.id, boxId: v });
            }}
            allowDeselect={false}
            disabled={!shippable || !allowed.selectBox}
            size="xs"
            style={{ flex: 1, minWidth: 0 }}
          />
        </Group>
        <Group justify="space-between" align="flex-end" gap="xs" wrap="nowrap">
          <NumberInput
            label={t('card.labels')}
            value={labels}
            min={1}
            max={MAX_LABELS}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            onChange={(v) => {
              const n = typeof v === 'number' ? v : Number.parseInt(v, 10);
              if (!Number.isInteger(n) || n < 1) return;
              setLabelsValue(n);
              saveLabels(n);
            }}
            onKeyDown={(e) => {
              // Enter ends the edit, so the scanner (paused while a field has focus) works again.
              if (e.key === 'Enter') e.currentTarget.blur();
            }}
            disabled={!shippable || !allowed.labelQuantity}
            size="xs"
            w={72}
          />
          <Group gap="xs" wrap="nowrap">
            {allowed.packingSlip && (
              <Button variant="default" size="xs" onClick={() => onPackingSlip(order)}>
                {t('card.packingSlip')}
              </Button>
            )}
            {allowed.ship && (
              <Button
                size="xs"
                onClick={() => onShip(order, { methodCode: method, boxId: box, labelQuantity: labels })}
                disabled={!shippable || !method}
                loading={shipping}
                title={
                  shippable && !method ? t('scan.feedback.noShipOption', { order: order.orderId }) : undefined
                }
                aria-label={`${t('card.ship')} ${order.orderId}`}
              >
                {t('card.ship')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
});

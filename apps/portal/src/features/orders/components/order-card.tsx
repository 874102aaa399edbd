import {
  addressFromShipmentDetails,
  addressLines,
  formatDate,
  formatDateTime,
  type OpenOrder,
  type ShipmentBox,
  type ShipmentMethod,
} from '@hoppa/core';
import { orderPlatformName } from '@hoppa/web';
import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { groupedLocation, sameEan } from '../open-orders.rules.ts';
import type { OrderPermissions } from '../use-order-permissions.ts';
import { CardBadge, CardText } from './card-markup.tsx';
import { OrderCardActions } from './order-card-actions.tsx';
import { OrderCardCancellation } from './order-card-cancellation.tsx';
import { OrderCardLines } from './order-card-lines.tsx';
import { OrderCardShipControls, type ShipControlsChoice } from './order-card-ship-controls.tsx';

const NOTE_COLORS = { red: 'red', green: 'green', yellow: 'yellow' } as const;

export interface OrderCardProps {
  order: OpenOrder;
  methods: readonly ShipmentMethod[];
  boxes: readonly ShipmentBox[];
  /** The scanned EAN, to highlight its lines. */
  selectedEan: string | null;
  /** This card is the one the next scan of the selected EAN ships. */
  nextToShip: boolean;
  shipping: boolean;
  /** Why the last ship of this order failed (the carrier's message), or null. */
  shipError?: string | null;
  onShip: (order: OpenOrder, choice: ShipControlsChoice) => void;
  onPackingSlip: (order: OpenOrder) => void;
  allowed: OrderPermissions;
}

/**
 * An order card of the open orders list (spec 1 §2 Order card): products (title cut at 120
 * characters, EAN, quantity, picking state), note, delivery address, shipment method and box
 * selectors preselected from the order's choice (a change is saved at once), label quantity
 * (default 1, saved after a short pause), packing slip and the ship button of the method's variant (PostNL, stamps,
 * own shipment; ADR 0044) with the carrier's message when shipping failed. Lines with a cancellation request
 * are dimmed and shipping is disabled (spec 1 §4), with the reason and, for a bol order, 'Annulering accepteren'
 * (OrderCardCancellation, ADR 0128).
 */
export const OrderCard = memo(function OrderCard({
  order,
  methods,
  boxes,
  selectedEan,
  nextToShip,
  shipping,
  shipError = null,
  onShip,
  onPackingSlip,
  allowed,
}: OrderCardProps) {
  const { t } = useTranslation('orders');
  const grouped = groupedLocation(order);
  const d = order.shipmentDetails;
  const matches = !!selectedEan && order.products.some((l) => sameEan(l.ean, selectedEan));
  // Printed as the label and packing slip print it (core common/address.ts).
  const address = addressLines(addressFromShipmentDetails(d as Record<string, unknown>));

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
              <CardText fw={700} size="lg">
                {order.orderId}
              </CardText>
              <CardBadge variant="light" color="gray" plainCase>
                {orderPlatformName(t, order.platform)}
              </CardBadge>
              {order.label && <CardBadge color="teal">{t('card.labelExists')}</CardBadge>}
              {grouped && <CardBadge color="grape">{t('card.grouped', { name: grouped.name })}</CardBadge>}
            </Group>
            <CardText size="xs" c="dimmed">
              {order.org_name} · {t('card.placed', { date: formatDateTime(order.orderPlacedDateTime) })}
              {order.deliveryDateTime
                ? ` · ${t('card.delivery', { date: formatDate(order.deliveryDateTime) })}`
                : ''}
            </CardText>
          </div>
          {nextToShip ? (
            <CardBadge color="blue" variant="filled" wrap>
              {t('card.nextToShip')}
            </CardBadge>
          ) : matches ? (
            <CardBadge color="blue" variant="light" wrap>
              {t('card.matches')}
            </CardBadge>
          ) : null}
        </Group>

        {order.notes_text &&
          (order.notes_color === 'red' ? (
            // A red note is for the packer before anything else (issue 13): filled, with a warning title.
            <Alert
              color="red"
              variant="filled"
              py={8}
              role="alert"
              title={t('card.redNote')}
              icon={<Icon name="alert" size={20} />}
              data-testid="red-note"
            >
              <Text size="md" fw={700}>
                {order.notes_text}
              </Text>
            </Alert>
          ) : (
            <Alert color={order.notes_color ? NOTE_COLORS[order.notes_color] : 'gray'} py={6} variant="light">
              <Text size="sm">{order.notes_text}</Text>
            </Alert>
          ))}

        <OrderCardLines order={order} selectedEan={selectedEan} />

        <div>
          <CardText size="xs" c="dimmed">
            {t('card.address')}
          </CardText>
          <CardText size="sm" style={{ whiteSpace: 'pre-line' }}>
            {address.join('\n')}
          </CardText>
        </div>

        <OrderCardCancellation order={order} allowed={allowed} />
        <OrderCardActions order={order} allowed={allowed} onPackingSlip={onPackingSlip} />
        <OrderCardShipControls
          order={order}
          methods={methods}
          boxes={boxes}
          shipping={shipping}
          shipError={shipError}
          onShip={onShip}
          allowed={allowed}
        />
      </Stack>
    </Paper>
  );
});

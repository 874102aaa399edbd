import { MAX_LABELS, type Order, type ShipmentBox, type ShipmentMethod } from '@hoppa/core';
import { Button, Group, NumberInput, Select } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { useSelectShipmentBox } from '../api/select-shipment-box.ts';
import { useSelectShipmentMethod } from '../api/select-shipment-method.ts';
import { useSetLabelQuantity } from '../api/set-label-quantity.ts';
import { canShip, methodsForOrder } from '../open-orders.rules.ts';
import type { OrderPermissions } from '../use-order-permissions.ts';

/**
 * The shipping part of an order card (spec 1 §2 Order card): shipment method and box, preselected from the order's
 * choice and saved at once on a change; the label quantity (default 1, at most MAX_LABELS, saved after a short
 * pause); the packing slip and Ship buttons the role may use. Disabled while a line has a cancellation request.
 */
export function OrderCardShipControls({
  order,
  methods,
  boxes,
  shipping,
  onShip,
  onPackingSlip,
  allowed,
}: {
  order: Order;
  methods: readonly ShipmentMethod[];
  boxes: readonly ShipmentBox[];
  /** The order is being shipped: its Ship button spins. */
  shipping: boolean;
  onShip: (
    order: Order,
    choice: { methodCode: string | null; boxId: string | null; labelQuantity: number },
  ) => void;
  onPackingSlip: (order: Order) => void;
  allowed: OrderPermissions;
}) {
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
  const shippable = canShip(order);
  const methodOptions = methodsForOrder(methods, order.shipmentDetails.countryCode, method).map((m) => ({
    value: m.code,
    label: m.name,
  }));
  const boxOptions = boxes.map((b) => ({ value: b.id, label: b.name }));
  const mutationError = selectMethod.error ?? selectBox.error ?? setLabels.error;

  return (
    <>
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
    </>
  );
}

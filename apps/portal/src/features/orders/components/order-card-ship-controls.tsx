import { isBolPlatform, MAX_LABELS, type Order, type ShipmentBox, type ShipmentMethod } from '@hoppa/core';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { useSelectShipmentBox } from '../api/select-shipment-box.ts';
import { useSelectShipmentMethod } from '../api/select-shipment-method.ts';
import { useSetLabelQuantity } from '../api/set-label-quantity.ts';
import { canShip, methodsForOrder } from '../open-orders.rules.ts';
import type { OrderPermissions } from '../use-order-permissions.ts';
import { OrderCardBolLabel } from './order-card-bol-label.tsx';

/** The options of a native select with a first, unselectable "choose…" entry shown while nothing is chosen. */
function withPlaceholder(options: { value: string; label: string }[], placeholder: string) {
  return [{ value: '', label: placeholder, disabled: true }, ...options];
}

/**
 * The shipping part of an order card (spec 1 §2 Order card): shipment method and box, preselected from the order's
 * choice and saved at once on a change; the label quantity (default 1, at most MAX_LABELS, saved after a short
 * pause); the Ship button when the role may use it (the P and O documents are in OrderCardActions). Disabled while a line has a cancellation request.
 * The fields are the browser's own select and number input: a board shows up to 500 cards, and Mantine's
 * searchable Select and NumberInput on each made the first render of 100 cards take most of a second (issue 8,
 * Lighthouse on /orders).
 */
export function OrderCardShipControls({
  order,
  methods,
  boxes,
  shipping,
  onShip,
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
  const [labelsText, setLabelsText] = useState(String(labels));
  useEffect(() => {
    setLabelsValue(order.label_quantity || 1);
    setLabelsText(String(order.label_quantity || 1));
  }, [order.label_quantity]);
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
        <NativeSelect
          label={t('card.method')}
          data={withPlaceholder(methodOptions, t('card.methodPlaceholder'))}
          value={method ?? ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            if (!v) return;
            setMethod(v);
            selectMethod.mutate({ orderId: order.id, code: v });
          }}
          disabled={!shippable || !allowed.selectMethod}
          size="xs"
          style={{ flex: 1, minWidth: 0 }}
        />
        <NativeSelect
          label={t('card.box')}
          data={withPlaceholder(boxOptions, t('card.boxPlaceholder'))}
          value={box ?? ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            if (!v) return;
            setBox(v);
            selectBox.mutate({ orderId: order.id, boxId: v });
          }}
          disabled={!shippable || !allowed.selectBox}
          size="xs"
          style={{ flex: 1, minWidth: 0 }}
        />
      </Group>
      <Group justify="space-between" align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={t('card.labels')}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_LABELS}
          step={1}
          value={labelsText}
          onChange={(e) => {
            const text = e.currentTarget.value;
            const n = Number(text);
            // Only whole numbers from 1 to MAX_LABELS are taken; anything else is not typed at all.
            if (text !== '' && (!Number.isInteger(n) || n < 1 || n > MAX_LABELS)) return;
            setLabelsText(text);
            if (text === '') return;
            setLabelsValue(n);
            saveLabels(n);
          }}
          onBlur={() => setLabelsText(String(labels))}
          onKeyDown={(e) => {
            // Enter ends the edit, so the scanner (paused while a field has focus) works again.
            if (e.key === 'Enter') e.currentTarget.blur();
          }}
          disabled={!shippable || !allowed.labelQuantity}
          size="xs"
          w={72}
        />
        <Group gap="xs" wrap="nowrap">
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
      {/* A bol order may also leave with a label bought from bol (spec 1 §4 marketplace label; ADR 0045). */}
      {allowed.ship && isBolPlatform(order.platform) ? (
        <OrderCardBolLabel order={order} disabled={!shippable} />
      ) : null}
    </>
  );
}

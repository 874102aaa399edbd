import {
  isBolPlatform,
  MAX_LABELS,
  type OpenOrder,
  PRINT_FRAMES,
  type PrintFrame,
  type ShipmentBox,
  type ShipmentMethod,
  type ShipVariant,
  shipVariant,
  stampAmount,
} from '@hoppa/core';
import { Alert, Button, Group, NativeSelect, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { useSelectShipmentBox } from '../api/select-shipment-box.ts';
import { useSelectShipmentMethod } from '../api/select-shipment-method.ts';
import { useSetLabelQuantity } from '../api/set-label-quantity.ts';
import { canShip, methodsForOrder } from '../open-orders.rules.ts';
import type { OrderPermissions } from '../use-order-permissions.ts';
import { CardNativeSelect, CardNumberInput } from './card-markup.tsx';
import { OrderCardBolLabel } from './order-card-bol-label.tsx';

/** What a card's ship button sends: method, box, number of labels and, for PostNL, the print frame. */
export interface ShipControlsChoice {
  methodCode: string | null;
  boxId: string | null;
  labelQuantity: number;
  printFrame?: PrintFrame | null;
}

/** The options of a native select with a first, unselectable "choose…" entry shown while nothing is chosen. */
function withPlaceholder(options: { value: string; label: string }[], placeholder: string) {
  return [{ value: '', label: placeholder, disabled: true }, ...options];
}

/** The ship button's text for a method's variant (spec 1 §4): PostNL, the stamp amount, own shipment, else Ship. */
function shipButtonText(variant: ShipVariant, code: string | null, t: TFunction<'orders'>): string {
  if (variant === 'postnl') return t('card.shipPostnl');
  if (variant === 'stamp') return t('card.shipStamp', { count: stampAmount(code ?? '') ?? 1 });
  if (variant === 'own') return t('card.shipOwn');
  return t('card.ship');
}

/**
 * The shipping part of an order card (spec 1 §2 Order card): shipment method and box, preselected from the order's
 * choice and saved at once on a change; the label quantity (default 1, at most MAX_LABELS, saved after a short
 * pause); the ship button of the chosen method's variant when the role may use it — 'PostNL label' with the print
 * frame choice, 'Stamp label (n stamps)' for a STAMP code, 'Eigen verzendwijze' for OWN-SHIPMENT, else 'Ship' (spec 1
 * §4; ADR 0044) — and the carrier's message when the last ship failed (the P and O documents are in
 * OrderCardActions). Disabled while a line has a cancellation request.
 * The fields are the browser's own select and number input: a board shows up to 500 cards, and Mantine's
 * searchable Select and NumberInput on each made the first render of 100 cards take most of a second (issue 8,
 * Lighthouse on /orders). Method, box and label count are Mantine's NativeSelect and TextInput markup written out
 * (card-markup.tsx, ADR 0109: no second render for Mantine's id); the PostNL print frame stays Mantine's.
 */
export function OrderCardShipControls({
  order,
  methods,
  boxes,
  shipping,
  shipError = null,
  onShip,
  allowed,
}: {
  order: OpenOrder;
  methods: readonly ShipmentMethod[];
  boxes: readonly ShipmentBox[];
  /** The order is being shipped: its Ship button spins. */
  shipping: boolean;
  /** Why the last ship failed (names the carrier and its reason), shown above the buttons; null when none. */
  shipError?: string | null;
  onShip: (order: OpenOrder, choice: ShipControlsChoice) => void;
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
  const chosen = methods.find((m) => m.code === method);
  const variant: ShipVariant = chosen ? shipVariant(chosen) : 'standard';
  const [printFrame, setPrintFrame] = useState<PrintFrame | null>(null);
  const shipLabel = shipButtonText(variant, method, t);
  const mutationError = selectMethod.error ?? selectBox.error ?? setLabels.error;

  return (
    <>
      {/* The error rule of spec 1 §8 (server message for 400/406 only), not the raw error text. */}
      <ErrorBanner error={mutationError} />
      {/* Method and box share a row at full width (their names are long: 'PostNL brievenbuspakje NL',
          'Doos L (40x30x20)'); the label count sits with the buttons. */}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <CardNativeSelect
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
          style={{ flex: 1, minWidth: 0 }}
        />
        <CardNativeSelect
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
          style={{ flex: 1, minWidth: 0 }}
        />
      </Group>
      <Group justify="space-between" align="flex-end" gap="xs" wrap="nowrap">
        <CardNumberInput
          label={t('card.labels')}
          min={1}
          max={MAX_LABELS}
          step={1}
          value={labelsText}
          onChange={(e) => {
            const text = e.currentTarget.value;
            const n = Number(text);
            // Only whole numbers from 1 to MAX_LABELS are taken; anything else is not typed at all. The field is put
            // back by hand: Preact (ADR 0063) does not re-render, so does not restore, a controlled input whose state
            // did not change.
            if (text !== '' && (!Number.isInteger(n) || n < 1 || n > MAX_LABELS)) {
              e.currentTarget.value = labelsText;
              return;
            }
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
        />
        <Group gap="xs" wrap="nowrap" align="flex-end">
          {allowed.ship && variant === 'postnl' && (
            // PostNL's print frame (spec 1 §4): the label printer, or an A4 sticker sheet from a chosen frame.
            <NativeSelect
              label={t('card.printFrame')}
              data={[
                { value: '', label: t('card.printA6') },
                ...PRINT_FRAMES.map((f) => ({ value: String(f), label: t('card.printA4', { frame: f }) })),
              ]}
              value={printFrame ? String(printFrame) : ''}
              onChange={(e) => {
                const v = Number(e.currentTarget.value);
                setPrintFrame(PRINT_FRAMES.includes(v as PrintFrame) ? (v as PrintFrame) : null);
              }}
              disabled={!shippable}
              size="xs"
              w={150}
            />
          )}
          {allowed.ship && (
            <Button
              size="xs"
              color={variant === 'own' ? 'gray' : undefined}
              onClick={() =>
                onShip(order, {
                  methodCode: method,
                  boxId: box,
                  labelQuantity: labels,
                  ...(variant === 'postnl' ? { printFrame } : {}),
                })
              }
              disabled={!shippable || !method}
              loading={shipping}
              title={
                shippable && !method ? t('scan.feedback.noShipOption', { order: order.orderId }) : undefined
              }
              aria-label={`${shipLabel} ${order.orderId}`}
            >
              {shipLabel}
            </Button>
          )}
        </Group>
      </Group>
      {shipError && (
        // The carrier's refusal stays on the card it belongs to (spec 1 §8): the order is still open.
        <Alert color="red" variant="light" py={6} role="alert" title={t('card.notShipped')}>
          <Text size="sm">{shipError}</Text>
        </Alert>
      )}
      {/* A bol order may also leave with a label bought from bol (spec 1 §4 marketplace label; ADR 0045). */}
      {allowed.ship && isBolPlatform(order.platform) ? (
        <OrderCardBolLabel order={order} disabled={!shippable} />
      ) : null}
    </>
  );
}

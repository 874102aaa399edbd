import { ApiError, type BolShipOption, formatDateTime, type OpenOrder } from '@hoppa/core';
import { codedProblemText } from '@hoppa/web';
import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBolShipOptions, useShipBolOrder } from '../api/bol-label.ts';
import { CardButton } from './card-markup.tsx';

/**
 * Why the label was not made: a coded 400 (the label bol no longer offers, ADR 0127) in the packer's language, else
 * the server's message (bol's reason for 502 `outside_service`), else the error's own text.
 */
function messageOf(err: unknown, t: TFunction): string {
  const coded = codedProblemText(err, t);
  if (coded) return coded;
  if (err instanceof ApiError) {
    const body = err.body as { message?: unknown } | null;
    if (body && typeof body.message === 'string') return body.message;
  }
  return err instanceof Error ? err.message : String(err);
}

/** One option as the select shows it: transporter, type, price, restrictions and the latest handover. */
export function bolOptionText(o: BolShipOption, handoverBy: (when: string) => string): string {
  const price = `€ ${o.labelPrice.totalPrice.toFixed(2).replace('.', ',')}`;
  const parts = [
    `${o.transporterCode} ${o.labelType}`,
    price,
    `${o.packageRestrictions.maxWeight}, ${o.packageRestrictions.maxDimensions}`,
  ];
  const latest = o.handoverDetails?.latestHandoverDateTime;
  if (latest) parts.push(handoverBy(formatDateTime(latest)));
  return parts.join(' · ');
}

/**
 * The marketplace label part of a bol order's card (spec 1 §3 Ship option, §4 Shipping a card, marketplace label
 * variant; ADR 0045): the packer opens bol's label options (asked from bol on demand, the ones priced 6 left out by the
 * API), picks one and ships: the label bought from bol opens to print, the order leaves the list. When bol refuses
 * or does not answer, the card keeps the order and says why, naming bol.
 */
export function OrderCardBolLabel({ order, disabled }: { order: OpenOrder; disabled: boolean }): ReactNode {
  const { t } = useTranslation('orders');
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string>('');
  const options = useBolShipOptions(order.id, open);
  const ship = useShipBolOrder();
  const list = options.data?.options ?? [];
  const chosen = choice || list[0]?.shippingLabelOfferId || '';

  if (!open)
    return (
      <Group justify="flex-end">
        {/* Mantine's Button markup written out (ADR 0109): every bol order's card has this one until it is opened. */}
        <CardButton size="xs" variant="light" color="blue" disabled={disabled} onClick={() => setOpen(true)}>
          {t('bolLabel.open')}
        </CardButton>
      </Group>
    );
  const error = options.error ?? ship.error;
  return (
    <Stack gap={4}>
      {error ? (
        <Alert color="red" variant="light" p="xs" title={t('bolLabel.failedTitle')}>
          <Text size="xs">{messageOf(error, t)}</Text>
        </Alert>
      ) : null}
      {options.data?.unavailable ? (
        <Text size="xs" c="dimmed">
          {t(`bolLabel.unavailable.${options.data.unavailable}`)}
        </Text>
      ) : options.isSuccess && list.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('bolLabel.none')}
        </Text>
      ) : null}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <NativeSelect
          label={t('bolLabel.option')}
          size="xs"
          style={{ flex: 1, minWidth: 0 }}
          disabled={disabled || !list.length || ship.isPending}
          value={chosen}
          onChange={(e) => setChoice(e.currentTarget.value)}
          data={
            options.isLoading
              ? [{ value: '', label: t('bolLabel.loading') }]
              : list.map((o) => ({
                  value: o.shippingLabelOfferId,
                  label: bolOptionText(o, (when) => t('bolLabel.handoverBy', { when })),
                }))
          }
        />
        <Button
          size="xs"
          disabled={disabled || !chosen}
          loading={ship.isPending || options.isLoading}
          aria-label={`${t('bolLabel.ship')} ${order.orderId}`}
          onClick={() =>
            ship.mutate(
              {
                order_id: order.id,
                shippingLabelOfferId: chosen,
                ...(options.data ? { orderItems: options.data.orderItems, org_id: order.org } : {}),
              },
              {
                onSuccess: (res) => {
                  window.open(URL.createObjectURL(res.label), '_blank', 'noopener');
                  notifications.show({
                    color: res.confirmation === 'confirmed' ? 'green' : 'yellow',
                    message: t(
                      res.confirmation === 'confirmed'
                        ? 'bolLabel.shippedConfirmed'
                        : 'bolLabel.shippedPending',
                      { order: order.orderId, tracking: res.trackingNumber },
                    ),
                  });
                },
              },
            )
          }
        >
          {t('bolLabel.ship')}
        </Button>
      </Group>
    </Stack>
  );
}

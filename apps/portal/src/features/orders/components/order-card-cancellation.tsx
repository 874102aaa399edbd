import { isBolPlatform, type OpenOrder } from '@hoppa/core';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationError } from '../../../components/error-banner.tsx';
import { Icon } from '../../../components/icons.tsx';
import { useAcceptBolCancellation } from '../api/bol-label.ts';
import { hasCancellation } from '../open-orders.rules.ts';
import type { OrderPermissions } from '../use-order-permissions.ts';

/**
 * The cancellation request of an order card (spec 1 §4 Picking state: lines with a cancellation request are dimmed and
 * the shipping options disabled; ADR 0128): a red notice why the order cannot ship and, for a bol.com order and a role
 * that may (`POST /order/bol/cancellation/{id}`), the 'Annulering accepteren' button. It asks to confirm (the
 * requested lines, that it cannot be undone), then bol cancels the items and the order card follows: the lines show
 * as cancelled, or the order leaves the list when nothing is left to ship; a notification says what was cancelled
 * and which picked pieces to put back where. bol.com has no call to decline a request, so there is no decline button.
 * Nothing is shown when no line has an open request.
 */
export function OrderCardCancellation({ order, allowed }: { order: OpenOrder; allowed: OrderPermissions }) {
  const { t } = useTranslation('orders');
  const [confirming, setConfirming] = useState(false);
  const accept = useAcceptBolCancellation();
  if (!hasCancellation(order)) return null;
  const bol = isBolPlatform(order.platform);
  const requested = order.products.filter((l) => l.cancellationRequest && !l.cancelled);

  const confirm = () =>
    accept.mutate(order.id, {
      onSuccess: (r) => {
        setConfirming(false);
        const back = r.returned.map((p) =>
          t('cancellation.putBack', { quantity: p.quantity, title: p.title, location: p.location }),
        );
        notifications.show({
          color: 'green',
          title: t('cancellation.done', { order: r.orderId, count: r.lines.length }),
          message: [
            r.order_cancelled ? t('cancellation.orderCancelled') : t('cancellation.restShips'),
            ...back,
          ].join(' '),
        });
      },
    });

  return (
    <>
      <Alert color="red" py={6} data-testid="cancellation-request">
        <Stack gap={6}>
          <Text size="sm">{t('card.cancellationBlocks')}</Text>
          {bol && <Text size="sm">{t('cancellation.bolHint')}</Text>}
          {bol && allowed.acceptCancellation && (
            <Group>
              <Button
                size="compact-sm"
                color="red"
                leftSection={<Icon name="alert" size={14} />}
                onClick={() => setConfirming(true)}
              >
                {t('cancellation.accept')}
              </Button>
            </Group>
          )}
        </Stack>
      </Alert>
      {/* Mounted only while open (ADR 0070): a closed Modal is still a portal with its transitions in every card. */}
      {confirming && (
        <Modal
          opened
          onClose={() => setConfirming(false)}
          title={t('cancellation.confirmTitle', { order: order.orderId })}
        >
          <Stack gap="sm">
            <Text size="sm">{t('cancellation.confirmBody')}</Text>
            <List size="sm">
              {requested.map((l) => (
                <List.Item key={l.id}>
                  {l.quantity} × {l.title} ({l.ean})
                </List.Item>
              ))}
            </List>
            <MutationError
              mutation={accept}
              serverMessageFor={[502]}
              messages={{
                no_cancellation_request: t('cancellation.errors.none'),
                marketplace_connection_inactive: t('cancellation.errors.inactive'),
                order_shipped: t('cancellation.errors.shipped'),
                order_cancelled: t('cancellation.errors.cancelled'),
              }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)} disabled={accept.isPending}>
                {t('cancellation.back')}
              </Button>
              <Button color="red" onClick={confirm} loading={accept.isPending}>
                {t('cancellation.accept')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}

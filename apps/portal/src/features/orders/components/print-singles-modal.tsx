import type { BatchSkipReason, OpenOrder } from '@hoppa/core';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The group whose single-line orders the packer asked to ship ('print single orders', spec 1 §2). */
export interface PrintSinglesState {
  /** The group header's title (the pick location). */
  location: string;
  orders: OpenOrder[];
}

/** Confirms shipping a pick location's single-line orders, naming how many (spec 1 §2, §4). */
export function PrintSinglesModal({
  state,
  onConfirm,
  onCancel,
}: {
  state: PrintSinglesState | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('orders');
  return (
    <Modal
      opened={state !== null}
      onClose={onCancel}
      title={state ? t('singles.title', { location: state.location }) : ''}
    >
      {state && (
        <Stack gap="md">
          <Text>{t('singles.body', { count: state.orders.length })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('singles.cancel')}
            </Button>
            <Button onClick={onConfirm} data-autofocus>
              {t('singles.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** What a batch did, for the notice above the board. */
export interface PrintSinglesOutcome {
  shipped: number;
  /** Skipped orders by shop order number (our id when the list no longer has the order). */
  skipped: { orderNumber: string; reason: BatchSkipReason }[];
  /** Set when the call failed as a whole. */
  error?: string;
}

/** The outcome of the last 'print single orders': how many shipped and which were skipped, and why. */
export function PrintSinglesNotice({
  outcome,
  onClose,
}: {
  outcome: PrintSinglesOutcome | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  if (!outcome) return null;
  const failed = outcome.error !== undefined || outcome.shipped === 0;
  return (
    <Alert
      role="status"
      color={failed ? 'red' : outcome.skipped.length ? 'yellow' : 'green'}
      withCloseButton
      closeButtonLabel={t('singles.close')}
      onClose={onClose}
      title={
        outcome.error !== undefined
          ? t('singles.failed', { message: outcome.error })
          : outcome.shipped > 0
            ? t('singles.shipped', { count: outcome.shipped })
            : t('singles.noneShipped')
      }
    >
      {outcome.skipped.length > 0 && (
        <Stack gap={4}>
          <Text size="sm">{t('singles.skipped', { count: outcome.skipped.length })}</Text>
          <List size="sm">
            {outcome.skipped.map((s) => (
              <List.Item key={s.orderNumber}>
                {s.orderNumber}: {t(`singles.reason.${s.reason}`)}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Alert>
  );
}

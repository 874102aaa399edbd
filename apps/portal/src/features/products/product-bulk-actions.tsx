import type { ProductRow } from '@hoppa/core';
import { Alert, Button, Group, Modal, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { type BulkAction, useBulkAction } from './api/product-table-api.ts';

type OpenModal = 'active' | 'fulfilment' | 'track_trace' | 'delete' | null;
type Tri = 'keep' | 'on' | 'off';

/** The toast texts of each bulk action (spec 3 §8). */
const TOASTS = {
  active: ['bulk.activeDone', 'bulk.activeFailed'],
  fulfilment: ['bulk.fulfilmentDone', 'bulk.fulfilmentFailed'],
  track_trace: ['bulk.trackTraceDone', 'bulk.trackTraceFailed'],
  delete: ['bulk.deleteDone', 'bulk.deleteFailed'],
} as const;

/**
 * The bulk actions of a selection (spec 3 §2 bulk active, bulk fulfilment, bulk track and trace, delete; §4 each in
 * a modal that closes after apply or cancel, the selection is cleared after success; §5 the delete confirmation;
 * §8 the toasts). A refused action keeps the modal open with the server's reason (e.g. products with stock cannot be
 * deleted) and the selection as it was.
 */
export function BulkActionBar({ selected, onDone }: { selected: readonly ProductRow[]; onDone: () => void }) {
  const { t } = useTranslation('productTable');
  const [open, setOpen] = useState<OpenModal>(null);
  const [flag, setFlag] = useState<'on' | 'off'>('off');
  const [email, setEmail] = useState<Tri>('keep');
  const [share, setShare] = useState<Tri>('keep');
  const bulk = useBulkAction();
  const ids = selected.map((p) => p.id);
  const count = ids.length;

  const show = (m: OpenModal) => {
    bulk.reset();
    setFlag('off');
    setEmail('keep');
    setShare('keep');
    setOpen(m);
  };
  const run = (action: BulkAction) => {
    const kind = action.kind;
    bulk.mutate(action, {
      onSuccess: ({ count: n, deactivated }) => {
        const message =
          deactivated > 0
            ? t('bulk.deleteDoneDeactivated', { count: n - deactivated, deactivated })
            : t(TOASTS[kind][0], { count: n });
        notifications.show({ color: 'green', message, autoClose: 5000 });
        setOpen(null);
        onDone();
      },
      onError: () => notifications.show({ color: 'red', message: t(TOASTS[kind][1]), autoClose: 5000 }),
    });
  };
  const tri = (v: Tri) => (v === 'keep' ? undefined : v === 'on');
  const onOff = [
    { value: 'on', label: t('bulk.on') },
    { value: 'off', label: t('bulk.off') },
  ];
  const footer = (apply: () => void, disabled = false, danger = false) => (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={() => setOpen(null)}>
        {t('bulk.cancel')}
      </Button>
      <Button color={danger ? 'red' : undefined} onClick={apply} loading={bulk.isPending} disabled={disabled}>
        {danger ? t('bulk.deleteButton') : t('bulk.apply')}
      </Button>
    </Group>
  );

  return (
    <Paper withBorder p="xs" bg="var(--mantine-primary-color-light)">
      <Group justify="space-between">
        <Text fw={600} aria-live="polite">
          {t('select.count', { count })}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => show('active')}>
            {t('bulk.active')}
          </Button>
          <Button size="xs" variant="default" onClick={() => show('fulfilment')}>
            {t('bulk.fulfilment')}
          </Button>
          <Button size="xs" variant="default" onClick={() => show('track_trace')}>
            {t('bulk.trackTrace')}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => show('delete')}>
            {t('bulk.delete')}
          </Button>
          <Button size="xs" variant="subtle" onClick={onDone}>
            {t('select.clear')}
          </Button>
        </Group>
      </Group>

      <Modal
        opened={open === 'active'}
        onClose={() => setOpen(null)}
        title={t('bulk.activeTitle', { count })}
      >
        <SegmentedControl
          fullWidth
          value={flag}
          onChange={(v) => setFlag(v as 'on' | 'off')}
          data={[
            { value: 'on', label: t('bulk.activate') },
            { value: 'off', label: t('bulk.deactivate') },
          ]}
        />
        {bulk.error ? <ErrorBanner error={bulk.error} /> : null}
        {footer(() => run({ kind: 'active', ids, active: flag === 'on' }))}
      </Modal>

      <Modal
        opened={open === 'fulfilment'}
        onClose={() => setOpen(null)}
        title={t('bulk.fulfilmentTitle', { count })}
      >
        <SegmentedControl
          fullWidth
          value={flag}
          onChange={(v) => setFlag(v as 'on' | 'off')}
          data={[
            { value: 'on', label: t('bulk.fulfilOn') },
            { value: 'off', label: t('bulk.fulfilOff') },
          ]}
        />
        {bulk.error ? <ErrorBanner error={bulk.error} /> : null}
        {footer(() => run({ kind: 'fulfilment', ids, fullfilled_bysf: flag === 'on' }))}
      </Modal>

      <Modal
        opened={open === 'track_trace'}
        onClose={() => setOpen(null)}
        title={t('bulk.trackTraceTitle', { count })}
      >
        <Stack>
          <div>
            <Text size="sm" fw={500} mb={4} id="bulk-tt-email">
              {t('bulk.trackTraceEmail')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="bulk-tt-email"
              value={email}
              onChange={(v) => setEmail(v as Tri)}
              data={[{ value: 'keep', label: t('bulk.keep') }, ...onOff]}
            />
          </div>
          <div>
            <Text size="sm" fw={500} mb={4} id="bulk-tt-share">
              {t('bulk.shareTrackTrace')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="bulk-tt-share"
              value={share}
              onChange={(v) => setShare(v as Tri)}
              data={[{ value: 'keep', label: t('bulk.keep') }, ...onOff]}
            />
          </div>
        </Stack>
        {bulk.error ? <ErrorBanner error={bulk.error} /> : null}
        {footer(
          () =>
            run({
              kind: 'track_trace',
              ids,
              ...(tri(email) === undefined ? {} : { track_trace_email: tri(email) }),
              ...(tri(share) === undefined ? {} : { share_track_trace: tri(share) }),
            }),
          email === 'keep' && share === 'keep',
        )}
      </Modal>

      <Modal opened={open === 'delete'} onClose={() => setOpen(null)} title={t('bulk.deleteTitle')}>
        <Stack gap="xs">
          <Text>{t('bulk.deleteConfirm', { count })}</Text>
          <Alert color="red" variant="light">
            {t('bulk.deleteWarning')}
          </Alert>
        </Stack>
        {bulk.error ? <ErrorBanner error={bulk.error} /> : null}
        {footer(() => count > 0 && run({ kind: 'delete', ids }), count === 0, true)}
      </Modal>
    </Paper>
  );
}

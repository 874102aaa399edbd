import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ViewerDoc = 'label' | 'slip';

export interface DocumentViewerState {
  /** The shop's order number, for the title. */
  orderNumber: string;
  /** Our order id (packing slip call). */
  orderId: string;
  trackingNumber: string | null;
  label: Blob | null;
  slip: Blob | null;
  show: ViewerDoc;
  /** Replaces the 'Label for order' title (the labels of a batch). */
  title?: string;
  /** False when there is no single packing slip to switch to (a batch's labels). */
  hasSlip?: boolean;
}

/**
 * Shows the shipping label (and the packing slip) of a shipped order in an embedded PDF viewer with a
 * Print button, so the packer prints without a pop-up (spec 1 §4 Shipping a card: the label opens for
 * printing). 'Open in new tab' is there for browsers whose viewer cannot print from a frame.
 */
export function DocumentViewerModal({
  state,
  onClose,
  onShow,
  loadingSlip,
}: {
  state: DocumentViewerState | null;
  onClose: () => void;
  /** Switch documents; the page fetches the packing slip when it is asked for the first time. */
  onShow: (doc: ViewerDoc) => void;
  loadingSlip: boolean;
}) {
  const { t } = useTranslation('orders');
  const frame = useRef<HTMLIFrameElement>(null);
  const [blocked, setBlocked] = useState(false);
  const blob = state ? (state.show === 'label' ? state.label : state.slip) : null;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  function print() {
    const w = frame.current?.contentWindow;
    if (w) {
      w.focus();
      w.print();
    }
  }

  function openTab() {
    if (!url) return;
    const w = window.open(url, '_blank', 'noopener');
    setBlocked(!w);
  }

  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      size="xl"
      title={state ? (state.title ?? t('label.title', { order: state.orderNumber })) : ''}
    >
      {state && (
        <Stack gap="sm">
          <Group justify="space-between">
            {state.hasSlip === false ? (
              <span />
            ) : (
              <SegmentedControl
                value={state.show}
                onChange={(v) => onShow(v as ViewerDoc)}
                data={[
                  { value: 'label', label: t('label.showLabel'), disabled: !state.label },
                  { value: 'slip', label: t('label.packingSlip') },
                ]}
              />
            )}
            {state.trackingNumber && (
              <Text size="sm" ff="monospace">
                {t('label.tracking', { tracking: state.trackingNumber })}
              </Text>
            )}
          </Group>
          {blocked && (
            <Alert color="yellow" role="alert">
              {t('label.popupBlocked')}
            </Alert>
          )}
          {url ? (
            <iframe
              ref={frame}
              src={url}
              title={t('label.viewer')}
              style={{ width: '100%', height: '60vh', border: '1px solid var(--mantine-color-gray-3)' }}
            />
          ) : (
            <Text c="dimmed" py="xl" ta="center">
              {loadingSlip ? '…' : ''}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={openTab} disabled={!url}>
              {t('label.openTab')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('label.close')}
            </Button>
            <Button onClick={print} disabled={!url} data-autofocus>
              {t('label.print')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

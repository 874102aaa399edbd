import { type OpenOrder, orderListDocumentEndpoint } from '@hoppa/core';
import { Button, Group, Modal } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/paths.ts';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { Icon } from '../../../components/icons.tsx';
import {
  type AttachmentLabels,
  OrderAttachmentsPanel,
} from '../../../components/order-attachments/order-attachments-panel.tsx';
import {
  type NotesEditorLabels,
  OrderNotesEditor,
} from '../../../components/order-notes/order-notes-editor.tsx';
import { call } from '../../../lib/api.ts';
import type { OrderPermissions } from '../use-order-permissions.ts';
import { CardButton } from './card-markup.tsx';

/** Opens a PDF blob in a new tab (the browser's viewer prints it); falls back to a download when pop-ups are blocked. */
function openPdf(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const tab = window.open(url, '_blank', 'noopener');
  if (!tab) {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The order card's document and edit actions (spec 1 §2 Order card: P packing list, O order list, note editor,
 * attachments with the packer's instructions; Order
 * detail: edit order, hidden for orders fulfilled by the provider). Each shows only when the role may call it.
 * The buttons that never spin are Mantine's markup written out (CardButton, ADR 0109); O (spins while the document
 * loads) and Edit (a link) stay Mantine's `Button`.
 */
export function OrderCardActions({
  order,
  allowed,
  onPackingSlip,
}: {
  order: OpenOrder;
  allowed: OrderPermissions;
  onPackingSlip: (order: OpenOrder) => void;
}) {
  const { t } = useTranslation('orders');
  const [notesOpen, setNotesOpen] = useState(false);
  const [attachmentsOpen, setAttachmentsOpen] = useState(false);
  const orderList = useMutation({
    mutationFn: async () => {
      const blob = await call(orderListDocumentEndpoint, { params: { id: order.id } });
      openPdf(blob, `order-list-${order.orderId.replace(/[^A-Za-z0-9_-]+/g, '')}.pdf`);
    },
  });
  return (
    <>
      <Group gap={6}>
        {allowed.packingSlip && (
          <CardButton
            size="compact-xs"
            variant="default"
            onClick={() => onPackingSlip(order)}
            aria-label={t('card.packingListP')}
            title={t('card.packingListP')}
          >
            P
          </CardButton>
        )}
        {allowed.orderList && (
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => orderList.mutate()}
            loading={orderList.isPending}
            aria-label={t('card.orderListO')}
            title={t('card.orderListO')}
          >
            O
          </Button>
        )}
        {allowed.notes && (
          <CardButton
            size="compact-xs"
            variant="light"
            leftSection={<Icon name="note" size={14} />}
            onClick={() => setNotesOpen(true)}
          >
            {t('card.note')}
          </CardButton>
        )}
        {allowed.attachments && (
          <CardButton
            size="compact-xs"
            variant="light"
            leftSection={<Icon name="document" size={14} />}
            onClick={() => setAttachmentsOpen(true)}
          >
            {t('card.attachments')}
          </CardButton>
        )}
        {allowed.edit && !order.isFulfilledBySF && (
          <Button
            size="compact-xs"
            variant="light"
            component={Link}
            to={pathTo('orderEdit', { id: order.id })}
            leftSection={<Icon name="edit" size={14} />}
          >
            {t('card.edit')}
          </Button>
        )}
      </Group>
      <ErrorBanner error={orderList.error} />
      {/* Mounted only while open, as the note editor: a closed Modal is still a portal, transitions and focus trap
          in every card of the board (ADR 0070). */}
      {attachmentsOpen && (
        <Modal
          opened
          onClose={() => setAttachmentsOpen(false)}
          title={t('card.attachmentsOf', { order: order.orderId })}
          size="lg"
        >
          <OrderAttachmentsPanel
            orderId={order.id}
            canUpload={allowed.attach}
            labels={t('attachments', { returnObjects: true }) as AttachmentLabels}
          />
        </Modal>
      )}
      {notesOpen && (
        <OrderNotesEditor
          opened
          onClose={() => setNotesOpen(false)}
          orderId={order.id}
          initial={{ text: order.notes_text, color: order.notes_color, notify: order.notes_notify }}
          labels={t('notesEditor', { returnObjects: true }) as NotesEditorLabels}
        />
      )}
    </>
  );
}

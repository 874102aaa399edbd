import { ATTACHMENTS_PER_ORDER, NEW_ORDER_MESSAGES } from '@hoppa/core';
import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner, PageLoader } from '../error-banner.tsx';
import { attachmentUrl, useOrderAttachments, useUploadAttachments } from './api.ts';
import { AttachmentFields } from './attachment-fields.tsx';
import type { AttachmentLabels } from './labels.ts';

export type { AttachmentLabels } from './labels.ts';

/** Bytes as '12 kB' / '1,2 MB' (Dutch) or '1.2 MB' (English). */
function size(bytes: number, lang: 'nl' | 'en'): string {
  return bytes >= 1_048_576
    ? `${(bytes / 1_048_576).toLocaleString(lang === 'nl' ? 'nl-NL' : 'en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/**
 * An order's attachments (spec 1 §2 Order card 'attachment download', Order detail 'download attachments'; §5
 * Attachments): each PDF with its instruction and a link that opens it, 'Geen bijlagen gevonden' when there are none
 * (spec 1 §8), and — when `canUpload` (the role may `POST /order_attachments/*`) and the order holds fewer than 20 —
 * an upload of PDFs with their instruction text, all or nothing. Self-contained: give it the order's id.
 */
export function OrderAttachmentsPanel({
  orderId,
  canUpload,
  labels,
}: {
  orderId: string;
  canUpload: boolean;
  labels: AttachmentLabels;
}): ReactNode {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage?.startsWith('nl') ? 'nl' : 'en';
  const list = useOrderAttachments(orderId);
  const upload = useUploadAttachments(orderId);
  const [files, setFiles] = useState<File[]>([]);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const items = list.data?.items ?? [];
  const textMissing = tried && files.length > 0 && !text.trim();
  const filesMissing = tried && text.trim() !== '' && files.length === 0;

  function send() {
    setTried(true);
    if (files.length === 0 || !text.trim()) return;
    upload.mutate(
      { files, instructions: text.trim() },
      {
        onSuccess: () => {
          setFiles([]);
          setText('');
          setTried(false);
        },
      },
    );
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="order-attachments">
      <Stack gap="sm">
        <Title order={2} fz="md">
          {labels.title}
        </Title>
        {list.isPending ? <PageLoader /> : null}
        <ErrorBanner error={list.error} />
        {list.data && items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {labels.none}
          </Text>
        ) : null}
        {items.length > 0 ? (
          <Table aria-label={labels.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{labels.file}</Table.Th>
                <Table.Th>{labels.instruction}</Table.Th>
                <Table.Th ta="right">{labels.size}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Anchor href={attachmentUrl(orderId, a.id)} target="_blank" rel="noopener">
                      {a.filename}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {a.instruction}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{size(a.size, lang)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {canUpload && list.data && list.data.total < ATTACHMENTS_PER_ORDER ? (
          <Stack gap="xs">
            <AttachmentFields
              files={files}
              onFiles={setFiles}
              text={text}
              onText={setText}
              textError={textMissing ? NEW_ORDER_MESSAGES.attachmentText[lang] : null}
              filesError={filesMissing ? NEW_ORDER_MESSAGES.attachmentFiles[lang] : null}
              labels={labels}
            />
            <ErrorBanner error={upload.error} />
            {upload.isSuccess ? (
              <Alert color="green" variant="light">
                {labels.uploaded}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button onClick={send} loading={upload.isPending}>
                {labels.upload}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

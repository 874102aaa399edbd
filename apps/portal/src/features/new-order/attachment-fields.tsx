import { FileInput, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentFileProblem } from './new-order.rules.ts';

/**
 * The attachments inputs (spec 1 §2 'optional attachments with instruction text', §5 Attachments): PDF files, each
 * checked when chosen — not a PDF: 'Only PDF files are allowed.', over 5 MB: the message naming the file; either
 * clears the input (spec 1 §8) — and the instruction text.
 */
export function AttachmentFields({
  files,
  onFiles,
  text,
  onText,
  textError,
  filesError,
}: {
  files: File[];
  onFiles: (files: File[]) => void;
  text: string;
  onText: (text: string) => void;
  textError?: string | null;
  filesError?: string | null;
}): ReactNode {
  const { t, i18n } = useTranslation('newOrder');
  const lang = i18n.resolvedLanguage?.startsWith('nl') ? 'nl' : 'en';
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <Stack gap="xs">
      <FileInput
        label={t('confirm.files')}
        placeholder={t('confirm.filesPlaceholder')}
        multiple
        clearable
        accept="application/pdf,.pdf"
        value={files}
        onChange={(chosen) => {
          const list = chosen ?? [];
          const problem = list.map((f) => attachmentFileProblem(f, lang)).find(Boolean) ?? null;
          setRefused(problem);
          onFiles(problem ? [] : list);
        }}
        error={refused ?? filesError ?? undefined}
        data-testid="attachment-files"
      />
      <Textarea
        label={t('confirm.instructions')}
        value={text}
        onChange={(e) => onText(e.currentTarget.value)}
        rows={3}
        maxLength={2000}
        error={textError ?? undefined}
      />
      <Text size="xs" c="dimmed">
        {t('confirm.attachmentsHint')}
      </Text>
    </Stack>
  );
}

import { FileInput, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentFileProblem } from './attachment-rules.ts';
import type { AttachmentLabels } from './labels.ts';

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
  labels,
}: {
  labels: Pick<AttachmentLabels, 'files' | 'filesPlaceholder' | 'instructions' | 'hint'>;
  files: File[];
  onFiles: (files: File[]) => void;
  text: string;
  onText: (text: string) => void;
  textError?: string | null;
  filesError?: string | null;
}): ReactNode {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage?.startsWith('nl') ? 'nl' : 'en';
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <Stack gap="xs">
      <FileInput
        label={labels.files}
        placeholder={labels.filesPlaceholder}
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
        label={labels.instructions}
        value={text}
        onChange={(e) => onText(e.currentTarget.value)}
        rows={3}
        maxLength={2000}
        error={textError ?? undefined}
      />
      <Text size="xs" c="dimmed">
        {labels.hint}
      </Text>
    </Stack>
  );
}

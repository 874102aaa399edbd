import { ATTACHMENT_FILE_MESSAGES, ATTACHMENT_MAX_BYTES } from '@hoppa/core';

/** The problem with a chosen file (spec 1 §5 Attachments): not a PDF, or over 5 MB; null when fine. */
export function attachmentFileProblem(
  file: { name: string; size: number; type: string },
  lang: 'nl' | 'en',
): string | null {
  const pdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!pdf) return ATTACHMENT_FILE_MESSAGES.notPdf[lang];
  if (file.size > ATTACHMENT_MAX_BYTES) return ATTACHMENT_FILE_MESSAGES.tooLarge(file.name)[lang];
  return null;
}

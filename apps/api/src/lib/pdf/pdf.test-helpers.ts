import { extractText, getDocumentProxy } from 'unpdf';

/** Text of every page of a PDF (unpdf), with runs of whitespace collapsed, and its page count. */
export async function readPdf(
  pdf: Buffer | Uint8Array,
): Promise<{ pages: number; text: string; pageTexts: string[] }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(doc, { mergePages: false });
  const pageTexts = text.map((t) => t.replace(/\s+/g, ' ').trim());
  return { pages: totalPages, text: pageTexts.join('\n'), pageTexts };
}

import { extractText, getDocumentProxy } from 'unpdf';
import type { PostalAddress } from '../carriers/carrier.ts';

/** Text of every page of a PDF (unpdf), with runs of whitespace collapsed, and its page count. */
export async function readPdf(
  pdf: Buffer | Uint8Array,
): Promise<{ pages: number; text: string; pageTexts: string[] }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(doc, { mergePages: false });
  const pageTexts = text.map((t) => t.replace(/\s+/g, ' ').trim());
  return { pages: totalPages, text: pageTexts.join('\n'), pageTexts };
}

/** The PDF's own title (its document information, which viewers show in the tab or window title). */
export async function readPdfTitle(pdf: Buffer | Uint8Array): Promise<string | undefined> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { info } = await doc.getMetadata();
  return (info as { Title?: string }).Title;
}

/** The demo provider's address as a label sender, shared by the PDF tests and the label benchmark. */
export const TEST_SENDER: PostalAddress = {
  name: 'Hoppa Fulfilment',
  company: 'Hoppa Fulfilment',
  street: 'Havenweg',
  houseNumber: '12',
  addition: '',
  zipCode: '1013 AB',
  city: 'Amsterdam',
  countryCode: 'NL',
  phone: '',
  email: '',
};

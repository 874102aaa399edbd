import type { PrintFrame } from '@hoppa/core';
import type { DocLang } from '../lang.ts';
import { A6 } from '../pdf/pdf.ts';

const A4: [number, number] = [A6[0] * 2, A6[1] * 2];

/** The sheet's title (its metadata; viewers show it in the tab) per language. */
const SHEET_TITLE: Record<DocLang, string> = { nl: 'Verzendlabels', en: 'Shipping labels' };

/**
 * Places carriers' label PDFs (every page of each, in order) on our label pages (issue 14; spec 1 §4 'print frame'):
 * with `frame` null each label gets its own A6 portrait page (105 × 148 mm, the label printer's stock, as the local
 * carrier's labels); with a frame 1–4 the labels fill A4 sheets of four A6 frames, the first label in that frame
 * (1 top left, 2 top right, 3 bottom left, 4 bottom right), further labels in the next frames and sheets. A landscape
 * label (PostNL's 150 × 103 mm) is turned a quarter to fit the portrait frame; every label is scaled to fit, centred.
 * The title is in `lang`, the requester's language. Throws when a PDF cannot be read.
 */
export async function placeLabels(
  pdfs: readonly Buffer[],
  frame: PrintFrame | null,
  lang: DocLang = 'nl',
): Promise<Buffer> {
  // Loaded on first use, not at start-up (docs/decisions/0088-*.md).
  const { degrees, PDFDocument } = await import('pdf-lib');
  const out = await PDFDocument.create();
  out.setTitle(SHEET_TITLE[lang]);
  out.setProducer('Hoppa');
  const [fw, fh] = A6;
  let sheet = null as ReturnType<typeof out.addPage> | null;
  let slot = frame ? frame - 1 : 0;
  for (const bytes of pdfs) {
    const src = await PDFDocument.load(bytes);
    const embedded = await out.embedPages(src.getPages());
    for (const page of embedded) {
      let x0 = 0;
      let y0 = 0;
      if (frame === null) {
        sheet = out.addPage(A6);
      } else {
        if (!sheet || slot > 3) {
          sheet = out.addPage(A4);
          if (slot > 3) slot = 0;
        }
        x0 = (slot % 2) * fw;
        y0 = slot < 2 ? fh : 0;
        slot += 1;
      }
      const landscape = page.width > page.height;
      const w = landscape ? page.height : page.width;
      const h = landscape ? page.width : page.height;
      const scale = Math.min(fw / w, fh / h);
      const dw = w * scale;
      const dh = h * scale;
      const x = x0 + (fw - dw) / 2;
      const y = y0 + (fh - dh) / 2;
      if (landscape) {
        // Turned 90° anticlockwise about its lower-left corner: move right by its drawn width.
        sheet.drawPage(page, { x: x + dw, y, xScale: scale, yScale: scale, rotate: degrees(90) });
      } else {
        sheet.drawPage(page, { x, y, xScale: scale, yScale: scale });
      }
    }
  }
  return Buffer.from(await out.save());
}

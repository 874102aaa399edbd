import { isValidEan, type LabelFormat } from '@hoppa/core';
import { drawBarcode, drawQr, FONT, FONT_BOLD, MM, pdfText, renderPdf, shrinkToFit } from './pdf.ts';

/**
 * Page sizes of the label formats, landscape, in points: A6 (148 × 105 mm) and a 62 mm roll label cut at 100 mm (a
 * 24-character Code 128 needs about 300 modules: at 100 mm wide a module is 0.3 mm, which a 203 dpi label printer
 * prints and a hand scanner reads; on a 62 × 40 mm label it would be 0.19 mm, under two printer dots).
 */
const PAGE: Record<LabelFormat, [number, number]> = {
  a6: [148 * MM, 105 * MM],
  '62mm': [100 * MM, 62 * MM],
};

/** What a location label shows: the name in large type, its id as Code 128 and QR code, parent and type. */
export interface LocationLabelData {
  id: string;
  name: string;
  parentName: string | null;
  type: string | null;
}

/**
 * Location labels (issue 9; spec 3 §7 `POST /location/label`, `POST /location/labels/{id}`), one page each: the
 * name as large as fits, the 24-hex id as a Code 128 barcode (hand scanners) and as a QR code (phone cameras) — the
 * pick screen and the location widget read either — with the id in text, the parent and the type in small type.
 * Resolves with the PDF bytes.
 */
export async function buildLocationLabelsPdf(
  labels: LocationLabelData[],
  format: LabelFormat,
): Promise<Buffer> {
  const [W, H] = PAGE[format];
  const small = format === '62mm';
  const M = (small ? 3 : 5) * MM;
  return renderPdf(
    { title: `Location labels (${labels.length})`, subject: labels.map((l) => l.name).join(', ') },
    (doc) => {
      for (const label of labels) {
        doc.addPage({ size: [W, H], margin: 0 });
        doc.fillColor('#000');
        // A QR code needs a quiet zone of four modules (a 24-character id is a 25-module QR): keep it that far
        // from the page edge and from the name, or a camera misses it now and then (so did the test's ZXing).
        const qrSize = small ? 24 * MM : 32 * MM;
        const quiet = small ? 5 * MM : 7 * MM;
        const textW = W - M - 2 * quiet - qrSize;
        // The name: what a person reads from a distance.
        doc.font(FONT_BOLD);
        const nameSize = small ? 22 : 54;
        const name = shrinkToFit(doc, pdfText(label.name), textW, nameSize, small ? 10 : 18);
        doc.text(name, M, M, { lineBreak: false });
        doc.font(FONT).fontSize(small ? 6 : 10);
        const sub = [label.parentName ? `in ${label.parentName}` : null, label.type]
          .filter(Boolean)
          .join(' · ');
        if (sub) doc.text(pdfText(sub), M, M + (small ? 9 : 21) * MM, { lineBreak: false });
        // QR code top right, Code 128 across the bottom, the id under it.
        drawQr(doc, label.id, W - quiet - qrSize, quiet, qrSize);
        const barH = small ? 8 * MM : 16 * MM;
        const barY = H - M - barH - (small ? 3 : 5) * MM;
        drawBarcode(doc, 'code128', label.id, M, barY, { width: W - 2 * M, height: barH });
        doc.font('Courier').fontSize(small ? 8 : 9);
        const idW = doc.widthOfString(label.id);
        doc.text(label.id, (W - idW) / 2, barY + barH + 1 * MM, { lineBreak: false });
      }
    },
  );
}

/** What an EAN label shows. */
export interface EanLabelData {
  name: string;
  ean: string;
  sku: string | null;
}

/**
 * `amount` EAN labels of one product (spec 3 §7 `POST /product/label/{ean}/{amount}`): the product name, its EAN as
 * an EAN-13 barcode (Code 128 when the code is not a valid EAN-13, e.g. an EAN-8 or a shop code) with the digits,
 * and the SKU. Resolves with the PDF bytes.
 */
export async function buildEanLabelsPdf(
  product: EanLabelData,
  amount: number,
  format: LabelFormat,
): Promise<Buffer> {
  const [W, H] = PAGE[format];
  const small = format === '62mm';
  const M = (small ? 3 : 6) * MM;
  const symbology = product.ean.length === 13 && isValidEan(product.ean) ? 'ean13' : 'code128';
  return renderPdf({ title: `EAN labels ${product.ean} (${amount})`, subject: product.name }, (doc) => {
    for (let i = 0; i < amount; i++) {
      doc.addPage({ size: [W, H], margin: 0 });
      doc.fillColor('#000').font(FONT_BOLD);
      const title = shrinkToFit(doc, pdfText(product.name), W - 2 * M, small ? 12 : 16, 7);
      doc.text(title, M, M, { lineBreak: false });
      const barW = Math.min(W - 2 * M, small ? 60 * MM : 90 * MM);
      const barH = small ? 28 * MM : 40 * MM;
      const barY = M + (small ? 8 : 10) * MM;
      drawBarcode(doc, symbology, product.ean, (W - barW) / 2, barY, { width: barW, height: barH });
      doc.font(FONT).fontSize(small ? 11 : 14);
      const digits = pdfText(product.ean);
      doc.text(digits, (W - doc.widthOfString(digits)) / 2, barY + barH + 1 * MM, { lineBreak: false });
      if (product.sku) {
        doc.fontSize(small ? 8 : 10);
        doc.text(`SKU ${pdfText(product.sku)}`, M, H - M - (small ? 2.5 : 4) * MM, { lineBreak: false });
      }
    }
  });
}

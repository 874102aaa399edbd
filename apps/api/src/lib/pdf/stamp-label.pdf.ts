import { streetLine } from '@hoppa/core';
import type { PostalAddress } from '../carriers/carrier.ts';
import type { DocLang } from '../lang.ts';
import {
  A6,
  FONT,
  FONT_BOLD,
  fitText,
  formatDate,
  horizontalRule,
  MM,
  pdfText,
  renderPdf,
  shrinkToFit,
} from './pdf.ts';

/** Everything printed on a stamp label (issue 14; spec 1 §4 'a stamp/letter product (with an amount, 1 or 2)'). */
export interface StampLabelData {
  /** Our reference of the letter (no carrier tracking exists). */
  reference: string;
  /** Stamps to stick on: 1 or 2 (core `stampAmount`). */
  amount: 1 | 2;
  methodCode: string;
  methodName: string;
  sender: PostalAddress;
  recipient: PostalAddress;
  shopOrderId: string;
  merchantName: string;
  shipDate: Date;
  /** The language of the PDF's title (its metadata), the requester's; Dutch by default. */
  lang?: DocLang;
}

/** The PDF's title per language. */
const STAMP_LABEL_TITLE: Record<DocLang, string> = { nl: 'Postzegellabel', en: 'Stamp label' };

/**
 * Renders the A6 stamp label (105 × 148 mm; ADR 0044): the stamp boxes with the amount in large type ('2 ×
 * POSTZEGEL') so the packer sticks the right number, the sender, the recipient in large type, and at the foot the order
 * reference, method and our reference. A letter has no carrier barcode: it goes into the letter box as it is.
 */
export async function buildStampLabelPdf(data: StampLabelData): Promise<Buffer> {
  const [W, H] = A6;
  const M = 4 * MM;
  const inner = W - 2 * M;
  const x = M + 3 * MM;
  const w = inner - 6 * MM;
  return renderPdf(
    {
      title: `${STAMP_LABEL_TITLE[data.lang ?? 'nl']} ${data.reference}`,
      subject: `Order ${data.shopOrderId}`,
    },
    (doc) => {
      doc.addPage({ size: A6, margin: 0 });
      doc.lineWidth(1.2).strokeColor('#000').fillColor('#000');
      doc.rect(M, M, inner, H - 2 * M).stroke();

      // Stamp boxes in the top right, where the post office expects stamps; the amount beside them.
      const box = 20 * MM;
      const boxTop = M + 3 * MM;
      for (let i = 0; i < data.amount; i++) {
        const bx = M + inner - 3 * MM - (i + 1) * box - i * 2 * MM;
        doc
          .save()
          .dash(3, { space: 2 })
          .lineWidth(0.8)
          .rect(bx, boxTop, box, box * 1.2)
          .stroke()
          .restore();
        doc.font(FONT).fontSize(6).fillColor('#555');
        doc.text('POSTZEGEL', bx + (box - doc.widthOfString('POSTZEGEL')) / 2, boxTop + box * 0.55, {
          lineBreak: false,
        });
      }
      doc.fillColor('#000').font(FONT_BOLD).fontSize(26);
      doc.text(`${data.amount} ×`, x, boxTop + 1 * MM, { lineBreak: false });
      doc
        .fontSize(9)
        .text(data.amount === 1 ? 'POSTZEGEL / STAMP' : 'POSTZEGELS / STAMPS', x, boxTop + 11 * MM, {
          lineBreak: false,
        });
      doc.font(FONT).fontSize(7);
      doc.text(fitText(doc, pdfText(data.methodName), inner * 0.4), x, boxTop + 15.5 * MM, {
        lineBreak: false,
      });

      let y = boxTop + box * 1.2 + 3 * MM;
      horizontalRule(doc, M, y, inner, 0.8);
      y += 2.5 * MM;
      const s = data.sender;
      doc.font(FONT_BOLD).fontSize(6.5).text('AFZENDER / FROM', x, y, { lineBreak: false });
      y += 3.2 * MM;
      doc.font(FONT).fontSize(7.5);
      for (const line of [
        `${pdfText(s.name)} · namens ${pdfText(data.merchantName)}`,
        `${pdfText(streetLine(s))}, ${pdfText(s.zipCode)} ${pdfText(s.city)}, ${pdfText(s.countryCode)}`,
      ]) {
        doc.text(fitText(doc, line, w), x, y, { lineBreak: false });
        y += 3.3 * MM;
      }
      y += 1 * MM;
      horizontalRule(doc, M, y, inner, 0.8);

      y += 3 * MM;
      const r = data.recipient;
      doc.font(FONT_BOLD).fontSize(7).text('AAN / TO', x, y, { lineBreak: false });
      y += 4.5 * MM;
      const lines: { text: string; font: string; size: number }[] = [];
      if (r.company && r.company !== r.name) lines.push({ text: r.company, font: FONT_BOLD, size: 13 });
      lines.push({ text: r.name, font: FONT_BOLD, size: 14 });
      lines.push({ text: streetLine(r), font: FONT, size: 13 });
      lines.push({ text: `${r.zipCode}  ${r.city.toUpperCase()}`, font: FONT_BOLD, size: 14 });
      if (r.countryCode !== 'NL') lines.push({ text: r.countryCode, font: FONT_BOLD, size: 12 });
      for (const line of lines) {
        doc.font(line.font);
        doc.text(shrinkToFit(doc, pdfText(line.text), w, line.size, 8), x, y, { lineBreak: false });
        y += line.size * 0.42 * MM + 1.6 * MM;
      }

      const footTop = H - M - 13 * MM;
      horizontalRule(doc, M, footTop, inner, 0.8);
      doc.font(FONT_BOLD).fontSize(8.5);
      doc.text(fitText(doc, `Order ${pdfText(data.shopOrderId)}`, inner * 0.6), x, footTop + 2 * MM, {
        lineBreak: false,
      });
      doc.font(FONT).fontSize(7);
      doc.text(fitText(doc, pdfText(data.merchantName), inner * 0.6), x, footTop + 5.6 * MM, {
        lineBreak: false,
      });
      doc.text(`Ref. ${data.reference} · ${formatDate(data.shipDate)}`, x, footTop + 9 * MM, {
        lineBreak: false,
      });
      const code = pdfText(data.methodCode);
      doc.font(FONT_BOLD).fontSize(8);
      doc.text(code, M + inner - 3 * MM - doc.widthOfString(code), footTop + 2 * MM, { lineBreak: false });
    },
  );
}

import { streetLine } from '@hoppa/core';
import type { PostalAddress } from '../carriers/carrier.ts';
import type { DocLang } from '../lang.ts';
import {
  A6,
  drawBarcode,
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

/** Everything printed on a shipping label. */
export interface ShippingLabelData {
  trackingNumber: string;
  /** Carrier name in the header bar, e.g. 'HOPPA LOCAL'. */
  carrierName: string;
  methodCode: string;
  methodName: string;
  /** The provider organisation that ships the parcel. */
  sender: PostalAddress;
  recipient: PostalAddress;
  shopOrderId: string;
  merchantName: string;
  /** Parcels: one page each, marked 'Colli i/N'. */
  labelQuantity: number;
  shipDate: Date;
  weightKg: number | null;
  /** The language of the PDF's title (its metadata; viewers show it in the tab), the requester's; Dutch by default. */
  lang?: DocLang;
}

/** The PDF's title per language; the label itself is Dutch, with English beside the words a courier abroad reads. */
const LABEL_TITLE: Record<DocLang, string> = { nl: 'Verzendlabel', en: 'Shipping label' };

const COUNTRY_NAMES: Record<string, string> = {
  NL: 'NEDERLAND',
  BE: 'BELGIË',
  DE: 'DEUTSCHLAND',
  FR: 'FRANCE',
  GB: 'UNITED KINGDOM',
  ES: 'ESPAÑA',
  IT: 'ITALIA',
  PT: 'PORTUGAL',
  AT: 'ÖSTERREICH',
  DK: 'DANMARK',
  CH: 'SCHWEIZ',
  LU: 'LUXEMBOURG',
};

/** The sorting code printed large: country and the digits of the postcode ('NL 1012'). */
export function routingCode(address: Pick<PostalAddress, 'countryCode' | 'zipCode'>): string {
  const digits = address.zipCode.replace(/\D/g, '').slice(0, 4);
  return `${address.countryCode} ${digits}`.trim();
}

/**
 * Renders the A6 shipping label (105 × 148 mm, design: Printing; spec 1 §4 Shipping a card): carrier
 * and method bar, sender, recipient in large type, routing code, Code 128 barcode of the tracking
 * number with its text, and the order reference. One page per parcel. Resolves with the PDF bytes.
 */
export async function buildShippingLabelPdf(data: ShippingLabelData): Promise<Buffer> {
  const [W, H] = A6;
  const M = 4 * MM;
  const inner = W - 2 * M;
  const r = data.recipient;
  const s = data.sender;

  return renderPdf(
    {
      title: `${LABEL_TITLE[data.lang ?? 'nl']} ${data.trackingNumber}`,
      subject: `Order ${data.shopOrderId}`,
    },
    (doc) => {
      for (let parcel = 1; parcel <= data.labelQuantity; parcel++) {
        doc.addPage({ size: A6, margin: 0 });
        doc.lineWidth(1.2).strokeColor('#000').fillColor('#000');
        doc.rect(M, M, inner, H - 2 * M).stroke();

        // Header bar: carrier and method, white on black so it reads from across the table.
        const barH = 13 * MM;
        doc.rect(M, M, inner, barH).fill('#000');
        doc.fillColor('#fff').font(FONT_BOLD).fontSize(15);
        doc.text(pdfText(data.carrierName), M + 3 * MM, M + 2.2 * MM, { lineBreak: false });
        doc.font(FONT).fontSize(7.5);
        doc.text(fitText(doc, pdfText(data.methodName), inner * 0.55), M + 3 * MM, M + 8.5 * MM, {
          lineBreak: false,
        });
        doc.font(FONT_BOLD).fontSize(9);
        const code = pdfText(data.methodCode);
        doc.text(code, M + inner - 3 * MM - doc.widthOfString(code), M + 2.8 * MM, { lineBreak: false });
        doc.fillColor('#000');

        // Sender (small): the provider ships on behalf of the merchant.
        let y = M + barH + 2.5 * MM;
        const x = M + 3 * MM;
        const w = inner - 6 * MM;
        doc.font(FONT_BOLD).fontSize(6.5).text('AFZENDER / FROM', x, y, { lineBreak: false });
        y += 3.2 * MM;
        doc.font(FONT).fontSize(7.5);
        const senderLines = [
          `${pdfText(s.name)} · namens ${pdfText(data.merchantName)}`,
          `${pdfText(streetLine(s))}, ${pdfText(s.zipCode)} ${pdfText(s.city)}, ${pdfText(s.countryCode)}`,
        ];
        for (const line of senderLines) {
          doc.text(fitText(doc, line, w), x, y, { lineBreak: false });
          y += 3.3 * MM;
        }
        y += 1 * MM;
        horizontalRule(doc, M, y, inner, 0.8);

        // Recipient (large).
        y += 2.5 * MM;
        doc.font(FONT_BOLD).fontSize(7).text('AAN / TO', x, y, { lineBreak: false });
        y += 4 * MM;
        const recipientLines: { text: string; font: string; size: number }[] = [];
        if (r.company && r.company !== r.name)
          recipientLines.push({ text: r.company, font: FONT_BOLD, size: 12 });
        recipientLines.push({ text: r.name, font: FONT_BOLD, size: 13 });
        recipientLines.push({ text: streetLine(r), font: FONT, size: 12 });
        recipientLines.push({
          text: `${r.zipCode}  ${r.city.toUpperCase()}`,
          font: FONT_BOLD,
          size: 13,
        });
        recipientLines.push({
          text: COUNTRY_NAMES[r.countryCode] ?? r.countryCode,
          font: FONT,
          size: 11,
        });
        for (const line of recipientLines) {
          doc.font(line.font);
          doc.text(shrinkToFit(doc, pdfText(line.text), w, line.size, 8), x, y, { lineBreak: false });
          y += line.size * 0.42 * MM + 1.3 * MM;
        }
        if (r.phone) {
          doc
            .font(FONT)
            .fontSize(8)
            .text(`Tel. ${pdfText(r.phone)}`, x, y, { lineBreak: false });
          y += 3.5 * MM;
        }

        // Routing code and parcel facts.
        const routeTop = Math.max(y + 1.5 * MM, 80 * MM);
        horizontalRule(doc, M, routeTop, inner, 0.8);
        const routeH = 14 * MM;
        doc.rect(M, routeTop, inner * 0.55, routeH).fill('#000');
        doc.fillColor('#fff').font(FONT_BOLD).fontSize(24);
        const rc = pdfText(routingCode(r));
        doc.text(rc, M + (inner * 0.55 - doc.widthOfString(rc)) / 2, routeTop + 4 * MM, { lineBreak: false });
        doc.fillColor('#000').font(FONT).fontSize(7.5);
        const factsX = M + inner * 0.55 + 3 * MM;
        doc.text(`Datum ${formatDate(data.shipDate)}`, factsX, routeTop + 2.2 * MM, { lineBreak: false });
        doc.text(
          data.weightKg ? `Gewicht ${data.weightKg.toFixed(2).replace('.', ',')} kg` : 'Gewicht -',
          factsX,
          routeTop + 5.8 * MM,
          {
            lineBreak: false,
          },
        );
        doc.font(FONT_BOLD).fontSize(9);
        doc.text(`Colli ${parcel}/${data.labelQuantity}`, factsX, routeTop + 9.4 * MM, { lineBreak: false });
        const routeBottom = routeTop + routeH;
        horizontalRule(doc, M, routeBottom, inner, 0.8);

        // Barcode with its human-readable tracking number; at 75 mm wide the modules are about 0.5 mm,
        // and the 11 mm either side keeps the quiet zone (10 modules) clear of the frame.
        const bcTop = routeBottom + 3 * MM;
        const bcW = 75 * MM;
        drawBarcode(doc, 'code128', data.trackingNumber, M + (inner - bcW) / 2, bcTop, {
          width: bcW,
          height: 16 * MM,
        });
        doc.font(FONT_BOLD).fontSize(12);
        const tn = data.trackingNumber;
        doc.text(tn, M + (inner - doc.widthOfString(tn)) / 2, bcTop + 17.5 * MM, {
          lineBreak: false,
          characterSpacing: 0,
        });

        // Order reference at the foot.
        const footTop = H - M - 9 * MM;
        doc.font(FONT).fontSize(6.5).fillColor('#333');
        const back = 'Onbestelbaar? Retour aan afzender  ·  Undeliverable? Return to sender';
        doc.text(back, M + (inner - doc.widthOfString(back)) / 2, footTop - 4.5 * MM, { lineBreak: false });
        doc.fillColor('#000');
        horizontalRule(doc, M, footTop, inner, 0.8);
        doc.font(FONT_BOLD).fontSize(8.5);
        doc.text(fitText(doc, `Order ${pdfText(data.shopOrderId)}`, inner * 0.5), x, footTop + 2 * MM, {
          lineBreak: false,
        });
        doc.font(FONT).fontSize(7);
        doc.text(fitText(doc, pdfText(data.merchantName), inner * 0.5), x, footTop + 5.6 * MM, {
          lineBreak: false,
        });
        const ref = pdfText(data.methodCode);
        doc.text(ref, M + inner - 3 * MM - doc.widthOfString(ref), footTop + 5.6 * MM, { lineBreak: false });
      }
    },
  );
}

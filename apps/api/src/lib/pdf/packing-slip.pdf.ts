import { addressLines } from '@hoppa/core';
import type { PostalAddress } from '../carriers/carrier.ts';
import {
  drawBarcode,
  FONT,
  FONT_BOLD,
  FONT_ITALIC,
  fitText,
  formatDate,
  horizontalRule,
  MM,
  pdfText,
  piecesTotalText,
  renderPdf,
} from './pdf.ts';

/** One order line on the packing slip. */
export interface PackingSlipLine {
  ean: string;
  title: string;
  quantity: number;
  /** Pick location name ('A-01-03'), empty when the product has none. */
  location: string;
}

/** Everything printed on a packing slip (spec 1 §7 POST /orders/packing_slip). */
export interface PackingSlipData {
  shopOrderId: string;
  merchantName: string;
  /** The provider organisation that packs and ships. */
  sender: PostalAddress;
  recipient: PostalAddress;
  placedAt: Date;
  shippedAt: Date | null;
  methodName: string;
  trackingNumber: string | null;
  notes: string | null;
  lines: PackingSlipLine[];
}

const A4: [number, number] = [210 * MM, 297 * MM];

function printedLines(a: PostalAddress): string[] {
  return addressLines(a).map(pdfText).filter(Boolean);
}

/**
 * Renders the A4 packing slip: merchant and order header with a Code 128 of the order number, delivery
 * address, shipping facts, and a table of the order lines (EAN, title, quantity, location) with a tick
 * box per line for the packer; continues on further pages with the header repeated. Resolves with the
 * PDF bytes.
 */
export async function buildPackingSlipPdf(data: PackingSlipData): Promise<Buffer> {
  const [W, H] = A4;
  const M = 15 * MM;
  const inner = W - 2 * M;
  const totalPieces = data.lines.reduce((n, l) => n + l.quantity, 0);
  const cols = [
    { key: 'check', title: '', width: 8 * MM },
    { key: 'ean', title: 'EAN', width: 33 * MM },
    { key: 'title', title: 'Product', width: inner - 8 * MM - 33 * MM - 32 * MM - 17 * MM },
    { key: 'location', title: 'Locatie', width: 32 * MM },
    { key: 'quantity', title: 'Aantal', width: 17 * MM },
  ] as const;
  const rowH = 8 * MM;

  return renderPdf(
    { title: `Packing slip ${data.shopOrderId}`, subject: `Order ${data.shopOrderId}` },
    (doc) => {
      let page = 0;
      let y = 0;

      const header = () => {
        doc.addPage({ size: A4, margin: 0 });
        page++;
        doc.fillColor('#000').strokeColor('#000');
        doc.font(FONT_BOLD).fontSize(20).text('Pakbon', M, M, { lineBreak: false });
        doc
          .font(FONT)
          .fontSize(10)
          .fillColor('#444')
          .text('Packing slip', M, M + 8.5 * MM, { lineBreak: false });
        doc.fillColor('#000').font(FONT_BOLD).fontSize(13);
        doc.text(fitText(doc, pdfText(data.merchantName), inner * 0.55), M, M + 15 * MM, {
          lineBreak: false,
        });
        drawBarcode(doc, 'code128', data.shopOrderId, M + inner - 60 * MM, M, {
          width: 60 * MM,
          height: 11 * MM,
        });
        doc.font(FONT_BOLD).fontSize(11);
        const ref = `Order ${pdfText(data.shopOrderId)}`;
        doc.text(ref, M + inner - doc.widthOfString(ref), M + 13 * MM, { lineBreak: false });
        doc.font(FONT).fontSize(8);
        const pg = `Pagina ${page}`;
        doc.text(pg, M + inner - doc.widthOfString(pg), M + 18.5 * MM, { lineBreak: false });
        y = M + 25 * MM;
        horizontalRule(doc, M, y, inner, 1);
        y += 5 * MM;
      };

      const tableHeader = () => {
        doc.rect(M, y, inner, 7 * MM).fill('#e6e6e6');
        doc.fillColor('#000').font(FONT_BOLD).fontSize(9);
        let x = M;
        for (const c of cols) {
          const tx = c.key === 'quantity' ? x + c.width - 2 * MM - doc.widthOfString(c.title) : x + 2 * MM;
          doc.text(c.title, tx, y + 2.2 * MM, { lineBreak: false });
          x += c.width;
        }
        y += 7 * MM;
      };

      header();

      // Addresses and shipping facts, first page only.
      const colW = inner / 3;
      const blocks: [string, string[]][] = [
        ['Afleveradres / Deliver to', printedLines(data.recipient)],
        [
          'Verzonden door / Shipped by',
          [...printedLines(data.sender), `namens ${pdfText(data.merchantName)}`],
        ],
        [
          'Verzending / Shipment',
          [
            `Besteld: ${formatDate(data.placedAt)}`,
            data.shippedAt ? `Verzonden: ${formatDate(data.shippedAt)}` : 'Verzonden: -',
            pdfText(data.methodName),
            data.trackingNumber ? `Track & Trace: ${data.trackingNumber}` : '',
          ].filter(Boolean),
        ],
      ];
      let blockBottom = y;
      blocks.forEach(([title, lines], i) => {
        const bx = M + i * colW;
        let by = y;
        doc
          .font(FONT_BOLD)
          .fontSize(8)
          .fillColor('#444')
          .text(title.toUpperCase(), bx, by, { lineBreak: false });
        doc.fillColor('#000');
        by += 5 * MM;
        const strong = new Set([pdfText(data.recipient.name), pdfText(data.recipient.company)]);
        lines.forEach((line) => {
          // Wrap rather than cut: a long street must keep its house number.
          doc.font(i === 0 && strong.has(line) ? FONT_BOLD : FONT).fontSize(10);
          const width = colW - 4 * MM;
          doc.text(line, bx, by, { width, lineGap: 0 });
          by += Math.max(4.8 * MM, doc.heightOfString(line, { width }) + 1.2 * MM);
        });
        blockBottom = Math.max(blockBottom, by);
      });
      y = blockBottom + 4 * MM;
      if (data.notes) {
        doc.font(FONT_ITALIC).fontSize(9);
        const note = `Opmerking: ${pdfText(data.notes)}`;
        const h = doc.heightOfString(note, { width: inner });
        doc.text(note, M, y, { width: inner });
        y += h + 4 * MM;
      }

      tableHeader();
      data.lines.forEach((line, i) => {
        if (y + rowH > H - M - 12 * MM) {
          header();
          tableHeader();
        }
        if (i % 2 === 1) doc.rect(M, y, inner, rowH).fill('#f5f5f5');
        doc
          .fillColor('#000')
          .lineWidth(0.8)
          .rect(M + 2 * MM, y + 2 * MM, 4 * MM, 4 * MM)
          .stroke();
        let x = M + cols[0].width;
        const ty = y + 2.7 * MM;
        doc
          .font('Courier')
          .fontSize(9.5)
          .text(pdfText(line.ean), x + 2 * MM, ty, { lineBreak: false });
        x += cols[1].width;
        doc.font(FONT).fontSize(9.5);
        doc.text(fitText(doc, pdfText(line.title), cols[2].width - 4 * MM), x + 2 * MM, ty, {
          lineBreak: false,
        });
        x += cols[2].width;
        doc.font(FONT_BOLD).fontSize(9.5);
        doc.text(fitText(doc, pdfText(line.location) || '-', cols[3].width - 4 * MM), x + 2 * MM, ty, {
          lineBreak: false,
        });
        x += cols[3].width;
        doc.font(FONT_BOLD).fontSize(11);
        const q = String(line.quantity);
        doc.text(q, x + cols[4].width - 2 * MM - doc.widthOfString(q), y + 2.3 * MM, { lineBreak: false });
        y += rowH;
        doc.strokeColor('#bbb');
        horizontalRule(doc, M, y, inner, 0.3);
        doc.strokeColor('#000');
      });

      y += 3 * MM;
      doc.font(FONT_BOLD).fontSize(10);
      const total = piecesTotalText(totalPieces, data.lines.length);
      doc.text(total, M + inner - doc.widthOfString(total) - 2 * MM, y, { lineBreak: false });

      doc.font(FONT).fontSize(7.5).fillColor('#666');
      doc.text(
        `Vragen over je bestelling? Neem contact op met ${pdfText(data.merchantName)}. Vermeld het ordernummer ${pdfText(data.shopOrderId)}.`,
        M,
        H - M - 4 * MM,
        { width: inner, lineBreak: false },
      );
      doc.fillColor('#000');
    },
  );
}

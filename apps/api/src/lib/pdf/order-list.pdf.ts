import { addressLines } from '@hoppa/core';
import type { PostalAddress } from '../carriers/carrier.ts';
import {
  drawBarcode,
  FONT,
  FONT_BOLD,
  fitText,
  formatDate,
  horizontalRule,
  MM,
  pdfText,
  piecesTotalText,
  renderPdf,
} from './pdf.ts';

/** One line of the order list: EAN, title, ordered and picked pieces, storage location. */
export interface OrderListLine {
  ean: string;
  title: string;
  quantity: number;
  picked: number;
  /** Storage location name, empty when none. */
  location: string;
  cancelled: boolean;
}

/** Everything the order list (the card's 'O' document, spec 1 §2 Order card) prints. */
export interface OrderListData {
  shopOrderId: string;
  merchantName: string;
  platform: string;
  orderType: string;
  /** Dutch status word: Open, Verzonden, Geannuleerd. */
  status: string;
  placedAt: Date;
  deliveryAt: Date | null;
  shippedAt: Date | null;
  methodName: string;
  trackingNumber: string | null;
  recipient: PostalAddress;
  notes: string | null;
  notesColor: 'red' | 'green' | 'yellow' | null;
  lines: OrderListLine[];
}

const A4: [number, number] = [210 * MM, 297 * MM];
const NOTE_FILL = { red: '#fde2e1', green: '#e1f5e4', yellow: '#fff4c2' } as const;
const NOTE_WORD = { red: 'ROOD', green: 'GROEN', yellow: 'GEEL' } as const;

/**
 * Renders the A4 order list: a header with the shop order number as Code 128, the order's facts (merchant,
 * platform, type, status, dates DD-MM-YYYY, method, tracking number), the delivery address, the note in its colour,
 * and a table of every line (EAN, title, location, ordered, picked; cancelled lines struck through). Continues on
 * further pages with the header repeated. Resolves with the PDF bytes.
 */
export async function buildOrderListPdf(data: OrderListData): Promise<Buffer> {
  const [W, H] = A4;
  const M = 15 * MM;
  const inner = W - 2 * M;
  const cols = [
    { title: 'EAN', width: 33 * MM },
    { title: 'Product', width: inner - 33 * MM - 30 * MM - 18 * MM - 18 * MM },
    { title: 'Locatie', width: 30 * MM },
    { title: 'Besteld', width: 18 * MM },
    { title: 'Gepickt', width: 18 * MM },
  ];
  const rowH = 7.5 * MM;
  return renderPdf(
    { title: `Order list ${data.shopOrderId}`, subject: `Order ${data.shopOrderId}` },
    (doc) => {
      let page = 0;
      let y = 0;
      const header = () => {
        doc.addPage({ size: A4, margin: 0 });
        page++;
        doc.fillColor('#000').font(FONT_BOLD).fontSize(20).text('Orderlijst', M, M, { lineBreak: false });
        doc
          .font(FONT)
          .fontSize(10)
          .fillColor('#444')
          .text('Order list', M, M + 8.5 * MM, { lineBreak: false });
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
          doc.text(c.title, x + 2 * MM, y + 2.2 * MM, { lineBreak: false });
          x += c.width;
        }
        y += 7 * MM;
      };

      header();
      const half = inner / 2;
      const facts = [
        `Status: ${pdfText(data.status)}`,
        `Platform: ${pdfText(data.platform)} · ${pdfText(data.orderType)}`,
        `Besteld: ${formatDate(data.placedAt)}`,
        `Leverdatum: ${data.deliveryAt ? formatDate(data.deliveryAt) : '-'}`,
        `Verzonden: ${data.shippedAt ? formatDate(data.shippedAt) : '-'}`,
        `Verzendwijze: ${pdfText(data.methodName) || '-'}`,
        data.trackingNumber ? `Track & Trace: ${pdfText(data.trackingNumber)}` : '',
      ].filter(Boolean);
      const blocks: [string, string[], number][] = [
        ['Order', facts, M],
        ['Afleveradres / Deliver to', addressLines(data.recipient).map(pdfText).filter(Boolean), M + half],
      ];
      let bottom = y;
      for (const [title, lines, bx] of blocks) {
        let by = y;
        doc
          .font(FONT_BOLD)
          .fontSize(8)
          .fillColor('#444')
          .text(title.toUpperCase(), bx, by, { lineBreak: false });
        doc.fillColor('#000');
        by += 5 * MM;
        for (const line of lines) {
          doc.font(FONT).fontSize(10);
          doc.text(line, bx, by, { width: half - 4 * MM });
          by += Math.max(4.8 * MM, doc.heightOfString(line, { width: half - 4 * MM }) + 1.2 * MM);
        }
        bottom = Math.max(bottom, by);
      }
      y = bottom + 3 * MM;
      if (data.notes) {
        const note = `Notitie${data.notesColor ? ` (${NOTE_WORD[data.notesColor]})` : ''}: ${pdfText(data.notes)}`;
        doc.font(FONT_BOLD).fontSize(10);
        const h = doc.heightOfString(note, { width: inner - 6 * MM }) + 5 * MM;
        doc.rect(M, y, inner, h).fill(data.notesColor ? NOTE_FILL[data.notesColor] : '#eeeeee');
        doc.fillColor('#000').text(note, M + 3 * MM, y + 2.5 * MM, { width: inner - 6 * MM });
        y += h + 4 * MM;
      }
      tableHeader();
      data.lines.forEach((line, i) => {
        if (y + rowH > H - M - 10 * MM) {
          header();
          tableHeader();
        }
        if (i % 2 === 1) doc.rect(M, y, inner, rowH).fill('#f5f5f5');
        doc.fillColor(line.cancelled ? '#888' : '#000');
        let x = M;
        const ty = y + 2.4 * MM;
        doc
          .font('Courier')
          .fontSize(9.5)
          .text(pdfText(line.ean), x + 2 * MM, ty, { lineBreak: false });
        x += cols[0]?.width ?? 0;
        doc.font(FONT).fontSize(9.5);
        const title = fitText(doc, pdfText(line.title), (cols[1]?.width ?? 0) - 4 * MM);
        doc.text(title, x + 2 * MM, ty, { lineBreak: false });
        if (line.cancelled) horizontalRule(doc, x + 2 * MM, ty + 1.5 * MM, doc.widthOfString(title), 0.6);
        x += cols[1]?.width ?? 0;
        doc.font(FONT_BOLD).text(pdfText(line.location) || '-', x + 2 * MM, ty, { lineBreak: false });
        x += cols[2]?.width ?? 0;
        doc.text(String(line.quantity), x + 2 * MM, ty, { lineBreak: false });
        x += cols[3]?.width ?? 0;
        doc.font(FONT).text(String(line.picked), x + 2 * MM, ty, { lineBreak: false });
        y += rowH;
        doc.strokeColor('#bbb');
        horizontalRule(doc, M, y, inner, 0.3);
        doc.strokeColor('#000').fillColor('#000');
      });
      y += 3 * MM;
      const pieces = data.lines.filter((l) => !l.cancelled).reduce((n, l) => n + l.quantity, 0);
      const total = piecesTotalText(pieces, data.lines.length);
      doc
        .font(FONT_BOLD)
        .fontSize(10)
        .text(total, M + inner - doc.widthOfString(total) - 2 * MM, y, {
          lineBreak: false,
        });
    },
  );
}

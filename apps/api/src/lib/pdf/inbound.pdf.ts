import { formatEuroCents, type Inbound } from '@hoppa/core';
import {
  A6,
  drawBarcode,
  drawQr,
  FONT,
  FONT_BOLD,
  formatDate,
  MM,
  pdfText,
  renderPdf,
  shrinkToFit,
} from './pdf.ts';

const TYPE_NAME: Record<Inbound['type'], string> = {
  package: 'Pakket',
  pallet: 'Pallet',
  container_other: 'Container / overig',
};

/**
 * The inbound QR label (issue 10; spec 2 §7 `GET /inbounds/qr/{id}`, §2 Label printing), A6 portrait, one page per
 * copy: the inbound's id as a QR code (what the floor's check-in scans), its number also as Code 128, the
 * organisation, type, expected delivery and track and trace.
 */
export async function buildInboundQrPdf(inbound: Inbound, copies = 1): Promise<Buffer> {
  const [W, H] = A6;
  const M = 7 * MM;
  return renderPdf({ title: `Inbound ${inbound.inbound_number}`, subject: inbound.org_name }, (doc) => {
    for (let c = 0; c < copies; c++) {
      doc.addPage({ size: [W, H], margin: 0 });
      doc.fillColor('#000').font(FONT_BOLD);
      const num = shrinkToFit(doc, pdfText(inbound.inbound_number), W - 2 * M, 22, 10);
      doc.text(num, M, M, { lineBreak: false });
      doc.font(FONT).fontSize(11);
      doc.text(pdfText(inbound.org_name), M, M + 10 * MM, { width: W - 2 * M });
      doc.text(
        `${TYPE_NAME[inbound.type]} · verwacht ${formatDate(inbound.expected_delivery)}`,
        M,
        M + 16 * MM,
        {
          width: W - 2 * M,
        },
      );
      doc.text(`Track & Trace ${pdfText(inbound.track_trace)}`, M, M + 22 * MM, { width: W - 2 * M });
      const qr = 50 * MM;
      drawQr(doc, inbound.id, (W - qr) / 2, M + 32 * MM, qr);
      drawBarcode(doc, 'code128', inbound.id, M, H - M - 20 * MM, { width: W - 2 * M, height: 14 * MM });
      doc.fontSize(8).text(inbound.id, M, H - M - 4 * MM, { lineBreak: false });
    }
  });
}

/**
 * The inventory ticket (spec 2 §7 `GET /inbound_item/packing_slip/{id}`, `POST /inventory/pending_inventory_pdf`):
 * A4, the inbound's QR code and per item EAN (as a barcode), name, units × packed per, expected and checked-in
 * pieces, batch and expiry; the surcharge total in euro.
 */
export async function buildInventoryTicketPdf(inbounds: Inbound[]): Promise<Buffer> {
  const W = 210 * MM;
  const H = 297 * MM;
  const M = 15 * MM;
  return renderPdf(
    { title: `Inventory ticket ${inbounds.map((i) => i.inbound_number).join(', ')}` },
    (doc) => {
      for (const ib of inbounds) {
        doc.addPage({ size: [W, H], margin: 0 });
        doc.fillColor('#000').font(FONT_BOLD).fontSize(18);
        doc.text(`Inbound ${pdfText(ib.inbound_number)}`, M, M, { lineBreak: false });
        doc.font(FONT).fontSize(10);
        doc.text(
          `${pdfText(ib.org_name)} · ${TYPE_NAME[ib.type]} · verwacht ${formatDate(ib.expected_delivery)} · ${
            ib.status === 'pending' ? 'open' : 'ingecheckt'
          }`,
          M,
          M + 9 * MM,
          { width: W - 2 * M - 40 * MM },
        );
        doc.text(`Track & Trace ${pdfText(ib.track_trace)}`, M, M + 15 * MM, { lineBreak: false });
        drawQr(doc, ib.id, W - M - 30 * MM, M, 30 * MM);
        let y = M + 40 * MM;
        doc.font(FONT_BOLD).fontSize(9);
        const head = ['EAN', 'Product', 'Dozen × per', 'Verwacht', 'Ingecheckt', 'Batch / THT'];
        // Within the 180 mm between the margins, each head clear of the next (documents.test.ts; they touched).
        const cols = [M, M + 48 * MM, M + 92 * MM, M + 115 * MM, M + 134 * MM, M + 155 * MM];
        for (const [i, h] of head.entries()) doc.text(h, cols[i] as number, y, { lineBreak: false });
        y += 6 * MM;
        doc.font(FONT);
        for (const it of ib.items) {
          if (y > H - M - 20 * MM) {
            doc.addPage({ size: [W, H], margin: 0 });
            y = M;
          }
          drawBarcode(doc, 'code128', it.product.ean, M, y, { width: 45 * MM, height: 8 * MM });
          doc.text(pdfText(it.product.ean), M, y + 9 * MM, { lineBreak: false });
          doc.text(pdfText(it.product.name).slice(0, 40), cols[1] as number, y, {
            width: 42 * MM,
            height: 12 * MM,
          });
          doc.text(`${it.units} × ${it.packed_per}`, cols[2] as number, y, { lineBreak: false });
          doc.text(String(it.pieces_expected), cols[3] as number, y, { lineBreak: false });
          doc.text(String(it.pieces_checked_in), cols[4] as number, y, { lineBreak: false });
          doc.text(
            `${pdfText(it.batch_nr ?? '-')} / ${it.expiration_date ? formatDate(it.expiration_date) : '-'}`,
            cols[5] as number,
            y,
            { width: W - M - (cols[5] as number) },
          );
          y += 16 * MM;
        }
        doc
          .font(FONT_BOLD)
          .text(`Toeslagen: ${formatEuroCents(Math.round(ib.surcharge_total_eur * 100))}`, M, y + 4 * MM, {
            lineBreak: false,
          });
      }
    },
  );
}

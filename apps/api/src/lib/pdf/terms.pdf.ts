import { TERMS_VERSION } from '@hoppa/core';
import { FONT, FONT_BOLD, MM, pdfText, renderPdf } from './pdf.ts';

/** The articles of the terms of service (ADR 0050: our own general terms for the fulfilment service). */
const ARTICLES: { title: string; body: string[] }[] = [
  {
    title: '1. Parties and scope',
    body: [
      'These terms apply to every agreement between the fulfilment provider operating this Hoppa installation ("we") and the merchant whose shop uses it ("you"): storage, order picking, packing, shipping, returns handling and the use of the portal and the floor app.',
    ],
  },
  {
    title: '2. Subscription and licences',
    body: [
      'You choose licences per plan under Pricing. A licence belongs to one user of your shop at a time; you may move it between users. Each plan has a price per order handled; the subscription total is the sum of price times count per plan, less the volume discount (5 % from 5 licences, 10 % from 10).',
      'You may change the number of licences at any time, but not below the licences your users hold.',
    ],
  },
  {
    title: '3. Goods in storage',
    body: [
      'You announce inbound goods in advance. We count them on arrival and report differences. Goods remain your property; we store them with the care of a good warehouse keeper and insure them against fire and theft up to their purchase value.',
    ],
  },
  {
    title: '4. Orders and shipping',
    body: [
      "Orders received before the cut-off time of the chosen shipment method leave the warehouse the same working day. Our liability for a parcel ends when the carrier has taken it over; the carrier's own terms apply from then on.",
    ],
  },
  {
    title: '5. Invoicing and payment',
    body: [
      'We invoice monthly, after the end of the calendar month: orders handled, packaging, shipping, surcharges and storage per location per day. Invoices are due within 14 days. All amounts are in euro and exclude VAT.',
    ],
  },
  {
    title: '6. Data and privacy',
    body: [
      'We process the personal data of your customers only to fulfil your orders, as your processor under the GDPR. Users you invite receive an e-mail to set their password; you remain responsible for who holds a licence.',
    ],
  },
  {
    title: '7. Term and termination',
    body: [
      "The agreement runs for an indefinite period and can be ended by either party with one month's notice at the end of a calendar month. Dutch law applies; disputes go to the competent court in the provider's district.",
    ],
  },
];

/**
 * The terms of service in force as an A4 PDF (spec 3 §2: the terms page shows a PDF; version {@link TERMS_VERSION}),
 * built with pdfkit like the other documents: a title, the version, the articles and room for nothing else.
 */
export function termsPdf(): Promise<Buffer> {
  return renderPdf({ title: `Hoppa terms of service ${TERMS_VERSION}` }, (doc) => {
    const margin = 20 * MM;
    doc.addPage({ size: 'A4', margin });
    const width = doc.page.width - 2 * margin;
    doc.font(FONT_BOLD).fontSize(20).text('Terms of service', margin, margin, { width });
    doc.moveDown(0.3);
    doc
      .font(FONT)
      .fontSize(10)
      .fillColor('#555')
      .text(pdfText(`Version ${TERMS_VERSION} · fulfilment by the provider of this Hoppa installation`), {
        width,
      });
    doc.fillColor('#000').moveDown(1.2);
    for (const a of ARTICLES) {
      doc.font(FONT_BOLD).fontSize(12).text(pdfText(a.title), { width });
      doc.moveDown(0.3);
      for (const p of a.body) {
        doc.font(FONT).fontSize(10).text(pdfText(p), { width, align: 'justify', lineGap: 2 });
        doc.moveDown(0.5);
      }
      doc.moveDown(0.4);
    }
    doc
      .fontSize(9)
      .fillColor('#555')
      .text(pdfText('Accepting these terms in the portal records who accepted which version, and when.'), {
        width,
      });
  });
}

import type { Inbound } from '@hoppa/core';
import { describe, expect, it, vi } from 'vitest';
import type { PostalAddress } from '../carriers/carrier.ts';
import { readPdfBarcodes } from './barcodes.test-helpers.ts';
import { buildInventoryTicketPdf } from './inbound.pdf.ts';
import { buildShippingLabelPdf, routingCode } from './label.pdf.ts';
import { buildPackingSlipPdf } from './packing-slip.pdf.ts';
import { readPdf, TEST_SENDER } from './pdf.test-helpers.ts';
import { A6, FONT, FONT_BOLD, fitText, pdfText, renderPdf } from './pdf.ts';
import { buildEanLabelsPdf, buildLocationLabelsPdf } from './stock-labels.pdf.ts';

const sender = TEST_SENDER;
const recipient: PostalAddress = {
  name: 'Zoë Łukasiewicz',
  company: '',
  street: 'Rue Neuve',
  houseNumber: '8',
  addition: 'b',
  zipCode: '1000',
  city: 'Bruxelles',
  countryCode: 'BE',
  phone: '+32 2 123 45 67',
  email: '',
};

describe('shipping label PDF', () => {
  it('has one A6 page per parcel with tracking number, address, order and method on each', async () => {
    const pdf = await buildShippingLabelPdf({
      trackingNumber: 'HP12345678903NL',
      carrierName: 'HOPPA',
      methodCode: 'SMF-POSTNL-BE',
      methodName: 'PostNL pakket BE',
      sender,
      recipient,
      shopOrderId: 'WEB-4711',
      merchantName: 'Stroopwafel & Co',
      labelQuantity: 3,
      shipDate: new Date('2026-03-02T10:00:00Z'),
      weightKg: 0.75,
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, pageTexts } = await readPdf(pdf);
    expect(pages).toBe(3);
    pageTexts.forEach((text, i) => {
      expect(text).toContain('HP12345678903NL');
      expect(text).toContain('Zoë Łukasiewicz');
      expect(text).toContain('Rue Neuve 8 b');
      expect(text).toContain('1000 BRUXELLES');
      expect(text).toContain('Order WEB-4711');
      expect(text).toContain('SMF-POSTNL-BE');
      expect(text).toContain(`Colli ${i + 1}/3`);
      expect(text).toContain('BE 1000');
      expect(text).toContain('02-03-2026');
    });
    // The tracking number's Code 128 (vector bars, ADR 0088) scans on every page, printed at 200 dpi.
    expect((await readPdfBarcodes(pdf)).map((p) => p.code128)).toEqual(Array(3).fill('HP12345678903NL'));
    const mediaBox = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
    expect(Number(mediaBox?.[1])).toBeCloseTo(A6[0], 1);
    expect(Number(mediaBox?.[2])).toBeCloseTo(A6[1], 1);
  });
});

describe('packing slip PDF', () => {
  it('lists every line with EAN, title, location and quantity and runs onto more pages when long', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      ean: `87100000${String(i).padStart(5, '0')}`,
      title: `Product ${i}`,
      quantity: i + 1,
      location: `A-01-${String(i).padStart(2, '0')}`,
    }));
    const pdf = await buildPackingSlipPdf({
      shopOrderId: 'WEB-4711',
      merchantName: 'Stroopwafel & Co',
      sender,
      recipient,
      placedAt: new Date('2026-03-01T10:00:00Z'),
      shippedAt: null,
      methodName: 'PostNL pakket BE',
      trackingNumber: null,
      notes: 'Fragile',
      lines,
    });
    const { pages, text } = await readPdf(pdf);
    expect(pages).toBe(2);
    for (const l of lines) {
      expect(text).toContain(l.ean);
      expect(text).toContain(l.location);
    }
    expect(text).toContain('Totaal 820 stuks in 40 regels');
    expect(text).toContain('Opmerking: Fragile');
    // The order number's Code 128 in the header of each page scans.
    expect((await readPdfBarcodes(pdf)).map((p) => p.code128)).toEqual(['WEB-4711', 'WEB-4711']);
    expect(text).toContain('Zoë Łukasiewicz');
  });
});

describe('renderPdf', () => {
  it('parses Noto Sans once per process and gives each PDF a subset of its own (a label cost ≈ 0.3 s of parsing)', async () => {
    // pdfkit's current font (private `_font`) wraps the fontkit font it draws with.
    const fontOf = (doc: PDFKit.PDFDocument) => (doc as unknown as { _font: { font: object } })._font.font;
    const used: object[] = [];
    const make = (text: string) =>
      renderPdf({ title: text }, (doc) => {
        doc.addPage({ size: A6 });
        used.push(fontOf(doc.font(FONT)));
        doc.text(text);
        used.push(fontOf(doc.font(FONT_BOLD)));
        doc.text(`${text}!`);
      });
    // ý is drawn from the glyphs y and ´: the first PDF's subset takes y without its character, yet the second PDF,
    // which draws y itself, keeps it in its text layer.
    const first = await readPdf(await make('Łódź Şişli pikantný'));
    const second = await readPdf(await make('Ελληνικά Україна maślany'));
    expect(used[2]).toBe(used[0]);
    expect(used[3]).toBe(used[1]);
    expect(used[1]).not.toBe(used[0]);
    expect(first.text).toContain('Łódź Şişli pikantný!');
    expect(second.text).toContain('Ελληνικά Україна maślany!');
    expect(second.text).not.toContain('Łódź');
  });
});

describe('pdfText', () => {
  it('keeps what the embedded fonts show and marks the rest (spec 3 §4: names as entered)', async () => {
    await buildEanLabelsPdf({ name: 'x', ean: '8710398527172', sku: null }, 1, 'a6'); // loads the font
    expect(pdfText('Crème brûlée – “oké” €5')).toBe('Crème brûlée – “oké” €5');
    expect(pdfText('Łódź\nŞişli 東京 Ελληνικά Україна 😀')).toBe('Łódź Şişli 東京 Ελληνικά Україна ?');
    expect(pdfText('Kec\u030cup\u0083')).toBe('Kečup');
    expect(pdfText(null)).toBe('');
  });

  it('prints the EAN label and inventory ticket names in any Latin script and Greek, and € 0,00', async () => {
    const names = ['Kečup pikantný', 'Mleko maślany', 'Margarină', 'Ελληνικό γιαούρτι'];
    for (const name of names) {
      const label = await readPdf(
        await buildEanLabelsPdf({ name, ean: '8710398527172', sku: null }, 1, 'a6'),
      );
      expect(label.text).toContain(name);
    }
    const item = (name: string, ean: string) => ({
      product: { name, ean },
      units: 1,
      packed_per: 12,
      pieces_expected: 12,
      pieces_checked_in: 0,
      batch_nr: null,
      expiration_date: null,
    });
    const ticket = await readPdf(
      await buildInventoryTicketPdf([
        {
          id: '6b0de2c3c1c767674356439c',
          inbound_number: 'IN-DF569C24',
          org_name: 'Bakkerij Bol',
          type: 'package',
          status: 'pending',
          expected_delivery: '2026-12-01',
          track_trace: null,
          items: names.map((n, i) => item(n, `871039852717${i}`)),
          surcharges: [],
          surcharge_total_eur: 0,
        } as unknown as Inbound,
      ]),
    );
    for (const name of names) expect(ticket.text).toContain(name);
    expect(ticket.text).toMatch(/Toeslagen: €\s0,00/);
  });

  it('routing code is country plus the postcode digits', () => {
    expect(routingCode({ countryCode: 'NL', zipCode: '1015 CJ' })).toBe('NL 1015');
  });
});

/** The fonts a PDF embeds (pdfkit's subsets: `/BaseFont /ABCDEF+NotoSans-Bold`), without the subset tag. */
function embeddedFonts(pdf: Buffer): string[] {
  const names = [...pdf.toString('latin1').matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/g)].map(
    (m) => m[1],
  );
  return [...new Set(names)].sort() as string[];
}

describe('Chinese, Japanese and Korean text', () => {
  const chinese = '老干妈 风味豆豉油制辣椒';
  const japanese = '山田 花子（やまだ はなこ）';
  const korean = '신라면 120g';

  it('prints a Chinese and a Korean product name and a Japanese customer name on the packing slip', async () => {
    const pdf = await buildPackingSlipPdf({
      shopOrderId: 'WEB-4712',
      merchantName: 'Asia Toko Utrecht',
      sender,
      recipient: { ...recipient, name: japanese },
      placedAt: new Date('2026-03-01T10:00:00Z'),
      shippedAt: null,
      methodName: 'PostNL pakket BE',
      trackingNumber: null,
      notes: '',
      lines: [
        { ean: '6901234567892', title: chinese, quantity: 2, location: 'A-01-01' },
        { ean: '8801043150699', title: korean, quantity: 5, location: 'A-01-02' },
        { ean: '8710398527172', title: 'Zoë Łukasiewicz 王', quantity: 1, location: 'A-01-03' },
      ],
    });
    const { text } = await readPdf(pdf);
    expect(text).toContain(chinese);
    expect(text).toContain(korean);
    expect(text).toContain(japanese);
    // Noto Sans SC lacks Ł and ł: the font with fewest gaps (Noto Sans) sets the string, with '?' for 王, not a box.
    expect(text).toContain('Zoë Łukasiewicz ?');
    expect(embeddedFonts(pdf)).toEqual([
      'Courier',
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSansKR-Regular',
      'NotoSansSC-Regular',
    ]);
  });

  it('prints them on EAN and location labels, fitted in the font that draws them', async () => {
    for (const name of [chinese, japanese, korean]) {
      const label = await buildEanLabelsPdf({ name, ean: '6901234567892', sku: null }, 1, '62mm');
      expect((await readPdf(label)).text).toContain(name);
    }
    const long = '老干妈 风味豆豉油制辣椒 老干妈 风味豆豉油制辣椒 老干妈 风味豆豉油制辣椒';
    const location = await buildLocationLabelsPdf(
      [{ id: '6b0de2c3c1c767674356439c', name: '冷冻区 A', parentName: '仓库 1', type: 'rack' }],
      'a6',
    );
    const { text } = await readPdf(location);
    expect(text).toContain('冷冻区 A');
    expect(text).toContain('in 仓库 1 · rack');
    // A name too wide is shortened by the width of the CJK glyphs (measured in Noto Sans they are .notdef boxes).
    let shortened = '';
    const fitted = await renderPdf({ title: 'fit' }, (doc) => {
      doc.addPage({ size: A6 });
      doc.font(FONT_BOLD).fontSize(12);
      // 33 ideographs a full em wide each (Noto Sans's missing-glyph box is 0.6 em), and 5 spaces.
      expect(doc.widthOfString(long)).toBeGreaterThan(33 * 12);
      shortened = fitText(doc, long, 200);
      // On Noto Sans's lines: what follows a CJK name stays where it was.
      expect(doc.heightOfString(long, { width: 100 })).toBe(
        doc.heightOfString('Hagelslag puur '.repeat(5), { width: 100 }),
      );
      doc.text('老干妈', 10, 50);
      const afterCjk = doc.y;
      doc.text('Hagelslag', 10, 50);
      expect(afterCjk).toBe(doc.y);
      doc.text(shortened, 10, 10, { lineBreak: false });
    });
    // 200 points at 12 points: 14 ideographs, two spaces and the ellipsis; the 15th ideograph and its space no more.
    expect(shortened).toBe('老干妈 风味豆豉油制辣椒 老干妈…');
    expect((await readPdf(fitted)).text).toContain(shortened);
  });

  it('keeps what one of the fonts has and marks only what none has (emoji)', async () => {
    await buildEanLabelsPdf({ name: 'x', ean: '8710398527172', sku: null }, 1, 'a6'); // loads Noto Sans
    expect(pdfText(`${chinese} 🌶️ ${korean}`)).toBe(`${chinese} ?? ${korean}`);
    expect(pdfText('東京 こんにちは')).toBe('東京 こんにちは');
    const label = await readPdf(
      await buildEanLabelsPdf({ name: '辣椒油 🌶', ean: '6901234567892', sku: null }, 1, 'a6'),
    );
    expect(label.text).toContain('辣椒油 ?');
  });

  it('answers emoji without loading a CJK font', async () => {
    vi.resetModules(); // a fresh pdf.ts: this process's earlier PDFs loaded the fallback fonts
    const pdfModule = await import('./pdf.ts');
    const { buildEanLabelsPdf: build } = await import('./stock-labels.pdf.ts');
    const label = await build({ name: 'Chili 🌶️ hot 👍🏽', ean: '8710398527172', sku: null }, 1, 'a6');
    expect((await readPdf(label)).text).toContain('Chili ?? hot ??');
    expect(pdfModule.loadedFallbackFonts()).toEqual([]);
  });

  it('loads and embeds no CJK font for a PDF without CJK text', async () => {
    vi.resetModules(); // a fresh pdf.ts: this process's earlier PDFs loaded the fallback fonts
    const pdfModule = await import('./pdf.ts');
    const { buildPackingSlipPdf: build } = await import('./packing-slip.pdf.ts');
    const pdf = await build({
      shopOrderId: 'WEB-4713',
      merchantName: 'Stroopwafel & Co',
      sender,
      recipient,
      placedAt: new Date('2026-03-01T10:00:00Z'),
      shippedAt: null,
      methodName: 'PostNL pakket BE',
      trackingNumber: null,
      notes: 'Ελληνικά Україна',
      lines: [{ ean: '8710398527172', title: 'Kečup pikantný', quantity: 1, location: 'A-01-01' }],
    });
    expect(pdfModule.loadedFallbackFonts()).toEqual([]);
    expect(embeddedFonts(pdf)).toEqual(['Courier', 'NotoSans-Bold', 'NotoSans-Italic', 'NotoSans-Regular']);
  });
});

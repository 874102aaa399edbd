import type { Inbound } from '@hoppa/core';
import { extractTextItems } from 'unpdf';
import { describe, expect, it, vi } from 'vitest';
import type { PostalAddress } from '../carriers/carrier.ts';
import { readPdfBarcodes } from './barcodes.test-helpers.ts';
import { buildInventoryTicketPdf } from './inbound.pdf.ts';
import { buildShippingLabelPdf, routingCode } from './label.pdf.ts';
import { buildPackingSlipPdf } from './packing-slip.pdf.ts';
import { readPdf, readPdfTitle, TEST_SENDER } from './pdf.test-helpers.ts';
import { A6, FONT, FONT_BOLD, fitText, MM, pdfText, piecesTotalText, renderPdf } from './pdf.ts';
import { buildStampLabelPdf } from './stamp-label.pdf.ts';
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

/** An open inbound of Bakkerij Bol for the inventory ticket's tests, with `items`. */
function ticketInbound(items: unknown[]): Inbound {
  return {
    id: '6b0de2c3c1c767674356439c',
    inbound_number: 'IN-DF569C24',
    org_name: 'Bakkerij Bol',
    type: 'package',
    status: 'pending',
    expected_delivery: '2026-12-01',
    track_trace: null,
    items,
    surcharges: [],
    surcharge_total_eur: 0,
  } as unknown as Inbound;
}

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

  it("titles the PDF in the requester's language: Dutch by default, English when asked", async () => {
    const data = {
      trackingNumber: 'HP12345678903NL',
      carrierName: 'HOPPA',
      methodCode: 'SMF-POSTNL-NL',
      methodName: 'PostNL pakket NL',
      sender,
      recipient,
      shopOrderId: 'WEB-4711',
      merchantName: 'Stroopwafel & Co',
      labelQuantity: 1,
      shipDate: new Date('2026-03-02T10:00:00Z'),
      weightKg: null,
    };
    expect(await readPdfTitle(await buildShippingLabelPdf(data))).toBe('Verzendlabel HP12345678903NL');
    expect(await readPdfTitle(await buildShippingLabelPdf({ ...data, lang: 'nl' }))).toBe(
      'Verzendlabel HP12345678903NL',
    );
    expect(await readPdfTitle(await buildShippingLabelPdf({ ...data, lang: 'en' }))).toBe(
      'Shipping label HP12345678903NL',
    );
    const stamp = {
      reference: 'ST12345678903NL',
      amount: 1 as const,
      methodCode: 'SMF-STAMP-1',
      methodName: 'Postzegel 1 NL',
      sender,
      recipient,
      shopOrderId: 'WEB-4711',
      merchantName: 'Stroopwafel & Co',
      shipDate: new Date('2026-03-02T10:00:00Z'),
    };
    expect(await readPdfTitle(await buildStampLabelPdf(stamp))).toBe('Postzegellabel ST12345678903NL');
    expect(await readPdfTitle(await buildStampLabelPdf({ ...stamp, lang: 'en' }))).toBe(
      'Stamp label ST12345678903NL',
    );
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
  it('counts the foot of a packing slip or order list in Dutch: 1 stuk, 2 stuks, 1 regel, 1.250 stuks', () => {
    expect(piecesTotalText(1, 1)).toBe('Totaal 1 stuk in 1 regel');
    expect(piecesTotalText(2, 1)).toBe('Totaal 2 stuks in 1 regel');
    expect(piecesTotalText(1250, 40)).toBe('Totaal 1.250 stuks in 40 regels');
  });

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
      await buildInventoryTicketPdf([ticketInbound(names.map((n, i) => item(n, `871039852717${i}`)))]),
    );
    for (const name of names) expect(ticket.text).toContain(name);
    expect(ticket.text).toMatch(/Toeslagen: €\s0,00/);
    expect(ticket.text).toContain('- / -'); // no batch, no expiry (it read '- / ')
  });

  it("sets the inventory ticket's column heads apart and its batch and expiry inside the page's margin (the heads 'Ingecheckt' and 'Batch / THT' touched; ADR 0137)", async () => {
    const pdf = await buildInventoryTicketPdf([
      ticketInbound([
        {
          product: { name: 'Volkoren desembrood 800 g', ean: '8710398527172' },
          units: 12,
          packed_per: 144,
          pieces_expected: 1728,
          pieces_checked_in: 1296,
          batch_nr: 'LOT-2026-11-30-A',
          expiration_date: '2027-03-01',
        },
      ]),
    ]);
    const { items } = await extractTextItems(new Uint8Array(pdf));
    const page = (items[0] ?? []).filter((item) => item.str.trim() !== '');
    const heads = ['EAN', 'Product', 'Dozen × per', 'Verwacht', 'Ingecheckt', 'Batch / THT'].map((head) => {
      const item = page.find((i) => i.str === head);
      if (!item) throw new Error(`no column head ${head} among ${page.map((i) => i.str).join(' | ')}`);
      return item;
    });
    const gap = 2 * MM; // 2 mm between one head's end and the next one's start
    for (const [i, head] of heads.entries()) {
      const next = heads[i + 1];
      if (next) expect(head.x + head.width + gap, `${head.str} | ${next.str}`).toBeLessThanOrEqual(next.x);
    }
    const pageRight = (210 - 15) * MM; // A4, 15 mm margin
    const lastHead = heads.at(-1);
    const batch = page.filter((i) => (lastHead ? i.x >= lastHead.x - 1 && i.y < lastHead.y : false));
    expect(
      batch
        .map((i) => i.str)
        .join('')
        .replace(/\s+/g, ''),
    ).toContain('LOT-2026-11-30-A/01-03-2027');
    for (const item of [...heads, ...batch])
      expect(item.x + item.width, item.str).toBeLessThanOrEqual(pageRight);
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
    // Noto Sans SC lacks Ł and ł: each character is set in the first font that has it (ADR 0124).
    expect(text).toContain('Zoë Łukasiewicz 王');
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
    // 200 points at 12 points: 15 ideographs (180), and in Noto Sans Bold, which has them, three spaces (3.1 each) and
    // the ellipsis (10.3): 199.6; the 16th ideograph no more.
    expect(shortened).toBe('老干妈 风味豆豉油制辣椒 老干妈 风…');
    expect((await readPdf(fitted)).text).toContain(shortened);
  });

  it('prints every character of a name, title or note mixing Latin, Greek or Cyrillic with CJK', async () => {
    // Noto Sans SC and KR have Latin-1 (Ö, ç, ü), Greek and Russian, but not Latin Extended-A (Ł, ś, ő, Ş, ı) nor
    // Ukrainian ї; Noto Sans lacks the ideographs and Hangul.
    const name = 'Łukasz Wiśniewski 王';
    const title = 'Ölçü 東京 set';
    const greek = 'Ελληνικό 酸奶 Україна 김치 Győr';
    const pdf = await buildPackingSlipPdf({
      shopOrderId: 'WEB-4714',
      merchantName: 'Şişli 商店',
      sender,
      recipient: { ...recipient, name },
      placedAt: new Date('2026-03-01T10:00:00Z'),
      shippedAt: null,
      methodName: 'PostNL pakket BE',
      trackingNumber: null,
      notes: `Bel aan bij ${name}, ${greek}`,
      lines: [
        { ean: '8710398527172', title, quantity: 1, location: 'A-01-01' },
        { ean: '6901234567892', title: greek, quantity: 2, location: 'A-01-02' },
      ],
    });
    const { text } = await readPdf(pdf);
    for (const s of [name, title, greek, 'Şişli 商店', `Opmerking: Bel aan bij ${name}, ${greek}`])
      expect(text).toContain(s);
    // No character printed as '?' (the slip's one question is its own).
    expect(text.replace('Vragen over je bestelling?', '')).not.toContain('?');
    expect(embeddedFonts(pdf)).toEqual([
      'Courier',
      'NotoSans-Bold',
      'NotoSans-Italic',
      'NotoSans-Regular',
      'NotoSansKR-Regular',
      'NotoSansSC-Regular',
    ]);
  });

  it('measures a mixed string run by run and shortens it in the fonts that draw it', async () => {
    const name = 'Łukasz Wiśniewski 王';
    let runs = 0;
    let whole = 0;
    let shortened = '';
    const pdf = await renderPdf({ title: 'runs' }, (doc) => {
      doc.addPage({ size: A6 });
      doc.font(FONT).fontSize(10);
      // 王 alone is set in Noto Sans SC, a full em wide (Noto Sans's missing-glyph box is 0.6 em).
      expect(doc.widthOfString('王')).toBeCloseTo(10, 6);
      runs = doc.widthOfString('Łukasz Wiśniewski ') + doc.widthOfString('王');
      whole = doc.widthOfString(name);
      shortened = fitText(doc, `${name}王王王王`, runs + 2 * 10 + doc.widthOfString('…') + 1);
      doc.text(shortened, 10, 10, { lineBreak: false });
    });
    expect(whole).toBeCloseTo(runs, 6);
    // Room for two more ideographs and the ellipsis, not three (measured as .notdef boxes, all four would fit).
    expect(shortened).toBe(`${name}王王…`);
    expect((await readPdf(pdf)).text).toContain(shortened);
  });

  it('shortens a name between whole characters: no half of a surrogate pair, no accent torn from its letter', async () => {
    // 𠮷 (U+20BB7) is two UTF-16 units; é here is e + U+0301; 👩‍👩‍👧 is five code points joined. Odd widths give the
    // search odd cut points, which used to fall inside a character.
    const texts = ['𠮷'.repeat(80), 'Cafe\u0301 '.repeat(12), 'Familie 👩‍👩‍👧 '.repeat(8)];
    const shortened: string[][] = [];
    await renderPdf({ title: 'graphemes' }, (doc) => {
      doc.addPage({ size: A6 });
      doc.font(FONT).fontSize(10);
      for (const text of texts)
        shortened.push([37, 61, 83, 101, 129].map((width) => fitText(doc, text, width)));
    });
    const whole = (s: string) =>
      [...new Intl.Segmenter('nl', { granularity: 'grapheme' }).segment(s)].map((g) => g.segment);
    for (const [i, text] of texts.entries()) {
      const source = whole(text);
      for (const cut of shortened[i] ?? []) {
        expect(cut.endsWith('…')).toBe(true);
        const kept = whole(cut.slice(0, -1));
        expect(kept.length).toBeGreaterThan(0);
        // Every character kept is the source's whole character, in order.
        expect(kept).toEqual(source.slice(0, kept.length));
        expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      }
    }
  });

  it('aligns a mixed line as a whole, on one baseline: right, centred and justified', async () => {
    const mixed = 'Łukasz 王 Wiśniewski';
    const pdf = await renderPdf({ title: 'align' }, (doc) => {
      doc.addPage({ size: A6 });
      doc.font(FONT).fontSize(10);
      doc.text(mixed, 20, 20, { width: 200, align: 'right' });
      doc.text(mixed, 20, 60, { width: 200, align: 'center' });
      doc.text(`${mixed} `.repeat(6).trim(), 20, 100, { width: 200, align: 'justify' });
    });
    // The page's text pieces (one per font change) by baseline, top line first: left and right edge, text without
    // spaces (pieces drawn one after another carry no space between them in the text layer).
    const { items } = await extractTextItems(new Uint8Array(pdf));
    const byBaseline = new Map<number, { left: number; right: number; text: string }>();
    for (const item of [...(items[0] ?? [])].sort((a, b) => a.x - b.x)) {
      if (!item.str.trim()) continue;
      const y = Math.round(item.y * 10) / 10;
      const line = byBaseline.get(y) ?? { left: item.x, right: item.x, text: '' };
      line.right = Math.max(line.right, item.x + item.width);
      line.text += item.str.replace(/\s+/g, '');
      byBaseline.set(y, line);
    }
    const lines = [...byBaseline.entries()].sort(([a], [b]) => b - a).map(([, line]) => line);
    const [right, centred, ...justified] = lines;
    const bare = (s: string) => s.replace(/\s+/g, '');
    expect(right?.text).toBe(bare(mixed));
    expect(right?.right).toBeCloseTo(220, 0);
    expect(centred?.text).toBe(bare(mixed));
    expect(((centred?.left ?? 0) + (centred?.right ?? 0)) / 2).toBeCloseTo(120, 0);
    expect(justified.length).toBeGreaterThan(2);
    expect(justified.map((l) => l.text).join('')).toBe(bare(mixed).repeat(6));
    // Every justified line but the last (set flush left, as pdfkit does) spans the width.
    for (const line of justified.slice(0, -1)) {
      expect(line.left).toBeCloseTo(20, 0);
      expect(line.right).toBeCloseTo(220, 0);
    }
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

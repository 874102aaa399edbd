import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import bwipjs from 'bwip-js/node';
import * as fontkit from 'fontkit';

/** Points per millimetre (PDF user space is 1/72 inch). */
export const MM = 72 / 25.4;

/** A6 portrait in points: 105 × 148 mm, the size of a parcel label. */
export const A6: [number, number] = [105 * MM, 148 * MM];

/** The font every PDF's text is set in (Noto Sans: Latin with its extensions, Greek, Cyrillic), its bold and italic. */
export const FONT = 'NotoSans' as const;
export const FONT_BOLD = 'NotoSans-Bold' as const;
export const FONT_ITALIC = 'NotoSans-Italic' as const;

const require = createRequire(import.meta.url);
/** The TTF files of {@link FONT} and {@link FONT_BOLD}, shipped by the npm package (not the machine's fonts). */
const FONT_FILES = {
  [FONT]: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  [FONT_BOLD]: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  [FONT_ITALIC]: require.resolve(
    '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  ),
};

/**
 * Parses a TTF file with fontkit for sharing between PDFs. fontkit caches a glyph by id with the characters of its
 * first request; a PDF's subset asks for the parts of composite glyphs (the y of ý) without characters. Shared
 * between PDFs, such a glyph drawn later as itself would lose its character in that PDF's text layer (copy, search),
 * so a request with characters fills them in.
 */
function parseFont(file: Buffer): fontkit.Font {
  const font = fontkit.create(file);
  if (!('hasGlyphForCodePoint' in font)) throw new Error('a font file is a collection');
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints;
    return glyph;
  };
  return font;
}

let fonts: Promise<{ parsed: Record<string, fontkit.Font>; has: (codePoint: number) => boolean }> | undefined;

/**
 * The fonts, read and parsed by fontkit once per process, and which characters the regular font has a glyph for
 * (fontkit's cmap). pdfkit takes a parsed font as it takes a file (a `layout` function tells it apart) and only makes
 * a subset of it per document; given the file, it parsed all of Noto Sans again for every PDF (≈ 0.2–0.4 s of CPU for
 * a label or packing slip, most of what shipping an order cost).
 */
function loadFonts() {
  fonts ??= (async () => {
    const [regular, bold, italic] = await Promise.all(
      [FONT, FONT_BOLD, FONT_ITALIC].map((name) => readFile(FONT_FILES[name])),
    );
    if (!regular || !bold || !italic) throw new Error('Noto Sans font files missing');
    const font = parseFont(regular);
    return {
      parsed: { [FONT]: font, [FONT_BOLD]: parseFont(bold), [FONT_ITALIC]: parseFont(italic) },
      has: (cp: number) => font.hasGlyphForCodePoint(cp),
    };
  })();
  return fonts;
}

/**
 * The fonts for text {@link FONT} lacks, in the order they are tried: Noto Sans SC (Chinese, simplified and the
 * common traditional characters, Japanese kana, Latin without most of Latin Extended-A) and Noto Sans KR (Hangul and
 * 8,000 Chinese characters, not the simplified ones). Regular weight only: bold or italic CJK text is set in it.
 */
const FALLBACK_FONTS = ['NotoSansSC', 'NotoSansKR'] as const;
type FallbackFont = (typeof FALLBACK_FONTS)[number];
const FALLBACK_FILES: Record<FallbackFont, string> = {
  NotoSansSC: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  NotoSansKR: require.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf'),
};
const fallbacks: Partial<Record<FallbackFont, fontkit.Font>> = {};

/**
 * A fallback font, read (10 and 6 MB) and parsed the first time a PDF has a character {@link FONT} lacks (and, for
 * Noto Sans KR, Noto Sans SC lacks too), once per process; synchronous, as pdfkit draws text synchronously (≈ 15 ms
 * once; fontkit reads the tables it needs on demand).
 */
function fallbackFont(name: FallbackFont): fontkit.Font {
  fallbacks[name] ??= parseFont(readFileSync(FALLBACK_FILES[name]));
  return fallbacks[name];
}

/** The fallback fonts this process has loaded so far (tests: a PDF without CJK text loads none). */
export function loadedFallbackFonts(): FallbackFont[] {
  return FALLBACK_FONTS.filter((name) => fallbacks[name]);
}

/**
 * Whether a fallback font has a glyph for the character; loads only the fonts it has to ask. Neither has emoji
 * (U+1F300–1FAFF, variation selectors, zero-width joiner): those are answered without loading them.
 */
function fallbackHas(codePoint: number): boolean {
  const emoji =
    (codePoint >= 0x1f300 && codePoint <= 0x1faff) ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    codePoint === 0x200d;
  return !emoji && FALLBACK_FONTS.some((name) => fallbackFont(name).hasGlyphForCodePoint(codePoint));
}

/**
 * The font to set `text` in when {@link FONT} lacks some of its characters and a fallback font has one of them, and
 * the text with the characters that font lacks as '?' (not a missing-glyph box): the first of Noto Sans (`font`
 * undefined: the document's font) and {@link FALLBACK_FONTS} with every character, else the one lacking fewest (a
 * Polish name beside one Chinese character stays in Noto Sans, as Noto Sans SC lacks ł and ź). `undefined` when the
 * document's font draws the text unchanged.
 */
function fallbackFor(
  text: string,
  has: (codePoint: number) => boolean,
): { font: FallbackFont | undefined; text: string } | undefined {
  const lacking: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= 0x80 && !has(cp)) lacking.push(cp);
  }
  if (lacking.length === 0 || !lacking.some(fallbackHas)) return undefined;
  let best: { font: FallbackFont | undefined; lacks: number } = { font: undefined, lacks: lacking.length };
  for (const name of FALLBACK_FONTS) {
    const font = fallbackFont(name);
    let lacks = 0;
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      if (cp >= 0x20 && !font.hasGlyphForCodePoint(cp)) lacks++;
    }
    if (lacks < best.lacks) best = { font: name, lacks };
    if (lacks === 0) break;
  }
  if (best.lacks === 0) return { font: best.font, text };
  const lacks = best.font
    ? (cp: number) => !fallbackFont(best.font as FallbackFont).hasGlyphForCodePoint(cp)
    : (cp: number) => cp >= 0x80 && !has(cp);
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    out += cp >= 0x20 && lacks(cp) ? '?' : ch;
  }
  return { font: best.font, text: out };
}

/**
 * Makes the document set a string with characters {@link FONT} lacks but a {@link FALLBACK_FONTS} font has in that
 * font: its `text`, `widthOfString` and `heightOfString` switch to it for the call, on the line height and baseline
 * of the font it replaces, and restore the document's font (and size) after, so the documents' layout code stays as
 * it is and measures with the font that draws (centred and right-aligned text, fitted names). pdfkit measures the
 * words of a wrapped line with `widthOfString` inside `text`: those calls keep the font chosen for the whole string.
 */
function drawWithFallbacks(doc: PDFKit.PDFDocument, has: (codePoint: number) => boolean): void {
  type Method = (text: unknown, ...rest: unknown[]) => unknown;
  type Metrics = { ascender: number; descender: number; lineGap: number };
  // pdfkit's current font, its source and family (private): what `doc.font(name)` sets.
  const state = doc as unknown as Record<'_font' | '_fontSource' | '_fontFamily', unknown> &
    Record<'text' | 'widthOfString' | 'heightOfString', Method>;
  const registered = new Set<FallbackFont>();
  let inside = false;
  for (const method of ['text', 'widthOfString', 'heightOfString'] as const) {
    const original = state[method].bind(doc) as Method;
    state[method] = (text, ...rest) => {
      if (inside || typeof text !== 'string') return original(text, ...rest);
      const fallback = fallbackFor(text, has);
      if (!fallback) return original(text, ...rest);
      if (!fallback.font) return original(fallback.text, ...rest);
      const saved = { _font: state._font, _fontSource: state._fontSource, _fontFamily: state._fontFamily };
      if (!registered.has(fallback.font)) {
        doc.registerFont(
          fallback.font,
          fallbackFont(fallback.font) as unknown as PDFKit.Mixins.PDFFontSource,
        );
        registered.add(fallback.font);
      }
      doc.font(fallback.font);
      // On the line and baseline of the font it stands in for: Noto Sans SC and KR are taller (ascent 1.16 em
      // against 1.069), so their text would sit 5 points lower at 54 points and move what follows down.
      const { ascender, descender, lineGap } = saved._font as Metrics;
      Object.assign(state._font as Metrics, { ascender, descender, lineGap });
      inside = true;
      try {
        return original(fallback.text, ...rest);
      } finally {
        inside = false;
        Object.assign(state, saved);
      }
    };
  }
}

/** What {@link FONT} has: set by {@link renderPdf} once the font is loaded; until then ASCII, and no fallbacks. */
let printable: ((codePoint: number) => boolean) | undefined;

/**
 * Makes text printable in {@link FONT} or a {@link FALLBACK_FONTS} font (spec 3 §4 inventory ticket and EAN label,
 * spec 1 §2 packing and order lists: product and customer names as entered): every character one of the fonts has
 * stays (ł, č, ő, ș, Greek, Cyrillic, Chinese, Japanese, Korean), a character none has (emoji) becomes '?', control
 * characters are left out, and line breaks and tabs become spaces.
 */
export function pdfText(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value);
  let out = '';
  for (const ch of s.replace(/[\r\n\t]+/g, ' ').normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 63;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    const ok = printable ? printable(code) || fallbackHas(code) : code >= 0x20 && code < 0x7f;
    out += ok ? ch : '?';
  }
  return out.trim();
}

/**
 * Draws a linear barcode of `text` as vector bars filling the box at (x, y), `width` × `height` points (bwip-js's
 * bar and space widths: `code128`, or `ean13` for 13 digits with a valid check digit), without human-readable text
 * (the caller prints it in a font it controls); leave a quiet zone of ten modules on each side. Vector bars stay
 * sharp at any printer's resolution, where a PNG scaled to the box by a non-whole factor blurs the bar edges, and
 * cost ≈ 0.5 ms against ≈ 40 ms for bwip-js's PNG (docs/decisions/0088-*.md). Leaves the fill colour as it was.
 * Throws when the text cannot be encoded.
 */
export function drawBarcode(
  doc: PDFKit.PDFDocument,
  bcid: 'code128' | 'ean13',
  text: string,
  x: number,
  y: number,
  box: { width: number; height: number },
): void {
  // bwip-js's types do not list `raw`'s linear symbol (`sbs`: bar, space, bar … widths in modules).
  const [symbol] = bwipjs.raw({ bcid, text, includetext: false }) as unknown as { sbs: number[] }[];
  if (!symbol?.sbs.length) throw new Error(`bwip-js made no ${bcid} barcode of ${text}`);
  const modules = symbol.sbs.reduce((n, w) => n + w, 0);
  const m = box.width / modules;
  doc.save();
  let at = 0;
  symbol.sbs.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(x + at * m, y, w * m, box.height);
    at += w;
  });
  doc.fill('#000');
  doc.restore();
}

/**
 * Draws a QR code of `text` as vector squares (bwip-js's module matrix, error correction M) at (x, y), `size`
 * points wide: sharp at any printer's resolution, where an embedded PNG scaled by a non-whole factor blurs the
 * module edges (a test's ZXing missed one such QR in fifteen). Leave a quiet zone of four modules around it.
 */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  // `eclevel` is a BWIPP option bwip-js passes through; its types do not list it.
  const options = { bcid: 'qrcode', text, eclevel: 'M' } as Parameters<typeof bwipjs.raw>[0];
  const [symbol] = bwipjs.raw(options) as unknown as {
    pixs: number[];
    pixx: number;
    pixy: number;
  }[];
  if (!symbol) throw new Error('bwip-js made no QR code');
  const m = size / symbol.pixx;
  for (let r = 0; r < symbol.pixy; r++)
    for (let c = 0; c < symbol.pixx; c++)
      if (symbol.pixs[r * symbol.pixx + c] === 1) doc.rect(x + c * m, y + r * m, m, m);
  doc.fill('#000');
}

/** Document metadata of a generated PDF. */
export interface PdfMeta {
  title: string;
  subject?: string;
  author?: string;
}

/**
 * Builds a PDF with pdfkit and resolves with its bytes. `build` adds the pages (the document starts
 * without one, so each builder picks its page size). Fonts: {@link FONT} and {@link FONT_BOLD}, embedded (subset) so
 * names in any Latin script, Greek or Cyrillic print as entered; a string with Chinese, Japanese or Korean characters
 * is set in a {@link FALLBACK_FONTS} font, loaded and embedded only when a PDF has one (see `drawWithFallbacks`).
 * pdfkit loads on the first call, not at the API's start-up (docs/decisions/0088-*.md).
 */
export async function renderPdf(
  meta: PdfMeta,
  build: (doc: PDFKit.PDFDocument) => void | Promise<void>,
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const loaded = await loadFonts();
  printable = loaded.has;
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      autoFirstPage: false,
      margin: 0,
      compress: true,
      info: {
        Title: meta.title,
        Subject: meta.subject ?? meta.title,
        Author: meta.author ?? 'Hoppa',
        Producer: 'Hoppa',
      },
    });
    // pdfkit's types list files only; its font factory takes a parsed fontkit font as well (see loadFonts).
    for (const [name, font] of Object.entries(loaded.parsed))
      doc.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
    doc.font(FONT);
    drawWithFallbacks(doc, loaded.has);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    Promise.resolve()
      .then(() => build(doc))
      .then(() => doc.end())
      .catch((err: unknown) => {
        reject(err);
        doc.end();
      });
  });
}

/** Draws a horizontal rule `width` points long from (x, y), `lineWidth` points thick, in the stroke colour. */
export function horizontalRule(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  lineWidth: number,
): void {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(lineWidth)
    .stroke();
}

/** Text that must fit a width: shortened with an ellipsis at the current font and size. */
export function fitText(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

/**
 * Sets the largest font size from `size` down to `minSize` (half-point steps) at which `text` fits
 * `width`, and returns the text, shortened with an ellipsis only when even `minSize` is too wide. For
 * address lines, where a cut-off house number is worse than smaller type.
 */
export function shrinkToFit(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  size: number,
  minSize: number,
): string {
  let s = size;
  doc.fontSize(s);
  while (s > minSize && doc.widthOfString(text) > width) {
    s -= 0.5;
    doc.fontSize(s);
  }
  return fitText(doc, text, width);
}

/** Formats a moment as DD-MM-YYYY in Europe/Amsterdam (how dates are shown, spec 1 §9). */
export function formatDate(d: Date | string | null | undefined): string {
  if (!d) return '';
  const date = typeof d === 'string' ? new Date(d) : d;
  const parts = new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('day')}-${get('month')}-${get('year')}`;
}

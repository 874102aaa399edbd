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
 * The first {@link FALLBACK_FONTS} font with a glyph for the character, loading only the fonts it has to ask;
 * `undefined` when neither has it. Neither has emoji (U+1F300–1FAFF, variation selectors, zero-width joiner): those
 * are answered without loading them.
 */
function fallbackWith(codePoint: number): FallbackFont | undefined {
  const emoji =
    (codePoint >= 0x1f300 && codePoint <= 0x1faff) ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    codePoint === 0x200d;
  if (emoji) return undefined;
  return FALLBACK_FONTS.find((name) => fallbackFont(name).hasGlyphForCodePoint(codePoint));
}

/** A stretch of a string set in one font: a {@link FALLBACK_FONTS} font, or `undefined` for the document's font. */
interface Run {
  font: FallbackFont | undefined;
  text: string;
}

/**
 * Splits `text` into runs of consecutive characters set in the same font: each character in the first of
 * {@link FONT} (`has`: the document's font) and {@link FALLBACK_FONTS} that has it, as a browser falls back per
 * character ("Łukasz 王": "Łukasz " in Noto Sans, "王" in Noto Sans SC, which lacks Ł), and a character none has
 * (emoji) as '?' in the document's font, not a missing-glyph box. `undefined` when the document's font has every
 * character, the common case: decided by one pass over the string, without loading a fallback font.
 */
function fontRuns(text: string, has: (codePoint: number) => boolean): Run[] | undefined {
  let i = 0;
  for (; i < text.length; i++) {
    if (text.charCodeAt(i) < 0x80) continue;
    const cp = text.codePointAt(i) ?? 0;
    if (!has(cp)) break;
    if (cp > 0xffff) i++;
  }
  if (i >= text.length) return undefined;
  const runs: Run[] = [];
  const add = (font: FallbackFont | undefined, s: string) => {
    const last = runs.at(-1);
    if (last && last.font === font) last.text += s;
    else runs.push({ font, text: s });
  };
  if (i > 0) add(undefined, text.slice(0, i));
  for (const ch of text.slice(i)) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80 || has(cp)) add(undefined, ch);
    else {
      const font = fallbackWith(cp);
      add(font, font ? ch : '?');
    }
  }
  return runs;
}

/**
 * pdfkit's options of a line it draws: the text options (`horizontalScaling` in per cent, which its types do not list)
 * and what its line wrapper measured, in points.
 */
type LineOptions = PDFKit.Mixins.TextOptions & {
  horizontalScaling?: number;
  lineWidth?: number;
  textWidth?: number;
  wordCount?: number;
};

/**
 * Makes the document set the characters {@link FONT} lacks in the {@link FALLBACK_FONTS} font that has them, in runs
 * (see {@link fontRuns}), so a string mixing Latin Extended, Greek or Cyrillic with Chinese, Japanese or Korean
 * prints every character. Two of pdfkit's methods are wrapped, so the documents' layout code stays as it is:
 * `widthOfString` sums the widths of the runs, each in its font, so what measures (pdfkit's line wrapping,
 * `heightOfString`, centred and right-aligned text, {@link fitText}) measures what is drawn; and `_fragment`, where
 * pdfkit draws one line (its private method), aligns the whole line as pdfkit does and draws run after run. A run in
 * a fallback font sits on the line height and baseline of the font it stands in for: Noto Sans SC and KR are taller
 * (ascent 1.16 em against 1.069), so their text would sit 5 points lower at 54 points. pdfkit's `continued: true`
 * text is not used: it aligns each piece of a centred or right-aligned line on its own (foliojs/pdfkit#240, #1206).
 */
function setInRuns(doc: PDFKit.PDFDocument, has: (codePoint: number) => boolean): void {
  type Metrics = { ascender: number; descender: number; lineGap: number };
  // pdfkit's current font, its source and family (private): what `doc.font(name)` sets; its line drawing.
  const state = doc as unknown as Record<'_font' | '_fontSource' | '_fontFamily', unknown> & {
    _fragment: (text: string, x: number, y: number, options: LineOptions) => void;
  };
  const widthOf = doc.widthOfString.bind(doc);
  const fragment = state._fragment.bind(doc);
  const registered = new Set<FallbackFont>();
  // Inside a run: pdfkit's own calls measure and draw in the run's font, as they are.
  let inRun = false;
  const inFontOf = <T>(run: Run, f: () => T): T => {
    const saved = { _font: state._font, _fontSource: state._fontSource, _fontFamily: state._fontFamily };
    if (run.font) {
      if (!registered.has(run.font)) {
        doc.registerFont(run.font, fallbackFont(run.font) as unknown as PDFKit.Mixins.PDFFontSource);
        registered.add(run.font);
      }
      doc.font(run.font);
      const { ascender, descender, lineGap } = saved._font as Metrics;
      Object.assign(state._font as Metrics, { ascender, descender, lineGap });
    }
    const outer = inRun;
    inRun = true;
    try {
      return f();
    } finally {
      inRun = outer;
      Object.assign(state, saved);
    }
  };
  const spacing = (options: LineOptions) =>
    ((options.characterSpacing ?? 0) * (options.horizontalScaling ?? 100)) / 100;

  doc.widthOfString = (text: string, options: LineOptions = {}) => {
    const runs = inRun || typeof text !== 'string' ? undefined : fontRuns(text, has);
    if (!runs) return widthOf(text, options);
    let width = 0;
    for (const run of runs) width += inFontOf(run, () => widthOf(run.text, options));
    // Each run's width has the character spacing between its own characters; this adds it between the runs.
    return width + spacing(options) * (runs.length - 1);
  };

  state._fragment = (text, x, y, options) => {
    const line = `${text}`.replace(/\n/g, '');
    const runs = inRun ? undefined : fontRuns(line, has);
    if (!runs) return fragment(text, x, y, options);
    // pdfkit's alignment of a wrapped line (its `_fragment`), on the widths of the runs.
    let wordSpacing = options.wordSpacing ?? 0;
    const spaceWidth = doc.widthOfString(' ') + (options.characterSpacing ?? 0);
    if (options.width && options.lineWidth !== undefined) {
      if (options.align === 'right')
        x += options.lineWidth - doc.widthOfString(line.replace(/\s+$/, ''), options);
      else if (options.align === 'center') x += options.lineWidth / 2 - (options.textWidth ?? 0) / 2;
      else if (options.align === 'justify') {
        const gaps = Math.max(1, line.trim().split(/\s+/).length - 1);
        const words = doc.widthOfString(line.replace(/\s+/g, ''), options);
        wordSpacing = Math.max(0, (options.lineWidth - words) / gaps - spaceWidth);
      }
    }
    // Each run drawn left-aligned where the previous one ended (pdfkit's character spacing follows every glyph).
    const plain: LineOptions = {
      ...options,
      width: undefined,
      align: 'left',
      wordSpacing: 0,
      textWidth: undefined,
      wordCount: undefined,
    };
    const draw = (parts: Run[]) => {
      for (const run of parts)
        x += inFontOf(run, () => {
          fragment(run.text, x, y, plain);
          return widthOf(run.text, plain) + spacing(plain);
        });
    };
    if (!wordSpacing) return draw(runs);
    // Justified (or spaced) words: as pdfkit, each gap between words is a space widened by `wordSpacing`.
    for (const word of line.trim().split(/\s+/)) {
      draw(fontRuns(word, has) ?? [{ font: undefined, text: word }]);
      x += spaceWidth + wordSpacing;
    }
  };
}

/**
 * The foot of a packing slip or order list (spec 1 §2): "Totaal 1 stuk in 1 regel", "Totaal 1.250 stuks in 40
 * regels" — Dutch singular and plural, numbers in Dutch notation.
 */
export function piecesTotalText(pieces: number, lines: number): string {
  const n = (x: number) => x.toLocaleString('nl-NL');
  return `Totaal ${n(pieces)} ${pieces === 1 ? 'stuk' : 'stuks'} in ${n(lines)} ${lines === 1 ? 'regel' : 'regels'}`;
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
    const ok = printable ? printable(code) || fallbackWith(code) !== undefined : code >= 0x20 && code < 0x7f;
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
  /** The document's language (BCP 47, 'nl-NL'), for readers and screen readers; none when it mixes languages. */
  lang?: string;
}

/**
 * Builds a PDF with pdfkit and resolves with its bytes. `build` adds the pages (the document starts
 * without one, so each builder picks its page size). Fonts: {@link FONT} and {@link FONT_BOLD}, embedded (subset) so
 * names in any Latin script, Greek or Cyrillic print as entered; Chinese, Japanese and Korean characters, alone or
 * within such a text, are set in a {@link FALLBACK_FONTS} font, loaded and embedded only when a PDF has one (see
 * `setInRuns`).
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
      ...(meta.lang ? { lang: meta.lang } : {}),
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
    setInRuns(doc, loaded.has);
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

const graphemes = new Intl.Segmenter('nl', { granularity: 'grapheme' });

/**
 * Text that must fit `width` (points) at the current font and size: returned whole when it fits, else shortened with
 * an ellipsis. It is cut between user-perceived characters (grapheme clusters), never inside one, so an ideograph
 * outside the Basic Multilingual Plane (a surrogate pair), a letter with a combining accent or an emoji sequence is
 * kept whole or dropped whole.
 */
export function fitText(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  // Cut points: the UTF-16 offsets where a grapheme ends (the first grapheme's end first).
  const ends = [...graphemes.segment(text)].map((g) => g.index + g.segment.length);
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${text.slice(0, ends[mid - 1])}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo === 0 ? 0 : ends[lo - 1]).trimEnd()}…`;
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

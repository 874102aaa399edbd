import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/** The barcodes read from one rendered page, by format: the text of each, null where the page has none that scans. */
export interface PageBarcodes {
  code128: string | null;
  qr: string | null;
  ean13: string | null;
}

// zxing-cpp's WebAssembly from the package itself, handed over as bytes: in Node it cannot be fetched by URL, and
// zxing-wasm's default would fetch it from a CDN (packages/web/src/barcode-reader.ts does the same for the apps).
const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
prepareZXingModule({
  overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
});

/** zxing-cpp's name of the symbology each field of {@link PageBarcodes} holds. */
const FORMATS = { code128: 'Code128', qr: 'QRCode', ean13: 'EAN13' } as const;

/**
 * The first code of `format` zxing-cpp finds on a page, null when none scans. A page may hold several (the inbound
 * packing slip prints a Code 128 for each line's EAN); the labels the tests check hold one of each format.
 */
async function read(page: ImageData, format: (typeof FORMATS)[keyof typeof FORMATS]): Promise<string | null> {
  const [first] = await readBarcodes(page, { formats: [format], tryHarder: true });
  return first?.text ?? null;
}

/**
 * Renders every page of a PDF to PNG with Debian's pdftoppm (poppler-utils, as a person would print it: 200 dpi,
 * greyscale) and reads its Code 128, QR code and EAN-13 with zxing-cpp (zxing-wasm, the reader the floor's camera
 * uses where the browser has no detector of its own, ADR 0101), so a label whose codes do not scan fails its test.
 * One entry a page, in page order. Keeps the PNGs in `keepDir` when given (to look at them).
 */
export async function readPdfBarcodes(pdf: Buffer, keepDir?: string, dpi = 200): Promise<PageBarcodes[]> {
  const dir = mkdtempSync(join(tmpdir(), 'hoppa-barcodes-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', join(dir, 'doc.pdf'), join(dir, 'page')]);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort();
    const pages: PageBarcodes[] = [];
    for (const f of files) {
      const bytes = readFileSync(join(dir, f));
      if (keepDir) writeFileSync(join(keepDir, f), bytes);
      // pngjs hands back RGBA whatever the PNG holds; zxing-wasm takes any object shaped like ImageData (Node has none).
      const png = PNG.sync.read(bytes);
      const page: ImageData = {
        data: new Uint8ClampedArray(png.data),
        width: png.width,
        height: png.height,
        colorSpace: 'srgb',
      };
      pages.push({
        code128: await read(page, FORMATS.code128),
        qr: await read(page, FORMATS.qr),
        ean13: await read(page, FORMATS.ean13),
      });
    }
    return pages;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

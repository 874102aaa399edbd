import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The barcodes read from one rendered page, by format. */
export interface PageBarcodes {
  code128: string | null;
  qr: string | null;
  ean13: string | null;
}

function read(source: BinaryBitmap, format: BarcodeFormat): string | null {
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [format]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  try {
    return reader.decode(source, hints).getText();
  } catch {
    return null;
  }
}

/**
 * Renders every page of a PDF to PNG with Debian's pdftoppm (poppler-utils, as a person would print it: 200 dpi,
 * greyscale) and reads its Code 128 and EAN-13 barcodes with ZXing and its QR code with jsQR, so a label whose codes
 * do not scan fails its test. Keeps the PNGs in `keepDir` when given (to look at them).
 */
export function readPdfBarcodes(pdf: Buffer, keepDir?: string, dpi = 200): PageBarcodes[] {
  const dir = mkdtempSync(join(tmpdir(), 'hoppa-barcodes-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', join(dir, 'doc.pdf'), join(dir, 'page')]);
    const pages = readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort();
    return pages.map((f) => {
      const bytes = readFileSync(join(dir, f));
      if (keepDir) writeFileSync(join(keepDir, f), bytes);
      const png = PNG.sync.read(bytes);
      const luminance = new Uint8ClampedArray(png.width * png.height);
      for (let i = 0; i < luminance.length; i++) luminance[i] = png.data[i * 4] as number;
      const bitmap = () =>
        new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, png.width, png.height)));
      return {
        code128: read(bitmap(), BarcodeFormat.CODE_128),
        // jsQR for QR codes: ZXing-js 0.23 refuses about one valid QR code in twenty (a checksum failure in its
        // decoder; jsQR reads the same images, and bwip-js's codes pass every other reader tried).
        qr: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null,
        ean13: read(bitmap(), BarcodeFormat.EAN_13),
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

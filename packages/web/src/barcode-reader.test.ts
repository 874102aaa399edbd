import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bwipjs from 'bwip-js/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAMERA_FORMATS, createBarcodeReader } from './barcode-reader.ts';

// Node has no ImageData; the reader takes any object of its shape.
class NodeImageData {
  readonly colorSpace = 'srgb';
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}
vi.stubGlobal('ImageData', NodeImageData);

/**
 * A 640×480 camera frame with `text` as the symbol bwip-js makes for our labels (as apps/api's PDFs draw it: QR with
 * error correction M, or a Code 128 / EAN-13), `scale` pixels a module, black on white, centred.
 */
function frame(bcid: 'qrcode' | 'code128' | 'ean13', text: string, scale: number): ImageData {
  const options = { bcid, text, ...(bcid === 'qrcode' ? { eclevel: 'M' } : {}) };
  const [symbol] = bwipjs.raw(options as Parameters<typeof bwipjs.raw>[0]) as unknown as {
    pixs: number[];
    pixx: number;
    pixy: number;
    sbs?: number[];
  }[];
  if (!symbol) throw new Error(`no ${bcid}`);
  const W = 640;
  const H = 480;
  // A row of modules: the QR matrix row by row; a linear symbol's bars and spaces (sbs: bar, space, bar … widths).
  const bars: number[] = [];
  for (const [i, width] of (symbol.sbs ?? []).entries())
    for (let k = 0; k < width; k++) bars.push(1 - (i % 2));
  const cols = bcid === 'qrcode' ? symbol.pixx : bars.length;
  const rows = bcid === 'qrcode' ? symbol.pixy : 40;
  const dark = (r: number, c: number) => (bcid === 'qrcode' ? symbol.pixs[r * cols + c] : bars[c]) === 1;
  const rgba = new Uint8ClampedArray(W * H * 4).fill(255);
  const x0 = Math.floor((W - cols * scale) / 2);
  const y0 = Math.floor((H - rows * scale) / 2);
  for (let r = 0; r < rows * scale; r++)
    for (let c = 0; c < cols * scale; c++) {
      if (!dark(Math.floor(r / scale), Math.floor(c / scale))) continue;
      const i = ((y0 + r) * W + x0 + c) * 4;
      rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
    }
  return new NodeImageData(rgba, W, H) as unknown as ImageData;
}

// The WebAssembly from the package itself (in the apps the build serves it; see barcode-reader.ts).
const wasm = readFileSync(
  createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'),
) as unknown as ArrayBuffer;

const reader = () => createBarcodeReader({ wasmBinary: wasm });

describe('the camera’s barcode reader', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.stubGlobal('ImageData', NodeImageData);
  });

  it('reads location labels that ZXing-js 0.23 refuses, and product EANs and Code 128 labels', async () => {
    const r = await reader();
    expect(r.engine).toBe('zxing-cpp');
    // Location ids whose QR codes ZXing-js's detector refuses on every frame (found among 1,000 ids; ADR 0101).
    for (const id of ['6b0c782a3d6423ed63100003', '6b0c782a0d0c351c38100022', '6b0c782aa6c336ad78100023']) {
      for (const scale of [4, 6, 9]) {
        const found = await r.detect(frame('qrcode', id, scale));
        expect(found.map((b) => [b.format, b.rawValue])).toEqual([['qr_code', id]]);
      }
    }
    expect((await r.detect(frame('ean13', '8710398527684', 3))).map((b) => b.rawValue)).toEqual([
      '8710398527684',
    ]);
    expect((await r.detect(frame('code128', 'KAR-01', 3))).map((b) => b.rawValue)).toEqual(['KAR-01']);
    const empty = new NodeImageData(new Uint8ClampedArray(640 * 480 * 4).fill(255), 640, 480);
    expect(await r.detect(empty as unknown as ImageData)).toEqual([]);
  });

  it('uses the browser’s own detector only where it reads every format the floor needs', async () => {
    const made: string[][] = [];
    const native = (formats: string[]) =>
      class {
        static getSupportedFormats = async () => formats;
        constructor(options: { formats: string[] }) {
          made.push(options.formats);
        }
        detect = async () => [{ rawValue: 'native', format: 'qr_code' }];
      };
    vi.stubGlobal('BarcodeDetector', native([...CAMERA_FORMATS, 'aztec']));
    const full = await reader();
    expect(full.engine).toBe('native');
    expect(await full.detect(frame('qrcode', 'x', 4))).toEqual([{ rawValue: 'native', format: 'qr_code' }]);
    expect(made).toEqual([[...CAMERA_FORMATS]]);
    // A detector without Code 128 (some desktop browsers): our own reader.
    vi.stubGlobal('BarcodeDetector', native(['qr_code', 'ean_13']));
    expect((await reader()).engine).toBe('zxing-cpp');
    expect(made).toHaveLength(1);
  });
});

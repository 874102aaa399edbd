import type { BarcodeDetector as PonyfillDetector } from 'barcode-detector/ponyfill';
import { prepareZXingModule, BarcodeDetector as ZXingCppDetector } from 'barcode-detector/ponyfill';
// The reader's WebAssembly (zxing-cpp, ≈ 1.1 MB, ≈ 450 KB compressed) as an asset of the app itself: served by our
// own server and precached by the floor's service worker, never fetched from a CDN (the floor works offline).
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The symbologies the camera reads (issue 11 item 4): product EANs (EAN-13, EAN-8, UPC), location, tote and cart
 * labels (QR, Code 128), and the Code 39 some suppliers print; the names are the Barcode Detection API's.
 */
export const CAMERA_FORMATS = [
  'qr_code',
  'code_128',
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
  'code_39',
] as const;

/** What the camera dialog needs of a detector: the Barcode Detection API's `detect`. */
export interface BarcodeReader {
  /** The barcodes in the current frame of `source` (a playing `<video>`); empty when there are none. */
  detect(source: HTMLVideoElement | ImageData): Promise<{ rawValue: string; format: string }[]>;
  /** `native` (the browser's own, e.g. Chrome on Android) or `zxing-cpp` (our WebAssembly). */
  engine: 'native' | 'zxing-cpp';
}

let prepared: ArrayBuffer | 'url' | null = null;

/**
 * Points zxing-wasm at the reader WebAssembly the app ships, or hands it `wasmBinary` itself; once per source, before
 * the first ponyfill detector (which starts loading it).
 */
function prepareWasm(wasmBinary?: ArrayBuffer): void {
  const source = wasmBinary ?? 'url';
  if (prepared === source) return;
  prepared = source;
  const locateFile = (path: string, prefix: string) =>
    path.endsWith('.wasm') ? readerWasmUrl : prefix + path;
  prepareZXingModule({ overrides: wasmBinary ? { wasmBinary, locateFile } : { locateFile } });
}

type NativeDetectorClass = {
  new (options: { formats: string[] }): Pick<PonyfillDetector, 'detect'>;
  getSupportedFormats(): Promise<string[]>;
};

/**
 * A barcode reader for the camera dialog of both apps: the browser's own Barcode Detection API where it reads every
 * format of {@link CAMERA_FORMATS} (Chrome on Android and macOS), else zxing-cpp as WebAssembly through the
 * `barcode-detector` ponyfill. Not ZXing-js: its QR detector refuses about one valid location label in 23
 * (measured on 1,000 bwip-js labels of 24-hex location ids: 44 refused, zxing-cpp none; ADR 0101). Rejects when the
 * WebAssembly cannot be loaded (then the dialog says the camera failed). `wasmBinary`: the reader's WebAssembly
 * itself, where it cannot be fetched by URL (Node, in tests); the apps leave it out.
 */
export async function createBarcodeReader(
  options: { wasmBinary?: ArrayBuffer } = {},
): Promise<BarcodeReader> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
    if (CAMERA_FORMATS.every((f) => supported.includes(f))) {
      const detector = new Native({ formats: [...CAMERA_FORMATS] });
      return { engine: 'native', detect: (source) => detector.detect(source) };
    }
  }
  prepareWasm(options.wasmBinary);
  const detector = new ZXingCppDetector({ formats: [...CAMERA_FORMATS] });
  return { engine: 'zxing-cpp', detect: (source) => detector.detect(source) };
}

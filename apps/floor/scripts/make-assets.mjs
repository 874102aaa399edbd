// Writes the floor app's binary assets into public/: PWA icons (PNG) and the scan feedback sounds (WAV).
// Generated rather than drawn by hand so they can be reviewed as code and remade with one command:
//   node apps/floor/scripts/make-assets.mjs
// No image or audio library is needed: PNG is zlib-deflated RGBA rows, WAV is 16-bit PCM.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const pub = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
mkdirSync(join(pub, 'icons'), { recursive: true });
mkdirSync(join(pub, 'sounds'), { recursive: true });

// ---------- PNG ----------
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5, size);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ORANGE = [232, 89, 12];
const WHITE = [255, 255, 255];
const inRect = (x, y, x0, y0, x1, y1) => x >= x0 && x < x1 && y >= y0 && y < y1;

/**
 * The mark: a white "H" above a short barcode on orange. `inset` is the share of the icon kept free
 * around the mark (maskable icons need the mark inside the central 80 % circle); `rounded` draws a
 * rounded square with transparent corners for the plain icons.
 */
function icon({ inset, rounded }) {
  return (x, y, size) => {
    const u = x / size;
    const v = y / size;
    if (rounded) {
      const r = 0.2;
      const cx = Math.min(Math.max(u, r), 1 - r);
      const cy = Math.min(Math.max(v, r), 1 - r);
      if ((u - cx) ** 2 + (v - cy) ** 2 > r * r) return [0, 0, 0, 0];
    }
    // mark coordinates in 0..1 inside the inset box
    const s = 1 - 2 * inset;
    const mu = (u - inset) / s;
    const mv = (v - inset) / s;
    const h =
      inRect(mu, mv, 0.2, 0.12, 0.36, 0.64) ||
      inRect(mu, mv, 0.64, 0.12, 0.8, 0.64) ||
      inRect(mu, mv, 0.2, 0.32, 0.8, 0.44);
    const bars = [0.2, 0.26, 0.35, 0.41, 0.5, 0.53, 0.62, 0.68, 0.74];
    const widths = [0.03, 0.06, 0.03, 0.06, 0.02, 0.06, 0.03, 0.03, 0.06];
    const barcode = bars.some((b0, i) => inRect(mu, mv, b0, 0.74, b0 + (widths[i] ?? 0.03), 0.9));
    return [...(h || barcode ? WHITE : ORANGE), 255];
  };
}

writeFileSync(join(pub, 'icons', 'icon-192.png'), png(192, icon({ inset: 0.1, rounded: true })));
writeFileSync(join(pub, 'icons', 'icon-512.png'), png(512, icon({ inset: 0.1, rounded: true })));
writeFileSync(join(pub, 'icons', 'maskable-512.png'), png(512, icon({ inset: 0.22, rounded: false })));
writeFileSync(
  join(pub, 'icons', 'apple-touch-icon-180.png'),
  png(180, icon({ inset: 0.14, rounded: false })),
);

// ---------- WAV ----------
const RATE = 22050;
/** Renders notes [{ f (Hz, 0 = silence), ms, wave }] into 16-bit mono PCM with 5 ms fades against clicks. */
function wav(notes, volume = 0.6) {
  const samples = [];
  for (const { f, ms, wave = 'sine' } of notes) {
    const n = Math.round((RATE * ms) / 1000);
    const fade = Math.round(RATE * 0.005);
    for (let i = 0; i < n; i++) {
      const t = i / RATE;
      let s = 0;
      if (f > 0) {
        if (wave === 'sine') s = Math.sin(2 * Math.PI * f * t);
        // a buzzer: odd harmonics of a square wave, a sound nobody mistakes for the OK beep
        else for (let k = 1; k <= 7; k += 2) s += Math.sin(2 * Math.PI * f * k * t) / k;
        if (wave !== 'sine') s *= 0.8;
      }
      const env = Math.min(1, i / fade, (n - i) / fade);
      samples.push(Math.max(-1, Math.min(1, s * env * volume)));
    }
  }
  const data = Buffer.alloc(samples.length * 2);
  for (const [i, s] of samples.entries()) data.writeInt16LE(Math.round(s * 32767), i * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(RATE, 24);
  h.writeUInt32LE(RATE * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

writeFileSync(
  join(pub, 'sounds', 'ok.wav'),
  wav([
    { f: 988, ms: 70 },
    { f: 0, ms: 15 },
    { f: 1319, ms: 120 },
  ]),
);
writeFileSync(
  join(pub, 'sounds', 'error.wav'),
  wav([
    { f: 196, ms: 140, wave: 'square' },
    { f: 0, ms: 60 },
    { f: 196, ms: 140, wave: 'square' },
    { f: 0, ms: 60 },
    { f: 147, ms: 260, wave: 'square' },
  ]),
);
writeFileSync(
  join(pub, 'sounds', 'done.wav'),
  wav([
    { f: 1047, ms: 110 },
    { f: 1319, ms: 110 },
    { f: 1568, ms: 110 },
    { f: 2093, ms: 320 },
  ]),
);
console.log('icons and sounds written to', pub);

/**
 * Label benchmark (issue 3 §3): milliseconds per shipping label PDF (A6, Code 128 barcode) and per
 * packing slip, generated one after the other in this process. Writes a markdown fragment to
 * bench-output/label.md at the repository root. Run: `npx tsx apps/api/bench/label.bench.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PostalAddress } from '../src/lib/carriers/carrier.ts';
import { newLocalTrackingNumber } from '../src/lib/carriers/local.carrier.ts';
import { buildShippingLabelPdf } from '../src/lib/pdf/label.pdf.ts';
import { buildPackingSlipPdf } from '../src/lib/pdf/packing-slip.pdf.ts';
import { TEST_SENDER } from '../src/lib/pdf/pdf.test-helpers.ts';

const LABELS = 200;
const SLIPS = 50;
const WARMUP = 10;

const sender = TEST_SENDER;

function recipient(i: number): PostalAddress {
  return {
    name: `Klant ${i} de Vries`,
    company: i % 3 === 0 ? `Bedrijf ${i} B.V.` : '',
    street: 'Keizersgracht',
    houseNumber: String(1 + (i % 400)),
    addition: i % 5 === 0 ? 'A' : '',
    zipCode: `${1000 + (i % 8999)} AB`,
    city: 'Amsterdam',
    countryCode: 'NL',
    phone: '0612345678',
    email: '',
  };
}

function label(i: number) {
  return buildShippingLabelPdf({
    trackingNumber: newLocalTrackingNumber(),
    carrierName: 'HOPPA',
    methodCode: 'LOCAL-NL',
    methodName: 'Lokale bezorging NL',
    sender,
    recipient: recipient(i),
    shopOrderId: `WEB-${100000 + i}`,
    merchantName: 'Bakkerij Bol',
    labelQuantity: 1,
    shipDate: new Date(),
    weightKg: 1.2,
  });
}

function slip(i: number) {
  return buildPackingSlipPdf({
    shopOrderId: `WEB-${100000 + i}`,
    merchantName: 'Bakkerij Bol',
    sender,
    recipient: recipient(i),
    placedAt: new Date(),
    shippedAt: new Date(),
    methodName: 'Lokale bezorging NL',
    trackingNumber: newLocalTrackingNumber(),
    notes: null,
    lines: Array.from({ length: 5 }, (_, j) => ({
      ean: `871000000${String(j).padStart(4, '0')}`,
      title: `Product ${j} met een wat langere naam`,
      quantity: j + 1,
      location: `A-01-${String(j + 1).padStart(2, '0')}`,
    })),
  });
}

async function measure(n: number, make: (i: number) => Promise<Buffer>) {
  for (let i = 0; i < WARMUP; i++) await make(i);
  const times: number[] = [];
  let bytes = 0;
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    bytes += (await make(i)).length;
    times.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] as number;
  return {
    n,
    mean: total / n,
    p50: pct(50),
    p95: pct(95),
    max: times.at(-1) as number,
    avgKb: bytes / n / 1024,
  };
}

const labels = await measure(LABELS, label);
const slips = await measure(SLIPS, slip);

const row = (name: string, r: Awaited<ReturnType<typeof measure>>) =>
  `| ${name} | ${r.n} | ${r.mean.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.avgKb.toFixed(1)} |`;

const md = `## Shipping labels and packing slips (apps/api/bench/label.bench.ts)

PDFs built one after the other in one Node ${process.version} process (pdfkit, bwip-js Code 128 PNG),
after ${WARMUP} warm-up documents each; ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}). Milliseconds per document.

| document | count | mean ms | p50 ms | p95 ms | max ms | avg size KB |
|---|---:|---:|---:|---:|---:|---:|
${row('A6 shipping label (1 parcel)', labels)}
${row('A4 packing slip (5 lines)', slips)}

Run with \`npx tsx apps/api/bench/label.bench.ts\` (${new Date().toISOString().slice(0, 10)}).
`;

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const out = join(root, 'bench-output', 'label.md');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, md);
console.log(md);
console.log(`written to ${out}`);

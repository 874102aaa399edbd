import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';

/**
 * Real product names, EANs and images for the shop platform fakes (Lightspeed, Shopware, Mirakl, ChannelEngine;
 * ADR 0108): the seed's sample of Open Food Facts products (src/db/samples/nl-products.csv, ODbL, the copy of
 * ../shared/samples/nl-products.csv).
 */
export interface SampleProduct {
  ean: string;
  name: string;
  /** Absolute https URL, or null where the sample has none. */
  imageUrl: string | null;
}

const CSV = join(dirname(fileURLToPath(import.meta.url)), '../../db/samples/nl-products.csv');
let cache: SampleProduct[] | null = null;

/** `count` sample products from row `from` (0-based) of the CSV, in its order. */
export function sampleProducts(count: number, from = 0): SampleProduct[] {
  if (!cache) {
    const parsed = Papa.parse<{ ean: string; name: string; image_url: string }>(readFileSync(CSV, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    });
    cache = parsed.data.map((r) => ({ ean: r.ean, name: r.name, imageUrl: r.image_url?.trim() || null }));
  }
  const rows = cache.slice(from, from + count);
  if (rows.length < count) throw new Error(`the sample has no ${count} products from row ${from}`);
  return rows;
}

/** Sends a JSON answer. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

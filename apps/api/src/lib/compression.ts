import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than its own headers cost (bytes). */
export const COMPRESS_MIN_BYTES = 1024;

/** The answers compressed: JSON (`application/json`, `…+json`); files and PDFs keep their own encoding. */
const COMPRESSED_TYPES = /^application\/(?:[\w.-]+\+)?json(?:;|$)/i;

/** How hard to compress: brotli quality (0–11) and gzip level (1–9). */
type Effort = { brotliQuality: number; gzipLevel: number };

/** The plugin's options for one effort: the same scope (JSON of at least {@link COMPRESS_MIN_BYTES}, br then gzip). */
function compressOptions({ brotliQuality, gzipLevel }: Effort) {
  return {
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
    customTypes: COMPRESSED_TYPES,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: gzipLevel },
  };
}

/**
 * The compression of the floor's large hot reads (issue 8 §3, ADR 0079): the pick list page and the pick rounds,
 * 180–200 KB of JSON each, fetched again and again by every picker's device. The plugin compresses them on the event
 * loop inside the request; brotli quality 1 takes 0.7 ms for a page of 200 items against 2.5 ms at quality 4, for
 * 25.6 KB instead of 22.6 KB (gzip level 1: 1.4 ms against 3.7 ms at level 6, 28.6 KB instead of 23.1 KB). Pass it
 * as the route's `compress` option; every other answer keeps the app's default ({@link registerCompression}).
 */
export const HOT_READ_COMPRESSION = compressOptions({ brotliQuality: 1, gzipLevel: 1 });

/**
 * Compresses the API's JSON answers of at least {@link COMPRESS_MIN_BYTES} with `@fastify/compress` (issue 8 §1,
 * ADR 0075): the open orders list is ~125 KB of JSON per page, sent uncompressed before. Brotli at quality 4 when the
 * browser accepts it, else gzip at level 6 (a few ms for 1 MB); `Content-Encoding` and `Vary: Accept-Encoding` set by
 * the plugin, `q=0` honoured. The built apps' files come precompressed from lib/static.ts (already encoded, left
 * alone); PDFs and CSV/XLSX exports go out as they are. Register before the routes (the plugin hooks each route).
 * A route may ask for less effort with {@link HOT_READ_COMPRESSION} (the floor's large hot reads).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    ...compressOptions({ brotliQuality: 4, gzipLevel: 6 }),
  });
}

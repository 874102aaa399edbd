import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than its own headers cost (bytes). */
export const COMPRESS_MIN_BYTES = 1024;

/** The answers compressed: JSON (`application/json`, `…+json`); files and PDFs keep their own encoding. */
const COMPRESSED_TYPES = /^application\/(?:[\w.-]+\+)?json(?:;|$)/i;

/**
 * Compresses the API's JSON answers of at least {@link COMPRESS_MIN_BYTES} with `@fastify/compress` (issue 8 §1,
 * ADR 0075): the open orders list is ~125 KB of JSON per page, sent uncompressed before. Brotli at quality 4 when the
 * browser accepts it, else gzip at level 6 (a few ms for 1 MB); `Content-Encoding` and `Vary: Accept-Encoding` set by
 * the plugin, `q=0` honoured. The built apps' files come precompressed from lib/static.ts (already encoded, left
 * alone); PDFs and CSV/XLSX exports go out as they are. Register before the routes (the plugin hooks each route).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSED_TYPES,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
  });
}

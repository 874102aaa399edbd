import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than its own headers cost (bytes). */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to answer `req` with: brotli when the browser accepts it, else gzip, else none. A `q=0` entry refuses
 * that encoding (RFC 9110 §12.5.3); other weights are not ranked (every browser sends both without weights).
 */
export function chooseEncoding(req: Pick<FastifyRequest, 'headers'>): 'br' | 'gzip' | null {
  const header = req.headers['accept-encoding'];
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    if (params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Compresses the API's JSON answers of at least {@link COMPRESS_MIN_BYTES} (issue 8 §1, ADR 0075): the open orders
 * list is ~125 KB of JSON per page, sent uncompressed before. Brotli at quality 4 or gzip at level 6, both fast
 * enough for the answer sizes the API sends (a few ms for 1 MB), done off the event loop (zlib's thread pool).
 * Sets `Content-Encoding` and `Vary: Accept-Encoding`. Only JSON sent as a string or buffer is touched: the built
 * apps' files come precompressed from lib/static.ts (streams), PDFs and CSV/XLSX exports go out as they are.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!/\bjson\b/i.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < COMPRESS_MIN_BYTES) return payload;
    const encoding = chooseEncoding(req);
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary))
      reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : await gzipAsync(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../../config.ts';

/** The shared contracts folder (`../shared/contracts` next to the repository; CONTRACTS_DIR overrides it). */
export const CONTRACTS_DIR = process.env.CONTRACTS_DIR ?? resolve(REPO_ROOT, '../shared/contracts');

/** One recorded HTTP answer of a `.http` file: status, headers (lower-case names) and the body text. */
export interface Recording {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Parses a recorded answer (`HTTP/1.1 200 OK`, header lines, a blank line, the body), as the files in
 * `../shared/contracts/**.http` hold them. Transfer-Encoding, Connection and Content-Length are dropped (the fake
 * server sets its own). Throws when the first line is no status line.
 */
export function parseRecording(text: string): Recording {
  const normal = text.replace(/\r\n/g, '\n');
  const split = normal.indexOf('\n\n');
  const head = split < 0 ? normal : normal.slice(0, split);
  const body = split < 0 ? '' : normal.slice(split + 2);
  const [statusLine = '', ...lines] = head.split('\n');
  const m = /^HTTP\/[\d.]+ (\d{3})/.exec(statusLine);
  if (!m) throw new Error(`Not a recorded HTTP answer: ${statusLine.slice(0, 60)}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i < 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    if (['transfer-encoding', 'connection', 'content-length', 'date', 'server'].includes(name)) continue;
    headers[name] = line.slice(i + 1).trim();
  }
  return { status: Number(m[1]), headers, body };
}

/** Reads and parses `../shared/contracts/<relativePath>` (e.g. `bol/fixtures/200-order.http`). */
export function recording(relativePath: string): Recording {
  return parseRecording(readFileSync(join(CONTRACTS_DIR, relativePath), 'utf8'));
}

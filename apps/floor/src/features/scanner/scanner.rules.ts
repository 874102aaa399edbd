/**
 * Pure rules of the scanner set-up page (issue 11 item 5): what one burst of keystrokes from a keyboard-wedge scanner
 * says about the scanner's settings. The pick screen needs (spec 2 §5, §9): the code itself, no prefix, Enter as the
 * suffix, and keystrokes fast enough (a pause over 250 ms starts a new scan).
 */
import { classifyPickScan } from '@hoppa/core';

/** One keydown as the page records it: the key and when (ms, the event's `timeStamp`, on the performance.now() clock). */
export interface KeyStroke {
  key: string;
  at: number;
}

/** The longest pause inside one scan the pick screen accepts (spec 2 §9: the buffer resets after 250 ms). */
export const SCAN_GAP_MAX_MS = 250;

/** What a burst of keystrokes was, and what to change on the scanner. */
export interface ScanReport {
  /** The printable characters, as the pick screen would read them. */
  text: string;
  /** Keys that are not characters (Shift left out), in order, e.g. ['Tab'] or ['Control', 'b']. */
  specialKeys: string[];
  /** How the burst ended: 'Enter' is what the app needs. */
  suffix: 'Enter' | 'Tab' | 'none';
  /** Time from the first to the last key, ms. */
  durationMs: number;
  /** The longest pause between two keys, ms. */
  maxGapMs: number;
  /** What the pick screen makes of the text. */
  kind: 'ean' | 'location' | 'unknown';
  /** What to change, as text keys of the page: empty when the scanner is set up right. */
  hints: ('suffix' | 'prefix' | 'slow' | 'unknown' | 'empty')[];
}

/**
 * Reads one burst (the keys up to and including the suffix, or all of them when there is none). Shift is ignored
 * (it comes with capitals); other non-character keys before the text count as a prefix. Pure.
 */
export function describeScan(keys: readonly KeyStroke[]): ScanReport {
  const last = keys.at(-1)?.key;
  const suffix = last === 'Enter' ? 'Enter' : last === 'Tab' ? 'Tab' : 'none';
  const body = suffix === 'none' ? keys : keys.slice(0, -1);
  const chars = body.filter((k) => k.key.length === 1);
  const special = body.filter((k) => k.key.length > 1 && k.key !== 'Shift').map((k) => k.key);
  const text = chars.map((k) => k.key).join('');
  let maxGapMs = 0;
  for (let i = 1; i < keys.length; i++)
    maxGapMs = Math.max(maxGapMs, (keys[i]?.at ?? 0) - (keys[i - 1]?.at ?? 0));
  const durationMs = keys.length > 1 ? (keys.at(-1)?.at ?? 0) - (keys[0]?.at ?? 0) : 0;
  const kind = text ? classifyPickScan(text).kind : 'unknown';
  const firstChar = body.findIndex((k) => k.key.length === 1);
  const prefixed = firstChar > 0 && body.slice(0, firstChar).some((k) => k.key !== 'Shift');
  const hints: ScanReport['hints'] = [];
  if (!text) hints.push('empty');
  if (suffix !== 'Enter') hints.push('suffix');
  if (prefixed || /^[^\p{L}\p{N}]/u.test(text)) hints.push('prefix');
  if (maxGapMs > SCAN_GAP_MAX_MS) hints.push('slow');
  if (text && kind === 'unknown') hints.push('unknown');
  return { text, specialKeys: special, suffix, durationMs, maxGapMs, kind, hints };
}

/**
 * A keyboard-wedge scan buffer: handheld scanners type the barcode as keystrokes ending in Enter.
 * Keys are collected; a pause longer than `resetMs` since the previous key starts a new buffer
 * (spec 1 §4: 200 ms on the open orders screen; spec 2 §9: 250 ms in grouping); Enter submits the
 * buffer when it is longer than `minLength - 1` characters (spec 1 §4: more than 3) and clears it.
 * Pure: the caller passes the time of each key in milliseconds, so it is testable without timers.
 */
export interface ScanBuffer {
  /** Feeds one `KeyboardEvent.key`; returns the submitted scan on Enter, else null. */
  feed(key: string, nowMs: number): string | null;
  /** Current buffer content (for display). */
  peek(): string;
  reset(): void;
}

export interface ScanBufferOptions {
  /** Pause after which the buffer restarts, ms. */
  resetMs: number;
  /** Shortest scan that Enter submits, characters. */
  minLength: number;
}

/** Creates a {@link ScanBuffer}. Non-printable keys other than Enter (Shift, Tab…) are ignored. */
export function createScanBuffer({ resetMs, minLength }: ScanBufferOptions): ScanBuffer {
  let buf = '';
  let last = Number.NEGATIVE_INFINITY;
  return {
    feed(key, now) {
      if (now - last > resetMs) buf = '';
      last = now;
      if (key === 'Enter') {
        const out = buf;
        buf = '';
        return out.length >= minLength ? out : null;
      }
      if (key.length === 1) buf += key;
      return null;
    },
    peek: () => buf,
    reset() {
      buf = '';
      last = Number.NEGATIVE_INFINITY;
    },
  };
}

/** Scan buffer settings of the open orders screen (spec 1 §4, §9): reset after 200 ms, more than 3 characters. */
export const PACK_SCAN_BUFFER: ScanBufferOptions = { resetMs: 200, minLength: 4 };

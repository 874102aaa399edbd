import { createScanBuffer, type ScanBufferOptions } from '@hoppa/core';

/**
 * Keyboard-wedge settings of the pick screen: a handheld scanner types a barcode within a few ms per
 * key, so a pause over 250 ms (spec 2 §9, as in grouping) starts a new scan; the shortest pick barcode
 * is a 6-digit EAN (spec 2 §5), so shorter bursts are noise (a stray key, a bumped button).
 */
export const PICK_SCAN_BUFFER: ScanBufferOptions = { resetMs: 250, minLength: 6 };

/** Where a keystroke landed: the scan field, another text field, or anywhere else (body, a button). */
export type WedgeTarget = 'scan-field' | 'other-field' | 'elsewhere';

/** One keydown as the wedge sees it. */
export interface WedgeKey {
  key: string;
  target: WedgeTarget;
  /** Current value of the scan field. */
  fieldValue: string;
  /** Ctrl, Alt or Meta held (a shortcut, not a scan). */
  modifier: boolean;
  /** Part of an IME composition. */
  composing: boolean;
  /** Time of the key, ms (the keydown event's `timeStamp`, on the performance.now() clock). */
  now: number;
}

/**
 * What to do with a keydown: nothing, or submit a scan. `preventDefault` stops Enter from also
 * pressing the focused button; `clearField` empties the scan field.
 */
export type WedgeDecision =
  | {
      submit: null;
      preventDefault: boolean;
      /**
       * Characters of this burst that landed outside the scan field just before the focus came back to it (a scan
       * that began while a button still had the focus, or before the screen focused its field): the caller puts
       * them in front of the field's value before the key is typed, so the scan arrives whole.
       */
      carry?: string;
    }
  | { submit: string; preventDefault: true; clearField: boolean };

/**
 * The decision logic of the scan field, kept free of the DOM: in the scan field, Enter submits what
 * the field holds (scanned or typed by hand, however slowly); elsewhere, the core scan buffer collects
 * fast keystrokes and Enter submits a burst of at least `minLength` characters; other text fields
 * (a date filter) are left alone.
 */
export function createWedge(options: ScanBufferOptions = PICK_SCAN_BUFFER) {
  const buffer = createScanBuffer(options);
  /** Time of the last key collected outside the field. */
  let lastOutside = Number.NEGATIVE_INFINITY;
  return {
    key(k: WedgeKey): WedgeDecision {
      if (k.composing || k.target === 'other-field') return { submit: null, preventDefault: false };
      if (k.target === 'scan-field') {
        // A burst that began outside the field and goes on in it (the field took the focus back between two keys):
        // its first characters are carried into the field instead of being dropped with the buffer.
        const carry = k.now - lastOutside <= options.resetMs ? buffer.peek() : '';
        buffer.reset();
        lastOutside = Number.NEGATIVE_INFINITY;
        if (k.key !== 'Enter') return { submit: null, preventDefault: false, ...(carry ? { carry } : {}) };
        const raw = (carry + k.fieldValue).trim();
        return raw
          ? { submit: raw, preventDefault: true, clearField: true }
          : { submit: null, preventDefault: true };
      }
      if (k.modifier) return { submit: null, preventDefault: false };
      lastOutside = k.now;
      const scan = buffer.feed(k.key, k.now)?.trim();
      return scan
        ? { submit: scan, preventDefault: true, clearField: false }
        : { submit: null, preventDefault: false };
    },
    reset: () => buffer.reset(),
  };
}

/** One keydown in a text field that takes a count or an amount, as {@link createFieldWedge} sees it. */
export interface FieldKey {
  key: string;
  /** The field's value before this key (a keydown comes before the character lands). */
  value: string;
  /** Ctrl, Alt or Meta held (a shortcut, not a scan). */
  modifier: boolean;
  /** Part of an IME composition. */
  composing: boolean;
  /** Time of the key, ms (the keydown event's `timeStamp`). */
  now: number;
}

/**
 * A scan typed into a count field (spec 2 §9 keyboard wedge): a handheld scanner types wherever the focus is, so a
 * label or EAN scanned while a quantity field has the focus lands in that field. Like the scan field's buffer, a burst
 * of at least `minLength` keys with no pause over `resetMs`, ended by Enter, is a scan: the answer says what was
 * scanned and `before`, the field's value when the burst began, to put back. A person typing a count (a few keys, or
 * pauses between them) is never a scan. Pure: the caller passes the keys' times.
 */
export function createFieldWedge(options: ScanBufferOptions = PICK_SCAN_BUFFER) {
  const buffer = createScanBuffer(options);
  let last = Number.NEGATIVE_INFINITY;
  let before = '';
  return {
    key(k: FieldKey): { scan: string; before: string } | null {
      if (k.composing || k.modifier) return null;
      if (k.now - last > options.resetMs) before = k.value;
      last = k.now;
      if (k.key !== 'Enter') {
        buffer.feed(k.key, k.now);
        return null;
      }
      last = Number.NEGATIVE_INFINITY;
      const scan = buffer.feed(k.key, k.now)?.trim();
      return scan ? { scan, before } : null;
    },
  };
}

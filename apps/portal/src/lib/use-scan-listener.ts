import { createScanBuffer, PACK_SCAN_BUFFER, type ScanBufferOptions } from '@hoppa/core';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Listens for keyboard-wedge scans on the whole page (spec 1 §4 packing station, spec 3 §2 Scanner page): keys go
 * through core's scan buffer (`options`; default the packing station's: reset after 200 ms, Enter submits more than 3
 * characters) and `onScan` gets each submitted code.
 *
 * Keys pressed while a writable field has focus (date inputs, the label quantity, the location tags)
 * are ignored and the buffer is reset, so typing '1234' + Enter in a field never ships anything.
 * A scanner cannot be told apart from the first keys of fast typing without the digits already
 * having landed in the field, so no exception is made for fast bursts; instead `paused` is true
 * while such a field has focus and the screen says so. Read-only inputs (Mantine's Select) and
 * buttons do not pause scanning. The Enter that submits a scan is swallowed (capture phase), so it
 * does not also press the focused button. The listeners attach in a layout effect, before the paint: Preact runs
 * `useEffect` after it (ADR 0063, as the floor's ADR 0056), and a scan can follow a screen change within milliseconds.
 */
export function useScanListener(
  onScan: (code: string) => void,
  enabled = true,
  options: ScanBufferOptions = PACK_SCAN_BUFFER,
): { paused: boolean } {
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const [paused, setPaused] = useState(false);

  useLayoutEffect(() => {
    if (!enabled) return;
    const buffer = createScanBuffer(options);
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (isEditableElement(document.activeElement)) {
        buffer.reset();
        return;
      }
      const code = buffer.feed(e.key, e.timeStamp);
      if (code !== null) {
        e.preventDefault();
        e.stopPropagation();
        onScanRef.current(code);
      }
    };
    const onFocus = () => setPaused(isEditableElement(document.activeElement));
    // On focusout the next element is not focused yet; look once the focus has moved.
    const onBlur = () => setTimeout(onFocus, 0);
    window.addEventListener('keydown', onKey, true);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onBlur);
    onFocus();
    return () => {
      window.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusout', onBlur);
    };
  }, [enabled, options]);

  return { paused: enabled && paused };
}

/**
 * Whether a key press belongs to someone typing in a field rather than to the scanner: text-like
 * inputs, textareas, selects and contenteditable elements that are enabled and writable. Read-only
 * inputs (Mantine's non-searchable Select) and buttons are not, so scans still arrive there.
 */
export function isEditableElement(el: unknown): boolean {
  if (!el || typeof el !== 'object') return false;
  const e = el as {
    tagName?: string;
    type?: string;
    readOnly?: boolean;
    disabled?: boolean;
    isContentEditable?: boolean;
  };
  const tag = (e.tagName ?? '').toUpperCase();
  if (e.disabled) return false;
  if (tag === 'TEXTAREA') return !e.readOnly;
  if (tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    if (e.readOnly) return false;
    const type = (e.type ?? 'text').toLowerCase();
    return ![
      'button',
      'checkbox',
      'radio',
      'submit',
      'reset',
      'file',
      'range',
      'color',
      'image',
      'hidden',
    ].includes(type);
  }
  return e.isContentEditable === true;
}

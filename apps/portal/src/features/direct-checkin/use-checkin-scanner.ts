import { createScanBuffer } from '@hoppa/core';
import { useLayoutEffect, useRef } from 'react';
import { CHECKIN_SCAN_BUFFER } from './direct-checkin.rules.ts';

/** Whether keys go into `el` (a writable text field): a scan is then the field's own business. */
function typesInto(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement) return !el.readOnly && !el.disabled;
  if (el instanceof HTMLInputElement) {
    if (el.readOnly || el.disabled) return false;
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color'].includes(el.type);
  }
  return (el as HTMLElement).isContentEditable === true;
}

/**
 * Listens for keyboard-wedge scans on the whole page (spec 2 §2 Direct check-in: 'collects keys until Enter and adds
 * a row when the code is longer than 10 characters'): keys go through core's scan buffer with
 * {@link CHECKIN_SCAN_BUFFER}, and `onScan` gets each code. Keys typed into a text field are the field's (the EAN
 * search box takes a scan itself); the Enter that ends a scan is swallowed, so it presses no focused button. The
 * listener attaches in a layout effect, before the paint: Preact runs `useEffect` after it (ADR 0063, as the floor's
 * ADR 0056), and a scanner's keys can arrive within milliseconds of the screen appearing.
 */
export function useCheckinScanner(onScan: (code: string) => void, enabled = true): void {
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  useLayoutEffect(() => {
    if (!enabled) return;
    const buffer = createScanBuffer(CHECKIN_SCAN_BUFFER);
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (typesInto(document.activeElement)) {
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
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled]);
}

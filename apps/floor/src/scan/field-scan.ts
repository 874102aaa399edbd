import { type KeyboardEvent, useRef } from 'react';
import { createFieldWedge } from './wedge.rules.ts';

/**
 * The keydown handler of a count field that tells a scan from typing ({@link createFieldWedge}): a wedge scanner's
 * burst ended by Enter is not left in the field; `onScan(raw, before)` gets what was scanned and the field's value
 * from before the burst, which the caller puts back (a controlled field through its state; an uncontrolled one is set
 * here already). Returns the handler; it answers true when the key ended a scan (the caller then skips its own Enter
 * handling).
 */
export function useFieldScan(
  onScan: (raw: string, before: string) => void,
): (e: KeyboardEvent<HTMLInputElement>) => boolean {
  const wedge = useRef<ReturnType<typeof createFieldWedge> | null>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  return (e) => {
    wedge.current ??= createFieldWedge();
    const field = e.currentTarget;
    const native = e.nativeEvent ?? e;
    const found = wedge.current.key({
      key: e.key,
      value: field.value,
      modifier: e.ctrlKey || e.altKey || e.metaKey,
      composing: Boolean((native as { isComposing?: boolean }).isComposing),
      now: e.timeStamp,
    });
    if (!found) return false;
    e.preventDefault();
    field.value = found.before;
    onScanRef.current(found.scan, found.before);
    return true;
  };
}

import { type Ref, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import { markScanEnter } from './scan-perf.ts';
import { createWedge } from './wedge.rules.ts';

/** What a screen may ask of its scan field. */
export interface ScanInputHandle {
  /** Moves the focus to the scan field at once: for a move the worker made (Enter in a quantity, a scan in a field). */
  focus(): void;
  /**
   * Takes the focus back to the scan field after something the worker did not do (a download that finished), unless
   * the field is inactive (a dialog of the screen is open) or the worker is in another text field or in a dialog
   * (`[role=dialog]`): a list that arrives while the pick filter's order number is typed leaves it there (ADR 0127 §6).
   */
  reclaim(): void;
}

export interface ScanInputProps {
  /** Receives one complete scan (already trimmed). */
  onScan(raw: string): void;
  /** Shows the soft keyboard for typing a barcode by hand (inputMode text instead of none). */
  manual: boolean;
  label: string;
  placeholder: string;
  /** When false, keystrokes are left alone (a dialog is open). */
  active?: boolean;
  /** Escape pressed in the field (the location widget hides its input then, spec 2 §2). */
  onEscape?: () => void;
  ref?: Ref<ScanInputHandle>;
}

function isOtherEditable(el: EventTarget | null, own: HTMLInputElement | null): boolean {
  if (!(el instanceof HTMLElement) || el === own) return false;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement)
    return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(el.type);
  return false;
}

/** Whether the focus is where the worker put it on purpose: another text field, or anything in a dialog. */
function focusedElsewhere(el: Element | null, own: HTMLInputElement | null): boolean {
  return isOtherEditable(el, own) || (el instanceof HTMLElement && el.closest('[role="dialog"]') !== null);
}

/**
 * The one scan field of a floor screen. It keeps the focus, so a keyboard-wedge scanner's keystrokes
 * land in it, with `inputMode="none"` so Android does not pop up the soft keyboard for every scan.
 * Enter submits what the field holds (scanned or typed by hand). When the focus is elsewhere (a
 * button was just tapped), a window-level listener still collects the fast keystrokes with the core
 * scan buffer and submits them on Enter, so no scan is lost; a scan that begins there and goes on in
 * the field once it has the focus back keeps its first characters (`carry`). Other text fields (a date
 * filter) are left alone.
 */
export function ScanInput({
  onScan,
  manual,
  label,
  placeholder,
  active = true,
  onEscape,
  ref,
}: ScanInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;
  const activeRef = useRef(active);
  activeRef.current = active;

  // The focus back to the field unless it is inactive or the worker is in another field or a dialog (reads refs only).
  const reclaim = useCallback(() => {
    const el = input.current;
    const a = document.activeElement;
    if (!el || !activeRef.current || a === el || focusedElsewhere(a, el)) return;
    el.focus({ preventScroll: true });
  }, []);

  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus({ preventScroll: true }), reclaim }), [
    reclaim,
  ]);

  // A layout effect: the listener is there before the screen is painted, so no scan typed right after is lost
  // (Preact runs plain effects after the paint, ADR 0056).
  useLayoutEffect(() => {
    const wedge = createWedge();
    const onKeyDown = (e: KeyboardEvent) => {
      if (!activeRef.current) return;
      const own = input.current;
      if (e.key === 'Escape' && e.target === own && onEscapeRef.current) {
        if (own) own.value = '';
        onEscapeRef.current();
        return;
      }
      const decision = wedge.key({
        key: e.key,
        target:
          e.target === own ? 'scan-field' : isOtherEditable(e.target, own) ? 'other-field' : 'elsewhere',
        fieldValue: own?.value ?? '',
        modifier: e.ctrlKey || e.altKey || e.metaKey,
        composing: e.isComposing,
        // When the key was pressed, not when this handler ran: a busy main thread delays the handler, and
        // the gaps between handler runs then look like a person typing.
        now: e.timeStamp,
      });
      if (decision.preventDefault) e.preventDefault();
      if (decision.submit === null) {
        // Typed before this key reaches the field: the value ends with the carried characters, the key follows.
        if (decision.carry && own) own.value = decision.carry + own.value;
        return;
      }
      markScanEnter();
      if (decision.clearField && own) own.value = '';
      onScanRef.current(decision.submit);
      if (e.target !== own) own?.focus({ preventScroll: true });
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);

  // Take the focus back after a tap on a button, unless the picker moved to another field or a dialog.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const refocus = () => {
      setTimeout(reclaim, 0);
    };
    el.addEventListener('blur', refocus);
    window.addEventListener('focus', refocus);
    document.addEventListener('visibilitychange', refocus);
    el.focus({ preventScroll: true });
    return () => {
      el.removeEventListener('blur', refocus);
      window.removeEventListener('focus', refocus);
      document.removeEventListener('visibilitychange', refocus);
    };
  }, [reclaim]);

  // back to the field when a dialog closes, and when the soft keyboard is switched on or off
  // biome-ignore lint/correctness/useExhaustiveDependencies: `manual` changes inputMode, which needs a fresh focus
  useEffect(() => {
    if (active) input.current?.focus({ preventScroll: true });
  }, [active, manual]);

  return (
    <input
      ref={input}
      className="scan-input"
      data-testid="scan-input"
      aria-label={label}
      placeholder={placeholder}
      inputMode={manual ? 'text' : 'none'}
      enterKeyHint="go"
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="off"
      spellCheck={false}
    />
  );
}

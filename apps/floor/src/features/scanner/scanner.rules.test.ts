import { describe, expect, it } from 'vitest';
import { describeScan, type KeyStroke } from './scanner.rules.ts';

/** Keys typed `gap` ms apart, starting at 1000. */
function typed(keys: string[], gap = 5): KeyStroke[] {
  return keys.map((key, i) => ({ key, at: 1000 + i * gap }));
}

describe('describeScan (scanner set-up page)', () => {
  it('reads a well set-up scanner: an EAN, Enter last, fast keys, nothing to change', () => {
    const r = describeScan(typed([...'8712100486517', 'Enter']));
    expect(r).toMatchObject({ text: '8712100486517', suffix: 'Enter', kind: 'ean', hints: [], maxGapMs: 5 });
    expect(r.durationMs).toBe(13 * 5);
  });

  it('reads a location label (24 hex, capitals with Shift) as a location', () => {
    const keys = typed(['Shift', ...'AB', ...'cdef0123456789abcdef01', 'Enter']);
    expect(describeScan(keys)).toMatchObject({ kind: 'location', hints: [] });
  });

  it('asks for Enter as the suffix when the scanner sends Tab or nothing', () => {
    expect(describeScan(typed([...'8712100486517', 'Tab'])).hints).toEqual(['suffix']);
    expect(describeScan(typed([...'8712100486517'])).hints).toEqual(['suffix']);
  });

  it('names a prefix: a control key or a symbol before the code', () => {
    const ctrl = describeScan(typed(['Control', ...'8712100486517', 'Enter']));
    expect(ctrl.hints).toEqual(['prefix']);
    expect(ctrl.specialKeys).toEqual(['Control']);
    expect(describeScan(typed([...']E08712100486517', 'Enter'])).hints).toContain('prefix');
  });

  it('calls a burst with a pause over 250 ms slow (typed by hand, or a scanner set to slow keys)', () => {
    const r = describeScan(typed([...'87121004865', 'Enter'], 300));
    expect(r.hints).toContain('slow');
    expect(r.maxGapMs).toBe(300);
  });

  it('says when a code is neither an EAN nor a location label, or empty', () => {
    expect(describeScan(typed([...'HELLO', 'Enter'])).hints).toEqual(['unknown']);
    expect(describeScan(typed(['Enter'])).hints).toEqual(['empty']);
  });
});

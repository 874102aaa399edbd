import { describe, expect, it } from 'vitest';
import { createWedge, type WedgeKey, type WedgeTarget } from './wedge.rules.ts';

function key(k: string, target: WedgeTarget, now: number, fieldValue = ''): WedgeKey {
  return { key: k, target, fieldValue, modifier: false, composing: false, now };
}

/** Types `text` then Enter at `target`, one key every `gapMs`; returns the Enter decision. */
function type(
  wedge: ReturnType<typeof createWedge>,
  text: string,
  target: WedgeTarget,
  t0: number,
  gapMs = 8,
) {
  let t = t0;
  for (const ch of text) {
    expect(wedge.key(key(ch, target, t)).submit).toBeNull();
    t += gapMs;
  }
  return wedge.key(key('Enter', target, t));
}

describe('createWedge (pick screen keyboard wedge)', () => {
  it('submits the scan field value on Enter, trimmed, and asks to clear it', () => {
    const w = createWedge();
    expect(w.key(key('Enter', 'scan-field', 0, ' 8710398500014 '))).toEqual({
      submit: '8710398500014',
      preventDefault: true,
      clearField: true,
    });
  });

  it('submits a slowly typed value in the scan field (manual entry has no time limit)', () => {
    const w = createWedge();
    for (const [i, ch] of [...'123456'].entries())
      expect(w.key(key(ch, 'scan-field', i * 1000)).submit).toBeNull();
    expect(w.key(key('Enter', 'scan-field', 7000, '123456')).submit).toBe('123456');
  });

  it('does nothing for Enter on an empty scan field', () => {
    expect(createWedge().key(key('Enter', 'scan-field', 0, '  ')).submit).toBeNull();
  });

  it('collects a fast burst outside the field and stops Enter from pressing the focused button', () => {
    expect(type(createWedge(), '8710398500014', 'elsewhere', 100)).toEqual({
      submit: '8710398500014',
      preventDefault: true,
      clearField: false,
    });
  });

  it('treats bursts shorter than 6 characters outside the field as noise, and lets Enter through', () => {
    expect(type(createWedge(), '12345', 'elsewhere', 0)).toEqual({ submit: null, preventDefault: false });
  });

  it('starts over after a pause of more than 250 ms outside the field', () => {
    const w = createWedge();
    for (const [i, ch] of [...'999'].entries()) w.key(key(ch, 'elsewhere', i * 5));
    expect(type(w, '24681357', 'elsewhere', 400).submit).toBe('24681357');
  });

  it('leaves other text fields and shortcuts alone', () => {
    const w = createWedge();
    expect(type(w, '2026-03-01T10:00', 'other-field', 0)).toEqual({ submit: null, preventDefault: false });
    const ctrl = { ...key('v', 'elsewhere', 0), modifier: true };
    expect(w.key(ctrl)).toEqual({ submit: null, preventDefault: false });
  });
});

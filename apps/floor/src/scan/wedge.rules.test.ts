import { describe, expect, it } from 'vitest';
import { createFieldWedge, createWedge, type WedgeKey, type WedgeTarget } from './wedge.rules.ts';

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

  it('carries the first keys of a burst typed outside the field into it when the field takes the focus back', () => {
    const w = createWedge();
    // '8' lands on the body (a button had the focus, or the screen had not focused its field yet), the rest in the field.
    expect(w.key(key('8', 'elsewhere', 0)).submit).toBeNull();
    expect(w.key(key('7', 'scan-field', 5))).toEqual({ submit: null, preventDefault: false, carry: '8' });
    // The caller put '8' in front; the field now holds the rest as well.
    expect(w.key(key('1', 'scan-field', 10, '87'))).toEqual({ submit: null, preventDefault: false });
    expect(w.key(key('Enter', 'scan-field', 15, '8712000032074'))).toEqual({
      submit: '8712000032074',
      preventDefault: true,
      clearField: true,
    });
    // Every character outside, Enter in the field: the carried burst is the scan.
    let t = 100;
    for (const ch of '8712000032074') {
      t += 5;
      expect(w.key(key(ch, 'elsewhere', t)).submit).toBeNull();
    }
    expect(w.key(key('Enter', 'scan-field', t + 5, ''))).toEqual({
      submit: '8712000032074',
      preventDefault: true,
      clearField: true,
    });
    // A key outside the field more than 250 ms before is a stray key, not the start of this scan.
    expect(w.key(key('x', 'elsewhere', 300)).submit).toBeNull();
    expect(w.key(key('8', 'scan-field', 700))).toEqual({ submit: null, preventDefault: false });
  });

  it('leaves other text fields and shortcuts alone', () => {
    const w = createWedge();
    expect(type(w, '2026-03-01T10:00', 'other-field', 0)).toEqual({ submit: null, preventDefault: false });
    const ctrl = { ...key('v', 'elsewhere', 0), modifier: true };
    expect(w.key(ctrl)).toEqual({ submit: null, preventDefault: false });
  });
});

describe('createFieldWedge (a scan typed into a count field)', () => {
  /** Types `text` then Enter into a field holding `value`, one key every `gapMs`; returns the Enter's answer. */
  function typeInto(w: ReturnType<typeof createFieldWedge>, value: string, text: string, gapMs: number) {
    let t = 1_000;
    let v = value;
    for (const ch of text) {
      expect(w.key({ key: ch, value: v, modifier: false, composing: false, now: t })).toBeNull();
      v += ch;
      t += gapMs;
    }
    return w.key({ key: 'Enter', value: v, modifier: false, composing: false, now: t });
  }

  it('takes a scanner burst ended by Enter as a scan and gives back the value from before it', () => {
    expect(typeInto(createFieldWedge(), '2', 'abcdef0123456789abcdef01', 6)).toEqual({
      scan: 'abcdef0123456789abcdef01',
      before: '2',
    });
  });

  it('leaves a count typed by a person alone: a few keys, or pauses between them', () => {
    expect(typeInto(createFieldWedge(), '', '12', 40)).toBeNull();
    expect(typeInto(createFieldWedge(), '', '8710398500014', 400)).toBeNull();
  });

  it('a burst after a pause starts from the value typed before it', () => {
    const w = createFieldWedge();
    expect(w.key({ key: '3', value: '', modifier: false, composing: false, now: 0 })).toBeNull();
    expect(typeInto(w, '3', '8710398500014', 5)).toEqual({ scan: '8710398500014', before: '3' });
  });
});

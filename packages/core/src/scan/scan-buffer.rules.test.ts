import { describe, expect, it } from 'vitest';
import { createScanBuffer, PACK_SCAN_BUFFER } from './scan-buffer.rules.ts';

/** Types `text` one key every `gapMs` starting at `t0`, then Enter; returns what Enter submitted. */
function type(buf: ReturnType<typeof createScanBuffer>, text: string, t0: number, gapMs = 10): string | null {
  let t = t0;
  for (const ch of text) {
    expect(buf.feed(ch, t)).toBeNull();
    t += gapMs;
  }
  return buf.feed('Enter', t);
}

describe('createScanBuffer (spec 1 §4 Open orders screen barcode scan)', () => {
  it('submits a fast burst of keys on Enter and clears the buffer', () => {
    const buf = createScanBuffer(PACK_SCAN_BUFFER);
    expect(type(buf, '8710398500014', 1000)).toBe('8710398500014');
    expect(buf.peek()).toBe('');
  });

  it('submits more than 3 characters but not 3 or fewer', () => {
    const buf = createScanBuffer(PACK_SCAN_BUFFER);
    expect(type(buf, 'abcd', 0)).toBe('abcd');
    expect(type(buf, 'abc', 1000)).toBeNull();
    expect(buf.peek()).toBe('');
    expect(buf.feed('Enter', 2000)).toBeNull();
  });

  it('starts a new buffer after a pause longer than 200 ms', () => {
    const buf = createScanBuffer(PACK_SCAN_BUFFER);
    buf.feed('9', 0);
    buf.feed('9', 10);
    buf.feed('9', 20);
    // A slow human keystroke: the earlier keys are forgotten.
    buf.feed('1', 221);
    expect(buf.peek()).toBe('1');
    expect(type(buf, '2345', 231)).toBe('12345');
  });

  it('keeps the buffer when the pause is exactly 200 ms', () => {
    const buf = createScanBuffer(PACK_SCAN_BUFFER);
    buf.feed('1', 0);
    buf.feed('2', 200);
    buf.feed('3', 400);
    buf.feed('4', 600);
    expect(buf.feed('Enter', 800)).toBe('1234');
  });

  it('drops the buffer when Enter itself comes after the pause', () => {
    const buf = createScanBuffer(PACK_SCAN_BUFFER);
    for (const [i, ch] of [...'12345678'].entries()) buf.feed(ch, i * 5);
    expect(buf.feed('Enter', 35 + 201)).toBeNull();
  });

  it('ignores non-printable keys other than Enter', () => {
    const buf = createScanBuffer(PACK_SCAN_BUFFER);
    buf.feed('Shift', 0);
    buf.feed('A', 5);
    buf.feed('Tab', 10);
    buf.feed('B', 15);
    buf.feed('ArrowLeft', 20);
    buf.feed('1', 25);
    buf.feed('2', 30);
    expect(buf.peek()).toBe('AB12');
    expect(buf.feed('Enter', 35)).toBe('AB12');
  });

  it('reset() empties the buffer and forgets the time of the last key', () => {
    const buf = createScanBuffer({ resetMs: 200, minLength: 4 });
    buf.feed('1', 0);
    buf.feed('2', 5);
    buf.reset();
    expect(buf.peek()).toBe('');
    // The first key after reset starts fresh even at an earlier clock value.
    expect(type(buf, '5678', 0)).toBe('5678');
  });

  it('honours other settings (grouping screen: 250 ms)', () => {
    const buf = createScanBuffer({ resetMs: 250, minLength: 2 });
    buf.feed('1', 0);
    buf.feed('2', 240);
    expect(buf.feed('Enter', 480)).toBe('12');
    buf.feed('1', 1000);
    expect(buf.feed('Enter', 1010)).toBeNull();
  });
});

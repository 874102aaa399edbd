import { describe, expect, it } from 'vitest';
import { inboundProgress } from './inbound.rules.ts';

describe('inboundProgress (spec 2 §4 Inbound states)', () => {
  it('is expected, partly checked in or checked in', () => {
    expect(inboundProgress({ status: 'pending', pieces_checked_in: 0 })).toBe('expected');
    expect(inboundProgress({ status: 'pending', pieces_checked_in: 12 })).toBe('partly_checked_in');
    expect(inboundProgress({ status: 'checked_in', pieces_checked_in: 0 })).toBe('checked_in');
  });
});

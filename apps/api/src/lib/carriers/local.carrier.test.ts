import { describe, expect, it } from 'vitest';
import { isLocalTrackingNumber, newLocalTrackingNumber, trackingCheckDigit } from './local.carrier.ts';

describe('local carrier tracking numbers', () => {
  it('are HP, 10 digits, a check digit and NL', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const t = newLocalTrackingNumber();
      expect(t).toMatch(/^HP\d{11}NL$/);
      expect(isLocalTrackingNumber(t)).toBe(true);
      seen.add(t);
    }
    expect(seen.size).toBe(500);
  });

  it('reject a mistyped digit', () => {
    expect(trackingCheckDigit('1234567890')).toBe(5);
    expect(isLocalTrackingNumber('HP12345678905NL')).toBe(true);
    expect(isLocalTrackingNumber('HP12345678904NL')).toBe(false);
    expect(isLocalTrackingNumber('HP12345678805NL')).toBe(false);
  });
});

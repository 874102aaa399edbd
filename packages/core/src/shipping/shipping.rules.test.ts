import { describe, expect, it } from 'vitest';
import { isLabelCount, MAX_LABELS } from './shipping.rules.ts';

describe('isLabelCount', () => {
  it('accepts 1 up to MAX_LABELS whole labels', () => {
    expect(isLabelCount(1)).toBe(true);
    expect(isLabelCount(MAX_LABELS)).toBe(true);
  });
  it('refuses zero, fractions and more than MAX_LABELS', () => {
    expect(isLabelCount(0)).toBe(false);
    expect(isLabelCount(1.5)).toBe(false);
    expect(isLabelCount(MAX_LABELS + 1)).toBe(false);
  });
});

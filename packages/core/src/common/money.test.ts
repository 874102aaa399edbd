import { describe, expect, it } from 'vitest';
import { formatEuroCents } from './money.ts';

describe('formatEuroCents (spec 1 §1: nl-NL euro)', () => {
  it('prints cents in the Dutch notation', () => {
    expect(formatEuroCents(0)).toBe('€\u00a00,00');
    expect(formatEuroCents(123456)).toBe('€\u00a01.234,56');
    expect(() => formatEuroCents(1.5)).toThrow();
  });
});

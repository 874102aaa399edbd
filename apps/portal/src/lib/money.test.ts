import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from './money.ts';

const nbsp = '\u00a0';

describe('money (integer cents, nl-NL)', () => {
  it("formats cents as '€ 0,00'", () => {
    expect(formatMoney(0)).toBe(`€${nbsp}0,00`);
    expect(formatMoney(1250)).toBe(`€${nbsp}12,50`);
    expect(formatMoney(123456789)).toBe(`€${nbsp}1.234.567,89`);
    expect(formatMoney(-300)).toBe(`€${nbsp}-3,00`);
    expect(formatMoney(null)).toBe('');
    expect(() => formatMoney(12.5)).toThrow();
  });

  it('parses typed amounts into cents', () => {
    expect(parseMoney('12,50')).toBe(1250);
    expect(parseMoney('€ 1.234,5')).toBe(123450);
    expect(parseMoney('12.5')).toBe(1250);
    expect(parseMoney('1.250')).toBe(125000);
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('')).toBeNull();
  });
});

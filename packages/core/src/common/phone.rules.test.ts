import { describe, expect, it } from 'vitest';
import { internationalPhone, isValidPhone, phoneCountryOf, splitPhone } from './phone.rules.ts';

describe('phone field rule (spec 3 §5)', () => {
  it('accepts empty, and numbers of 2 to 15 digits starting 1-9 after stripping spaces, brackets and dashes', () => {
    for (const ok of [
      '',
      '   ',
      '+31 6 12345678',
      '+31 6-1234',
      '31612345678',
      '12',
      '+123456789012345',
      '(20) 123-4567',
    ])
      expect(isValidPhone(ok), ok).toBe(true);
  });
  it('refuses a leading 0, letters, a lone digit, more than 15 digits and a plus in the middle', () => {
    for (const bad of ['0612345678', '+0612', '06-abc', '1', '+1234567890123456', '31+612', '+', '++31612'])
      expect(isValidPhone(bad), bad).toBe(false);
  });
});

describe('international form of a typed number (spec 3 §9: default nl, preferred nl, be, de)', () => {
  it('drops the trunk 0 and adds the calling code of the chosen country', () => {
    expect(internationalPhone('nl', '06 1234 5678')).toBe('+31 6 1234 5678');
    expect(internationalPhone('be', '0470 12 34 56')).toBe('+32 470 12 34 56');
    expect(internationalPhone('de', '030 123456')).toBe('+49 30 123456');
  });
  it('keeps international numbers and empty input; 00 becomes +', () => {
    expect(internationalPhone('nl', '+44 20 7946 0000')).toBe('+44 20 7946 0000');
    expect(internationalPhone('nl', '0032 470 123456')).toBe('+32 470 123456');
    expect(internationalPhone('de', '  ')).toBe('');
  });
  it('makes every typed national number valid by the rule once converted', () => {
    expect(isValidPhone('06 1234 5678')).toBe(false);
    expect(isValidPhone(internationalPhone('nl', '06 1234 5678'))).toBe(true);
  });
  it('splits a stored number back into country and national part (longest code wins)', () => {
    expect(splitPhone('+31 6 1234 5678')).toEqual({ country: 'nl', national: '06 1234 5678' });
    expect(splitPhone('+352 621 123 456')).toEqual({ country: 'lu', national: '0621 123 456' });
    expect(splitPhone('+32470123456')).toEqual({ country: 'be', national: '0470123456' });
    expect(splitPhone('0612345678')).toEqual({ country: 'nl', national: '0612345678' });
    expect(splitPhone('+999 1')).toEqual({ country: 'nl', national: '+999 1' });
  });
  it("gives a number without a calling code the address's country, and a number with one its own", () => {
    expect(splitPhone('0470 12 34 56', 'be')).toEqual({ country: 'be', national: '0470 12 34 56' });
    expect(splitPhone('+31 6 1234 5678', 'be')).toEqual({ country: 'nl', national: '06 1234 5678' });
    expect(phoneCountryOf('BE')).toBe('be');
    expect(phoneCountryOf('de')).toBe('de');
    expect(phoneCountryOf('XX')).toBe('nl');
    expect(phoneCountryOf('')).toBe('nl');
    expect(phoneCountryOf(undefined)).toBe('nl');
  });
  it('round-trips: split then convert gives the stored number back', () => {
    for (const n of ['+31 6 1234 5678', '+49 30 123456', '+32 470 12 34 56'])
      expect(internationalPhone(splitPhone(n).country, splitPhone(n).national)).toBe(n);
  });
});

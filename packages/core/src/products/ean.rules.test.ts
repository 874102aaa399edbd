import { describe, expect, it } from 'vitest';
import { eanProblem, gtinCheckDigit, isValidEan, normaliseEan } from './ean.rules.ts';

describe('EAN/GTIN check (spec 3 §5; issue 3 §1)', () => {
  it('computes the GS1 check digit for EAN-13, EAN-8, UPC-A and GTIN-14', () => {
    expect(gtinCheckDigit('870000123401')).toBe(6);
    expect(gtinCheckDigit('9638507')).toBe(4); // EAN-8 96385074
    expect(gtinCheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gtinCheckDigit('1870000123401')).toBe(3);
  });
  it('accepts valid codes of 8 to 14 digits', () => {
    for (const ok of ['8700001234016', '96385074', '036000291452', '18700001234013'])
      expect(isValidEan(ok)).toBe(true);
  });
  it('names what is wrong', () => {
    expect(eanProblem('')).toBe('missing');
    expect(eanProblem('87000012340AB')).toBe('not-digits');
    expect(eanProblem('1234567')).toBe('length');
    expect(eanProblem('123456789012345')).toBe('length');
    expect(eanProblem('8700001234017')).toBe('check-digit');
  });
  it('normalises spreadsheet values', () => {
    expect(normaliseEan(8700001234016)).toBe('8700001234016');
    expect(normaliseEan(' 8700 0012 34016 ')).toBe('8700001234016');
    expect(normaliseEan('8700001234016.0')).toBe('8700001234016');
    expect(normaliseEan(null)).toBe('');
  });
});

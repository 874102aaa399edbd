import { describe, expect, it } from 'vitest';
import { classifyPackScan, classifyPickScan, judgePickScan } from './scan.rules.ts';

const LOCATION = '65f1c0a2b3d4e5f60718293a';
const EAN = '8710398500014';

describe('classifyPickScan (spec 2 §5 Pick screen scan, §9)', () => {
  it('reads exactly 24 hex characters as a location id, lower-cased', () => {
    expect(classifyPickScan(LOCATION)).toEqual({ kind: 'location', id: LOCATION });
    expect(classifyPickScan(LOCATION.toUpperCase())).toEqual({ kind: 'location', id: LOCATION });
  });

  it('does not take 23 or 25 hex characters, or 24 with a non-hex letter, for a location', () => {
    expect(classifyPickScan(LOCATION.slice(1)).kind).toBe('unknown');
    expect(classifyPickScan(`${LOCATION}a`).kind).toBe('unknown');
    expect(classifyPickScan(`${LOCATION.slice(0, 23)}g`).kind).toBe('unknown');
  });

  it('reads 6 to 13 digits as an EAN', () => {
    for (const ean of ['123456', '12345678', '871039850001', EAN]) {
      expect(classifyPickScan(ean)).toEqual({ kind: 'ean', ean });
    }
  });

  it('rejects 5 or 14 digits and digits mixed with other characters', () => {
    for (const raw of ['12345', '87103985000140', '8710-398500014', '871039850001X']) {
      expect(classifyPickScan(raw)).toEqual({ kind: 'unknown', raw });
    }
  });

  it('prefers the location reading for 24 digits (digits are hex too)', () => {
    const digits = '123456789012345678901234';
    expect(classifyPickScan(digits)).toEqual({ kind: 'location', id: digits });
  });

  it('trims what the scanner adds around the code', () => {
    expect(classifyPickScan(`  ${EAN}\t`)).toEqual({ kind: 'ean', ean: EAN });
    expect(classifyPickScan(` ${LOCATION} `)).toEqual({ kind: 'location', id: LOCATION });
    expect(classifyPickScan('   ')).toEqual({ kind: 'unknown', raw: '' });
  });
});

describe('judgePickScan (spec 2 §4 Pick flow)', () => {
  const pick = { locationId: LOCATION, ean: EAN };

  it('accepts the pick location id, in either case', () => {
    expect(judgePickScan(LOCATION, pick)).toBe('valid');
    expect(judgePickScan(LOCATION.toUpperCase(), pick)).toBe('valid');
    expect(judgePickScan(LOCATION, { ...pick, locationId: LOCATION.toUpperCase() })).toBe('valid');
  });

  it('accepts the product EAN, also as a 12-digit UPC-A without the leading zero', () => {
    expect(judgePickScan(EAN, pick)).toBe('valid');
    expect(judgePickScan('012345678905', { ...pick, ean: '0012345678905' })).toBe('valid');
    expect(judgePickScan('0012345678905', { ...pick, ean: '12345678905' })).toBe('valid');
  });

  it('rejects another location, another EAN and anything unreadable', () => {
    expect(judgePickScan('65f1c0a2b3d4e5f60718293b', pick)).toBe('wrong');
    expect(judgePickScan('8710398500021', pick)).toBe('wrong');
    expect(judgePickScan('hello', pick)).toBe('wrong');
    expect(judgePickScan('', pick)).toBe('wrong');
  });

  it('does not take an EAN-length prefix or suffix of the EAN for the EAN', () => {
    expect(judgePickScan(EAN.slice(0, 12), pick)).toBe('wrong');
    expect(judgePickScan(EAN.slice(1), pick)).toBe('wrong');
  });

  it('rejects a location scan when the pick has no location', () => {
    expect(judgePickScan(LOCATION, { locationId: null, ean: EAN })).toBe('wrong');
    expect(judgePickScan(EAN, { locationId: null, ean: EAN })).toBe('valid');
  });

  it('never accepts an all-zero code for a product without an EAN', () => {
    expect(judgePickScan('000000', { locationId: LOCATION, ean: '' })).toBe('wrong');
    expect(judgePickScan('0000000000000', { locationId: LOCATION, ean: '0000000' })).toBe('wrong');
  });
});

describe('classifyPackScan (spec 1 §4 Open orders screen barcode scan)', () => {
  it('reads 24 or more characters as a picked location, 8 to 13 digits as an EAN', () => {
    expect(classifyPackScan(LOCATION)).toEqual({ kind: 'location', id: LOCATION });
    expect(classifyPackScan(`${LOCATION}-tote-1`)).toEqual({ kind: 'location', id: `${LOCATION}-tote-1` });
    expect(classifyPackScan('12345678')).toEqual({ kind: 'ean', ean: '12345678' });
    expect(classifyPackScan(EAN)).toEqual({ kind: 'ean', ean: EAN });
  });

  it('leaves 7 digits, 14 digits and short text unknown', () => {
    for (const raw of ['1234567', '87103985000140', 'abc'])
      expect(classifyPackScan(raw)).toEqual({ kind: 'unknown', raw });
  });
});

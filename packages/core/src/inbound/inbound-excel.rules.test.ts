import { describe, expect, it } from 'vitest';
import { inboundExcelIssues, sheetCount } from './inbound-excel.rules.ts';

describe('inboundExcelIssues (spec 2 §2 announce by spreadsheet; ADR 0119 §3)', () => {
  it('lists every problem of every row at once, each bad column and an EAN the shop does not have, as codes', () => {
    const rows = [
      { ean: '8710000000011', units: 2, packed_per: 6 },
      { ean: '', units: 0, packed_per: 'x', expiration_date: '31-02-2027' },
      { ean: '999', units: 'two', packed_per: 6 },
      { ean: ' 999 ', units: 1, packed_per: 1, batchnr: 'B\u0000' },
    ];
    const issues = inboundExcelIssues(rows, (ean) => ean !== '999');
    expect(issues.map(({ row, ean, field, code }) => [row, ean, field, code])).toEqual([
      [2, '', 'ean', 'missing_ean'],
      [2, '', 'units', 'not_whole_number'],
      [2, '', 'packed_per', 'not_whole_number'],
      [2, '', 'expiration_date', 'bad_date'],
      [3, '999', 'ean', 'unknown_ean'],
      [3, '999', 'units', 'not_whole_number'],
      [4, '999', 'ean', 'unknown_ean'],
      [4, '999', 'batchnr', 'text_invalid'],
    ]);
    expect(issues[3]).toMatchObject({
      values: { field: 'expiration_date', value: '31-02-2027' },
      reason: "expiration_date is not a date (use DD-MM-YYYY or YYYY-MM-DD): '31-02-2027'",
    });
  });

  it('neither echoes nor looks up an EAN cell it refuses, and bounds the counts', () => {
    const looked: string[] = [];
    const issues = inboundExcelIssues([{ ean: '8'.repeat(51), units: 1, packed_per: 1 }], (e) => {
      looked.push(e);
      return true;
    });
    expect(issues).toEqual([
      expect.objectContaining({
        ean: '',
        field: 'ean',
        code: 'text_too_long',
        values: { field: 'ean', limit: 50 },
      }),
    ]);
    expect(looked).toEqual([]);
    expect(sheetCount('100000')).toBe(100_000);
    expect(sheetCount('100001')).toBeNull();
    expect(sheetCount('12,0')).toBe(12);
  });
});

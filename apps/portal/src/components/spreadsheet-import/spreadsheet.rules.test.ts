import { describe, expect, it } from 'vitest';
import {
  applyColumnMapping,
  cellDisplay,
  missingRequiredFields,
  sheetFromGrid,
  sheetLineOf,
} from './spreadsheet.rules.ts';

describe('sheetFromGrid', () => {
  it('takes the first non-empty row as headers and numbers data rows like a spreadsheet', () => {
    const sheet = sheetFromGrid([
      [null, '', null],
      ['\uFEFFean', ' name ', 'image_url'],
      ['08700001234016', 'Strong pasta ', 'https://x/1.jpg'],
      ['', null, ''],
      [8700020241422, 'Saucisse'],
    ]);
    expect(sheet.columns).toEqual(['ean', 'name', 'image_url']);
    expect(sheet.rows).toEqual([
      { line: 3, cells: { ean: '08700001234016', name: 'Strong pasta', image_url: 'https://x/1.jpg' } },
      { line: 5, cells: { ean: 8700020241422, name: 'Saucisse', image_url: null } },
    ]);
  });

  it('names empty headers and makes repeated headers unique', () => {
    const sheet = sheetFromGrid([
      ['Name', '', 'Name', 'Name'],
      ['a', 'b', 'c', 'd'],
    ]);
    expect(sheet.columns).toEqual(['Name', 'Column 2', 'Name (2)', 'Name (3)']);
    expect(sheet.rows[0]?.cells).toEqual({ Name: 'a', 'Column 2': 'b', 'Name (2)': 'c', 'Name (3)': 'd' });
  });

  it('uses the given line numbers (XLSX rows keep their own numbers)', () => {
    const sheet = sheetFromGrid([['a'], ['1'], ['2']], (i) => [4, 7, 9][i] ?? 0);
    expect(sheet.rows.map((r) => r.line)).toEqual([7, 9]);
  });

  it('gives an empty sheet for an empty file', () => {
    expect(sheetFromGrid([])).toEqual({ columns: [], rows: [] });
    expect(sheetFromGrid([[null, '  ']])).toEqual({ columns: [], rows: [] });
  });
});

describe('applyColumnMapping', () => {
  const rows = [
    { line: 2, cells: { 'Lineitem sku': '8710398500014', Name: '#1001', Extra: 'x', Qty: 2 } },
    { line: 3, cells: { 'Lineitem sku': '', Name: '', Extra: 'only unmapped', Qty: null } },
    { line: 4, cells: { 'Lineitem sku': '8712345678906', Name: '#1002', Extra: 'y', Qty: '1' } },
  ];

  it('keeps mapped fields only, leaves unmapped fields and columns out and drops rows with nothing mapped', () => {
    const out = applyColumnMapping(rows, {
      order_id: 'Name',
      product_ean: 'Lineitem sku',
      quantity: 'Qty',
      city: null,
    });
    expect(out).toEqual([
      { line: 2, values: { order_id: '#1001', product_ean: '8710398500014', quantity: 2 } },
      { line: 4, values: { order_id: '#1002', product_ean: '8712345678906', quantity: '1' } },
    ]);
  });

  it('gives null for a mapped column the row lacks', () => {
    const out = applyColumnMapping([{ line: 2, cells: { a: 'x' } }], { f: 'a', g: 'missing' });
    expect(out).toEqual([{ line: 2, values: { f: 'x', g: null } }]);
  });

  it('gives no rows when nothing is mapped', () => {
    expect(applyColumnMapping(rows, { order_id: null, product_ean: '' })).toEqual([]);
  });
});

describe('missingRequiredFields', () => {
  it('lists required fields without a column', () => {
    expect(missingRequiredFields({ a: 'A', b: null, c: '' }, ['a', 'b', 'c'])).toEqual(['b', 'c']);
    expect(missingRequiredFields<'a' | 'b'>({ a: 'A', b: null }, ['a'])).toEqual([]);
  });
});

describe('cellDisplay and sheetLineOf', () => {
  it('shows cells as text', () => {
    expect([null, undefined, true, false, 0, 'x'].map((v) => cellDisplay(v))).toEqual([
      '',
      '',
      'true',
      'false',
      '0',
      'x',
    ]);
  });

  it('translates the API row number to the spreadsheet line, falling back to the number itself', () => {
    const sent = [{ line: 2 }, { line: 5 }, { line: 9 }];
    expect(sheetLineOf(sent, 2)).toBe(5);
    expect(sheetLineOf(sent, 3)).toBe(9);
    expect(sheetLineOf(sent, 7)).toBe(7);
  });
});

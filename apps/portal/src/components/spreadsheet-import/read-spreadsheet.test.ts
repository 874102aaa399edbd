import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readCsv, readXlsx, xlsxCell } from './read-spreadsheet.ts';

describe('readCsv', () => {
  it('reads comma files and keeps EANs as text', () => {
    const sheet = readCsv(
      '\uFEFFean,name,image_url\n0870000123401,"Pasta, strong",\n\n8700020241422,Saucisse,https://x\n',
    );
    expect(sheet.columns).toEqual(['ean', 'name', 'image_url']);
    expect(sheet.rows).toEqual([
      { line: 2, cells: { ean: '0870000123401', name: 'Pasta, strong', image_url: null } },
      { line: 4, cells: { ean: '8700020241422', name: 'Saucisse', image_url: 'https://x' } },
    ]);
  });

  it('reads files that mix Windows and Unix line ends', () => {
    const sheet = readCsv(
      'ean,name\r\n8700001234016,Pasta\r\n8700020241422,Saucisse\n8712100498626,Suiker\n',
    );
    expect(sheet.rows.map((r) => [r.line, r.cells.ean])).toEqual([
      [2, '8700001234016'],
      [3, '8700020241422'],
      [4, '8712100498626'],
    ]);
  });

  it('detects the semicolon that Dutch Excel writes', () => {
    const sheet = readCsv('order_id;product_ean;quantity\r\n1001;8710398500014;2\r\n');
    expect(sheet.columns).toEqual(['order_id', 'product_ean', 'quantity']);
    expect(sheet.rows[0]?.cells).toEqual({ order_id: '1001', product_ean: '8710398500014', quantity: '2' });
  });
});

describe('readXlsx', () => {
  it('reads the first worksheet with its row numbers and flattens formulas and rich text', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Products');
    ws.getCell('A1').value = 'Product name';
    ws.getCell('B1').value = 'EAN';
    ws.getCell('C1').value = 'weight';
    ws.getCell('A2').value = { richText: [{ text: 'Stroop' }, { text: 'wafels' }] };
    ws.getCell('B2').value = '8710398500014';
    ws.getCell('C2').value = { formula: '0.2+0.3', result: 0.5 };
    ws.getCell('A4').value = 'Hagelslag';
    ws.getCell('B4').value = 8712345678906;
    wb.addWorksheet('Other').getCell('A1').value = 'ignored';
    const buf = await wb.xlsx.writeBuffer();
    const sheet = await readXlsx(buf as ArrayBuffer);
    expect(sheet.columns).toEqual(['Product name', 'EAN', 'weight']);
    expect(sheet.rows).toEqual([
      { line: 2, cells: { 'Product name': 'Stroopwafels', EAN: '8710398500014', weight: 0.5 } },
      { line: 4, cells: { 'Product name': 'Hagelslag', EAN: 8712345678906, weight: null } },
    ]);
  });

  it('refuses a file that is no workbook', async () => {
    await expect(readXlsx(new TextEncoder().encode('not a zip').buffer)).rejects.toThrow(/Excel workbook/);
  });
});

describe('xlsxCell', () => {
  it('flattens hyperlinks, dates and errors', () => {
    expect(xlsxCell({ text: 'site', hyperlink: 'https://x' })).toBe('site');
    expect(xlsxCell(new Date('2026-03-02T10:00:00Z'))).toBe('2026-03-02T10:00:00.000Z');
    expect(xlsxCell({ error: '#N/A' })).toBeNull();
    expect(xlsxCell(undefined)).toBeNull();
  });
});

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { productExportFile } from './product-export.ts';
import { productRow } from './product-table.test-data.ts';

/** jsdom's Blob has no arrayBuffer()/text(): read it the browser's older way. */
function readBlob(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result as ArrayBuffer);
    r.onerror = () => reject(r.error);
    r.readAsArrayBuffer(blob);
  });
}
const blobText = async (blob: Blob) => new TextDecoder().decode(await readBlob(blob));

describe('product export files (spec 3 §2 Export, §9)', () => {
  const rows = [
    productRow(1, { name: 'Drop zout', ean: '8712345678906' }),
    productRow(2, { note: 'a;b "c"' }),
  ];

  it('writes products.xlsx with one sheet named Products, headers and EANs as text', async () => {
    const file = await productExportFile(rows, 'xlsx', true);
    expect(file.name).toBe('products.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await readBlob(file.blob));
    const ws = wb.getWorksheet('Products');
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Products']);
    expect(ws?.getRow(1).getCell(1).value).toBe('name');
    expect(ws?.getRow(1).getCell(2).value).toBe('ean');
    expect(ws?.getRow(2).getCell(1).value).toBe('Drop zout');
    expect(ws?.getRow(2).getCell(2).value).toBe('8712345678906');
    expect(ws?.rowCount).toBe(3);
    const headless = new ExcelJS.Workbook();
    await headless.xlsx.load(await readBlob((await productExportFile(rows, 'xlsx', false)).blob));
    expect(headless.getWorksheet('Products')?.rowCount).toBe(2);
  });

  it('writes products.csv (semicolons, quoted where needed) and products.json', async () => {
    const csv = await productExportFile(rows, 'csv', true);
    expect(csv.name).toBe('products.csv');
    const lines = (await blobText(csv.blob)).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]?.startsWith('name;ean;platform;offer_id;own_stock;sf_stock;total_sold_30d')).toBe(true);
    expect(lines[2]).toContain('"a;b ""c"""');
    const json = await productExportFile(rows, 'json', true);
    expect(json.name).toBe('products.json');
    const parsed = JSON.parse(await blobText(json.blob));
    expect(parsed[0]).toMatchObject({
      name: 'Drop zout',
      ean: '8712345678906',
      'customs.hs': '190590',
      size: '20 × 8 × 4 cm',
    });
  });
});

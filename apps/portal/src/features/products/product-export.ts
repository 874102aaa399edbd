import type { ProductRow } from '@hoppa/core';
import { EXPORT_SHEET, type ExportFormat, exportRow, exportTable } from './product-table.rules.ts';

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The export file of `products` (spec 3 §2 Export, §9): `products.csv` (papaparse, semicolon-separated as Dutch Excel
 * opens it, with a BOM so accents survive), `products.json` (an array of objects; `headers` does not apply) or
 * `products.xlsx` (exceljs, loaded on demand; one sheet named Products, EANs as text).
 */
export async function productExportFile(
  products: readonly ProductRow[],
  format: ExportFormat,
  headers: boolean,
): Promise<{ name: string; blob: Blob }> {
  const rows = products.map(exportRow);
  const name = `products.${format}`;
  if (format === 'json') {
    return { name, blob: new Blob([JSON.stringify(rows, null, 2)], { type: MIME.json }) };
  }
  const table = exportTable(rows, headers);
  if (format === 'csv') {
    const { default: Papa } = await import('papaparse');
    const text = Papa.unparse(table, { delimiter: ';', newline: '\r\n' });
    return { name, blob: new Blob([`\uFEFF${text}`], { type: MIME.csv }) };
  }
  const mod = await import('exceljs');
  const ExcelJS = ((mod as { default?: unknown }).default ?? mod) as typeof import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(EXPORT_SHEET);
  // EANs as text, so Excel keeps all 13 digits instead of 8.71E+12.
  ws.getColumn(2).numFmt = '@';
  for (const r of table) ws.addRow(r);
  if (headers) ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => {
    c.width = 16;
  });
  const buf = await wb.xlsx.writeBuffer();
  return { name, blob: new Blob([buf], { type: MIME.xlsx }) };
}

/** Saves a file in the browser's downloads. */
export function downloadFile({ name, blob }: { name: string; blob: Blob }): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import Papa from 'papaparse';
import { type Cell, type Sheet, sheetFromGrid } from './spreadsheet.rules.ts';

/** File types the imports accept (spec 1 §2 Import, spec 3 §2 Bulk import). */
export const SPREADSHEET_ACCEPT =
  '.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Raised for a file that cannot be read as CSV or XLSX; the message is shown as is. */
export class SpreadsheetReadError extends Error {}

/**
 * Reads a CSV or XLSX file into a {@link Sheet}. CSV is parsed by papaparse with the delimiter detected
 * (Dutch Excel writes ';'), every cell kept as text so EANs keep their leading zeros. XLSX is read by
 * exceljs, loaded only when needed so it stays out of the main bundle; the first worksheet is used.
 */
export async function readSpreadsheet(file: File): Promise<Sheet> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xlsx')) return readXlsx(await file.arrayBuffer());
  if (name.endsWith('.xls'))
    throw new SpreadsheetReadError('Old .xls files are not supported; save the file as .xlsx or .csv.');
  return readCsv(await file.text());
}

/** Parses CSV text; see {@link readSpreadsheet}. */
export function readCsv(text: string): Sheet {
  // One newline style: papaparse detects it from the first line, and hand-edited files mix them.
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), {
    skipEmptyLines: false,
    newline: '\n',
  });
  const fatal = result.errors.find((e) => e.type === 'Delimiter' && result.data.length === 0);
  if (fatal) throw new SpreadsheetReadError(fatal.message);
  // Row numbers count records like a spreadsheet program does (header = row 1), not physical lines.
  return sheetFromGrid(result.data as Cell[][]);
}

/** Reads the first worksheet of an XLSX workbook; see {@link readSpreadsheet}. */
export async function readXlsx(data: ArrayBuffer): Promise<Sheet> {
  const mod = await import('exceljs');
  const ExcelJS = ((mod as { default?: unknown }).default ?? mod) as typeof import('exceljs');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data);
  } catch {
    throw new SpreadsheetReadError('This file could not be read as an Excel workbook (.xlsx).');
  }
  const ws = wb.worksheets[0];
  if (!ws) return { columns: [], rows: [] };
  const grid: Cell[][] = [];
  const lines: number[] = [];
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: Cell[] = [];
    const count = Math.max(row.cellCount, ws.columnCount);
    for (let c = 1; c <= count; c++) cells.push(xlsxCell(row.getCell(c).value));
    grid.push(cells);
    lines.push(rowNumber);
  });
  return sheetFromGrid(grid, (i) => lines[i] ?? i + 1);
}

/** Flattens an exceljs cell value (formula, rich text, hyperlink, date) to a plain {@link Cell}. */
export function xlsxCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('result' in o) return xlsxCell(o.result);
    if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((t) => t.text).join('');
    if ('text' in o) return xlsxCell(o.text);
    if ('error' in o) return null;
  }
  return String(v);
}

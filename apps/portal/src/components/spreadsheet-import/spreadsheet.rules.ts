/**
 * Pure pieces of the spreadsheet imports (spec 1 §2 Import, §4 Import; spec 3 §2 Bulk import, §4 Import
 * wizard): a parsed sheet, the mapping of its columns onto import fields, and the rows sent to the API.
 * Shared by the product and the order import; the file reading itself is in read-spreadsheet.ts.
 */

/** One spreadsheet cell after parsing: text, number, yes/no or empty. */
export type Cell = string | number | boolean | null;

/** A data row with the spreadsheet line it came from (line 1 is the header row). */
export interface SheetRow {
  line: number;
  cells: Record<string, Cell>;
}

/** A parsed sheet: unique, non-empty column names in file order and the non-blank data rows. */
export interface Sheet {
  columns: string[];
  rows: SheetRow[];
}

/** Rows the preview tables show at most; the import itself sends every row. */
export const PREVIEW_ROW_LIMIT = 200;

function isBlank(v: Cell | undefined): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

/**
 * Builds a {@link Sheet} from a grid of cells as CSV and XLSX parsers give it. The first row with any
 * content is the header row: header names are trimmed (a UTF-8 BOM removed), empty ones become
 * 'Column N' and repeated ones get ' (2)', ' (3)'… so every column can be chosen. Rows whose cells
 * are all empty are dropped and empty text cells become null; `lineOf(i)` gives the spreadsheet line of grid row `i` (default i + 1).
 */
export function sheetFromGrid(
  grid: readonly (readonly Cell[])[],
  lineOf: (i: number) => number = (i) => i + 1,
): Sheet {
  const headerIndex = grid.findIndex((r) => r.some((c) => !isBlank(c)));
  if (headerIndex < 0) return { columns: [], rows: [] };
  const seen = new Map<string, number>();
  const columns = (grid[headerIndex] ?? []).map((raw, i) => {
    let name = String(raw ?? '')
      .replace(/^\uFEFF/, '')
      .trim();
    if (name === '') name = `Column ${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
  const rows: SheetRow[] = [];
  for (let i = headerIndex + 1; i < grid.length; i++) {
    const r = grid[i] ?? [];
    if (!r.some((c) => !isBlank(c))) continue;
    const cells: Record<string, Cell> = {};
    columns.forEach((col, j) => {
      const v = r[j];
      cells[col] = v === undefined ? null : typeof v === 'string' ? v.trim() || null : v;
    });
    rows.push({ line: lineOf(i), cells });
  }
  return { columns, rows };
}

/** Which column feeds each import field; null leaves the field empty. */
export type ColumnMapping<F extends string> = Record<F, string | null>;

/** An import row built from a sheet row: only the mapped fields, with the source line kept for messages. */
export interface MappedRow<F extends string> {
  line: number;
  values: Partial<Record<F, Cell>>;
}

/**
 * Applies a column mapping to every sheet row: each mapped field takes its column's cell; unmapped
 * fields and unmapped columns are left out (a Shopify export has ~80 columns, most not needed).
 * Rows where every mapped cell is empty are dropped (e.g. a blank-but-formatted XLSX line).
 */
export function applyColumnMapping<F extends string>(
  rows: readonly SheetRow[],
  mapping: ColumnMapping<F>,
): MappedRow<F>[] {
  const pairs = (Object.entries(mapping) as [F, string | null][]).filter(
    (p): p is [F, string] => typeof p[1] === 'string' && p[1] !== '',
  );
  const out: MappedRow<F>[] = [];
  for (const row of rows) {
    const values: Partial<Record<F, Cell>> = {};
    let any = false;
    for (const [field, column] of pairs) {
      const v = row.cells[column] ?? null;
      values[field] = v;
      if (!isBlank(v)) any = true;
    }
    if (any) out.push({ line: row.line, values });
  }
  return out;
}

/** Required fields that no column feeds; the wizard refuses to go on while any remain. */
export function missingRequiredFields<F extends string>(
  mapping: ColumnMapping<F>,
  required: readonly F[],
): F[] {
  return required.filter((f) => !mapping[f]);
}

/** Cell as the preview shows it: empty cells as '', numbers and yes/no as text. */
export function cellDisplay(v: Cell | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return String(v);
}

/**
 * The spreadsheet line of a rejected row: the API numbers the rows it received from 1, the wizard
 * sent `rows` in that order. Falls back to the API's number when it is out of range.
 */
export function sheetLineOf(rows: readonly { line: number }[], apiRow: number): number {
  return rows[apiRow - 1]?.line ?? apiRow;
}

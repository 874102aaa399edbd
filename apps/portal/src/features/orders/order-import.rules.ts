import {
  guessColumnMapping,
  ORDER_IMPORT_ALIASES,
  ORDER_IMPORT_FIELDS,
  ORDER_IMPORT_REQUIRED_FIELDS,
  type OrderImportField,
  type OrderImportResult,
  type OrderImportRow,
} from '@hoppa/core';
import type { ColumnMapping, MappedRow } from '../../components/spreadsheet-import/spreadsheet.rules.ts';

/**
 * Fields the mapping screen insists on before the preview. The house number is left out of core's
 * list: Shopify and many shops put it in the street column ('Kerkstraat 12a') and the import splits
 * it off there (core `splitStreetAndNumber`); a row that ends up without one is reported by the API.
 */
export const ORDER_IMPORT_UI_REQUIRED: readonly OrderImportField[] = ORDER_IMPORT_REQUIRED_FIELDS.filter(
  (f) => f !== 'houseNumber',
);

/**
 * The automatic column guess of the order import (spec 1 §2 Import, §5: similarity above 0.6) with
 * core's aliases for Shopify and bol exports; the other ~80 columns of such an export stay unmapped.
 */
export function guessOrderMapping(columns: readonly string[]): ColumnMapping<OrderImportField> {
  return guessColumnMapping(ORDER_IMPORT_FIELDS, columns, ORDER_IMPORT_ALIASES);
}

/**
 * The body of `POST /orders/import` from the mapped rows (spec 1 §7): one object per spreadsheet
 * row with the import field names; rows of one order stay separate rows (the API groups them by
 * order_id). The API numbers these rows from 1, which `sheetLineOf` turns back into sheet rows.
 */
export function orderImportRows(rows: readonly MappedRow<OrderImportField>[]): OrderImportRow[] {
  return rows.map((r) => ({ ...r.values }));
}

/** Number of distinct order ids among the mapped rows (what the preview calls 'orders'). */
export function countImportOrders(rows: readonly MappedRow<OrderImportField>[]): number {
  const ids = new Set<string>();
  for (const r of rows) {
    const id = String(r.values.order_id ?? '').trim();
    if (id) ids.add(id);
  }
  return ids.size;
}

/**
 * The order numbers an import skipped because they were imported before (spec 1 §7: re-uploading creates no
 * duplicates), once each in file order, at most `max` of them, and how many more there are: the results step names
 * them apart from the rows to fix.
 */
export function skippedOrderIds(
  result: Pick<OrderImportResult, 'skipped_rows'>,
  max = 20,
): { ids: string[]; more: number } {
  const ids = [...new Set(result.skipped_rows.map((e) => e.order_id))];
  return { ids: ids.slice(0, max), more: Math.max(0, ids.length - max) };
}

/**
 * What the order import page does after an import (spec 1 §4 Import: then the page goes to /orders): it leaves for
 * the open orders only when every order was new and clean; with rows to fix, warnings or orders skipped as imported
 * before it stays on the results step, so the merchant reads what happened first.
 */
export function afterOrderImport(
  result: Pick<OrderImportResult, 'errors' | 'warnings' | 'skipped'>,
): 'leave' | 'results' {
  return result.errors.length === 0 && result.warnings.length === 0 && result.skipped === 0
    ? 'leave'
    : 'results';
}

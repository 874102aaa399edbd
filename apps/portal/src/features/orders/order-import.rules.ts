import {
  guessColumnMapping,
  ORDER_IMPORT_ALIASES,
  ORDER_IMPORT_FIELDS,
  ORDER_IMPORT_REASON_CODES,
  ORDER_IMPORT_REQUIRED_FIELDS,
  type OrderImportField,
  type OrderImportIssue,
  type OrderImportRow,
} from '@hoppa/core';
import type { TFunction } from 'i18next';
import type { ColumnMapping, MappedRow } from '../../components/spreadsheet-import/spreadsheet.rules.ts';
import { codedReasonText } from '../../lib/reason-text.ts';

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
 * A reason of the order import's report as the results table shows it, in the UI's language (ADR 0118 "Left for
 * later"): the issue's `code` with its `values` through the orders texts `import.reasons.<code>` (a field by its label
 * `fields.<field>`, `name` as "first name or surname"; a Dutch postcode with its own hint). A row refused because of
 * another row of its order (`rejected_by_row`) reads 'Order rejected because of row N: …', N being the spreadsheet line
 * the Row column shows for that row (`lineOf`), so the two agree. A code this portal does not know shows the API's
 * English `reason`.
 */
export function importReasonText(
  t: TFunction<'orders'>,
  issue: Pick<OrderImportIssue, 'code' | 'values' | 'reason' | 'rejected_by_row'>,
  lineOf: (apiRow: number) => number,
): string {
  // A newer API's code: its English reason whole (it names the row itself).
  if (!(ORDER_IMPORT_REASON_CODES as readonly string[]).includes(issue.code)) return issue.reason;
  const { field, country } = issue.values;
  const fieldLabel =
    field === 'name'
      ? t('import.reasons.nameField')
      : field && (ORDER_IMPORT_FIELDS as readonly string[]).includes(field)
        ? t(`fields.${field as OrderImportField}`)
        : field;
  const reason = codedReasonText(t, 'import.reasons', ORDER_IMPORT_REASON_CODES, issue, {
    key: issue.code === 'bad_postcode' && country === 'NL' ? 'bad_postcode_nl' : issue.code,
    values: { field: fieldLabel },
  });
  return issue.rejected_by_row === null
    ? reason
    : t('import.reasons.rejectedByRow', { row: lineOf(issue.rejected_by_row), reason });
}

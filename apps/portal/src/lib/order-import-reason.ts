import {
  ORDER_IMPORT_FIELDS,
  ORDER_IMPORT_REASON_CODES,
  type OrderImportField,
  type OrderImportIssue,
} from '@hoppa/core';
import { codedReasonText } from '@hoppa/web';
import type { TFunction } from 'i18next';

/**
 * A reason of the order import's report as the results table shows it, in the UI's language (ADR 0118 "Left for
 * later"; ADR 0119 §3), on the order import's results and the bol intake's refused orders (API connections, which load
 * the orders texts too): the issue's `code` with its `values` through the orders texts `import.reasons.<code>` (a field by its label
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

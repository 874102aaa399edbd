import type { AutomationImportRow, ProductImportRow } from '@hoppa/core';
import {
  AUTOMATION_IMPORT_ALIASES,
  AUTOMATION_IMPORT_FIELDS,
  AUTOMATION_IMPORT_REASON_CODES,
  AUTOMATION_IMPORT_REQUIRED_FIELDS,
  type AutomationImportField,
  BUNDLE_IMPORT_ALIASES,
  BUNDLE_IMPORT_FIELDS,
  BUNDLE_IMPORT_REASON_CODES,
  BUNDLE_IMPORT_REQUIRED_FIELDS,
  type BulkImportType,
  type BundleImportField,
  guessColumnMapping,
  normaliseEan,
  PRODUCT_IMPORT_ALIASES,
  PRODUCT_IMPORT_FIELDS,
  PRODUCT_IMPORT_REASON_CODES,
  PRODUCT_IMPORT_REQUIRED_FIELDS,
  type ProductImportField,
} from '@hoppa/core';
import { type CodedIssue, codedReasonText } from '@hoppa/web';
import type { TFunction } from 'i18next';
import type { ColumnMapping, MappedRow } from '../../components/spreadsheet-import/spreadsheet.rules.ts';

/** The reason codes the bulk import's results word (the product, bundle and automation imports'). */
export const BULK_REASON_CODES: readonly string[] = [
  ...new Set([
    ...PRODUCT_IMPORT_REASON_CODES,
    ...BUNDLE_IMPORT_REASON_CODES,
    ...AUTOMATION_IMPORT_REASON_CODES,
  ]),
];

/**
 * A refused row's reason of the product, bundle or automation import as the results table shows it, in the UI's
 * language (ADR 0119 §3): the issue's `code` with its `values` through the texts bulkImport `reasons.<code>` (`tb`), a
 * product field by its label (products `fields.<field>`, `t`), other columns by their name; a bundle part's problem
 * (values.item) is named by the part's number (`reasonOfItem`); a repeated EAN or bundle adds the sheet line of its
 * first row (`first_row`, through `lineOf`, as the Row column numbers it). A code this portal does not know, or a
 * report without codes (an older API's), shows the API's English `reason`.
 */
export function bulkReasonText(
  t: TFunction<'products'>,
  tb: TFunction<'bulkImport'>,
  issue: CodedIssue & { first_row?: number },
  lineOf: (apiRow: number) => number,
): string {
  const field = issue.values?.field;
  const label =
    field && PRODUCT_IMPORT_FIELDS.includes(field as ProductImportField) ? t(`fields.${field}`) : field;
  const coded = codedReasonText(tb, 'reasons', BULK_REASON_CODES, issue, { values: { field: label } });
  const item = issue.values?.item;
  const reason =
    item !== undefined && issue.code && BULK_REASON_CODES.includes(issue.code)
      ? tb('reasonOfItem', { item, reason: coded })
      : coded;
  return issue.first_row === undefined
    ? reason
    : t('import.firstRow', { reason, line: lineOf(issue.first_row) });
}

/**
 * The automatic column guess of the product import (spec 3 §2 Bulk import: similarity above 0.6),
 * using the field names and core's aliases, so the sample file's `ean` and `name` columns map to
 * `barcode_sku_ean` and `Product_name`.
 */
export function guessProductMapping(columns: readonly string[]): ColumnMapping<ProductImportField> {
  return guessColumnMapping(PRODUCT_IMPORT_FIELDS, columns, PRODUCT_IMPORT_ALIASES);
}

/** The body of `POST /products/import` from the mapped rows: one object per row with the mapped fields. */
export function productImportRows(rows: readonly MappedRow<BulkImportField>[]): ProductImportRow[] {
  const product = new Set<string>(PRODUCT_IMPORT_FIELDS);
  return rows.map(
    (r) => Object.fromEntries(Object.entries(r.values).filter(([k]) => product.has(k))) as ProductImportRow,
  );
}

/** Every field any bulk import type maps (products, bundles, automation rules). */
export type BulkImportField = ProductImportField | BundleImportField | AutomationImportField;

/**
 * The fields the mapping step offers for a type (spec 3 §2 Bulk import): the product fields (plus the automation
 * fields when the automation toggle is on, so one product file can carry rules), the bundle fields, or the automation
 * fields; and the ones a template requires (spec 3 §5).
 */
export function importFieldsOf(
  type: BulkImportType,
  withAutomations: boolean,
): { fields: readonly BulkImportField[]; required: readonly BulkImportField[] } {
  if (type === 'product_bundles')
    return { fields: BUNDLE_IMPORT_FIELDS, required: BUNDLE_IMPORT_REQUIRED_FIELDS };
  if (type === 'automations')
    return { fields: AUTOMATION_IMPORT_FIELDS, required: AUTOMATION_IMPORT_REQUIRED_FIELDS };
  return {
    fields: withAutomations
      ? [
          ...PRODUCT_IMPORT_FIELDS,
          ...AUTOMATION_IMPORT_FIELDS.filter(
            (f) => f !== 'product_ean' && f !== 'product_name' && f !== 'parent_ean',
          ),
        ]
      : PRODUCT_IMPORT_FIELDS,
    required: PRODUCT_IMPORT_REQUIRED_FIELDS,
  };
}

/** The automatic column guess for a type (similarity above 0.6 with the field names and their aliases). */
export function guessImportMapping(
  type: BulkImportType,
  withAutomations: boolean,
  columns: readonly string[],
): ColumnMapping<BulkImportField> {
  const { fields } = importFieldsOf(type, withAutomations);
  const aliases: Partial<Record<BulkImportField, readonly string[]>> = {
    ...PRODUCT_IMPORT_ALIASES,
    ...(type === 'product_bundles' ? BUNDLE_IMPORT_ALIASES : {}),
    ...(type === 'automations' ? AUTOMATION_IMPORT_ALIASES : {}),
  };
  return guessColumnMapping(fields, columns, aliases) as ColumnMapping<BulkImportField>;
}

/** The cells of a rule: a row with any of them filled is an automation row. */
const RULE_CELLS = [
  'automation_field',
  'automation_operator',
  'automation_value',
  'automation_action_field',
  'automation_action_value',
  'automation_action_qty',
] as const satisfies readonly BulkImportField[];

/**
 * The automation rows of a mapped file (spec 3 §3 automation import fields, §5): every row with any rule cell filled
 * (condition field, operator, value, action field, action value or quantity). A row that misses a required one (e.g.
 * no operator) is sent too, so the API refuses it with its reason ('automation_operator is missing') and the results
 * list it, instead of it being dropped unseen (ADR 0118 'Left for later'); rows without any rule cell (a product
 * file's plain products) are not rules. In a product file with the automation toggle on, the rule's product is the
 * row's product (`barcode_sku_ean`). Each keeps its sheet line so refusals point at the right line.
 */
export function automationImportRows(rows: readonly MappedRow<BulkImportField>[]): {
  rows: AutomationImportRow[];
  lines: { line: number }[];
} {
  const out: AutomationImportRow[] = [];
  const lines: { line: number }[] = [];
  for (const r of rows) {
    const v = r.values as Partial<Record<BulkImportField, unknown>>;
    const has = (f: BulkImportField) => v[f] !== null && v[f] !== undefined && String(v[f]).trim() !== '';
    if (!RULE_CELLS.some(has)) continue;
    out.push({
      product_ean: (has('product_ean')
        ? v.product_ean
        : v.barcode_sku_ean) as AutomationImportRow['product_ean'],
      product_name: (v.product_name ?? v.Product_name ?? null) as AutomationImportRow['product_name'],
      parent_ean: (v.parent_ean ?? null) as AutomationImportRow['parent_ean'],
      automation_field: v.automation_field as AutomationImportRow['automation_field'],
      automation_operator: v.automation_operator as AutomationImportRow['automation_operator'],
      automation_value: (v.automation_value ?? null) as AutomationImportRow['automation_value'],
      automation_action_field: v.automation_action_field as AutomationImportRow['automation_action_field'],
      automation_action_value: (v.automation_action_value ??
        null) as AutomationImportRow['automation_action_value'],
      automation_action_qty: (v.automation_action_qty ??
        null) as AutomationImportRow['automation_action_qty'],
      automation_action_product_name: (v.automation_action_product_name ??
        null) as AutomationImportRow['automation_action_product_name'],
    });
    lines.push({ line: r.line });
  }
  return { rows: out, lines };
}

/**
 * The parent–child mapping of a product file (spec 3 §2 'optional parent EAN mapping (shows parent-child mapping)'):
 * each parent EAN with the EANs of the rows that name it as `parent_ean`, parents in file order.
 */
export function parentChildMapping(
  rows: readonly MappedRow<BulkImportField>[],
): { parent: string; children: string[] }[] {
  const map = new Map<string, string[]>();
  for (const r of rows) {
    const parent = normaliseEan(r.values.parent_ean);
    const child = normaliseEan(r.values.barcode_sku_ean);
    if (!parent || !child) continue;
    map.set(parent, [...(map.get(parent) ?? []), child]);
  }
  return [...map].map(([parent, children]) => ({ parent, children }));
}

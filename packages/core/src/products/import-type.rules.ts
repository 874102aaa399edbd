import { normaliseHeader } from '../import/column-mapping.rules.ts';

/** What the bulk import screen imports (spec 3 §2 Bulk import: products only, product bundles, automation rules). */
export const BULK_IMPORT_TYPES = ['products', 'product_bundles', 'automations'] as const;
export type BulkImportType = (typeof BULK_IMPORT_TYPES)[number];

/** The columns of a bundle file (spec 3 §3 Bundle import fields), one row per bundle part. */
export const BUNDLE_IMPORT_FIELDS = [
  'bundle_name',
  'main_product_ean',
  'main_product_name',
  'bundle_item_ean',
  'bundle_item_name',
  'bundle_item_qty',
  'bundle_description',
] as const;
export type BundleImportField = (typeof BUNDLE_IMPORT_FIELDS)[number];

/** Bundle template requirements (spec 3 §5: bundle name, main EAN, item EAN). */
export const BUNDLE_IMPORT_REQUIRED_FIELDS: readonly BundleImportField[] = [
  'bundle_name',
  'main_product_ean',
  'bundle_item_ean',
];

/** The columns of an automation file (spec 3 §3 Automation import fields). */
export const AUTOMATION_IMPORT_FIELDS = [
  'product_ean',
  'product_name',
  'parent_ean',
  'automation_field',
  'automation_operator',
  'automation_value',
  'automation_action_field',
  'automation_action_value',
  'automation_action_qty',
  'automation_action_product_name',
] as const;
export type AutomationImportField = (typeof AUTOMATION_IMPORT_FIELDS)[number];

/** Automation template requirements (spec 3 §5: product EAN, condition field, operator, value, action field, value). */
export const AUTOMATION_IMPORT_REQUIRED_FIELDS: readonly AutomationImportField[] = [
  'product_ean',
  'automation_field',
  'automation_operator',
  'automation_value',
  'automation_action_field',
  'automation_action_value',
];

/** Other names of the bundle and automation columns, for the column guess (English and Dutch). */
export const BUNDLE_IMPORT_ALIASES: Partial<Record<BundleImportField, readonly string[]>> = {
  bundle_name: ['bundle', 'bundel', 'bundelnaam', 'set name'],
  main_product_ean: ['parent ean', 'main ean', 'hoofdproduct ean', 'bundle ean'],
  bundle_item_ean: ['item ean', 'part ean', 'onderdeel ean', 'child ean'],
  bundle_item_qty: ['item qty', 'quantity', 'aantal', 'qty'],
  bundle_item_name: ['item name', 'onderdeel'],
  bundle_description: ['description', 'omschrijving'],
};
export const AUTOMATION_IMPORT_ALIASES: Partial<Record<AutomationImportField, readonly string[]>> = {
  product_ean: ['ean', 'product ean', 'barcode'],
  automation_field: ['condition field', 'condition', 'veld'],
  automation_operator: ['operator'],
  automation_value: ['condition value', 'waarde'],
  automation_action_field: ['action field', 'action', 'actie'],
  automation_action_value: ['action value'],
  automation_action_qty: ['action qty', 'action quantity', 'factor'],
};

/** Header words that say a file holds automation rules (spec 3 §4). */
const AUTOMATION_WORDS = ['condition', 'action', 'operator', 'rule', 'automation'];
/** Header words that say a file holds bundles (spec 3 §4: bundle, main product). */
const BUNDLE_WORDS = ['bundle', 'bundel', 'mainproduct'];

/**
 * The import type a file's headers imply (spec 3 §4 Import wizard): headers naming a condition, action, operator or
 * rule (or automation_*) imply automation rules; headers naming a bundle or a main product, or an item column
 * beside a quantity column, imply product bundles; otherwise the type the user chose is kept when it is automations
 * or bundles, else products. Unlike the spec's list, a bare 'field' or 'value' header does not count: the product
 * file's customs `value` column would otherwise make every product file a rule file (ADR 0049).
 */
export function detectImportType(headers: readonly string[], selected: BulkImportType): BulkImportType {
  const names = headers.map(normaliseHeader).filter(Boolean);
  if (names.some((h) => AUTOMATION_WORDS.some((w) => h.includes(w)))) return 'automations';
  const hasItem = names.some((h) => h.includes('item'));
  const hasQty = names.some((h) => h.includes('qty') || h.includes('quantity'));
  if (names.some((h) => BUNDLE_WORDS.some((w) => h.includes(w))) || (hasItem && hasQty))
    return 'product_bundles';
  return selected === 'automations' || selected === 'product_bundles' ? selected : 'products';
}

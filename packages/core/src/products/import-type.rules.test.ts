import { describe, expect, it } from 'vitest';
import { AUTOMATION_IMPORT_FIELDS, BUNDLE_IMPORT_FIELDS, detectImportType } from './import-type.rules.ts';
import { PRODUCT_IMPORT_FIELDS } from './product-import.fields.ts';

describe('detectImportType', () => {
  it('recognises the three templates whatever was selected', () => {
    expect(detectImportType(AUTOMATION_IMPORT_FIELDS, 'products')).toBe('automations');
    expect(detectImportType(BUNDLE_IMPORT_FIELDS, 'automations')).toBe('product_bundles');
    expect(detectImportType(PRODUCT_IMPORT_FIELDS, 'products')).toBe('products');
  });
  it('reads condition/action/operator/rule headers as rules, item beside qty as bundles', () => {
    expect(detectImportType(['EAN', 'Condition', 'Then'], 'products')).toBe('automations');
    expect(detectImportType(['Rule name', 'EAN'], 'product_bundles')).toBe('automations');
    expect(detectImportType(['Main product', 'Item', 'Qty'], 'products')).toBe('product_bundles');
    expect(detectImportType(['Set', 'Item EAN', 'Quantity'], 'products')).toBe('product_bundles');
  });
  it('keeps a chosen bundle or rule type for neutral headers, else products; a customs value is no rule', () => {
    expect(detectImportType(['EAN', 'Name'], 'product_bundles')).toBe('product_bundles');
    expect(detectImportType(['EAN', 'Name'], 'automations')).toBe('automations');
    expect(detectImportType(['EAN', 'Name', 'value', 'hs'], 'products')).toBe('products');
  });
});

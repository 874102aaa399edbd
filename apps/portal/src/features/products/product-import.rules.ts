import type { ProductImportRow } from '@hoppa/core';
import {
  guessColumnMapping,
  PRODUCT_IMPORT_ALIASES,
  PRODUCT_IMPORT_FIELDS,
  type ProductImportField,
} from '@hoppa/core';
import type { ColumnMapping, MappedRow } from '../../components/spreadsheet-import/spreadsheet.rules.ts';

/**
 * The automatic column guess of the product import (spec 3 §2 Bulk import: similarity above 0.6),
 * using the field names and core's aliases, so the sample file's `ean` and `name` columns map to
 * `barcode_sku_ean` and `Product_name`.
 */
export function guessProductMapping(columns: readonly string[]): ColumnMapping<ProductImportField> {
  return guessColumnMapping(PRODUCT_IMPORT_FIELDS, columns, PRODUCT_IMPORT_ALIASES);
}

/** The body of `POST /products/import` from the mapped rows: one object per row with the mapped fields. */
export function productImportRows(rows: readonly MappedRow<ProductImportField>[]): ProductImportRow[] {
  return rows.map((r) => ({ ...r.values }));
}

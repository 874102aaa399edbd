import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { ReasonValuesSchema } from '../common/reason.ts';
import { SpreadsheetCellSchema } from './product.schema.ts';

/** Most parts in one bundle, and most pieces of one part. */
export const BUNDLE_MAX_ITEMS = 50;
export const BUNDLE_MAX_QUANTITY = 10_000;

/**
 * One part of a transformed bundle (spec 3 §3: bundle_items (ean, name, quantity)). Cells as the spreadsheet gave
 * them; the row rules check them.
 */
export const BundleImportItemSchema = z.looseObject({
  ean: SpreadsheetCellSchema,
  name: SpreadsheetCellSchema,
  quantity: SpreadsheetCellSchema,
});

/**
 * One transformed bundle of `POST /products/import-bundles` (spec 3 §3 'Transformed bundle: parent_ean, parent_name,
 * description, bundle_items'). The portal groups the bundle rows of a file (bundle_name, main_product_ean, …) into
 * these.
 */
export const BundleImportSchema = z.looseObject({
  parent_ean: SpreadsheetCellSchema,
  parent_name: SpreadsheetCellSchema,
  description: SpreadsheetCellSchema,
  /** The spreadsheet row of the bundle's first line (1-based data row), for the report. */
  row: z.number().int().min(1).max(1_000_000).optional(),
  bundle_items: z
    .array(BundleImportItemSchema)
    .max(BUNDLE_MAX_ITEMS, `At most ${BUNDLE_MAX_ITEMS} parts per bundle`),
});
export type BundleImport = z.infer<typeof BundleImportSchema>;

/** Body of `POST /products/import-bundles`: 1–5,000 bundles. */
export const BundleImportBodySchema = z
  .array(BundleImportSchema)
  .min(1, 'Error: No data available for import')
  .max(5_000, 'At most 5,000 bundles per import');

/**
 * Why the bundle import refused a bundle or a row (spec 3 §3, §5; ADR 0119 §3), a stable code the apps translate,
 * with the values it names; codes that mean what they mean in the product and automation imports share their names:
 * `text_too_long` (field, limit), `text_invalid` (field), `missing_ean`, `ean_not_digits`, `ean_length`,
 * `ean_check_digit` (field `main_product_ean`, or `bundle_item_ean` with item and ean), `missing` (field
 * `bundle_name` or `main_product_ean`: a row of the file), `part_without_bundle` (an item row with no bundle above
 * it), `contains_itself` (item), `out_of_range` (field `bundle_item_qty`, item, min, limit), `no_parts`,
 * `duplicate_bundle` (with `first_row`), `part_is_bundle` and `unknown_product` (field `bundle_item_ean`, ean: a part
 * that is a bundle itself, or no product of this shop), `parent_is_part` (the main product is a part of another
 * bundle) and `missing_new_name` (field `bundle_name`: needed for a new product).
 */
export const BUNDLE_IMPORT_REASON_CODES = [
  'text_too_long',
  'text_invalid',
  'missing_ean',
  'ean_not_digits',
  'ean_length',
  'ean_check_digit',
  'missing',
  'part_without_bundle',
  'contains_itself',
  'out_of_range',
  'no_parts',
  'duplicate_bundle',
  'part_is_bundle',
  'unknown_product',
  'parent_is_part',
  'missing_new_name',
] as const;
export type BundleImportReasonCode = (typeof BUNDLE_IMPORT_REASON_CODES)[number];

/**
 * A refused bundle: its number in the body (1-based) or its spreadsheet row, the parent EAN, the reason as `code`
 * with its `values` ({@link BUNDLE_IMPORT_REASON_CODES}) and in English (`reason`, for clients that do not know the
 * codes). A bundle repeated in the body also gives `first_row`, the row (same numbering) where it first appears.
 */
export const BundleImportErrorSchema = z.object({
  row: z.number().int(),
  ean: z.string(),
  reason: z.string(),
  code: z.enum(BUNDLE_IMPORT_REASON_CODES),
  values: ReasonValuesSchema,
  first_row: z.number().int().optional(),
});
export type BundleImportError = z.infer<typeof BundleImportErrorSchema>;

/**
 * Answer of `POST /products/import-bundles` (spec 3 §7: reads success and errors): bundles saved, of them the parent
 * products created new, every refused bundle, and `lines_expanded`: the unpicked lines of open orders that held a saved
 * bundle's product and now list its parts instead (ADR 0122; 0 when none).
 */
export const BundleImportResultSchema = z.object({
  success: z.number().int(),
  created: z.number().int(),
  errors: z.array(BundleImportErrorSchema),
  lines_expanded: z.number().int().nonnegative(),
});
export type BundleImportResult = z.infer<typeof BundleImportResultSchema>;

/** A part of a bundle with its stock (sum over its locations). */
export const BundlePartSchema = z.object({
  product_id: IdSchema,
  ean: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  stock: z.number().int(),
});
export type BundlePart = z.infer<typeof BundlePartSchema>;

/**
 * Answer of `GET /product/bundle/{product_id}` (ours; spec 3 §2 product card 'linked child products'): the bundle's
 * parts and its derived stock (0 parts: not a bundle), plus the bundles the product is a part of.
 */
export const ProductBundleSchema = z.object({
  product_id: IdSchema,
  is_bundle: z.boolean(),
  description: z.string().nullable(),
  parts: z.array(BundlePartSchema),
  /** Whole bundles the parts' stock makes: min over parts of floor(stock / quantity); 0 without parts. */
  stock: z.number().int(),
  part_of: z.array(
    z.object({ product_id: IdSchema, ean: z.string(), name: z.string(), quantity: z.number().int() }),
  ),
});
export type ProductBundle = z.infer<typeof ProductBundleSchema>;

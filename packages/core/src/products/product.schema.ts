import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { ReasonValuesSchema, reasonParams } from '../common/reason.ts';
import { boundedText, inDateRange } from '../common/text.ts';

/** A cell as it comes out of a spreadsheet parser: text, number, boolean or empty. */
export const SpreadsheetCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]).optional();

/** One stock place of a product: the product_location row with its location's name (spec 3 §3 locations). */
export const ProductLocationSchema = z.object({
  /** The product_location id (what stock updates and transfers refer to). */
  id: IdSchema,
  location_id: IdSchema,
  name: z.string(),
  stock: z.number().int(),
  active: z.boolean(),
  /** Order among the product's locations; the first active one with stock is the pick location. */
  position: z.number().int(),
});
export type ProductLocation = z.infer<typeof ProductLocationSchema>;

/**
 * A product as the portal lists it (spec 3 §3 Product, spec 1 §3 'Product as used here').
 * Field names follow the spec where it names them (`fullfilled_bysf` is spelled so there).
 * `sf_stock` is the stock held by the fulfilment provider: the sum over the product's locations.
 * Sizes in cm, weight in kg, customs value in euro.
 */
export const ProductSchema = z.object({
  id: IdSchema,
  org: IdSchema,
  name: z.string(),
  ean: z.string(),
  bsku: z.string().nullable(),
  parent: z.string().nullable(),
  img_url: z.string().nullable(),
  note: z.string().nullable(),
  pick_note: z.string().nullable(),
  pack_note: z.string().nullable(),
  /** What the returns desk does with a returned piece (spec 3 §2, spec 2 §2 Returns desk). */
  return_instruction: z.string().nullable(),
  weight_kg: z.number().nullable(),
  length: z.number().nullable(),
  height: z.number().nullable(),
  width: z.number().nullable(),
  customs: z.object({ hs: z.string().nullable(), value: z.number().nullable() }),
  fullfilled_bysf: z.boolean(),
  active: z.boolean(),
  needs_recount: z.boolean(),
  sf_stock: z.number().int(),
  locations: z.array(ProductLocationSchema),
});
export type Product = z.infer<typeof ProductSchema>;

/**
 * One row of the product import as the portal sends it after column mapping (spec 3 §3 'Import row
 * for products'; the new-product form also sends note, hs and value; `img_url` keeps a shop export's
 * image column). Cells arrive as spreadsheet
 * values, so every field is loose here; {@link parseProductImportRow} checks each row and the import
 * reports the bad ones instead of refusing the whole file.
 */
export const ProductImportRowSchema = z.looseObject({
  Product_name: SpreadsheetCellSchema,
  barcode_sku_ean: SpreadsheetCellSchema,
  parent_ean: SpreadsheetCellSchema,
  fullfilled_bysf: SpreadsheetCellSchema,
  length: SpreadsheetCellSchema,
  height: SpreadsheetCellSchema,
  width: SpreadsheetCellSchema,
  weight_kg: SpreadsheetCellSchema,
  note: SpreadsheetCellSchema,
  hs: SpreadsheetCellSchema,
  value: SpreadsheetCellSchema,
  /** The product photo, an http(s) URL (spec 3 §3 Product `img_url`). */
  img_url: SpreadsheetCellSchema,
});
export type ProductImportRow = z.infer<typeof ProductImportRowSchema>;

/** Body of `POST /products/import`: the mapped rows, at most 50,000 per call. */
export const ProductImportBodySchema = z
  .array(ProductImportRowSchema)
  .min(1, 'Error: No data available for import')
  .max(50_000, 'At most 50,000 rows per import');

/**
 * Why the product import refused a row (spec 3 §5; ADR 0119 §3), a stable code the apps translate, with the values it
 * names: `text_too_long` (field, limit), `text_invalid` (field: control or invalid characters), `missing_name`,
 * `missing_ean`, `ean_not_digits`, `ean_length`, `ean_check_digit` (field: `barcode_sku_ean` or `parent_ean`; ean for
 * the parent's), `parent_is_self`, `bad_boolean` (field `fullfilled_bysf`, value), `not_a_number` (field, value),
 * `too_large` (field, limit, unit), `bad_url` (field `img_url`, limit) and `duplicate_ean` (with `first_row`).
 */
export const PRODUCT_IMPORT_REASON_CODES = [
  'text_too_long',
  'text_invalid',
  'missing_name',
  'missing_ean',
  'ean_not_digits',
  'ean_length',
  'ean_check_digit',
  'parent_is_self',
  'bad_boolean',
  'not_a_number',
  'too_large',
  'bad_url',
  'duplicate_ean',
] as const;
export type ProductImportReasonCode = (typeof PRODUCT_IMPORT_REASON_CODES)[number];

/**
 * A rejected product row (spec 3 §2 Bulk import: results): its 1-based data row number, the EAN as given, the reason
 * as `code` with its `values` ({@link PRODUCT_IMPORT_REASON_CODES}) and in English (`reason`, for clients that do not
 * know the codes). A repeated EAN also gives `first_row`, the data row (same numbering as `row`) where it first
 * appears, so the portal shows both as the sheet lines its table numbers rows by; the reason names no row number of
 * its own.
 */
export const ProductImportErrorSchema = z.object({
  row: z.number().int(),
  ean: z.string(),
  reason: z.string(),
  code: z.enum(PRODUCT_IMPORT_REASON_CODES),
  values: ReasonValuesSchema,
  first_row: z.number().int().optional(),
});
export type ProductImportError = z.infer<typeof ProductImportErrorSchema>;

/**
 * Answer of `POST /products/import` (spec 3 §7 Import): counts of created products, of known products the file
 * changed (`updated`) and of known products it left as they were (`unchanged`: every value of the row already stored
 * or empty; ADR 0130), and the rejected rows; the portal shows 'Successfully imported {n} products ({m} updated)'.
 */
export const ProductImportResultSchema = z.object({
  products: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    errors: z.array(ProductImportErrorSchema),
  }),
});
export type ProductImportResult = z.infer<typeof ProductImportResultSchema>;

/** Answer of `GET /products/ean/:text` (scanner, spec 3 §2 Scanner): matching products, at most 20. */
export const ProductEanSearchSchema = z.object({ products: z.array(ProductSchema) });

/**
 * Why stock changed: the `reason` of a stock ledger row (spec 2 §4 Pick flow, §7 Locations; spec 3 §7). `count`:
 * the amount on a location set by hand; `assign`/`unassign`: a product put on or taken off a location;
 * `transfer`: one of the two rows of a move (the other has the same `transfer_id`); `unpick`: picked pieces of a
 * deleted order back on the location they were picked from (ADR 0053).
 */
export const StockMutationReasonSchema = z.enum([
  'pick',
  'correction',
  'checkin',
  'transfer',
  'return',
  'seed',
  'count',
  'assign',
  'unassign',
  'unpick',
]);
export type StockMutationReason = z.infer<typeof StockMutationReasonSchema>;

/**
 * One row of a product's stock ledger (`stock_mutations`): the signed change in pieces on one location
 * (picks are negative), why, for which order line and by whom. `location`, `order` and `user` are null
 * when the change had none (or the user was removed). `created_at` is ISO 8601 in UTC, in milliseconds.
 */
export const StockMutationSchema = z.object({
  id: IdSchema,
  created_at: z.iso.datetime(),
  quantity: z.number().int(),
  reason: StockMutationReasonSchema,
  location: z.object({ id: IdSchema, name: z.string() }).nullable(),
  /** The order the change belongs to: internal `id` and the shop's `order_id`. */
  order: z.object({ id: IdSchema, order_id: z.string() }).nullable(),
  order_line_id: IdSchema.nullable(),
  user: z.object({ id: IdSchema, first_name: z.string(), family_name: z.string() }).nullable(),
  note: z.string().nullable(),
});
export type StockMutation = z.infer<typeof StockMutationSchema>;

/**
 * Query of `GET /product/history_locations/:product_id`: at most `limit` rows (1–1000, default 200),
 * older than `before` (ISO date-time). Rows written in one transaction share their time, so the next
 * page is asked with `before` and `before_id` from the answer's `next`, which continues exactly after
 * the last row received.
 */
export const ProductHistoryQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(1000).default(200),
    before: z.iso
      .datetime({ offset: true })
      .refine(inDateRange, {
        message: 'before must lie in the years 2000 to 2100',
        params: reasonParams('out_of_range', { min: 2000, limit: 2100 }),
      })
      .optional(),
    before_id: IdSchema.optional(),
  })
  .refine((q) => !q.before_id || q.before, {
    message: 'before_id needs before',
    path: ['before_id'],
    params: reasonParams('needs_field', { other: 'before' }),
  });

/**
 * Answer of `GET /product/history_locations/:product_id` (spec 3 §7 Relations and history; the product
 * card's location history): the product, one page of its stock ledger newest first, `next` (the cursor of
 * the following page, null on the last), and its current stock per location (by position). With the full
 * ledger, the sum of its rows per location equals that location's `stock`.
 */
export const ProductHistoryResponseSchema = z.object({
  product: z.object({ id: IdSchema, name: z.string(), ean: z.string() }),
  mutations: z.array(StockMutationSchema),
  next: z.object({ before: z.iso.datetime(), before_id: IdSchema }).nullable(),
  locations: z.array(
    z.object({ location: z.object({ id: IdSchema, name: z.string() }), stock: z.number().int() }),
  ),
});
export type ProductHistoryResponse = z.infer<typeof ProductHistoryResponseSchema>;

/**
 * Body of `POST /product/return_instruction` (spec 3 §7 product settings): the product and its return instruction
 * (at most 2,000 characters; empty or null clears it).
 */
export const ReturnInstructionBodySchema = z.object({
  product_id: IdSchema,
  return_instruction: boundedText('Return instruction', 2000, { multiLine: true }).nullable(),
});
export type ReturnInstructionBody = z.infer<typeof ReturnInstructionBodySchema>;

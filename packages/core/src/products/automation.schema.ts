import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { ReasonValuesSchema } from '../common/reason.ts';
import { boundedText, codeText } from '../common/text.ts';
import { pageOf, pageQuery } from '../http/page.ts';
import { SpreadsheetCellSchema } from './product.schema.ts';

/** What a rule's condition looks at (spec 3 §2 Automation rules panel, §3 automation_field). */
export const AUTOMATION_FIELDS = ['quantity', 'ean', 'shipmentDetails.countryCode'] as const;
export type AutomationField = (typeof AUTOMATION_FIELDS)[number];

/**
 * How a condition compares (spec 3 §2 panel: equal, not equal, greater than, less than; §5 import: equals (===), >,
 * <, >=, <=). Stored as the symbol.
 */
export const AUTOMATION_OPERATORS = ['==', '!=', '>', '<', '>=', '<='] as const;
export type AutomationOperator = (typeof AUTOMATION_OPERATORS)[number];

/** What a change action sets on the order: its shipment method (by code) or its packaging (by box name or id). */
export const AUTOMATION_CHANGE_FIELDS = ['selected_ship_option', 'selected_packaging_option'] as const;
export type AutomationChangeField = (typeof AUTOMATION_CHANGE_FIELDS)[number];

/** The import's action field of an add action (spec 3 §5 'bundled_products'). */
export const AUTOMATION_ADD_FIELD = 'bundled_products';

/** Largest quantity factor of an add action: the added pieces are factor × the rule product's pieces. */
export const AUTOMATION_MAX_FACTOR = 100;

/** A change action: set `field` of the order to `value` (a shipment method code, a box name or id). */
export const AutomationChangeActionSchema = z.object({
  field: z.enum(AUTOMATION_CHANGE_FIELDS),
  value: codeText('Action value', 1),
});
export type AutomationChangeAction = z.infer<typeof AutomationChangeActionSchema>;

/** An add action: add the product with this EAN, `quantity` (the factor) × the pieces of the rule's product. */
export const AutomationAddActionSchema = z.object({
  ean: codeText('Product EAN', 1),
  quantity: z.number().int().min(1).max(AUTOMATION_MAX_FACTOR).default(1),
});
export type AutomationAddAction = z.infer<typeof AutomationAddActionSchema>;

/** The condition and actions of a rule as the panel and the API write them. */
const ruleShape = {
  product_id: IdSchema,
  affected_field: z.enum(AUTOMATION_FIELDS),
  logical_operator: z.enum(AUTOMATION_OPERATORS),
  value: boundedText('Value', 64, { min: 1 }),
};

/**
 * Body of `POST /automation/` (spec 3 §7 Automations): a rule of one product. `type: 'change'` carries change
 * actions, `type: 'add'` add actions; 1–5 actions.
 */
export const AutomationBodySchema = z.discriminatedUnion('type', [
  z.object({
    ...ruleShape,
    type: z.literal('change'),
    actions: z.array(AutomationChangeActionSchema).min(1).max(5),
  }),
  z.object({
    ...ruleShape,
    type: z.literal('add'),
    actions: z.array(AutomationAddActionSchema).min(1).max(5),
  }),
]);
export type AutomationBody = z.infer<typeof AutomationBodySchema>;

/** Body of `PUT /automation/`: the rule's id (`_id` as the spec names ids, or `id`) and its new content. */
export const AutomationUpdateBodySchema = z.discriminatedUnion('type', [
  z.object({
    _id: IdSchema,
    ...ruleShape,
    type: z.literal('change'),
    actions: z.array(AutomationChangeActionSchema).min(1).max(5),
  }),
  z.object({
    _id: IdSchema,
    ...ruleShape,
    type: z.literal('add'),
    actions: z.array(AutomationAddActionSchema).min(1).max(5),
  }),
]);
export type AutomationUpdateBody = z.infer<typeof AutomationUpdateBodySchema>;

/** A stored action: a change, or an add with the product it resolved to (its name for display). */
export const StoredAutomationActionSchema = z.union([
  AutomationChangeActionSchema,
  z.object({
    ean: z.string(),
    quantity: z.number().int(),
    product_id: IdSchema,
    name: z.string(),
  }),
]);
export type StoredAutomationAction = z.infer<typeof StoredAutomationActionSchema>;

/** A stored rule (spec 3 §3 stored automation: product_id, affected_field, logical_operator, value, type, actions). */
export const AutomationSchema = z.object({
  id: IdSchema,
  _id: IdSchema,
  product_id: IdSchema,
  affected_field: z.enum(AUTOMATION_FIELDS),
  logical_operator: z.enum(AUTOMATION_OPERATORS),
  value: z.string(),
  type: z.enum(['change', 'add']),
  actions: z.array(StoredAutomationActionSchema),
  created_at: z.string(),
});
export type Automation = z.infer<typeof AutomationSchema>;

/** Query of `GET /automations/{product_id}`: paged, oldest rule first (the order they are applied in). */
export const AutomationListQuerySchema = pageQuery(100);
/** Answer of `GET /automations/{product_id}`. */
export const AutomationListSchema = pageOf(AutomationSchema);
export type AutomationList = z.infer<typeof AutomationListSchema>;

/**
 * One row of `POST /products/import-automations` as the portal sends it after column mapping (spec 3 §3 Automation
 * import fields). Cells arrive as spreadsheet values; each row is checked by `parseAutomationImportRow` and a bad
 * row is reported, not the whole file.
 */
export const AutomationImportRowSchema = z.looseObject({
  product_ean: SpreadsheetCellSchema,
  product_name: SpreadsheetCellSchema,
  parent_ean: SpreadsheetCellSchema,
  automation_field: SpreadsheetCellSchema,
  automation_operator: SpreadsheetCellSchema,
  automation_value: SpreadsheetCellSchema,
  automation_action_field: SpreadsheetCellSchema,
  automation_action_value: SpreadsheetCellSchema,
  automation_action_qty: SpreadsheetCellSchema,
  automation_action_product_name: SpreadsheetCellSchema,
});
export type AutomationImportRow = z.infer<typeof AutomationImportRowSchema>;

/** Body of `POST /products/import-automations`: 1–10,000 rows. */
export const AutomationImportBodySchema = z
  .array(AutomationImportRowSchema)
  .min(1, 'Error: No data available for import')
  .max(10_000, 'At most 10,000 rows per import');

/**
 * Why the automation import refused a row (spec 3 §3, §5; ADR 0119 §3), a stable code the apps translate, with the
 * values it names: `text_too_long` (field, limit), `text_invalid` (field), `missing_ean`, `ean_not_digits`,
 * `ean_length`, `ean_check_digit` (field `product_ean` or `automation_action_value`, ean), `missing` (field: e.g.
 * `automation_operator`), `not_one_of` (field, value, allowed), `text_operator` (field: compares only with == or !=),
 * `quantity_not_a_number` (field, value), `out_of_range` (field, min, limit), `unknown_product` (field, ean: no product of this
 * shop), `unknown_shipment_method` and `unknown_packaging` (value).
 */
export const AUTOMATION_IMPORT_REASON_CODES = [
  'text_too_long',
  'text_invalid',
  'missing_ean',
  'ean_not_digits',
  'ean_length',
  'ean_check_digit',
  'missing',
  'not_one_of',
  'text_operator',
  'quantity_not_a_number',
  'out_of_range',
  'unknown_product',
  'unknown_shipment_method',
  'unknown_packaging',
] as const;
export type AutomationImportReasonCode = (typeof AUTOMATION_IMPORT_REASON_CODES)[number];

/**
 * A refused automation row: 1-based data row, the product EAN as given, the reason as `code` with its `values`
 * ({@link AUTOMATION_IMPORT_REASON_CODES}) and in English (`reason`, for clients that do not know the codes).
 */
export const AutomationImportErrorSchema = z.object({
  row: z.number().int(),
  ean: z.string(),
  reason: z.string(),
  code: z.enum(AUTOMATION_IMPORT_REASON_CODES),
  values: ReasonValuesSchema,
});
export type AutomationImportError = z.infer<typeof AutomationImportErrorSchema>;

/**
 * Answer of `POST /products/import-automations` (spec 3 §7: reads automations.success and automations.errors):
 * `success` rows saved (new rules plus rules that existed already, `unchanged`), the refused rows.
 */
export const AutomationImportResultSchema = z.object({
  automations: z.object({
    success: z.number().int(),
    unchanged: z.number().int(),
    errors: z.array(AutomationImportErrorSchema),
  }),
});
export type AutomationImportResult = z.infer<typeof AutomationImportResultSchema>;

/** What an automation did to an order when it arrived (order detail; ADR 0049). */
export const AppliedAutomationSchema = z.object({
  automation_id: IdSchema.nullable(),
  description: z.string(),
  at: z.string(),
});
export type AppliedAutomation = z.infer<typeof AppliedAutomationSchema>;

import { type CodedReason, codedReason, type ReasonValues } from '../common/reason.ts';
import { codeText } from '../common/text.ts';
import {
  AUTOMATION_ADD_FIELD,
  AUTOMATION_CHANGE_FIELDS,
  AUTOMATION_FIELDS,
  AUTOMATION_MAX_FACTOR,
  AUTOMATION_OPERATORS,
  type AutomationChangeField,
  type AutomationField,
  type AutomationImportReasonCode,
  type AutomationImportRow,
  type AutomationOperator,
} from './automation.schema.ts';
import { eanProblem, normaliseEan } from './ean.rules.ts';
import { EAN_REASON_CODE, eanReasonTexts } from './product-import.rules.ts';

/** A rule as the evaluation needs it (a stored automation; actions resolved to products for add). */
export interface AutomationRule {
  id: string;
  product_id: string;
  affected_field: AutomationField;
  logical_operator: AutomationOperator;
  value: string;
  type: 'change' | 'add';
  actions: readonly (
    | { field: AutomationChangeField; value: string }
    | { product_id: string; ean: string; quantity: number }
  )[];
}

/** The part of an order the rules look at: its lines (product, EAN, pieces) and the destination country. */
export interface AutomationOrder {
  countryCode: string;
  lines: readonly { product_id: string; ean: string; quantity: number }[];
}

/** What one rule does to an order: the changes to make and the lines to add, with a readable description. */
export interface AutomationEffect {
  automation_id: string;
  description: string;
  changes: { field: AutomationChangeField; value: string }[];
  adds: { product_id: string; ean: string; quantity: number }[];
}

/** Operators that make sense for text fields (EAN, country): equality only. */
const TEXT_OPERATORS: readonly AutomationOperator[] = ['==', '!='];

/** Readable operator for descriptions. */
const OPERATOR_TEXT: Record<AutomationOperator, string> = {
  '==': '=',
  '!=': '≠',
  '>': '>',
  '<': '<',
  '>=': '≥',
  '<=': '≤',
};

function compareNumbers(a: number, op: AutomationOperator, b: number): boolean {
  switch (op) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '>':
      return a > b;
    case '<':
      return a < b;
    case '>=':
      return a >= b;
    case '<=':
      return a <= b;
  }
}

/**
 * Whether a rule's condition holds for an order that holds the rule's product (spec 3 §2 Automation rules panel;
 * ADR 0049):
 * - `quantity`: the pieces of the rule's product in the order (summed over its lines) compared with the value as a
 *   number (a value that is not a number never holds);
 * - `ean`: `==` holds when a line of the order has that EAN, `!=` when none has;
 * - `shipmentDetails.countryCode`: the destination country (ISO code, case-insensitive) `==` or `!=` the value.
 * Text fields only know `==` and `!=`; another operator on them never holds (validation refuses it before).
 */
export function automationConditionHolds(rule: AutomationRule, order: AutomationOrder): boolean {
  const value = rule.value.trim();
  const op = rule.logical_operator;
  switch (rule.affected_field) {
    case 'quantity': {
      const n = Number(value.replace(',', '.'));
      if (value === '' || !Number.isFinite(n)) return false;
      const pieces = order.lines
        .filter((l) => l.product_id === rule.product_id)
        .reduce((s, l) => s + l.quantity, 0);
      return compareNumbers(pieces, op, n);
    }
    case 'ean': {
      if (!TEXT_OPERATORS.includes(op)) return false;
      const has = order.lines.some((l) => l.ean === value);
      return op === '==' ? has : !has;
    }
    case 'shipmentDetails.countryCode': {
      if (!TEXT_OPERATORS.includes(op)) return false;
      const same = order.countryCode.trim().toUpperCase() === value.toUpperCase();
      return op === '==' ? same : !same;
    }
  }
}

/** A rule's readable text, as the order detail shows it ('quantity ≥ 3 → add 1 × 8712345678906'). */
export function describeAutomation(
  rule: Pick<AutomationRule, 'affected_field' | 'logical_operator' | 'value' | 'actions'>,
): string {
  const field = rule.affected_field === 'shipmentDetails.countryCode' ? 'country' : rule.affected_field;
  const what = rule.actions
    .map((a) =>
      'field' in a
        ? `${a.field === 'selected_ship_option' ? 'shipment method' : 'packaging'} ${a.value}`
        : `add ${a.quantity} × ${a.ean}`,
    )
    .join(', ');
  return `${field} ${OPERATOR_TEXT[rule.logical_operator]} ${rule.value} → ${what}`;
}

/**
 * Evaluates the automation rules against an order as it arrives (spec 3 §2/§3; issue 15 item 2; ADR 0049). A rule
 * belongs to a product and applies only to orders holding that product; rules run in the given order (oldest
 * first), so when two rules change the same field the later one wins. An add action adds its product with `quantity`
 * (the factor) × the pieces of the rule's product in the order. Added lines are not evaluated again (no chains).
 * Pure: the caller loads the rules of the order's products and applies the effects in its transaction.
 * Returns one effect per rule that fired, in rule order.
 */
export function evaluateAutomations(
  order: AutomationOrder,
  rules: readonly AutomationRule[],
): AutomationEffect[] {
  const effects: AutomationEffect[] = [];
  const productIds = new Set(order.lines.map((l) => l.product_id));
  for (const rule of rules) {
    if (!productIds.has(rule.product_id) || !automationConditionHolds(rule, order)) continue;
    const pieces = order.lines
      .filter((l) => l.product_id === rule.product_id)
      .reduce((s, l) => s + l.quantity, 0);
    const effect: AutomationEffect = {
      automation_id: rule.id,
      description: describeAutomation(rule),
      changes: [],
      adds: [],
    };
    for (const a of rule.actions) {
      if ('field' in a) effect.changes.push({ field: a.field, value: a.value });
      else effect.adds.push({ product_id: a.product_id, ean: a.ean, quantity: a.quantity * pieces });
    }
    effects.push(effect);
  }
  return effects;
}

/**
 * The last value each change field gets from a list of effects (later rules win), e.g.
 * `{ selected_ship_option: 'POSTNL-BE' }`.
 */
export function finalChanges(
  effects: readonly AutomationEffect[],
): Partial<Record<AutomationChangeField, string>> {
  const out: Partial<Record<AutomationChangeField, string>> = {};
  for (const e of effects) for (const c of e.changes) out[c.field] = c.value;
  return out;
}

/** Import spellings of the condition fields (spec 3 §3 automation_field). */
const FIELD_ALIASES: Record<string, AutomationField> = {
  quantity: 'quantity',
  qty: 'quantity',
  aantal: 'quantity',
  ean: 'ean',
  country: 'shipmentDetails.countryCode',
  countrycode: 'shipmentDetails.countryCode',
  land: 'shipmentDetails.countryCode',
  'shipmentdetails.countrycode': 'shipmentDetails.countryCode',
};

/** Import spellings of the operators (spec 3 §5: equals (===), >, <, >=, <=; the panel's words). */
const OPERATOR_ALIASES: Record<string, AutomationOperator> = {
  '=': '==',
  '==': '==',
  '===': '==',
  equal: '==',
  equals: '==',
  is: '==',
  '!=': '!=',
  '!==': '!=',
  '<>': '!=',
  'not equal': '!=',
  'not equals': '!=',
  '>': '>',
  'greater than': '>',
  '<': '<',
  'less than': '<',
  '>=': '>=',
  '≥': '>=',
  '<=': '<=',
  '≤': '<=',
};

/** Import spellings of the action fields (spec 3 §3 automation_action_field). */
const ACTION_ALIASES: Record<string, AutomationChangeField | typeof AUTOMATION_ADD_FIELD> = {
  selected_ship_option: 'selected_ship_option',
  shipment_method: 'selected_ship_option',
  'shipment method': 'selected_ship_option',
  selected_packaging_option: 'selected_packaging_option',
  packaging: 'selected_packaging_option',
  bundled_products: AUTOMATION_ADD_FIELD,
  add_product: AUTOMATION_ADD_FIELD,
  'add product': AUTOMATION_ADD_FIELD,
};

/** An automation row that passed the row rules: the rule to store, keyed by the product's EAN. */
export interface ValidAutomationImportRow {
  productEan: string;
  affected_field: AutomationField;
  logical_operator: AutomationOperator;
  value: string;
  type: 'change' | 'add';
  /** A change `{field, value}` or an add `{ean, quantity}` (the EAN still to be resolved to a product). */
  action: { field: AutomationChangeField; value: string } | { ean: string; quantity: number };
}

const cellText = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
/** The most characters of a rule cell (core `codeText`). */
const CELL_MAX = 64;
const cellCheck = codeText('Cell');

/**
 * The English text of each reason code of the automation import (spec 3 §5; ADR 0119 §3), sent as the row's `reason`
 * for clients that do not translate the codes (the portal does: bulkImport `reasons.<code>`).
 */
export const AUTOMATION_IMPORT_REASON_TEXT: Record<AutomationImportReasonCode, (v: ReasonValues) => string> =
  {
    text_too_long: (v) => `${v.field} is too long (at most ${v.limit} characters)`,
    text_invalid: (v) => `${v.field} contains control or invalid characters`,
    ...eanReasonTexts(),
    missing: (v) => `${v.field} is missing`,
    not_one_of: (v) => `${v.field} must be one of ${v.allowed}`,
    text_operator: (v) => `${v.field} compares only with == or !=`,
    quantity_not_a_number: (v) => `${v.field} must be a number for quantity`,
    out_of_range: (v) => `${v.field} must be ${v.min} to ${v.limit}`,
    unknown_product: (v) => `${v.field} ${v.ean} is not a product of this shop`,
    unknown_shipment_method: (v) => `unknown shipment method ${v.value}`,
    unknown_packaging: (v) => `unknown packaging ${v.value}`,
  };

/** A problem of an automation row: its code, values and English reason. */
export type AutomationImportProblem = CodedReason<AutomationImportReasonCode>;

/** The problem `code` with `values` of the automation import. */
export function automationImportProblem(
  code: AutomationImportReasonCode,
  values: ReasonValues = {},
): AutomationImportProblem {
  return codedReason(AUTOMATION_IMPORT_REASON_TEXT, code, values);
}

/**
 * Checks one row of the automation import (spec 3 §3 Automation import fields, §5: a rule needs product EAN,
 * condition field, operator, value, action field and action value; 'bundled_products' needs the added product's
 * EAN as action value; its quantity defaults to 1). Accepts the import spellings of fields and operators ('===',
 * 'equals', 'country', …). Returns the rule, or the row's problem (`{ ok: false, ean, code, values, reason }`, codes
 * {@link AUTOMATION_IMPORT_REASON_TEXT}). The products behind the EANs are checked by the service.
 */
export function parseAutomationImportRow(
  row: AutomationImportRow,
): { ok: true; value: ValidAutomationImportRow } | ({ ok: false; ean: string } & AutomationImportProblem) {
  const ean = normaliseEan(cellText(row.product_ean));
  const fail = (code: AutomationImportReasonCode, values: ReasonValues = {}) => ({
    ok: false as const,
    ean,
    ...automationImportProblem(code, values),
  });
  for (const key of Object.keys(row) as (keyof AutomationImportRow)[]) {
    const v = row[key];
    if (
      typeof v === 'string' &&
      !cellCheck.safeParse(v).success &&
      key !== 'product_name' &&
      key !== 'automation_action_product_name'
    )
      return v.trim().length > CELL_MAX
        ? fail('text_too_long', { field: String(key), limit: CELL_MAX })
        : fail('text_invalid', { field: String(key) });
  }
  const eanIssue = eanProblem(ean);
  if (eanIssue) return fail(EAN_REASON_CODE[eanIssue], { field: 'product_ean' });
  const fieldRaw = cellText(row.automation_field);
  if (!fieldRaw) return fail('missing', { field: 'automation_field' });
  const field = FIELD_ALIASES[fieldRaw.toLowerCase()];
  if (!field)
    return fail('not_one_of', {
      field: 'automation_field',
      value: fieldRaw,
      allowed: AUTOMATION_FIELDS.join(', '),
    });
  const opRaw = cellText(row.automation_operator);
  if (!opRaw) return fail('missing', { field: 'automation_operator' });
  const op = OPERATOR_ALIASES[opRaw.toLowerCase()];
  if (!op)
    return fail('not_one_of', {
      field: 'automation_operator',
      value: opRaw,
      allowed: AUTOMATION_OPERATORS.join(' '),
    });
  if (field !== 'quantity' && !TEXT_OPERATORS.includes(op)) return fail('text_operator', { field });
  const value = cellText(row.automation_value);
  if (!value) return fail('missing', { field: 'automation_value' });
  if (field === 'quantity' && !Number.isFinite(Number(value.replace(',', '.'))))
    return fail('quantity_not_a_number', { field: 'automation_value', value });
  const actionRaw = cellText(row.automation_action_field);
  if (!actionRaw) return fail('missing', { field: 'automation_action_field' });
  const action = ACTION_ALIASES[actionRaw.toLowerCase()];
  if (!action)
    return fail('not_one_of', {
      field: 'automation_action_field',
      value: actionRaw,
      allowed: [...AUTOMATION_CHANGE_FIELDS, AUTOMATION_ADD_FIELD].join(', '),
    });
  const actionValue = cellText(row.automation_action_value);
  if (!actionValue) return fail('missing', { field: 'automation_action_value' });
  const base = {
    productEan: ean,
    affected_field: field,
    logical_operator: op,
    value: field === 'shipmentDetails.countryCode' ? value.toUpperCase() : value,
  };
  if (action === AUTOMATION_ADD_FIELD) {
    const addEan = normaliseEan(actionValue);
    const addIssue = eanProblem(addEan);
    if (addIssue) return fail(EAN_REASON_CODE[addIssue], { field: 'automation_action_value', ean: addEan });
    const qtyRaw = cellText(row.automation_action_qty);
    const qty = qtyRaw === '' ? 1 : Number(qtyRaw);
    const quantity = Number.isInteger(qty) ? qty : 1;
    if (quantity < 1 || quantity > AUTOMATION_MAX_FACTOR)
      return fail('out_of_range', { field: 'automation_action_qty', min: 1, limit: AUTOMATION_MAX_FACTOR });
    return { ok: true, value: { ...base, type: 'add', action: { ean: addEan, quantity } } };
  }
  return { ok: true, value: { ...base, type: 'change', action: { field: action, value: actionValue } } };
}

/**
 * Why a condition cannot be stored, or null (spec 3 §2 Automation rules panel, §7 `POST`/`PUT /automation/`; the
 * API's check and the portal's rule form): text fields compare with == or != only (`text_operator`, field: the
 * condition's field), a quantity compares with a number (`quantity_not_a_number`, field `value`, value), as the
 * automation import's codes with their English `reason` ({@link AUTOMATION_IMPORT_REASON_TEXT}).
 */
export function automationConditionProblem(
  field: AutomationField,
  op: AutomationOperator,
  value: string,
): AutomationImportProblem | null {
  if (field !== 'quantity' && !TEXT_OPERATORS.includes(op))
    return automationImportProblem('text_operator', { field });
  const v = value.trim();
  if (field === 'quantity' && !Number.isFinite(Number(v.replace(',', '.'))))
    return automationImportProblem('quantity_not_a_number', { field: 'value', value: v });
  return null;
}

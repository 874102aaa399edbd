import { describe, expect, it } from 'vitest';
import {
  type AutomationRule,
  automationConditionHolds,
  automationConditionProblem,
  evaluateAutomations,
  finalChanges,
  parseAutomationImportRow,
} from './automation.rules.ts';

const P = 'a'.repeat(24);
const Q = 'b'.repeat(24);
const INSERT = 'c'.repeat(24);

const rule = (over: Partial<AutomationRule>): AutomationRule => ({
  id: 'd'.repeat(24),
  product_id: P,
  affected_field: 'quantity',
  logical_operator: '>=',
  value: '3',
  type: 'change',
  actions: [{ field: 'selected_ship_option', value: 'POSTNL-BE' }],
  ...over,
});

const order = (country: string, lines: [string, string, number][]) => ({
  countryCode: country,
  lines: lines.map(([product_id, ean, quantity]) => ({ product_id, ean, quantity })),
});

describe('automationConditionHolds', () => {
  it('compares the pieces of the rule product, summed over its lines', () => {
    const o = order('NL', [
      [P, '8710000000001', 2],
      [Q, '8710000000002', 5],
      [P, '8710000000001', 1],
    ]);
    expect(automationConditionHolds(rule({ logical_operator: '>=', value: '3' }), o)).toBe(true);
    expect(automationConditionHolds(rule({ logical_operator: '>', value: '3' }), o)).toBe(false);
    expect(automationConditionHolds(rule({ logical_operator: '==', value: '3' }), o)).toBe(true);
    expect(automationConditionHolds(rule({ logical_operator: '<', value: '3' }), o)).toBe(false);
    expect(automationConditionHolds(rule({ logical_operator: '!=', value: '2' }), o)).toBe(true);
    expect(automationConditionHolds(rule({ value: 'many' }), o)).toBe(false);
  });

  it('compares the destination country case-insensitively, equality only', () => {
    const be = order('be', [[P, '8710000000001', 1]]);
    const country = { affected_field: 'shipmentDetails.countryCode' as const, value: 'BE' };
    expect(automationConditionHolds(rule({ ...country, logical_operator: '==' }), be)).toBe(true);
    expect(automationConditionHolds(rule({ ...country, logical_operator: '!=' }), be)).toBe(false);
    expect(automationConditionHolds(rule({ ...country, logical_operator: '>' }), be)).toBe(false);
  });

  it('asks whether some line of the order has the EAN', () => {
    const o = order('NL', [
      [P, '8710000000001', 1],
      [Q, '8710000000002', 1],
    ]);
    const ean = { affected_field: 'ean' as const, value: '8710000000002' };
    expect(automationConditionHolds(rule({ ...ean, logical_operator: '==' }), o)).toBe(true);
    expect(automationConditionHolds(rule({ ...ean, logical_operator: '!=' }), o)).toBe(false);
  });
});

describe('evaluateAutomations', () => {
  it('fires only for orders holding the rule product, adds factor × pieces, later changes win', () => {
    const rules: AutomationRule[] = [
      rule({
        id: '1'.repeat(24),
        affected_field: 'shipmentDetails.countryCode',
        logical_operator: '==',
        value: 'BE',
      }),
      rule({
        id: '2'.repeat(24),
        type: 'add',
        actions: [{ product_id: INSERT, ean: '8710000000003', quantity: 2 }],
      }),
      rule({
        id: '3'.repeat(24),
        affected_field: 'shipmentDetails.countryCode',
        logical_operator: '==',
        value: 'BE',
        actions: [{ field: 'selected_ship_option', value: 'DHL-BE' }],
      }),
      rule({ id: '4'.repeat(24), product_id: Q }),
    ];
    const effects = evaluateAutomations(order('BE', [[P, '8710000000001', 3]]), rules);
    expect(effects.map((e) => e.automation_id)).toEqual(['1'.repeat(24), '2'.repeat(24), '3'.repeat(24)]);
    expect(effects[1]?.adds).toEqual([{ product_id: INSERT, ean: '8710000000003', quantity: 6 }]);
    expect(effects[0]?.description).toBe('country = BE → shipment method POSTNL-BE');
    expect(finalChanges(effects)).toEqual({ selected_ship_option: 'DHL-BE' });
    expect(evaluateAutomations(order('NL', [[P, '8710000000001', 2]]), rules)).toEqual([]);
  });
});

describe('parseAutomationImportRow', () => {
  const row = {
    product_ean: '8712345678906',
    automation_field: 'quantity',
    automation_operator: '>=',
    automation_value: 3,
    automation_action_field: 'bundled_products',
    automation_action_value: '4006381333931',
    automation_action_qty: '',
  };
  it('accepts the import spellings and defaults the add quantity to 1', () => {
    const r = parseAutomationImportRow(row);
    expect(r).toEqual({
      ok: true,
      value: {
        productEan: '8712345678906',
        affected_field: 'quantity',
        logical_operator: '>=',
        value: '3',
        type: 'add',
        action: { ean: '4006381333931', quantity: 1 },
      },
    });
    const c = parseAutomationImportRow({
      ...row,
      automation_field: 'country',
      automation_operator: '===',
      automation_value: 'be',
      automation_action_field: 'selected_ship_option',
      automation_action_value: 'POSTNL-BE',
    });
    expect(c.ok && c.value).toMatchObject({
      affected_field: 'shipmentDetails.countryCode',
      logical_operator: '==',
      value: 'BE',
      action: { field: 'selected_ship_option', value: 'POSTNL-BE' },
    });
  });

  it('refuses rows without the required cells, with the reason', () => {
    const reason = (over: object) => {
      const r = parseAutomationImportRow({ ...row, ...over });
      return r.ok ? null : r.reason;
    };
    expect(reason({ product_ean: '' })).toBe('product_ean: EAN is missing');
    expect(reason({ automation_field: 'colour' })).toMatch(/automation_field must be one of/);
    expect(reason({ automation_operator: '' })).toBe('automation_operator is missing');
    expect(reason({ automation_value: null })).toBe('automation_value is missing');
    expect(reason({ automation_value: 'lots' })).toBe('automation_value must be a number for quantity');
    expect(reason({ automation_action_field: '' })).toBe('automation_action_field is missing');
    expect(reason({ automation_action_value: '' })).toBe('automation_action_value is missing');
    expect(reason({ automation_action_value: '1234' })).toMatch(/automation_action_value: EAN/);
    expect(reason({ automation_field: 'ean', automation_operator: '>' })).toBe(
      'ean compares only with == or !=',
    );
    expect(reason({ automation_action_qty: 500 })).toBe('automation_action_qty must be 1 to 100');
  });

  it("codes a rule form's condition that cannot hold (POST /automation/)", () => {
    expect(automationConditionProblem('ean', '>', '8712345678906')).toEqual({
      code: 'text_operator',
      values: { field: 'ean' },
      reason: 'ean compares only with == or !=',
    });
    expect(automationConditionProblem('quantity', '>=', ' veel ')).toEqual({
      code: 'quantity_not_a_number',
      values: { field: 'value', value: 'veel' },
      reason: 'value must be a number for quantity',
    });
    expect(automationConditionProblem('quantity', '>=', '2,5')).toBeNull();
  });

  it('gives each refusal a code with the values it names (ADR 0119 §3)', () => {
    const problem = (over: object) => {
      const r = parseAutomationImportRow({ ...row, ...over });
      return r.ok ? null : { code: r.code, values: r.values };
    };
    expect(problem({ automation_operator: '' })).toEqual({
      code: 'missing',
      values: { field: 'automation_operator' },
    });
    expect(problem({ automation_operator: 'about' })).toEqual({
      code: 'not_one_of',
      values: { field: 'automation_operator', value: 'about', allowed: '== != > < >= <=' },
    });
    expect(problem({ product_ean: '123' })).toEqual({ code: 'ean_length', values: { field: 'product_ean' } });
    expect(problem({ automation_action_qty: 500 })).toEqual({
      code: 'out_of_range',
      values: { field: 'automation_action_qty', min: 1, limit: 100 },
    });
    expect(problem({ automation_value: 'x'.repeat(65) })).toEqual({
      code: 'text_too_long',
      values: { field: 'automation_value', limit: 64 },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { formProblems } from '../common/form-problems.ts';
import {
  euroFromText,
  GrantInputSchema,
  ShipmentMethodBodySchema,
  ShipmentMethodFormSchema,
  SurchargePatchSchema,
  toCents,
} from './admin.schema.ts';

describe('admin money and forms (spec 3 §5 shipment method and surcharge forms)', () => {
  it('takes euro with at most two decimals and stores exact cents', () => {
    expect(toCents(4.95)).toBe(495);
    expect(toCents(0.07)).toBe(7);
    expect(toCents(1234.56)).toBe(123456);
    const body = { name: 'A', code: 'B', peak_surcharge: 0 };
    expect(ShipmentMethodBodySchema.safeParse({ ...body, price: 4.95 }).success).toBe(true);
    expect(ShipmentMethodBodySchema.safeParse({ ...body, price: 4.955 }).success).toBe(false);
    expect(ShipmentMethodBodySchema.safeParse({ ...body, price: -1 }).success).toBe(false);
    expect(ShipmentMethodBodySchema.safeParse({ name: 'A', code: 'B' }).success).toBe(false);
  });

  it('reads typed amounts in Dutch or English notation; blank is nothing', () => {
    expect(euroFromText('4,95')).toBe(4.95);
    expect(euroFromText('12.5')).toBe(12.5);
    expect(euroFromText(' ')).toBe(0);
  });

  it('the form needs name, code and the peak surcharge; optional fields may stay blank', () => {
    const blank = { name: '', code: '', peak_surcharge: '', price: '', cut_off: '', country_code: '' };
    expect(Object.keys(formProblems(ShipmentMethodFormSchema, blank)).sort()).toEqual([
      'code',
      'name',
      'peak_surcharge',
    ]);
    const ok = {
      name: 'PostNL',
      code: 'PNL',
      peak_surcharge: '0,50',
      price: '6,95',
      cut_off: '17:00',
      country_code: 'nl',
    };
    expect(formProblems(ShipmentMethodFormSchema, ok)).toEqual({});
    expect(
      Object.keys(formProblems(ShipmentMethodFormSchema, { ...ok, price: '6,955', cut_off: '25:00' })).sort(),
    ).toEqual(['cut_off', 'price']);
  });

  it('an in-place edit changes at least one field; grant methods are upper-cased and checked', () => {
    expect(SurchargePatchSchema.safeParse({}).success).toBe(false);
    expect(SurchargePatchSchema.safeParse({ note: null }).success).toBe(true);
    expect(GrantInputSchema.parse({ methods: ['get', 'Post'], path: '/orders*' }).methods).toEqual([
      'GET',
      'POST',
    ]);
    expect(GrantInputSchema.safeParse({ methods: ['FETCH'], path: '/orders' }).success).toBe(false);
    expect(GrantInputSchema.safeParse({ methods: ['GET'], path: 'orders' }).success).toBe(false);
  });
});

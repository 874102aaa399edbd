import { describe, expect, it } from 'vitest';
import { PickConfirmBodySchema, PickListParamsSchema, PickListQuerySchema } from './pick.schema.ts';

describe('pick list query', () => {
  it('reads the switches as the apps send them and applies the defaults', () => {
    expect(PickListQuerySchema.parse({})).toEqual({
      skip: 0,
      limit: 2000,
      sequence: 'normal',
      single_orders: false,
      multi_orders: false,
    });
    expect(
      PickListQuerySchema.parse({ skip: '40', single_orders: 'true', sequence: 'reverse' }),
    ).toMatchObject({
      skip: 40,
      single_orders: true,
      multi_orders: false,
      sequence: 'reverse',
    });
    expect(PickListQuerySchema.parse({ multi_orders: true }).multi_orders).toBe(true);
  });

  it('refuses single and multi orders together, and unknown sequences', () => {
    expect(PickListQuerySchema.safeParse({ single_orders: 'true', multi_orders: '1' }).success).toBe(false);
    expect(PickListQuerySchema.safeParse({ sequence: 'backwards' }).success).toBe(false);
  });
});

describe('pick list path', () => {
  const ok = {
    locations: 'all',
    query_type: 'all',
    start: '2026-03-01T00:00:00Z',
    end: '2026-03-02',
    orgs: 'all',
  };
  it('takes all or comma lists of ids and date-times', () => {
    expect(PickListParamsSchema.safeParse(ok).success).toBe(true);
    expect(
      PickListParamsSchema.safeParse({ ...ok, orgs: `${'a'.repeat(24)},${'b'.repeat(24)}` }).success,
    ).toBe(true);
  });
  it('refuses bad ids, dates and query types', () => {
    expect(PickListParamsSchema.safeParse({ ...ok, locations: 'A-01' }).success).toBe(false);
    expect(PickListParamsSchema.safeParse({ ...ok, start: 'yesterday' }).success).toBe(false);
    expect(PickListParamsSchema.safeParse({ ...ok, query_type: 'everything' }).success).toBe(false);
  });
});

describe('pick confirm body', () => {
  const pick = { order_line_id: 'a'.repeat(24), quantity: 2, location_id: 'b'.repeat(24) };
  it('accepts one pick or a batch', () => {
    expect(PickConfirmBodySchema.parse(pick)).toEqual({ ...pick, scanned: '' });
    expect(PickConfirmBodySchema.parse({ picks: [pick, pick] })).toEqual({
      picks: [
        { ...pick, scanned: '' },
        { ...pick, scanned: '' },
      ],
    });
  });
  it('refuses a zero quantity and an empty batch', () => {
    expect(PickConfirmBodySchema.safeParse({ ...pick, quantity: 0 }).success).toBe(false);
    expect(PickConfirmBodySchema.safeParse({ picks: [] }).success).toBe(false);
  });
});

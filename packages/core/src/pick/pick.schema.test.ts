import { describe, expect, it } from 'vitest';
import {
  PICK_ITEM_MAX_ORDERS,
  PICK_ORDERS_MAX_ITEMS,
  PickConfirmBodySchema,
  PickItemOrdersQuerySchema,
  PickListParamsSchema,
  PickListQuerySchema,
} from './pick.schema.ts';

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

describe('pick item orders query', () => {
  const id = `${'a'.repeat(24)}:${'b'.repeat(24)}`;
  it('takes 1 to PICK_ORDERS_MAX_ITEMS item ids and pages one round by default', () => {
    expect(PickItemOrdersQuerySchema.parse({ items: `${id},${'c'.repeat(24)}:none` })).toMatchObject({
      skip: 0,
      limit: PICK_ITEM_MAX_ORDERS,
      single_orders: false,
    });
    expect(
      PickItemOrdersQuerySchema.safeParse({ items: Array(PICK_ORDERS_MAX_ITEMS).fill(id).join(',') }).success,
    ).toBe(true);
  });
  it('refuses more items, a malformed id, an empty list and both order switches', () => {
    const many = Array(PICK_ORDERS_MAX_ITEMS + 1)
      .fill(id)
      .join(',');
    expect(PickItemOrdersQuerySchema.safeParse({ items: many }).success).toBe(false);
    expect(PickItemOrdersQuerySchema.safeParse({ items: `${id},abc:none` }).success).toBe(false);
    expect(PickItemOrdersQuerySchema.safeParse({ items: '' }).success).toBe(false);
    expect(
      PickItemOrdersQuerySchema.safeParse({ items: id, single_orders: 'true', multi_orders: 'true' }).success,
    ).toBe(false);
  });
});

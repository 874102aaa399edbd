import { describe, expect, it } from 'vitest';
import { salesFigures, stockHighlight, stockStatus } from './product-sales.rules.ts';

describe('sales figures (spec 3 §2 columns; ADR 0047)', () => {
  it('derives demand, days until out of stock and reorder point from 30 days of sales', () => {
    // 60 pieces in 30 days = 2 a day; 25 in stock last 12 days; 10 days lead time → reorder at 20.
    expect(salesFigures(60, 25, 10)).toEqual({
      total_sold_30d: 60,
      daily_demand: 2,
      days_until_out_of_stock: 12,
      reorder_point: 20,
    });
  });

  it('uses a week of lead time when none is set and rounds the reorder point up', () => {
    // 10 pieces: 0.333 a day; 7 days → 2.33 → 3 pieces.
    expect(salesFigures(10, 100, null)).toMatchObject({ daily_demand: 0.33, reorder_point: 3 });
    expect(salesFigures(10, 100, null).days_until_out_of_stock).toBe(300);
    expect(salesFigures(30, 0, 7).reorder_point).toBe(7);
  });

  it('has no end date without sales and 0 days without stock', () => {
    expect(salesFigures(0, 40, 5)).toEqual({
      total_sold_30d: 0,
      daily_demand: 0,
      days_until_out_of_stock: null,
      reorder_point: 0,
    });
    expect(salesFigures(3, 0, 5).days_until_out_of_stock).toBe(0);
    expect(salesFigures(3, -2, 5).days_until_out_of_stock).toBe(0);
  });
});

describe('stock classes (spec 3 §2, §9)', () => {
  it('classifies by sf_stock: above 5 in stock, 1 to 5 low, 0 or below out', () => {
    expect([-1, 0, 1, 5, 6].map(stockStatus)).toEqual([
      'out_of_stock',
      'out_of_stock',
      'low_stock',
      'low_stock',
      'in_stock',
    ]);
  });

  it('highlights low above 0 and below 5, out at 0 or below', () => {
    expect([-3, 0, 1, 4, 5, 9].map(stockHighlight)).toEqual(['out', 'out', 'low', 'low', null, null]);
  });
});

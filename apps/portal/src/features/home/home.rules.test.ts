import { describe, expect, it } from 'vitest';
import { merchantUser, noGrants, warehouseStaff } from '../../test/fixtures.ts';
import { greetingPart, showsOrderTiles, visibleMenuTiles } from './home.rules.ts';

describe('home dashboard gating (spec 1 §2 Home dashboard)', () => {
  it('shows the order count tiles only when the role may GET /orders', () => {
    expect(showsOrderTiles(merchantUser)).toBe(true);
    expect(showsOrderTiles(warehouseStaff)).toBe(false);
    expect(showsOrderTiles(null)).toBe(false);
  });

  it('gates the menu tiles as the spec lists them', () => {
    const keys = (r: Parameters<typeof visibleMenuTiles>[0]) => visibleMenuTiles(r).map((t) => t.key);
    expect(keys(merchantUser)).toEqual(['newShipment', 'findShipment', 'announce', 'monitor']);
    expect(keys(warehouseStaff)).toEqual(['inbound', 'announce', 'monitor']);
    expect(keys(noGrants)).toEqual(['announce', 'monitor']);
  });

  it('greets by the part of the day', () => {
    expect(greetingPart(8)).toBe('morning');
    expect(greetingPart(12)).toBe('afternoon');
    expect(greetingPart(18)).toBe('evening');
    expect(greetingPart(2)).toBe('evening');
  });
});

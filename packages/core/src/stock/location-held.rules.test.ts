import { describe, expect, it } from 'vitest';
import { clearableLink, locationHolders } from './location-held.rules.ts';

const hex = (n: number) => n.toString(16).padStart(24, '0');

describe('the offer to clear a held location (spec 2 §4, ADR 0118 decision 3)', () => {
  it("reads each holder's link and product from the 405's issues, skipping other paths", () => {
    expect(
      locationHolders([
        { path: `location_products.${hex(1)}.${hex(2)}` },
        { path: `location_products.${hex(3)}` },
        { path: 'rack_number' },
        { path: `location_products.${hex(4)}.${hex(5)}` },
      ]),
    ).toEqual([
      { location_product_id: hex(1), product_id: hex(2) },
      { location_product_id: hex(4), product_id: hex(5) },
    ]);
    expect(locationHolders(undefined)).toEqual([]);
  });

  it('clears only an empty link without an open transfer, as the clear call does', () => {
    expect(clearableLink({ stock: 0, to_transfer: false })).toBe(true);
    expect(clearableLink({ stock: 3, to_transfer: false })).toBe(false);
    expect(clearableLink({ stock: 0, to_transfer: true })).toBe(false);
    expect(clearableLink({ stock: -1, to_transfer: false })).toBe(false);
  });
});

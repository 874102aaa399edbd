import { describe, expect, it } from 'vitest';
import { bundleStock, groupBundleRows, parseBundleImport } from './bundle.rules.ts';

describe('bundleStock', () => {
  it('is the minimum over parts of floor(stock / quantity)', () => {
    expect(
      bundleStock([
        { stock: 10, quantity: 1 },
        { stock: 7, quantity: 2 },
        { stock: 40, quantity: 3 },
      ]),
    ).toBe(3);
    expect(bundleStock([{ stock: -4, quantity: 1 }])).toBe(0);
    expect(bundleStock([])).toBe(0);
  });
});

describe('groupBundleRows', () => {
  it('groups item rows under the bundle above them and refuses orphans', () => {
    const r = groupBundleRows([
      { bundle_item_ean: '4006381333931', bundle_item_qty: 1 },
      {
        bundle_name: 'Gift box',
        main_product_ean: '8712345678906',
        bundle_item_ean: '4006381333931',
        bundle_item_qty: 2,
      },
      { bundle_item_ean: '5901234123457', bundle_item_qty: 'x' },
      { bundle_name: 'Empty', main_product_ean: '96385074' },
      { bundle_name: 'No EAN' },
    ]);
    expect(r.bundles).toEqual([
      {
        parent_ean: '8712345678906',
        parent_name: 'Gift box',
        description: null,
        row: 2,
        bundle_items: [
          { ean: '4006381333931', name: null, quantity: 2 },
          { ean: '5901234123457', name: null, quantity: 1 },
        ],
      },
    ]);
    // The bundle without items is reported, not left out in silence (spec 3 §2 Bulk import: results).
    expect(r.refused.map((x) => [x.row, x.ean, x.reason])).toEqual([
      [1, '4006381333931', 'item has no bundle (bundle_name and main_product_ean above it)'],
      [4, '96385074', 'bundle has no items'],
      [5, '', 'main_product_ean is missing'],
    ]);
    expect(r.refused.map((x) => [x.code, x.values])).toEqual([
      ['part_without_bundle', {}],
      ['no_parts', {}],
      ['missing', { field: 'main_product_ean' }],
    ]);
  });
});

describe('parseBundleImport', () => {
  const b = {
    parent_ean: '8712345678906',
    parent_name: 'Gift box',
    description: '',
    bundle_items: [
      { ean: '4006381333931', quantity: 2 },
      { ean: '4006381333931', quantity: '1' },
    ],
  };
  it('adds up repeated parts and defaults a non-number quantity to 1', () => {
    const r = parseBundleImport({
      ...b,
      bundle_items: [...b.bundle_items, { ean: '5901234123457', quantity: 'two' }],
    });
    expect(r.ok && r.value.items).toEqual([
      { ean: '4006381333931', quantity: 3 },
      { ean: '5901234123457', quantity: 1 },
    ]);
  });
  it('refuses a bundle of itself, without items, with a bad EAN or quantity', () => {
    const reason = (over: object) => {
      const r = parseBundleImport({ ...b, ...over });
      return r.ok ? null : r.reason;
    };
    expect(reason({ bundle_items: [] })).toBe('bundle has no items');
    expect(reason({ parent_ean: '123' })).toMatch(/^main_product_ean: /);
    expect(reason({ bundle_items: [{ ean: '8712345678906', quantity: 1 }] })).toBe(
      'item 1: a bundle cannot contain itself',
    );
    expect(reason({ bundle_items: [{ ean: '4006381333931', quantity: 0 }] })).toMatch(/whole number/);
    expect(reason({ bundle_items: [{ ean: '4006381333932', quantity: 1 }] })).toMatch(/check digit/);
    const coded = parseBundleImport({
      ...b,
      bundle_items: [
        { ean: '4006381333931', quantity: 1 },
        { ean: '4006381333932', quantity: 1 },
      ],
    });
    expect(coded.ok ? null : [coded.code, coded.values, coded.reason]).toEqual([
      'ean_check_digit',
      { field: 'bundle_item_ean', item: 2, ean: '4006381333932' },
      'item 2: bundle_item_ean: EAN check digit is wrong',
    ]);
    const long = parseBundleImport({ ...b, parent_name: 'x'.repeat(501) });
    expect(long.ok ? null : [long.code, long.values]).toEqual([
      'text_too_long',
      { field: 'bundle_name', limit: 500 },
    ]);
  });
});

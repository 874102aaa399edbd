import { createScanBuffer } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  CHECKIN_SCAN_BUFFER,
  type CheckinProduct,
  checkinBody,
  infoDefaults,
  isScanCode,
  productForCode,
  rowProblem,
} from './direct-checkin.rules.ts';

const jam: CheckinProduct = { id: 'a'.repeat(24), ean: '8711000000001', bsku: 'JAM-1', name: 'Jam' };
const tea: CheckinProduct = { id: 'b'.repeat(24), ean: '08711000000002', bsku: null, name: 'Tea' };

/** Types `text` then Enter into a buffer, `gapMs` apart; the code Enter submitted, or null. */
function type(text: string, gapMs: number): string | null {
  const buf = createScanBuffer(CHECKIN_SCAN_BUFFER);
  const keys = [...text];
  for (const [i, ch] of keys.entries()) buf.feed(ch, 1000 + i * gapMs);
  return buf.feed('Enter', 1000 + keys.length * gapMs);
}

describe('the scan buffer (spec 2 §2, §5, §9: more than 10 characters before Enter)', () => {
  it('takes an 11-character code and refuses a 10-character one', () => {
    expect(type('12345678901', 5)).toBe('12345678901');
    expect(type('1234567890', 5)).toBeNull();
    expect(type('8711000000001', 5)).toBe('8711000000001');
  });

  it('does not take keys typed slower than a scanner as one code', () => {
    expect(type('8711000000001', 250)).toBeNull();
  });

  it('counts a code typed into the search box when it is longer than 10 characters', () => {
    expect(isScanCode(' 12345678901 ')).toBe(true);
    expect(isScanCode('1234567890')).toBe(false);
  });
});

describe('rows', () => {
  it('finds the product whose EAN or SKU equals the code, not one that merely starts with it', () => {
    expect(productForCode('8711000000001', [tea, jam])).toBe(jam);
    expect(productForCode('JAM-1', [tea, jam])).toBe(jam);
    expect(productForCode('871100000000', [jam])).toBeNull();
    expect(productForCode('8711000000002', [tea])).toBeNull();
  });

  it('adds a new product on top with one piece, and a second scan of it adds a piece', () => {
    const one = addProduct([], jam, { id: 'c'.repeat(24), name: 'A-01-01' });
    const two = addProduct(one, tea);
    const three = addProduct(two, jam);
    expect(three.map((r) => [r.product.name, r.amount, r.location?.name ?? null])).toEqual([
      ['Tea', 1, null],
      ['Jam', 2, 'A-01-01'],
    ]);
  });

  it('needs a location and at least one whole piece per row', () => {
    const loc = { id: 'c'.repeat(24), name: 'A-01-01' };
    expect(rowProblem({ product: jam, amount: 3, location: loc })).toBeNull();
    expect(rowProblem({ product: jam, amount: 3, location: null })).toBe('location');
    expect(rowProblem({ product: jam, amount: 0, location: loc })).toBe('amount');
    expect(rowProblem({ product: jam, amount: Number.NaN, location: loc })).toBe('amount');
  });
});

describe('the form and the body', () => {
  it('takes its defaults from the organisation and today (spec 2 §2)', () => {
    const org = {
      name: 'Bakkerij Bol',
      contact_person: 'Anna Bol',
      contact_person_email: 'anna@bol.nl',
      phone: '020 555 0100',
      address: { line1: 'Keizersgracht 1, 1015 AA Amsterdam', postalCode: '1015 AA', city: 'Amsterdam' },
    };
    expect(infoDefaults(org, '2026-11-25')).toEqual({
      contact_person: 'Anna Bol',
      contact_person_email: 'anna@bol.nl',
      phone: '020 555 0100',
      shipping_address: 'Keizersgracht 1, 1015 AA Amsterdam',
      track_trace: '',
      expected_delivery: '2026-11-25',
    });
    const parts = { street: 'Keizersgracht', houseNumber: '1', postalCode: '1015 AA', city: 'Amsterdam' };
    expect(infoDefaults({ ...org, address: parts }, '2026-11-25').shipping_address).toBe(
      'Keizersgracht 1, 1015 AA Amsterdam',
    );
    expect(infoDefaults(null, '2026-11-25').contact_person).toBe('');
  });

  it('sends each row’s product, location and pieces', () => {
    const loc = { id: 'c'.repeat(24), name: 'A-01-01' };
    const info = infoDefaults(null, '2026-11-25');
    expect(checkinBody([{ product: jam, amount: 12, location: loc }], info, 'pallet')).toEqual({
      type: 'pallet',
      information: info,
      items: [{ product_id: jam.id, location_id: loc.id, amount: 12 }],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { orgAddressLine } from './org-address.rules.ts';

describe('orgAddressLine (spec 2 §5 prefilled from the organisation)', () => {
  it('takes the first line, else street and number, postcode and city from the wizard', () => {
    expect(orgAddressLine({ line1: ' Oudegracht 12, 3511 LX Utrecht ', street: 'X' })).toBe(
      'Oudegracht 12, 3511 LX Utrecht',
    );
    expect(
      orgAddressLine({ street: 'Kaasmarkt', houseNumber: '1', postalCode: '2801 AB', city: 'Gouda' }),
    ).toBe('Kaasmarkt 1, 2801 AB Gouda');
    expect(orgAddressLine({ city: 'Gouda' })).toBe('Gouda');
    expect(orgAddressLine({})).toBe('');
    expect(orgAddressLine(null)).toBe('');
  });
});

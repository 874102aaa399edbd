import { describe, expect, it } from 'vitest';
import { addressFromShipmentDetails, addressLines, streetLine } from './address.ts';

describe('address lines (spec 1 §3; one formatting for labels, slips and screens)', () => {
  it('reads the import spellings and prints company, name, street, postcode and city, country', () => {
    const a = addressFromShipmentDetails({
      firstName: 'Sanne',
      surName: 'de Boer',
      company: 'Bakkerij de Korenschoof',
      streetname: 'Keizersgracht',
      houseNumber: '125',
      houseNumberExtension: 'A',
      postalcode: '1015 CJ',
      city: 'Amsterdam',
    });
    expect(streetLine(a)).toBe('Keizersgracht 125 A');
    expect(addressLines(a)).toEqual([
      'Bakkerij de Korenschoof',
      'Sanne de Boer',
      'Keizersgracht 125 A',
      '1015 CJ Amsterdam',
      'NL',
    ]);
  });

  it('leaves out what is missing and names a business address after its company', () => {
    const a = addressFromShipmentDetails({
      company: 'Stroop BV',
      streetName: 'Markt',
      city: 'Gouda',
      countryCode: 'be',
    });
    expect(addressLines(a)).toEqual(['Stroop BV', 'Markt', 'Gouda', 'BE']);
  });
});

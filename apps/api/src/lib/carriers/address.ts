import type { PostalAddress } from './carrier.ts';

type Loose = Record<string, unknown> | null | undefined;

function pick(o: Loose, ...keys: string[]): string {
  if (!o) return '';
  for (const k of keys) {
    const v = o[k];
    if (v !== undefined && v !== null && String(v).trim() !== '') return String(v).trim();
  }
  return '';
}

/**
 * Reads an order's `shipment_details` (spec 1 §3 shipmentDetails; the import and wizard spellings such as
 * surName, surename, streetname, postalcode and deliveryPhoneNumber too) into a printable address.
 * Country defaults to NL (spec 2 §9).
 */
export function addressFromShipmentDetails(details: Loose): PostalAddress {
  const first = pick(details, 'firstName', 'first_name', 'name');
  const last = pick(details, 'surname', 'surName', 'surename', 'family_name', 'lastName');
  const company = pick(details, 'company', 'companyName');
  const name = [first, last].filter(Boolean).join(' ') || company;
  return {
    name,
    company,
    street: pick(details, 'streetName', 'streetname', 'street'),
    houseNumber: pick(details, 'houseNumber', 'housenumber', 'house_number'),
    addition: pick(details, 'houseNumberExtension', 'addition', 'house_number_extension'),
    zipCode: pick(details, 'zipCode', 'zipcode', 'postalCode', 'postalcode', 'postcode'),
    city: pick(details, 'city'),
    countryCode: (pick(details, 'countryCode', 'country_code', 'country') || 'NL').toUpperCase().slice(0, 2),
    phone: pick(details, 'phone', 'deliveryPhoneNumber', 'phoneNumber'),
    email: pick(details, 'email'),
  };
}

/**
 * Reads an organisation's `address` (spec 3 organisation wizard: street, houseNumber, postalCode, city,
 * country; spec 2 forms: line1) into the sender address of labels, named after the organisation.
 */
export function addressFromOrganisation(name: string, address: Loose, phone?: string | null): PostalAddress {
  const line1 = pick(address, 'line1');
  return {
    name,
    company: name,
    street: pick(address, 'street', 'streetName') || line1,
    houseNumber: pick(address, 'houseNumber', 'house_number'),
    addition: pick(address, 'houseNumberExtension', 'addition'),
    zipCode: pick(address, 'postalCode', 'zipCode', 'zipcode', 'postcode'),
    city: pick(address, 'city'),
    countryCode: (pick(address, 'countryCode', 'country') || 'NL').toUpperCase().slice(0, 2),
    phone: phone?.trim() ?? '',
    email: pick(address, 'email'),
  };
}

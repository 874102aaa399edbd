/**
 * Postal addresses as every document and screen prints them (spec 1 §3 shipmentDetails; the shipping label, the
 * packing slip, the order card and the shipment detail), written once here (issue 6).
 */

/** A printable postal address: person or company, street, house number and addition, postcode, city, country. */
export interface PostalAddress {
  /** Person (first name and surname) or, for a business address without a contact, the company. */
  name: string;
  company: string;
  street: string;
  houseNumber: string;
  addition: string;
  zipCode: string;
  city: string;
  /** ISO 3166-1 alpha-2, upper case (default NL). */
  countryCode: string;
  phone: string;
  email: string;
}

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

/** 'Keizersgracht 125 A': street, house number and addition, each left out when empty. */
export function streetLine(a: Pick<PostalAddress, 'street' | 'houseNumber' | 'addition'>): string {
  return [a.street, [a.houseNumber, a.addition].filter(Boolean).join(' ')].filter(Boolean).join(' ');
}

/** '1015 CJ Amsterdam': postcode and city. */
export function postcodeCityLine(a: Pick<PostalAddress, 'zipCode' | 'city'>): string {
  return [a.zipCode, a.city].filter(Boolean).join(' ');
}

/**
 * The printed lines of an address, empty ones left out: the company when it is not the name, the name, the street
 * line, postcode and city, and the country code.
 */
export function addressLines(a: PostalAddress): string[] {
  return [
    a.company && a.company !== a.name ? a.company : '',
    a.name,
    streetLine(a),
    postcodeCityLine(a),
    a.countryCode,
  ].filter(Boolean);
}

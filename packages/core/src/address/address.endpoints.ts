import { defineEndpoint } from '../http/endpoint.ts';
import {
  AddressCheckBodySchema,
  AddressCheckQuerySchema,
  AddressCheckResultSchema,
  CountryListSchema,
} from './address.schema.ts';

/** `GET /countries/europe` (spec 2 §7, spec 3 §7): the European countries with Dutch and English names. */
export const countriesEuropeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/countries/europe',
  summary: 'The European countries, names in Dutch and English',
  response: CountryListSchema,
  tags: ['address'],
});

/**
 * `GET /o/validate_address?country&postalCode&houseNumber` (spec 2 §7, spec 1 §5 Address form): checks an address
 * through the address checker (the built-in one checks the country's postcode format and the Dutch postcode and
 * house number; ADR 0040). Answers 200 with `valid` and, when not valid, the message to show.
 */
export const validateAddressEndpoint = defineEndpoint({
  method: 'GET',
  path: '/o/validate_address',
  summary: 'Check an address: country, postal code and house number',
  query: AddressCheckQuerySchema,
  response: AddressCheckResultSchema,
  tags: ['address'],
});

/** `POST /checkaddress/` (spec 2 §7): the same check with the fields in the body (street and city optional). */
export const checkAddressEndpoint = defineEndpoint({
  method: 'POST',
  path: '/checkaddress/',
  summary: 'Check an address (body)',
  body: AddressCheckBodySchema,
  response: AddressCheckResultSchema,
  tags: ['address'],
});

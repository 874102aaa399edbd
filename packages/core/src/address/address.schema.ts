import { z } from 'zod';
import { addressLine } from '../common/text.ts';

/** A European country (spec 2 §7 `GET /countries/europe`): ISO 3166-1 alpha-2 code and its Dutch and English names. */
export const CountrySchema = z.object({ code: z.string(), name_nl: z.string(), name_en: z.string() });
export type Country = z.infer<typeof CountrySchema>;

/** Answer of `GET /countries/europe`: every European country, by English name (a fixed list of ~50, not paged). */
export const CountryListSchema = z.array(CountrySchema);

/**
 * What an address check asks (spec 2 §7 `GET /o/validate_address?country&postalCode&houseNumber`, spec 1 §5 'after
 * the house number changes, the address is validated with country, postal code and house number').
 */
export const AddressCheckQuerySchema = z.object({
  country: addressLine('Country', 1),
  postalCode: addressLine('Postal code', 1),
  houseNumber: addressLine('House number').optional(),
});
export type AddressCheckQuery = z.infer<typeof AddressCheckQuerySchema>;

/** Body of `POST /checkaddress/` (spec 2 §7): the same fields, optionally with street and city to compare. */
export const AddressCheckBodySchema = AddressCheckQuerySchema.extend({
  street: addressLine('Street').optional(),
  city: addressLine('City').optional(),
});
export type AddressCheckBody = z.infer<typeof AddressCheckBodySchema>;

/**
 * The answer of an address check (ADR 0040): `valid`, the checker that answered (`format`: the built-in postcode and
 * house-number format check; a lookup service names itself), the postcode as the country writes it, street and city
 * when a lookup service found them (null from the format check), and when not valid the message to show
 * ('Address not found', or what is wrong with the format).
 */
export const AddressCheckResultSchema = z.object({
  valid: z.boolean(),
  source: z.string(),
  country: z.string(),
  postalCode: z.string(),
  houseNumber: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  message: z.string().nullable(),
  /**
   * What a refusal is about, so the apps word it in the reader's language (`message` is English; ADR 0142): the
   * country (outside Europe), the postcode (with an example of the country's format when it is not obvious) or the
   * house number. Absent when valid, or from a checker that does not say.
   */
  problem: z
    .object({ code: z.enum(['country', 'postcode', 'house_number']), example: z.string().optional() })
    .optional(),
});
export type AddressCheckResult = z.infer<typeof AddressCheckResultSchema>;

import type { AddressCheckBody, AddressCheckResult, Country } from '@hoppa/core';
import countries from 'i18n-iso-countries';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

/**
 * The European countries (ISO 3166-1 alpha-2; the UN's Europe region with its microstates, Cyprus and the Crown
 * dependencies): what `GET /countries/europe` lists (spec 2 §7) and what a new order may ship to.
 */
export const EUROPEAN_COUNTRY_CODES = [
  'AD',
  'AL',
  'AT',
  'AX',
  'BA',
  'BE',
  'BG',
  'BY',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FO',
  'FR',
  'GB',
  'GG',
  'GI',
  'GR',
  'HR',
  'HU',
  'IE',
  'IM',
  'IS',
  'IT',
  'JE',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MD',
  'ME',
  'MK',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'RS',
  'SE',
  'SI',
  'SJ',
  'SK',
  'SM',
  'UA',
  'VA',
] as const;

const EUROPE = new Set<string>(EUROPEAN_COUNTRY_CODES);

/** True when `code` (any case) is one of {@link EUROPEAN_COUNTRY_CODES}. */
export function isEuropeanCountry(code: string): boolean {
  return EUROPE.has(code.trim().toUpperCase());
}

/** The common name of a country: the short form where the data package has one ('Nederland', not 'Koninkrijk der Nederlanden'). */
function commonName(code: string, lang: 'nl' | 'en'): string {
  const names = countries.getName(code, lang, { select: 'all' }) ?? [];
  if (lang === 'nl') return names.at(-1) ?? code;
  // English: the official name unless it is an inverted or bracketed form ('Moldova, Republic of').
  return names.find((n) => !/[,(]/.test(n) && !n.startsWith('The ')) ?? names[0] ?? code;
}

let europe: Country[] | null = null;

/**
 * The European countries with Dutch and English names from `i18n-iso-countries` (spec 2 §7 `GET /countries/europe`),
 * by English name; built once per process.
 */
export function europeanCountries(): Country[] {
  europe ??= EUROPEAN_COUNTRY_CODES.map((code) => ({
    code,
    name_nl: commonName(code, 'nl'),
    name_en: commonName(code, 'en'),
  })).sort((a, b) => a.name_en.localeCompare(b.name_en, 'en'));
  return europe;
}

/** Example postcodes for the format message, where a country's format is not obvious. */
const EXAMPLE: Record<string, string> = {
  NL: '1234 AB',
  BE: '1000',
  DE: '10115',
  GB: 'SW1A 1AA',
  PT: '1000-001',
};

/**
 * A postcode checked against its country's format (the `postcode-validator` package's patterns; spec 1 §5 Address
 * form: NL four digits, an optional space, two letters) and written as the country writes it (NL '1234 AB', others
 * trimmed and upper-cased). Countries without a known format accept any 2–10 letters, digits, spaces or hyphens.
 */
export function postcodeFormat(
  country: string,
  raw: string,
): { valid: boolean; postalCode: string; message: string | null } {
  const c = country.trim().toUpperCase();
  const s = raw.trim().replace(/\s+/g, ' ').toUpperCase();
  const nl = /^(\d{4})\s?([A-Z]{2})$/.exec(s);
  const postalCode = c === 'NL' && nl ? `${nl[1]} ${nl[2]}` : s;
  const valid =
    c === 'NL'
      ? Boolean(nl)
      : postcodeValidatorExistsForCountry(c)
        ? postcodeValidator(s, c)
        : /^[A-Z0-9 -]{2,10}$/.test(s);
  const example = EXAMPLE[c] ? ` (e.g. ${EXAMPLE[c]})` : '';
  return {
    valid,
    postalCode,
    message: valid ? null : `Postcode '${raw.trim()}' does not fit ${c}${example}`,
  };
}

/**
 * Checks an address (spec 2 §7 `GET /o/validate_address`, `POST /checkaddress/`; ADR 0040 'Address check'). One
 * implementation per source: the built-in {@link formatAddressChecker}; a lookup service (e.g. a Dutch BAG/PostNL
 * postcode API) implements the same interface and is chosen in `registerAddressRoutes`.
 */
export interface AddressChecker {
  /** Named in the answer's `source`. */
  readonly name: string;
  /** Never throws for a bad address: answers `valid: false` with the message to show ('Address not found'). */
  check(address: AddressCheckBody): Promise<AddressCheckResult>;
}

/**
 * The built-in checker: no outside service. Refuses a country outside Europe, a postcode that does not fit its
 * country, and a house number that is not a number ≥ 1 (optionally followed by an addition: '12', '12a', '12-2');
 * everything else is `valid` with street and city unknown (null): the format is right, whether the address
 * exists is not known.
 */
export const formatAddressChecker: AddressChecker = {
  name: 'format',
  async check(q) {
    const country = q.country.trim().toUpperCase();
    const postcode = postcodeFormat(country, q.postalCode);
    const houseNumber = q.houseNumber?.trim() ? q.houseNumber.trim() : null;
    const base = {
      source: 'format',
      country,
      postalCode: postcode.postalCode,
      houseNumber,
      street: null,
      city: null,
    };
    if (!isEuropeanCountry(country))
      return {
        ...base,
        valid: false,
        message: `Unknown country: '${q.country.trim()}'`,
        problem: { code: 'country' },
      };
    if (!postcode.valid)
      return {
        ...base,
        valid: false,
        message: postcode.message,
        problem: { code: 'postcode', ...(EXAMPLE[country] ? { example: EXAMPLE[country] } : {}) },
      };
    if (houseNumber !== null && !/^[1-9]\d{0,5}(\s?[-/]?\s?[A-Za-z0-9]{1,6})?$/.test(houseNumber))
      return {
        ...base,
        valid: false,
        message: `House number '${houseNumber}' must start with a number of at least 1`,
        problem: { code: 'house_number' },
      };
    return { ...base, valid: true, message: null };
  },
};
